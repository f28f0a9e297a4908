import { HTTP_RETRIES_SAFE_METHODS, HTTP_RETRY_STATUSES } from '@salon/shared/constants'
import { currentPath, loginHref } from './paths'
import { fieldWords, refusalWords } from './refusals'

/**
 * The one way the public site talks to the API: same origin, cookie session, JSON.
 * - 401: the session is renewed once (`POST /api/auth/refresh`, see auth.tsx) and the call tried
 *   again once; if it still answers 401 the visitor goes to the login page with `redirectTo`
 *   (spec §2), unless the call opts out.
 * - GET/HEAD are retried once on the statuses of spec §9 (and on a dropped connection);
 *   calls with a body are never retried, so nothing is written twice.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface FieldError {
  path: string
  message: string
  /** Every field error the server sends has one (`@salon/shared/messages` or `errorCodes`). */
  code?: string
  params?: Record<string, unknown>
}

/** One entry of the API's error body `{ errors: [...] }` (Payload's shape, also used by custom endpoints). */
export interface ApiErrorItem {
  name?: string
  message: string
  /**
   * `code`: every 4xx has one (`@salon/shared/errorCodes`; the site words it in `refusals.ts`);
   * `field` the one field it is about; `errors` name the fields; `reason` the same code on older
   * booking refusals.
   */
  data?: {
    errors?: FieldError[]
    reason?: string
    code?: string
    field?: string
    limit?: number
    params?: Record<string, unknown>
  } | null
}

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number
  readonly errors: ApiErrorItem[]
  /** Field path → first message for it, ready to show next to the form field. */
  readonly fieldErrors: Record<string, string>

  constructor(status: number, message: string, errors: ApiErrorItem[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
    this.fieldErrors = {}
    for (const item of errors) {
      for (const field of item.data?.errors ?? []) {
        if (field.path && !(field.path in this.fieldErrors)) this.fieldErrors[field.path] = fieldWords(field)
      }
    }
  }

  get isNetworkError() {
    return this.status === 0
  }
}

export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  /** Appended as a query string; `null`/`undefined` values are left out. Keys may use Payload's brackets (`where[active][equals]`). */
  query?: Record<string, QueryValue>
  /** JSON-serialised unless it is FormData. */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** The fetch cache mode; `'no-cache'` revalidates (ETag → 304) instead of trusting `max-age`. */
  cache?: RequestCache
  /** `false` for calls where 401 is an answer, not a lost session (login, the initial `me`). */
  redirectOnUnauthorized?: boolean
  /** `false` for calls where a 401 must not trigger a session refresh (login, logout). Default: `redirectOnUnauthorized`. */
  renewOnUnauthorized?: boolean
}

const RETRY_STATUSES: ReadonlySet<number> = new Set(HTTP_RETRY_STATUSES)
const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD'])
const RETRY_DELAY_MS = 300

type UnauthorizedHandler = (redirectTo: string) => void

const defaultUnauthorizedHandler: UnauthorizedHandler = (redirectTo) => window.location.assign(loginHref(redirectTo))
let unauthorizedHandler = defaultUnauthorizedHandler

/** Renews the access token (true when a fresh one is in place); set by the AuthProvider. */
type SessionRenewer = () => Promise<boolean>
let sessionRenewer: SessionRenewer | null = null

/** The AuthProvider's refresh, tried once when a call answers 401. */
export function setSessionRenewer(renew: SessionRenewer): () => void {
  sessionRenewer = renew
  return () => {
    if (sessionRenewer === renew) sessionRenewer = null
  }
}

/** Lets the app handle a lost session inside the SPA (clear the user, client-side navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = defaultUnauthorizedHandler
  }
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const id = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(id)
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'))
      },
      { once: true },
    )
  })
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const raw = (body as { errors?: unknown } | null)?.errors
  const errors: ApiErrorItem[] = Array.isArray(raw)
    ? raw
        .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
        .map((e) => ({
          name: typeof e.name === 'string' ? e.name : undefined,
          message: typeof e.message === 'string' ? e.message : '',
          data: (e.data as ApiErrorItem['data']) ?? null,
        }))
    : []
  // The refusal in the site's words, by its code (refusals.ts); the server's words otherwise.
  const message =
    errors.map(refusalWords).find(Boolean) ||
    (typeof (body as { message?: unknown } | null)?.message === 'string'
      ? (body as { message: string }).message
      : '') ||
    statusText ||
    `HTTP ${status}`
  return new ApiError(status, message, errors)
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const { query, body, signal, headers, cache, redirectOnUnauthorized = true } = options
  const renewOnUnauthorized = options.renewOnUnauthorized ?? redirectOnUnauthorized
  let renewed = false
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal,
    ...(cache ? { cache } : {}),
  }
  if (body !== undefined) {
    if (body instanceof FormData) init.body = body
    else {
      init.body = JSON.stringify(body)
      ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
    }
  }

  const url = buildUrl(path, query)
  let retriesLeft = SAFE_METHODS.has(method) ? HTTP_RETRIES_SAFE_METHODS : 0

  for (;;) {
    let response: Response
    try {
      response = await fetch(url, init)
    } catch (error) {
      if (signal?.aborted) throw error
      if (retriesLeft-- > 0) {
        await wait(RETRY_DELAY_MS, signal)
        continue
      }
      throw new ApiError(0, error instanceof Error ? error.message : 'Network error')
    }

    if (!response.ok && RETRY_STATUSES.has(response.status) && retriesLeft-- > 0) {
      await response.body?.cancel().catch(() => {})
      await wait(RETRY_DELAY_MS, signal)
      continue
    }

    const data = await readBody(response)
    if (response.ok) return data as T

    if (response.status === 401 && renewOnUnauthorized && !renewed && sessionRenewer) {
      // The access token may just have expired: renew it once and ask again once.
      renewed = true
      if (await sessionRenewer()) continue
    }

    if (response.status === 401 && redirectOnUnauthorized) {
      const here = currentPath()
      if (window.location.pathname !== '/login') unauthorizedHandler(here)
    }
    throw toApiError(response.status, response.statusText, data)
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
}

/** Payload's list response. */
export interface PaginatedDocs<T> {
  docs: T[]
  totalDocs: number
  limit?: number
  page?: number
  totalPages?: number
  hasNextPage?: boolean
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'
