import { codeForStatus, isErrorCode, type ErrorCode } from '@salon/shared/errorCodes'
import { messageCode, type MessageParams } from '@salon/shared/messages'

/**
 * The one error shape of the API (docs/api.md, section 1; issue 21 §4): every 4xx body is
 * `{ errors: [{ name, message, data: { code, field?, params?, errors?: [{ path, message, code,
 * params? }], …} }] }`. `code` is stable (the lists in `@salon/shared/errorCodes`), `field` names
 * the one field a refusal is about, `params` the values its words need (`{ limit: 3 }`), and the
 * Italian `message` stays for API users. Payload's own errors and ours pass through here on their
 * way out (platform/errorResponse.ts, platform/afterError.ts), so no 4xx leaves without its code.
 */
export type FieldErrorBody = { path: string; message: string; code: ErrorCode; params?: MessageParams }
export type ErrorData = {
  code: ErrorCode
  field?: string
  params?: Record<string, unknown>
  errors?: FieldErrorBody[]
  [key: string]: unknown
}
export type ErrorItem = { name: string; message: string; data?: ErrorData }

/** Payload's error classes whose name says more than their status. */
const BY_NAME: Record<string, ErrorCode> = {
  AuthenticationError: 'WRONG_CREDENTIALS',
  LockedAuth: 'ACCOUNT_LOCKED',
  UnverifiedEmail: 'EMAIL_NOT_VERIFIED',
  QueryError: 'INVALID_QUERY',
  MissingFile: 'FILE_MISSING',
  FileUploadError: 'FILE_MISSING',
  Locked: 'DOCUMENT_LOCKED',
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** A field error with its code: the one given, else the code of its message (`messageCode`), else `INVALID`. */
function codedField(raw: unknown): FieldErrorBody | null {
  if (!isObject(raw)) return null
  const path = typeof raw.path === 'string' ? raw.path : String(raw.path ?? '')
  const message = typeof raw.message === 'string' ? raw.message : ''
  const found = message ? messageCode(message) : undefined
  const code = isErrorCode(raw.code) ? raw.code : (found?.code ?? 'INVALID')
  const params = isObject(raw.params) ? (raw.params as MessageParams) : found?.params
  return { ...raw, path, message, code, ...(params ? { params } : {}) }
}

/** `errors[i]` of a 4xx answer with its `data.code`, `field` and each field error's code. */
export function codedItem(raw: unknown, status: number): ErrorItem {
  const item = isObject(raw) ? raw : {}
  const name = typeof item.name === 'string' && item.name ? item.name : 'Error'
  const message = typeof item.message === 'string' ? item.message : ''
  const data = isObject(item.data) ? item.data : {}
  const errors = Array.isArray(data.errors)
    ? data.errors.map(codedField).filter((f): f is FieldErrorBody => !!f)
    : undefined
  const code: ErrorCode = isErrorCode(data.code)
    ? data.code
    : isErrorCode(data.reason)
      ? data.reason
      : (BY_NAME[name] ?? codeForStatus(status))
  const paths = [...new Set((errors ?? []).map((e) => e.path))]
  const field = typeof data.field === 'string' ? data.field : paths.length === 1 ? paths[0] : undefined
  const { code: _code, field: _field, errors: _errors, ...rest } = data
  // Bad input names its fields in the params too ("Dati non validi: a, b" in any language).
  if (code === 'INVALID_INPUT' && paths.length && !isObject(rest.params)) rest.params = { fields: paths.join(', ') }
  return {
    name,
    message,
    data: { code, ...(field ? { field } : {}), ...rest, ...(errors ? { errors } : {}) },
  }
}

/** A 4xx body in the one shape; other statuses and bodies without `errors` pass unchanged. */
export function codedBody<T>(body: T, status: number): T {
  if (status < 400 || status >= 500 || !isObject(body) || !Array.isArray(body.errors)) return body
  return { ...body, errors: body.errors.map((item) => codedItem(item, status)) } as T
}
