import type { HttpError } from '@refinedev/core'
import { tr } from '../i18n/translate'

/**
 * What the shell needs to know of a failed request — its status, its code, the error of no answer
 * at all — without the words of the server's refusals: those (`payload-errors.ts`, `toHttpError`,
 * with the field messages of `i18n/messages.ts`) are fetched on the first error answer (http.ts),
 * so they are not in the dashboard's first load (issue 28).
 */

/** Status used when the server could not be reached at all (no HTTP answer). */
export const NETWORK_ERROR_STATUS = 0

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** The `params` the server sent with a refusal (`errors[0].data.params`), if any. */
export const paramsOf = (error: unknown): Record<string, unknown> | undefined =>
  isObject(error) && isObject(error.params) ? error.params : undefined

/** The data the server sent with a refusal (`errors[0].data`), if any. */
export const detailsOf = (error: unknown): Record<string, unknown> | undefined =>
  isObject(error) && isObject(error.details) ? error.details : undefined

/** The code of a refusal (`errors[0].data.code`), if the server gave one. */
export const codeOf = (error: unknown): string | undefined =>
  isObject(error) && typeof error.code === 'string' ? error.code : undefined

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
