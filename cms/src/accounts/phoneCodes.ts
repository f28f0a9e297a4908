import crypto from 'node:crypto'
import type { Pool } from 'pg'
import { SMS_CODE_DIGITS, SMS_CODE_MAX_TRIES, SMS_CODE_MINUTES, normalizeSmsCode, smsCodeText } from '@salon/shared'
import { env } from '../env'
import { fieldError, inTransaction, queueSms } from '../platform'
import { readBusinessName } from '../calendar'
import { LIMITS, type Subject } from './rateLimit'

/*
 * SMS codes (issue 26 §3, docs/architecture.md "SMS codes"): 6 digits from `crypto.randomInt`,
 * stored only as an HMAC-SHA256 keyed with the server secret and bound to the row's random id (the
 * `challenge_id`), valid 10 minutes, used once, at most 5 tries — a try is claimed in the same
 * statement that checks the code is still alive, so parallel guesses cannot exceed it — and
 * compared in constant time. A new code for the same purpose ends the user's older ones.
 */

/** What a code proves: the profile's number, a phone factor (enrolment, removal), a login's second step. */
export type CodePurpose = 'phone' | 'factor' | 'login'

export interface CodeTarget {
  userId: number
  purpose: CodePurpose
  /** E.164. */
  phone: string
  factorId?: number | null
}

const hmacKey = () => crypto.createHash('sha256').update(`${env.secret}:sms-code`).digest()
const hmac = (id: string, code: string) => crypto.createHmac('sha256', hmacKey()).update(`${id}:${code}`).digest()

/**
 * The sending limits of a code (issue 26 §3): per number, one a minute for each purpose (a
 * customer verifying the number and then turning on the factor gets both at once) and five an hour
 * in all; per account likewise, ten an hour. Every send counts.
 */
export const smsSendLimits = (t: CodeTarget): Subject[] => [
  [LIMITS.smsNumber, `${t.purpose}|${t.phone}`],
  [LIMITS.smsNumberHour, t.phone],
  [LIMITS.smsAccount, `${t.purpose}|user:${t.userId}`],
  [LIMITS.smsAccountHour, `user:${t.userId}`],
]

/** Writes a new code and queues its SMS in one transaction; answers the challenge's id and expiry. */
export async function issueSmsCode(db: Pool, target: CodeTarget, now = Date.now()) {
  const id = crypto.randomUUID()
  const code = String(crypto.randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0')
  const expires = new Date(now + SMS_CODE_MINUTES * 60_000)
  const text = smsCodeText(await readBusinessName(db), code)
  await inTransaction(db, async (tx) => {
    await tx.query(`update phone_codes set used_at = $3 where user_id = $1 and purpose = $2 and used_at is null`, [
      target.userId,
      target.purpose,
      new Date(now),
    ])
    await tx.query(
      `insert into phone_codes (id, user_id, purpose, phone, factor_id, code_hmac, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        target.userId,
        target.purpose,
        target.phone,
        target.factorId ?? null,
        hmac(id, code).toString('hex'),
        expires,
        new Date(now),
      ],
    )
    await queueSms(tx, {
      to: target.phone,
      text,
      purpose: target.purpose === 'phone' ? 'phone_verification' : 'second_factor',
      userId: target.userId,
      key: `code:${id}`,
    })
  })
  return { challenge_id: id, expires_at: expires.toISOString() }
}

const dead = () => fieldError('code', 'CODE_EXPIRED', 'Il codice è scaduto o è già stato usato: chiedine uno nuovo')

/**
 * Uses the code of challenge `id` (400 naming `code` when wrong, expired, used, out of tries or
 * not this user's for this purpose). Answers the number it was sent to and its factor.
 */
export async function useSmsCode(
  db: Pool,
  id: string,
  expect: { userId: number; purpose: CodePurpose; factorId?: number },
  code: string,
  now = Date.now(),
): Promise<{ phone: string; factorId: number | null }> {
  const { rows } = await db.query<{ code_hmac: string; phone: string; factor_id: number | null }>(
    `update phone_codes set attempts = attempts + 1
      where id = $1 and user_id = $2 and purpose = $3 and ($4::int is null or factor_id = $4)
        and used_at is null and expires_at > $5 and attempts < $6
      returning code_hmac, phone, factor_id`,
    [id, expect.userId, expect.purpose, expect.factorId ?? null, new Date(now), SMS_CODE_MAX_TRIES],
  )
  const row = rows[0]
  if (!row) throw dead()
  const given = normalizeSmsCode(code)
  const expected = Buffer.from(row.code_hmac, 'hex')
  const actual = /^\d+$/.test(given) ? hmac(id, given) : Buffer.alloc(expected.length)
  if (!crypto.timingSafeEqual(expected, actual)) throw fieldError('code', 'CODE_INVALID', 'Codice non valido')
  const used = await db.query('update phone_codes set used_at = $2 where id = $1 and used_at is null', [
    id,
    new Date(now),
  ])
  if (!used.rowCount) throw dead()
  return { phone: row.phone, factorId: row.factor_id }
}
