import { FIELD_MESSAGE_CODES, isFieldMessageCode, type FieldMessageCode } from './messages'
import { BOOKING_REFUSAL_CODES } from './refusals'

/**
 * Every code a 4xx answer (and the 503 of a database outage) of the API can carry in `errors[0].data.code` (issue 21 §4; the shape is
 * in docs/api.md, section 1). Two lists, no code in both:
 * - `SERVER_ERROR_CODES` (here): the refusals themselves — the booking ones of `refusals.ts`, who
 *   may ask, limits, accounts, images, the database's refusals;
 * - `FIELD_MESSAGE_CODES` (`messages.ts`): what is wrong with one field, also the top-level code of
 *   a refusal about one field (e.g. `PASSWORD_IS_EMAIL`), and the code of each `data.errors[]`.
 * The server's `HttpError` takes an `ErrorCode`, so a refusal without a listed code does not
 * compile; each front end words every code from its own typed dictionary (a missing one fails tsc
 * and a test).
 */
export const SERVER_ERROR_CODES = [
  ...BOOKING_REFUSAL_CODES,
  // Bad input (400): the fields are in `data.errors`.
  'INVALID_INPUT',
  'INVALID_QUERY',
  'FILE_MISSING',
  // Who is asking (401, 403, 404).
  'UNAUTHORIZED',
  'SESSION_ENDED',
  'WRONG_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'FORBIDDEN',
  'CROSS_SITE',
  'TOTP_REQUIRED',
  'OWN_CALENDAR_ONLY',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  // Limits (429).
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REGISTRATIONS',
  // Accounts.
  'LINK_INVALID',
  'WRONG_PASSWORD',
  'SAME_EMAIL',
  'EMAIL_TAKEN',
  'CHALLENGE_EXPIRED',
  'FACTOR_EXISTS',
  // Passkeys (issue 26): a challenge expired or used, a credential nobody registered, a response
  // that failed the checks, a signature counter that went backwards (a cloned authenticator).
  'PASSKEY_EXPIRED',
  'PASSKEY_UNKNOWN',
  'PASSKEY_REFUSED',
  'PASSKEY_COUNTER',
  'LAST_ADMIN',
  // External sign-in (issue 26): the last way into an account stays.
  'LAST_SIGN_IN_METHOD',
  // Waitlist (issue 27): the offer's hold ended (it went to the next in line); the offered time
  // was booked by someone else meanwhile; the entry is no longer waiting.
  'OFFER_EXPIRED',
  'OFFER_TAKEN',
  'WAITLIST_CLOSED',
  // Repeating appointments (issue 27): some occurrences are not free (nothing written; the
  // conflicts with their alternatives are in `params.conflicts`); customers may not book series here.
  'SERIES_CONFLICTS',
  'SERIES_NOT_ENABLED',
  // Bookings, catalogue, images, blocks.
  'UNKNOWN_CUSTOMER',
  'BOTH_HAVE_ACCOUNTS',
  'UNKNOWN_OPERATOR',
  'OPERATOR_UNAVAILABLE',
  'BLOCK_OVERLAP',
  'SERVICE_IN_USE',
  'STATION_IN_USE',
  'STATION_COUNT_IN_USE',
  'SERVICE_WITHOUT_OPERATOR',
  'IMAGE_IN_USE',
  'NOT_IN_CAROUSEL',
  // The database refused a write (409) or the document is being edited (423).
  'DUPLICATE',
  'DOCUMENT_LOCKED',
  // Any other 4xx, by status.
  'CONFLICT',
  'METHOD_NOT_ALLOWED',
  'TOO_LARGE',
  'REFUSED',
  // PostgreSQL is unreachable for a moment (503 with Retry-After; docs/operations.md "When PostgreSQL stops or restarts").
  'DATABASE_UNAVAILABLE',
] as const

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number]
export type ErrorCode = ServerErrorCode | FieldMessageCode

/** Both lists: every code a 4xx body can carry. */
export const ERROR_CODES: readonly ErrorCode[] = [...SERVER_ERROR_CODES, ...FIELD_MESSAGE_CODES]

export const isServerErrorCode = (code: unknown): code is ServerErrorCode =>
  typeof code === 'string' && (SERVER_ERROR_CODES as readonly string[]).includes(code)

export const isErrorCode = (code: unknown): code is ErrorCode => isServerErrorCode(code) || isFieldMessageCode(code)

/** The code of a 4xx that names no more precise one, by its status. */
export function codeForStatus(status: number): ServerErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'INVALID_INPUT'
    case 401:
      return 'UNAUTHORIZED'
    case 403:
      return 'FORBIDDEN'
    case 404:
      return 'NOT_FOUND'
    case 405:
      return 'METHOD_NOT_ALLOWED'
    case 409:
      return 'CONFLICT'
    case 413:
      return 'TOO_LARGE'
    case 423:
      return 'DOCUMENT_LOCKED'
    case 429:
      return 'TOO_MANY_ATTEMPTS'
    default:
      return 'REFUSED'
  }
}
