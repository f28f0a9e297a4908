import type { Pool } from 'pg'
import { HttpError } from '../platform'
import { LIMITS, TooManyAttempts, assertUnderWith, claim, record, type Run } from './rateLimit'

/** 429 for a registration over the per-address limit; `Retry-After` is set by the caller. */
export class TooManyRegistrations extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    super(
      429,
      'TOO_MANY_REGISTRATIONS',
      `Troppe registrazioni da questa connessione: riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}.`,
      { reason: 'TOO_MANY_REGISTRATIONS', retryAfter: retryAfterSeconds, params: { minutes } },
      'TooManyRequests',
    )
  }
}

/**
 * One self-registration from `ip`: at most `LIMITS.registerIp.max` (5) per address per hour,
 * counted in PostgreSQL (shared by every app process). Over it → `TooManyRegistrations`, nothing
 * counted. `run` is the registration's own transaction: if the account is not created after all
 * (bad input, address taken) the rollback gives the count back.
 */
export async function claimRegistration(run: Run, ip: string, now = Date.now()): Promise<void> {
  const result = await claim(run, LIMITS.registerIp, ip, now)
  if (!result.ok) throw new TooManyRegistrations(result.retryAfterSeconds)
}

/**
 * Refused self-registrations from `ip` (an address already registered is answered so, and that
 * answer must not be an unlimited oracle, issue 22 §3): at most `LIMITS.registerRefusedIp.max` per
 * address per hour. Checked with `run` (the registration's own transaction: no second pool
 * connection while it holds one) before anything is written…
 */
export async function assertRefusalsUnder(run: Run, ip: string, now = Date.now()): Promise<void> {
  try {
    await assertUnderWith(run, LIMITS.registerRefusedIp, ip, now)
  } catch (err) {
    if (err instanceof TooManyAttempts) throw new TooManyRegistrations(err.retryAfterSeconds)
    throw err
  }
}

/** …and counted once the refusal's transaction has been rolled back (the Users `afterError` hook). */
export const countRefusedRegistration = (db: Pool, ip: string, now = Date.now()) =>
  record(db, [[LIMITS.registerRefusedIp, ip]], now)
