import { codedBody, type ErrorData } from './errorBody'
import { HttpError } from './errors'
import { DATABASE_UNAVAILABLE, databaseDown, noteDatabaseError } from './databaseHealth'
import { pgErrorCode, pgErrorField, statusForPgError } from './pgErrors'

type ErrorLike = { status?: number; message?: string; name?: string; data?: unknown }

export type ErrorBody = {
  errors: { name: string; message: string; data?: ErrorData | Record<string, unknown> }[]
}

/** What a server fault answers: nothing about the fault itself (it is logged instead). */
export const SERVER_ERROR: { status: 500; body: ErrorBody } = {
  status: 500,
  body: { errors: [{ name: 'Error', message: 'Something went wrong.' }] },
}

/** `/api/<collection>/<segment>` with a segment that cannot be an id. */
function malformedId(url: string | undefined): boolean {
  const parts = new URL(url ?? '/', 'http://x').pathname.split('/').filter(Boolean)
  if (parts.length !== 3 || parts[0] !== 'api') return false
  return !/^\d+$/.test(decodeURIComponent(parts[2]!))
}

const idError = (message: string) => ({ code: 'ID_INVALID', errors: [{ path: 'id', message }] })

/**
 * The one mapping from an error to the answer a client gets, used by Payload's error hook
 * (platform/afterError.ts) and by the availability fast path (server.ts), so both answer a bad
 * request alike. Bad input must never look like a server failure: database errors caused by the
 * request become 4xx, a visitor refused for not being signed in gets 401 (the apps redirect to
 * login on it), and every 4xx carries its real message and, where known, the field.
 *
 * Every 4xx leaves in the one shape with its `code` (platform/errorBody.ts).
 *
 * PostgreSQL unreachable is 503 `DATABASE_UNAVAILABLE` (platform/databaseHealth.ts; the server adds
 * `Retry-After`), never a 500 — also a visitor's 401/403 while it is down: Payload swallows the
 * failed user lookup of a signed-in caller and would send them to the login page.
 *
 * `null`: not a client error we know — the caller answers a server fault (a generic 500, logged),
 * or, inside Payload, keeps Payload's own answer (its validation errors carry their `data`).
 */
export function errorResponse(
  error: unknown,
  url: string | undefined,
  signedIn: boolean,
): { status: number; body: ErrorBody } | null {
  if (noteDatabaseError(error)) return DATABASE_UNAVAILABLE
  const status = (error as { status?: unknown } | null)?.status
  if (!signedIn && (status === 401 || status === 403) && databaseDown()) return DATABASE_UNAVAILABLE
  const mapped = uncodedResponse(error, url, signedIn)
  return mapped && { status: mapped.status, body: codedBody(mapped.body, mapped.status) }
}

function uncodedResponse(
  error: unknown,
  url: string | undefined,
  signedIn: boolean,
): { status: number; body: ErrorBody } | null {
  if (error instanceof HttpError) return { status: error.status, body: error.body() }
  const mapped = statusForPgError(pgErrorCode(error))
  if (mapped) {
    const field = pgErrorField(error)
    const data =
      mapped.status !== 400
        ? { code: mapped.code }
        : field
          ? { code: mapped.code, errors: [{ path: field, message: mapped.message, code: mapped.code }] }
          : malformedId(url)
            ? idError('Id non valido')
            : { code: mapped.code, errors: [{ path: 'query', message: mapped.message, code: mapped.code }] }
    return { status: mapped.status, body: { errors: [{ name: 'BadRequest', message: mapped.message, data }] } }
  }
  const e = (error ?? {}) as ErrorLike
  const status = e.status
  if (status === 403 && !signedIn) {
    return {
      status: 401,
      body: {
        errors: [{ name: 'Unauthorized', message: 'Devi accedere per continuare.', data: { code: 'UNAUTHORIZED' } }],
      },
    }
  }
  if (status && status >= 400 && status < 500 && !e.data) {
    let body: ErrorBody['errors'][number] = {
      name: e.name && e.name.length > 2 ? e.name : 'Error',
      message: e.message || 'Richiesta non valida',
    }
    if (e.message === 'Invalid JSON') {
      body = {
        name: 'ValidationError',
        message: 'JSON non valido',
        data: { code: 'JSON_INVALID', errors: [{ path: 'body', message: 'JSON non valido' }] },
      }
    } else if (status === 400 && malformedId(url)) {
      body = { name: 'ValidationError', message: 'Id non valido', data: idError('Id non valido') }
    }
    return { status, body: { errors: [body] } }
  }
  return null
}
