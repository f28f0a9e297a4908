import { ROUTE_NAMES } from '@salon/shared/routes'

/** Query values keep `/` readable (`/login?redirectTo=/reserved-area`); it is legal in a query. */
const encodeQueryValue = (value: string) => encodeURIComponent(value).replace(/%2F/gi, '/')

/** The login page, remembering where the visitor wanted to go (spec §2). */
export function loginHref(redirectTo?: string | null): string {
  if (!redirectTo || redirectTo === ROUTE_NAMES.login || redirectTo.startsWith(ROUTE_NAMES.login + '?')) {
    return ROUTE_NAMES.login
  }
  return `${ROUTE_NAMES.login}?redirectTo=${encodeQueryValue(redirectTo)}`
}

/** The registration page, with the same `redirectTo` as login (back to the booking after signing up). */
export function registerHref(redirectTo?: string | null): string {
  return redirectTo ? `${ROUTE_NAMES.register}?redirectTo=${encodeQueryValue(redirectTo)}` : ROUTE_NAMES.register
}

/**
 * A redirect target we are willing to follow: a same-origin path starting with a single `/`
 * (never `//host` or `/\host`, which browsers treat as another origin).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // The server's render of /login has no window: any origin does, only the path is kept.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  try {
    const url = new URL(value, origin)
    if (url.origin !== origin) return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}

/** The admin dashboard is a different SPA: reaching it needs a full page load. */
export const isDashboardHref = (path: string) => /^\/dashboard(\/|\?|#|$)/.test(path)

/** Current location as a path (what a redirectTo should carry). */
export const currentPath = () => window.location.pathname + window.location.search
