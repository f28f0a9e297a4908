import type { ErrorCode } from '@salon/shared/errorCodes'

/**
 * PostgreSQL errors that mean "bad request" or "conflict", not "server broke". Drizzle wraps the
 * driver's error, so the code may sit on `cause`.
 */
export function pgErrorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

/** The field a constraint error is about: `Key (category_id)=(9) is not present…` → `category`. */
export function pgErrorField(err: unknown): string | undefined {
  let e = err as { detail?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.detail === 'string') {
      const m = /Key \(([a-z_]+)\)/.exec(e.detail)
      if (m) return m[1]!.replace(/_id$/, '')
    }
    e = e.cause as typeof e
  }
  return undefined
}

/** The answer to a database error the request caused: its status, code (`@salon/shared/errorCodes`) and words. */
export function statusForPgError(
  code: string | undefined,
): { status: number; code: ErrorCode; message: string } | null {
  switch (code) {
    case '23P01':
      return {
        status: 409,
        code: 'SLOT_TAKEN',
        message: 'Questo orario non è più disponibile: è già occupato da un’altra prenotazione.',
      }
    case '40P01':
    case '40001':
      // A deadlock or serialization failure that a service's bounded retry did not absorb.
      return { status: 409, code: 'BUSY', message: 'Troppe richieste nello stesso momento: riprova.' }
    case '23505':
      return { status: 409, code: 'DUPLICATE', message: 'Esiste già un elemento con questo valore.' }
    case '23503':
      return { status: 400, code: 'RELATED_MISSING', message: 'Un elemento collegato non esiste.' }
    case '23502':
      return { status: 400, code: 'FIELD_MISSING', message: 'Manca un campo obbligatorio.' }
    case '23514':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
    case '22023':
    case '42804':
      return { status: 400, code: 'VALUE_INVALID', message: 'Valore non valido per uno dei campi o dei filtri.' }
    default:
      return null
  }
}
