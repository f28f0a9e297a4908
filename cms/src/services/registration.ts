import type { Pool } from 'pg'
import { HttpError } from '../lib/errors'
import { LIMITS, claim, release, type Claim } from './rateLimit'

/** 429 for a registration over the per-address limit; `Retry-After` is set by the caller. */
export class TooManyRegistrations extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    super(
      429,
      `Troppe registrazioni da questa connessione: riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}.`,
      { reason: 'TOO_MANY_REGISTRATIONS', retryAfter: retryAfterSeconds },
      'TooManyRequests',
    )
  }
}

/**
 * One self-registration from `ip`: at most `LIMITS.registerIp.max` (5) per address per hour,
 * counted in PostgreSQL (shared by every app process). Over it → `TooManyRegistrations`, nothing
 * counted. The claim is given back with `registrationFailed` when the account is not created.
 */
export async function claimRegistration(db: Pool, ip: string, now = Date.now()): Promise<Claim> {
  const result = await claim(db, LIMITS.registerIp, ip, now)
  if (!result.ok) throw new TooManyRegistrations(result.retryAfterSeconds)
  return result.claim
}

export const registrationFailed = (db: Pool, c: Claim) => release(db, c)
