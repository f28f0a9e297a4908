import type { PayloadRequest } from 'payload'
import { APIError, ValidationError } from 'payload'
import type { ErrorCode } from '@salon/shared/errorCodes'
import { isAdminUser, userOf } from './roles'
import { parseOrThrow } from './errors'

/** Parses with a zod schema from `shared/`; a failure is a 400 naming every bad field. */
export const parseOr400 = parseOrThrow

/** The JSON body of a request; broken JSON or a non-object is a 400, not a 500. */
export async function readJsonObject(req: PayloadRequest): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    const text = await req.text?.()
    body = text ? JSON.parse(text) : {}
  } catch {
    throw new ValidationError({ errors: [{ path: 'body', message: 'JSON non valido' }] })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError({ errors: [{ path: 'body', message: 'Il corpo deve essere un oggetto JSON' }] })
  }
  return body as Record<string, unknown>
}

/** The client's address, as server.ts established it (never taken from the client as is). */
export const clientIp = (req: PayloadRequest) => req.headers.get('x-salon-client-ip') || 'unknown'

/** Query string as a plain object (last value wins). */
export const queryObject = (req: PayloadRequest) => Object.fromEntries(req.searchParams?.entries() ?? [])

export const unauthorized = () => new APIError('Devi accedere per continuare.', 401, { code: 'UNAUTHORIZED' }, true)
export const forbidden = (
  message = 'Non hai i permessi per questa operazione.',
  code: Extract<ErrorCode, 'FORBIDDEN' | 'CROSS_SITE'> = 'FORBIDDEN',
) => new APIError(message, 403, { code }, true)

/**
 * Reads and drops what is left of a request's body (at most `limit` bytes), so that a refusal
 * answered before an upload was read reaches the client as an answer, not as a broken pipe while
 * it is still sending. Stops at the limit: a refused visitor cannot keep the server reading.
 */
export async function discardBody(req: PayloadRequest, limit = 11 * 1024 * 1024): Promise<void> {
  const body = (req as unknown as Request).body
  if (!body || body.locked) return
  const reader = body.getReader()
  try {
    for (let read = 0; read <= limit;) {
      const chunk = await reader.read()
      if (chunk.done) return
      read += chunk.value?.byteLength ?? 0
    }
    await reader.cancel()
  } catch {
    // The client went away: nothing left to read.
  }
}

export function requireUser(req: PayloadRequest) {
  const user = userOf(req)
  if (!user) throw unauthorized()
  return user
}

/**
 * A signed-in caller acting on reservations: any role, but an admin who still owes the required
 * second factor is refused like everywhere else in the admin's powers.
 */
export function requireBooker(req: PayloadRequest) {
  const user = requireUser(req)
  if (user.user_role === 'ADMIN') requireAdmin(req)
  return user
}

export function requireAdmin(req: PayloadRequest) {
  const user = requireUser(req)
  if (!isAdminUser(user)) {
    throw user.user_role === 'ADMIN'
      ? new APIError(
          'Attiva la verifica in due passaggi per usare le funzioni di amministrazione.',
          403,
          { code: 'TOTP_REQUIRED', reason: 'TOTP_REQUIRED' },
          true,
        )
      : forbidden()
  }
  return user
}

/**
 * Staff: an OPERATOR, or an ADMIN (who still owes the required second factor is refused like
 * everywhere else in the admin's powers); customers 403, visitors 401.
 */
export function requireStaff(req: PayloadRequest) {
  const user = requireUser(req)
  if (user.user_role === 'ADMIN') return requireAdmin(req)
  if (user.user_role !== 'OPERATOR') throw forbidden()
  return user
}
