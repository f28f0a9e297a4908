import { HttpError } from './errors'
import { pgErrorCode } from './pgErrors'

/** Deadlock and serialization failure: the transaction lost a race and may simply run again. */
const RETRYABLE: ReadonlySet<string> = new Set(['40P01', '40001'])
export const MAX_ATTEMPTS = 4

/** Thrown inside a transaction that found what it needs busy and chose not to wait (no lock held while waiting). */
export class RetryLater extends Error {
  constructor(what: string) {
    super(`${what} is busy: the whole transaction runs again`)
    this.name = 'RetryLater'
  }
}

/**
 * Runs a whole transaction again after a deadlock or serialization failure, at most `attempts`
 * times with a short jittered pause, then answers 409 BUSY — never a 500. Any other error goes
 * through untouched. `run` must be the entire transaction (it is rolled back before a retry).
 */
export async function withRetries<T>(
  run: () => Promise<T>,
  attempts = MAX_ATTEMPTS,
  pause = (attempt: number) => new Promise<void>((r) => setTimeout(r, 10 * attempt + Math.floor(Math.random() * 20))),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (err) {
      if (!(err instanceof RetryLater) && !RETRYABLE.has(pgErrorCode(err) ?? '')) throw err
      if (attempt >= attempts)
        throw new HttpError(409, 'BUSY', 'Troppe richieste nello stesso momento: riprova.', { reason: 'BUSY' })
      await pause(attempt)
    }
  }
}
