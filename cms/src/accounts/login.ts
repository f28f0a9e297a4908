import crypto from 'node:crypto'
import type { PayloadRequest } from 'payload'
import { loginOperation } from 'payload'
import type { Pool } from 'pg'
import { clientIp, pool } from '../platform'
import { hasVerifiedFactor } from './secondFactor'
import {
  LIMITS,
  TooManyAttempts,
  accountDelaySeconds,
  assertUnder,
  clearLoginFailures,
  ipAccount,
  record,
  type Subject,
} from './rateLimit'

/**
 * Payload's current password hash (payload/dist/auth/strategies/local/generatePasswordSaltHash.js,
 * `pbkdf2-sha256-v1`): PBKDF2-SHA256, 600,000 iterations, 32 bytes. An unknown address is checked
 * against a dummy of the same kind and cost, so that it takes as long as a known one (issue 22 §3;
 * brute-force.test.ts measures both medians).
 */
const PBKDF2 = { iterations: 600_000, keyLength: 32 }
const DUMMY_SALT = crypto.randomBytes(32).toString('hex')
const DUMMY_HASH = crypto.randomBytes(PBKDF2.keyLength)

/** One password check's worth of work against a dummy hash (nothing is compared that matters). */
export function dummyPasswordCheck(password: string): Promise<void> {
  return new Promise((resolve) =>
    crypto.pbkdf2(password, DUMMY_SALT, PBKDF2.iterations, PBKDF2.keyLength, 'sha256', (_err, out) => {
      if (out) crypto.timingSafeEqual(out, DUMMY_HASH)
      resolve()
    }),
  )
}

async function accountOf(db: Pool, email: string) {
  const { rows } = await db.query<{ id: number }>('select id from users where lower(email) = lower($1)', [email])
  return rows[0] ?? null
}

/** The 429 with its Retry-After header. */
function refuse(req: PayloadRequest, seconds: number): never {
  req.responseHeaders = new Headers({ 'Retry-After': String(seconds) })
  throw new TooManyAttempts(seconds)
}

/**
 * POST /api/auth/login's password step, guarded (issue 22 §4, docs/architecture.md "Brute force"):
 * - 429 when this address is over its limit, on this account (5 failures in 15 minutes) or on all
 *   (50): an attacker's address is stopped, the owner's other addresses are not;
 * - while the account is slowed down (many failures from anywhere), a password is not even checked
 *   — 429 with the seconds to wait — unless the account has a second factor: then the right password
 *   goes on to the code step (the code has its own limits), a wrong one is a failure as usual;
 * - an unknown address costs what a known one costs (a dummy hash check), and answers alike;
 * - a success forgets the account's failures.
 */
export async function guardedLogin(req: PayloadRequest, data: { email: string; password: string }) {
  const db = pool(req.payload)
  const ip = clientIp(req)
  const here: Subject[] = [
    [LIMITS.loginIp, ip],
    [LIMITS.loginIpAccount, ipAccount(ip, data.email)],
  ]
  try {
    await assertUnder(db, here)
  } catch (err) {
    if (err instanceof TooManyAttempts) refuse(req, err.retryAfterSeconds)
    throw err
  }
  const account = await accountOf(db, data.email)
  const wait = await accountDelaySeconds(db, data.email)
  if (wait > 0 && !(account && (await hasVerifiedFactor(db, account.id)))) refuse(req, wait)
  try {
    const result = await loginOperation({ collection: req.payload.collections.users, data, req, depth: 0 })
    await clearLoginFailures(db, data.email)
    return result
  } catch (err) {
    const status = (err as { status?: number }).status
    if (status === 400 || status === 401) {
      if (!account) await dummyPasswordCheck(data.password)
      await record(db, [...here, [LIMITS.loginAccount, data.email]])
      if (wait > 0) refuse(req, wait)
    }
    throw err
  }
}
