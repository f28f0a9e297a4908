import type { AfterErrorHook } from 'payload'
import { HttpError } from '../lib/errors'
import { italianFieldErrors } from '../lib/payloadMessages'
import { pgErrorCode, pgErrorField, statusForPgError } from '../lib/pgErrors'

type ErrorLike = { status?: number; message?: string; name?: string; data?: unknown }

/** `/api/<collection>/<segment>` with a segment that cannot be an id. */
function malformedId(url: string | undefined): boolean {
  const parts = new URL(url ?? '/', 'http://x').pathname.split('/').filter(Boolean)
  if (parts.length !== 3 || parts[0] !== 'api') return false
  return !/^\d+$/.test(decodeURIComponent(parts[2]!))
}

const idError = (message: string) => ({ errors: [{ path: 'id', message }] })

/**
 * Bad input must never look like a server failure: database errors caused by the request become
 * 4xx, a visitor refused for not being logged in gets 401 (the apps redirect to login on it), and
 * every 4xx carries its real message and, where known, the field (Payload hides the message when
 * the error has no `data`).
 */
export const mapErrors: AfterErrorHook = ({ error, req, result }) => {
  if (error instanceof HttpError) return { status: error.status, response: error.body() }
  const mapped = statusForPgError(pgErrorCode(error))
  if (mapped) {
    const field = pgErrorField(error)
    const data =
      mapped.status !== 400
        ? undefined
        : field
          ? { errors: [{ path: field, message: mapped.message }] }
          : malformedId(req.url)
            ? idError('Id non valido')
            : { errors: [{ path: 'query', message: mapped.message }] }
    return { status: mapped.status, response: { errors: [{ name: 'BadRequest', message: mapped.message, data }] } }
  }
  const e = error as ErrorLike
  const status = e.status
  if (status === 403 && !req.user) {
    return { status: 401, response: { errors: [{ name: 'Unauthorized', message: 'Devi accedere per continuare.' }] } }
  }
  if (status && status >= 400 && status < 500 && !e.data) {
    let body: Record<string, unknown> = {
      name: e.name && e.name.length > 2 ? e.name : 'Error',
      message: e.message || 'Richiesta non valida',
    }
    if (e.message === 'Invalid JSON') {
      body = {
        name: 'ValidationError',
        message: 'JSON non valido',
        data: { errors: [{ path: 'body', message: 'JSON non valido' }] },
      }
    } else if (status === 400 && malformedId(req.url)) {
      body = { name: 'ValidationError', message: 'Id non valido', data: idError('Id non valido') }
    }
    return { status, response: { errors: [body] } }
  }
  return { response: italianFieldErrors(result) }
}
