import type { AfterErrorHook } from 'payload'
import { pgErrorCode, statusForPgError } from '../lib/pgErrors'

/**
 * Bad input must never look like a server failure: database errors caused by the request become
 * 4xx, and a visitor refused for not being logged in gets 401 (the apps redirect to login on it).
 */
export const mapErrors: AfterErrorHook = ({ error, req, result }) => {
  const mapped = statusForPgError(pgErrorCode(error))
  if (mapped) {
    return { status: mapped.status, response: { errors: [{ name: 'BadRequest', message: mapped.message }] } }
  }
  const status = (error as { status?: number }).status
  if (status === 403 && !req.user) {
    return { status: 401, response: { errors: [{ name: 'Unauthorized', message: 'Devi accedere per continuare.' }] } }
  }
  return { response: result }
}
