import crypto from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import type { Pool } from 'pg'
import QRCode from 'qrcode'
import { env } from '../env'
import { HttpError, fieldError, notFound } from '../platform'
import { readBusinessName } from '../calendar'
import { maskedPhone, type FactorType } from '@salon/shared'
import { useSmsCode, type CodePurpose } from './phoneCodes'

/*
 * Second factors: TOTP (RFC 6238, 30 s, 6 digits, SHA-1 — what every authenticator app reads)
 * with the `otpauth` library and QR codes from `qrcode`, a code accepted once (the last used time
 * step is stored) and ±1 step of clock drift tolerated; and the phone (issue 26 §3), a code by SMS
 * (phoneCodes.ts). A user has at most one of each; recovery codes serve either.
 */
const key = () => crypto.createHash('sha256').update(`${env.secret}:totp`).digest()

function encrypt(plain: string) {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')
}

function decrypt(sealed: string): string | null {
  try {
    const parts = sealed.split('.')
    if (parts.length !== 3) return null
    const [iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64url'))
    // Only the one spelling `encrypt` gives: base64url's last character may carry bits the decoder
    // ignores, so an altered last character could otherwise decode to the very same bytes.
    if ([iv, tag, data].some((b, i) => b!.toString('base64url') !== parts[i])) return null
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), iv!)
    decipher.setAuthTag(tag!)
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** Seals any JSON for the client to carry (login challenges): tamper-proof, unreadable. */
export const seal = (value: unknown) => encrypt(JSON.stringify(value))
export function unseal<T>(sealed: string): T | null {
  const plain = decrypt(sealed)
  return plain ? (JSON.parse(plain) as T) : null
}

const totpFor = (secret: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })

const hashCode = (code: string) =>
  crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex')

export interface FactorRow {
  id: number
  user_id: number
  factor_type: FactorType
  friendly_name: string | null
  /** TOTP only. */
  secret_enc: string | null
  /** Phone only: E.164. */
  phone: string | null
  status: 'unverified' | 'verified'
  last_used_step: string | null
  created_at: Date
}

/** A factor as its owner sees it: a phone factor's number masked ("+39 ••• ••• 4567"). */
export const publicFactor = (f: FactorRow) => ({
  id: f.id,
  factor_type: f.factor_type,
  status: f.status,
  friendly_name: f.friendly_name,
  created_at: f.created_at,
  ...(f.factor_type === 'phone' && f.phone ? { phone: maskedPhone(f.phone) } : {}),
})

export async function listFactors(db: Pool, userId: number) {
  const { rows } = await db.query<FactorRow>('select * from user_factors where user_id = $1 order by id', [userId])
  return rows.map(publicFactor)
}

/** The verified factors a login's second step may use: `{ id, factor_type, phone_hint }`. */
export async function loginFactors(db: Pool, userId: number) {
  const { rows } = await db.query<FactorRow>(
    `select * from user_factors where user_id = $1 and status = 'verified' order by id`,
    [userId],
  )
  return rows.map((f) => ({
    id: f.id,
    factor_type: f.factor_type,
    phone_hint: f.factor_type === 'phone' && f.phone ? maskedPhone(f.phone) : null,
  }))
}

export async function hasVerifiedFactor(db: Pool, userId: number, type?: FactorType) {
  const { rowCount } = await db.query(
    `select 1 from user_factors where user_id = $1 and status = 'verified' and ($2::varchar is null or factor_type = $2)`,
    [userId, type ?? null],
  )
  return !!rowCount
}

/** 409 while a verified factor of this type exists: it is turned off before another is set up. */
export async function assertNoVerified(db: Pool, userId: number, type: FactorType) {
  if (await hasVerifiedFactor(db, userId, type))
    throw new HttpError(
      409,
      'FACTOR_EXISTS',
      'La verifica in due passaggi è già attiva: disattivala prima di configurarne una nuova.',
      { reason: 'FACTOR_EXISTS' },
    )
}

/** Starts TOTP enrolment: a new secret, its otpauth URI and a QR code (PNG data URL). */
export async function enroll(db: Pool, user: { id: number; email: string }, friendlyName: string | undefined) {
  const issuer = await readBusinessName(db)
  await assertNoVerified(db, user.id, 'totp')
  const secret = new Secret({ size: 20 }).base32
  const { rows } = await db.query<FactorRow>(
    `insert into user_factors (user_id, factor_type, friendly_name, secret_enc, status) values ($1, 'totp', $2, $3, 'unverified')
     on conflict (user_id, factor_type) do update set friendly_name = excluded.friendly_name, secret_enc = excluded.secret_enc, status = 'unverified', last_used_step = null, created_at = now()
     returning *`,
    [user.id, friendlyName ?? null, encrypt(secret)],
  )
  const uri = totpFor(secret, user.email, issuer).toString()
  const qr_code = await QRCode.toDataURL(uri, { type: 'image/png', margin: 1, width: 240 })
  return { ...publicFactor(rows[0]!), totp: { secret, uri, qr_code } }
}

/** Checks a TOTP code against the user's factor; a code works once. Returns false when wrong. */
async function checkTotp(db: Pool, factor: FactorRow, code: string, now: number): Promise<boolean> {
  const secret = factor.secret_enc ? decrypt(factor.secret_enc) : null
  if (!secret || !/^\d{6}$/.test(code.trim())) return false
  const delta = totpFor(secret, 'x', 'x').validate({ token: code.trim(), timestamp: now, window: 1 })
  if (delta === null) return false
  const step = Math.floor(now / 30_000) + delta
  // Atomic "not used before": only a later step than the last one moves the mark.
  const { rowCount } = await db.query(
    `update user_factors set last_used_step = $2 where id = $1 and (last_used_step is null or last_used_step < $2)`,
    [factor.id, step],
  )
  return !!rowCount
}

async function useRecoveryCode(db: Pool, userId: number, code: string) {
  const { rowCount } = await db.query(
    `update user_recovery_codes set used_at = now() where id = (
       select id from user_recovery_codes where user_id = $1 and code_hash = $2 and used_at is null limit 1)`,
    [userId, hashCode(code)],
  )
  return !!rowCount
}

/** One of the user's factors: by id, or by type. */
export const factorOf = async (db: Pool, userId: number, by: { id?: number; type?: FactorType }) =>
  (
    await db.query<FactorRow>(
      `select * from user_factors where user_id = $1 and ($2::int is null or id = $2)
         and ($3::varchar is null or factor_type = $3) order by id limit 1`,
      [userId, by.id ?? null, by.type ?? null],
    )
  ).rows[0]

const invalidCode = () => fieldError('code', 'CODE_INVALID', 'Codice non valido')

/**
 * Activates the factor with a first code — the app's for TOTP, the SMS of `challengeId` for a
 * phone — and returns 10 new single-use recovery codes (shown once; they replace older ones).
 */
export async function verifyEnrollment(
  db: Pool,
  userId: number,
  factorId: number,
  code: string,
  challengeId?: string,
  now = Date.now(),
) {
  const factor = await factorOf(db, userId, { id: factorId })
  if (!factor) throw notFound()
  if (factor.factor_type === 'phone') {
    if (!challengeId) throw fieldError('challenge_id', 'CODE_REQUEST_INVALID', 'Chiedi prima un codice via SMS')
    await useSmsCode(db, challengeId, { userId, purpose: 'factor', factorId: factor.id }, code, now)
    // The number is proven: the profile's number, when it is the same, is verified too.
    await db.query(
      `update users set phone_verified_at = coalesce(phone_verified_at, now()) where id = $1 and phone_number = $2`,
      [userId, factor.phone],
    )
  } else if (!(await checkTotp(db, factor, code, now))) throw invalidCode()
  await db.query(`update user_factors set status = 'verified', verified_at = now() where id = $1`, [factor.id])
  await db.query('delete from user_recovery_codes where user_id = $1', [userId])
  const codes = Array.from({ length: 10 }, () => {
    const raw = crypto.randomBytes(5).toString('hex').toUpperCase()
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  await db.query('insert into user_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [
    userId,
    codes.map(hashCode),
  ])
  return { factor: { ...publicFactor(factor), status: 'verified' as const }, recovery_codes: codes }
}

/**
 * A second-factor answer at login or for unenrolment: with `challengeId`, the SMS code sent for
 * `purpose` to a verified phone factor (400 naming `code` when wrong or dead); without, a TOTP
 * code of a verified TOTP factor or an unused recovery code (false when neither).
 */
export async function checkSecondFactor(
  db: Pool,
  userId: number,
  code: string,
  opts: { challengeId?: string; purpose?: Exclude<CodePurpose, 'phone'> } = {},
  now = Date.now(),
) {
  if (opts.challengeId) {
    const phone = await factorOf(db, userId, { type: 'phone' })
    if (!phone || phone.status !== 'verified') return false
    await useSmsCode(db, opts.challengeId, { userId, purpose: opts.purpose ?? 'login', factorId: phone.id }, code, now)
    return true
  }
  if (!(await hasVerifiedFactor(db, userId))) return false
  const totp = await factorOf(db, userId, { type: 'totp' })
  if (totp?.status === 'verified' && (await checkTotp(db, totp, code, now))) return true
  return useRecoveryCode(db, userId, code)
}

/**
 * Removes a factor. A verified one needs a current second factor: a TOTP code, an SMS code sent by
 * its challenge (`challengeId`), or a recovery code. The recovery codes go with the last factor.
 */
export async function unenroll(db: Pool, userId: number, factorId: number, code: string, challengeId?: string) {
  const factor = await factorOf(db, userId, { id: factorId })
  if (!factor) throw notFound()
  if (factor.status === 'verified' && !(await checkSecondFactor(db, userId, code, { challengeId, purpose: 'factor' })))
    throw invalidCode()
  await db.query('delete from user_factors where id = $1', [factor.id])
  if (!(await hasVerifiedFactor(db, userId)))
    await db.query('delete from user_recovery_codes where user_id = $1', [userId])
}
