import type { HttpError, ValidationErrors } from '@refinedev/core'
import { isBookingRefusalCode, type BookingRefusalCode } from '@salon/shared/refusals'
import { localizeMessage } from '../i18n/messages'
import { tr } from '../i18n/translate'

/**
 * The API's error body (Payload's shape, also used by the custom endpoints via `zodErrorBody`):
 * `{ errors: [{ name, message, data?: { errors: [{ path, message }] } }] }`.
 * Mapped to Refine's HttpError so notifications show `message` and forms show `errors[field]`.
 * The server speaks Italian: known messages are put in the dashboard's language
 * (`i18n/messages.ts`), unknown ones are shown as they came.
 */

export interface PayloadFieldError {
  path: string
  message: string
}

export interface PayloadErrorItem {
  name?: string
  message?: string
  data?: { errors?: PayloadFieldError[]; reason?: unknown; code?: unknown; limit?: unknown } | null
}

/** Status used when the server could not be reached at all (no HTTP answer). */
export const NETWORK_ERROR_STATUS = 0

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

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
      const message = localizeMessage(
        typeof field.message === 'string' && field.message ? field.message : 'Valore non valido',
      )
      ;(byPath[field.path] ??= []).push(message)
    }
  }
  const paths = Object.keys(byPath)
  if (paths.length === 0) return undefined
  // One message stays a string (what most form libraries expect); several become a list.
  return Object.fromEntries(paths.map((p) => [p, byPath[p]!.length === 1 ? byPath[p]![0]! : byPath[p]!]))
}

/**
 * A booking refusal in the dashboard's words, by its code (`shared/src/refusals.ts`; issue 21 §4):
 * the English dashboard never shows the server's Italian sentence for a taken time. '' when the
 * answer carries no known code (the message is then translated by text, or shown as it came).
 */
function refusalMessage(items: PayloadErrorItem[]): string {
  const data = items.map((i) => i.data).find((d) => isObject(d) && isBookingRefusalCode(d.code ?? d.reason))
  if (!data) return ''
  const code = (data.code ?? data.reason) as BookingRefusalCode
  const limit = typeof data.limit === 'number' ? data.limit : undefined
  return tr(`refusal.${code}`, limit !== undefined ? { limit } : undefined)
}

/** An HTTP answer with a non-2xx status → Refine HttpError. */
export function toHttpError(status: number, body: unknown, statusText = ''): HttpError {
  const items = errorItems(body)
  const bodyMessage = isObject(body) && typeof body.message === 'string' ? body.message : ''
  const message =
    refusalMessage(items) ||
    items
      .map((i) => (typeof i.message === 'string' ? localizeMessage(i.message.trim()) : ''))
      .filter(Boolean)
      .join(' ') ||
    bodyMessage ||
    statusText ||
    `HTTP ${status}`
  const error: HttpError = { message, statusCode: status }
  const errors = fieldErrors(items)
  if (errors) error.errors = errors
  const name = items.find((i) => typeof i.name === 'string' && i.name)?.name
  if (name) error.name = name
  // The engine's reason code (SLOT_TAKEN, SERVICE_IN_USE…), for screens that offer a way out.
  const reason = items.map((i) => (isObject(i.data) ? i.data.reason : undefined)).find((r) => typeof r === 'string')
  if (reason) (error as HttpError & { reason?: string }).reason = reason as string
  // The whole data of a refusal with a reason code (e.g. the bookings in the way of a block), for
  // the screen that asked. (Field errors are already in `errors`.)
  const details = items.map((i) => i.data).find((d) => isObject(d) && typeof d.reason === 'string')
  if (details) (error as HttpError & { details?: Record<string, unknown> }).details = details
  return error
}

/** The data the server sent with a refusal (`errors[0].data`), if any. */
export const detailsOf = (error: unknown): Record<string, unknown> | undefined =>
  isObject(error) && isObject(error.details) ? error.details : undefined

/** The reason code of a refusal (`errors[0].data.reason`), if the server gave one. */
export const reasonOf = (error: unknown): string | undefined =>
  isObject(error) && typeof error.reason === 'string' ? error.reason : undefined

/** fetch() itself failed (offline, DNS, server down): no status, so `statusCode` is 0. */
export function networkError(cause: unknown): HttpError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : ''
  return {
    name: 'NetworkError',
    message: `${tr('error.network')}${detail}`,
    statusCode: NETWORK_ERROR_STATUS,
  }
}

/** Status of any error a provider may see (HttpError, or something else thrown). */
export function statusOf(error: unknown): number | undefined {
  if (!isObject(error)) return undefined
  const status = error.statusCode ?? error.status
  return typeof status === 'number' ? status : undefined
}
