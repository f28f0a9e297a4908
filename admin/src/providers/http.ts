import type { HttpError } from '@refinedev/core'
import { networkError } from './http-error'

/**
 * The admin's one way to call the API: same origin, HttpOnly cookie session (`credentials:
 * 'include'`), JSON in and out, failures thrown as Refine HttpError. Retries and the 401 redirect
 * are not done here: react-query retries (see query-client.ts) and the auth provider's onError
 * handles 401, so a request is never silently repeated or swallowed. The one exception: a 401
 * (the 30-minute access token may just have expired) renews the session once
 * (`POST /api/auth/refresh`, auth.ts) and, when that worked, asks once more.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface RequestOptions {
  /** JSON-serialised unless it is FormData (uploads). */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** `false`: a 401 is the answer itself (logout), no session renewal. */
  renew?: boolean
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (!text) return undefined
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/**
 * An error answer as Refine's HttpError, in the dashboard's words (`toHttpError`). Its module and
 * the field messages are a chunk of their own, fetched on the first error answer (issue 28: ~8 KiB
 * gzip out of the first load; then cached). Should that fetch fail (the server unreachable since
 * the page loaded), the status and the server's own message are the error, as they came.
 */
async function errorOf(status: number, body: unknown, statusText: string): Promise<HttpError> {
  try {
    const { toHttpError } = await import('./payload-errors')
    return toHttpError(status, body, statusText)
  } catch {
    const first = (body as { errors?: { message?: unknown }[] } | null)?.errors?.[0]?.message
    return { statusCode: status, message: typeof first === 'string' && first ? first : statusText || `HTTP ${status}` }
  }
}

/** Renews the access token (true when a fresh one is in place); set by auth.ts. */
export type SessionRenewer = () => Promise<boolean>
let sessionRenewer: SessionRenewer | null = null
export function setSessionRenewer(renew: SessionRenewer | null) {
  sessionRenewer = renew
}

export function createHttpClient(
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  renew: () => SessionRenewer | null = () => sessionRenewer,
) {
  return async function request<T = unknown>(
    method: HttpMethod,
    url: string,
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal }
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) {
        init.body = options.body // the browser sets the multipart boundary
      } else {
        init.body = JSON.stringify(options.body)
        headers['Content-Type'] = 'application/json'
      }
    }

    const send = async () => {
      try {
        return await fetchImpl(url, init)
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
        throw networkError(cause)
      }
    }
    let response = await send()
    let body = await readBody(response)
    const renewer = renew()
    if (response.status === 401 && options.renew !== false && renewer && (await renewer())) {
      response = await send()
      body = await readBody(response)
    }
    if (!response.ok) throw await errorOf(response.status, body, response.statusText)
    return body as T
  }
}

export type HttpClient = ReturnType<typeof createHttpClient>
