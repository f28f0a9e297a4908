import type { HttpError, ValidationErrors } from '@refinedev/core'
import type { UploadUse } from '@salon/shared/schemas/uploads'
import { getLocale } from '../i18n/locale'
import { codeText, fieldErrorText } from '../i18n/messages'
import { isObject } from './http-error'

// The light part (statuses, codes, the network error) is http-error.ts, which the shell imports;
// this module and the field messages' words are fetched on the first error answer (issue 28).
export { NETWORK_ERROR_STATUS, codeOf, detailsOf, networkError, paramsOf, reasonOf, statusOf } from './http-error'

/**
 * The API's error body (Payload's shape, also used by the custom endpoints via `zodErrorBody`):
 * `{ errors: [{ name, message, data?: { errors: [{ path, message }] } }] }`.
 * Mapped to Refine's HttpError so notifications show `message` and forms show `errors[field]`.
 * Every 4xx carries `data.code` (and each field error its `code`; docs/api.md): the dashboard
 * words the code itself (`i18n/messages.ts`, the dictionaries' `refusal.<CODE>`); the server's
 * Italian is shown only for an answer without a code we know.
 */

export interface PayloadFieldError {
  path: string
  message: string
  code?: string
  params?: Record<string, string | number>
}

export interface PayloadErrorItem {
  name?: string
  message?: string
  data?: {
    errors?: PayloadFieldError[]
    reason?: unknown
    code?: unknown
    params?: unknown
    limit?: unknown
    uses?: unknown
  } | null
}

function errorItems(body: unknown): PayloadErrorItem[] {
  const raw = isObject(body) ? body.errors : undefined
  return Array.isArray(raw) ? raw.filter(isObject) : []
}

function fieldErrors(items: PayloadErrorItem[]): ValidationErrors | undefined {
  const byPath: Record<string, string[]> = {}
  for (const item of items) {
    const list = isObject(item.data) && Array.isArray(item.data.errors) ? item.data.errors : []
    for (const field of list) {
      if (!isObject(field) || typeof field.path !== 'string' || !field.path) continue
      ;(byPath[field.path] ??= []).push(fieldErrorText(field))
    }
  }
  const paths = Object.keys(byPath)
  if (paths.length === 0) return undefined
  // One message stays a string (what most form libraries expect); several become a list.
  return Object.fromEntries(paths.map((p) => [p, byPath[p]!.length === 1 ? byPath[p]![0]! : byPath[p]!]))
}

const USE_KIND_EN: Record<UploadUse['kind'], string> = {
  service: 'service',
  operator: 'operator',
  banner: 'banner',
  user: 'user',
}
/**
 * The shared `UPLOAD_USE_KIND_IT`, repeated here: importing it from `@salon/shared/schemas/uploads`
 * put zod and the upload schemas (~27 KiB gzip) into the dashboard's first load (issue 28). A unit
 * test keeps the two equal.
 */
export const USE_KIND_IT: Record<UploadUse['kind'], string> = {
  service: 'servizio',
  operator: 'operatore',
  banner: 'banner',
  user: 'utente',
}

/** Where an image is used (`data.uses` of IMAGE_IN_USE), in the dashboard's language. */
function usesText(uses: unknown): string {
  if (!Array.isArray(uses)) return ''
  const kinds = getLocale() === 'en' ? USE_KIND_EN : USE_KIND_IT
  const quote = getLocale() === 'en' ? (s: string) => `“${s}”` : (s: string) => `«${s}»`
  return (uses as UploadUse[]).map((u) => `${kinds[u.kind] ?? u.kind} ${quote(String(u.name))}`).join(', ')
}

/**
 * One refusal in the dashboard's words, by its code (`data.code`, or `data.reason` of older
 * answers; issue 21 §4): the English dashboard never shows the server's Italian sentence. The
 * server's message when the code is none we know.
 */
function itemMessage(item: PayloadErrorItem): string {
  const message = typeof item.message === 'string' ? item.message.trim() : ''
  const data = isObject(item.data) ? item.data : {}
  const params: Record<string, string | number> = isObject(data.params)
    ? (Object.fromEntries(
        Object.entries(data.params).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
      ) as Record<string, string | number>)
    : {}
  if (typeof data.limit === 'number') params.limit ??= data.limit
  if (data.uses !== undefined) params.uses = usesText(data.uses)
  // An answer with field errors but no code (an older server) is bad input all the same.
  const paths = Array.isArray(data.errors)
    ? [
        ...new Set(
          data.errors
            .filter(isObject)
            .map((f) => f.path)
            .filter((p) => typeof p === 'string' && p),
        ),
      ]
    : []
  const code = data.code ?? data.reason ?? (paths.length ? 'INVALID_INPUT' : undefined)
  if (code === 'INVALID_INPUT') params.fields ??= paths.join(', ')
  return codeText(code, params, message)
}

/** An HTTP answer with a non-2xx status → Refine HttpError. */
export function toHttpError(status: number, body: unknown, statusText = ''): HttpError {
  const items = errorItems(body)
  const bodyMessage = isObject(body) && typeof body.message === 'string' ? body.message : ''
  const message = items.map(itemMessage).filter(Boolean).join(' ') || bodyMessage || statusText || `HTTP ${status}`
  const error: HttpError = { message, statusCode: status }
  const errors = fieldErrors(items)
  if (errors) error.errors = errors
  const name = items.find((i) => typeof i.name === 'string' && i.name)?.name
  if (name) error.name = name
  // The engine's reason code (SLOT_TAKEN, SERVICE_IN_USE…), for screens that offer a way out.
  const reason = items.map((i) => (isObject(i.data) ? i.data.reason : undefined)).find((r) => typeof r === 'string')
  if (reason) (error as HttpError & { reason?: string }).reason = reason as string
  // The refusal's code (every 4xx has one), for screens that react to it.
  const code = items.map((i) => (isObject(i.data) ? i.data.code : undefined)).find((c) => typeof c === 'string')
  if (code) (error as HttpError & { code?: string }).code = code as string
  // The whole data of a refusal with a reason code (e.g. the bookings in the way of a block), for
  // the screen that asked. (Field errors are already in `errors`.)
  const details = items.map((i) => i.data).find((d) => isObject(d) && typeof d.reason === 'string')
  if (details) (error as HttpError & { details?: Record<string, unknown> }).details = details
  // The refusal's `params` as sent (lists included: a series' conflicts, issue 27).
  const params = items.map((i) => (isObject(i.data) ? i.data.params : undefined)).find(isObject)
  if (params) (error as HttpError & { params?: Record<string, unknown> }).params = params
  return error
}
