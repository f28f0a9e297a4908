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
