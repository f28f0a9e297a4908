import crypto from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import type { Pool } from 'pg'
import QRCode from 'qrcode'
import { env } from '../env'
import { HttpError, fieldError, notFound } from '../platform'
import { readBusinessName } from '../calendar'

/*
 * TOTP second factor (RFC 6238, 30 s, 6 digits, SHA-1 — what every authenticator app reads)
 * with the `otpauth` library and QR codes from `qrcode`. A code is accepted once (the last used
 * time step is stored) and ±1 step of clock drift is tolerated.
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
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
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
  friendly_name: string | null
  secret_enc: string
  status: 'unverified' | 'verified'
  last_used_step: string | null
  created_at: Date
}

const publicFactor = (f: FactorRow) => ({
  id: f.id,
  factor_type: 'totp' as const,
  status: f.status,
  friendly_name: f.friendly_name,
  created_at: f.created_at,
})

export async function listFactors(db: Pool, userId: number) {
  const { rows } = await db.query<FactorRow>('select * from user_factors where user_id = $1', [userId])
  return rows.map(publicFactor)
}

export async function hasVerifiedFactor(db: Pool, userId: number) {
  const { rowCount } = await db.query(`select 1 from user_factors where user_id = $1 and status = 'verified'`, [userId])
  return !!rowCount
}

/** Starts enrolment: a new secret, its otpauth URI and a QR code (SVG data URL). */
export async function enroll(db: Pool, user: { id: number; email: string }, friendlyName: string | undefined) {
  const issuer = await readBusinessName(db)
  if (await hasVerifiedFactor(db, user.id)) {
    throw new HttpError(
      409,
      'FACTOR_EXISTS',
      'La verifica in due passaggi è già attiva: disattivala prima di configurarne una nuova.',
      {
        reason: 'FACTOR_EXISTS',
      },
    )
  }
  const secret = new Secret({ size: 20 }).base32
  const { rows } = await db.query<FactorRow>(
    `insert into user_factors (user_id, friendly_name, secret_enc, status) values ($1, $2, $3, 'unverified')
     on conflict (user_id) do update set friendly_name = excluded.friendly_name, secret_enc = excluded.secret_enc, status = 'unverified', last_used_step = null, created_at = now()
     returning *`,
    [user.id, friendlyName ?? null, encrypt(secret)],
  )
  const uri = totpFor(secret, user.email, issuer).toString()
  const qr_code = await QRCode.toDataURL(uri, { type: 'image/png', margin: 1, width: 240 })
  return { ...publicFactor(rows[0]!), totp: { secret, uri, qr_code } }
}

/** Checks a TOTP code against the user's factor; a code works once. Returns false when wrong. */
async function checkTotp(db: Pool, factor: FactorRow, code: string, now: number): Promise<boolean> {
  const secret = decrypt(factor.secret_enc)
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

const factorOf = async (db: Pool, userId: number, id?: number) =>
  (
    await db.query<FactorRow>('select * from user_factors where user_id = $1 and ($2::int is null or id = $2)', [
      userId,
      id ?? null,
    ])
  ).rows[0]

/** Activates the factor with a first code; returns 10 single-use recovery codes (shown once). */
export async function verifyEnrollment(db: Pool, userId: number, factorId: number, code: string, now = Date.now()) {
  const factor = await factorOf(db, userId, factorId)
  if (!factor) throw notFound()
  if (!(await checkTotp(db, factor, code, now))) throw fieldError('code', 'CODE_INVALID', 'Codice non valido')
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

/** A second-factor answer at login or for unenrolment: a TOTP code or an unused recovery code. */
export async function checkSecondFactor(db: Pool, userId: number, code: string, now = Date.now()) {
  const factor = await factorOf(db, userId)
  if (!factor || factor.status !== 'verified') return false
  return (await checkTotp(db, factor, code, now)) || (await useRecoveryCode(db, userId, code))
}

/** Removes the factor (needs a current code or a recovery code). */
export async function unenroll(db: Pool, userId: number, factorId: number, code: string) {
  const factor = await factorOf(db, userId, factorId)
  if (!factor) throw notFound()
  if (factor.status === 'verified' && !(await checkSecondFactor(db, userId, code)))
    throw fieldError('code', 'CODE_INVALID', 'Codice non valido')
  await db.query('delete from user_factors where id = $1', [factor.id])
  await db.query('delete from user_recovery_codes where user_id = $1', [userId])
}
