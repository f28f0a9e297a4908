import type { Pool } from 'pg'
import { HttpError } from '../platform'
import { LIMITS, TooManyAttempts, assertUnder, claim, record, type Run, type Subject } from './rateLimit'

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
 * Every self-registration attempt from `ip`, created or refused (an address already registered is
 * answered so, and that answer must not be an unlimited oracle): at most
 * `LIMITS.registerAttemptIp.max` per address per hour, counted outside the registration's
 * transaction so that a refusal's rollback does not give it back.
 */
export async function countRegistrationAttempt(db: Pool, ip: string, now = Date.now()): Promise<void> {
  const subjects: Subject[] = [[LIMITS.registerAttemptIp, ip]]
  try {
    await assertUnder(db, subjects, now)
  } catch (err) {
    if (err instanceof TooManyAttempts) throw new TooManyRegistrations(err.retryAfterSeconds)
    throw err
  }
  await record(db, subjects, now)
}
