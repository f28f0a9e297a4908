import { ROUTE_NAMES } from '@salon/shared/routes'

/**
 * Leaving the dashboard for the public site (login, home) is a full page load: those pages belong
 * to the other SPA, which the admin router knows nothing about.
 */

/** Empty in production (one origin); the public site's dev server in development. */
const PUBLIC_ORIGIN = (import.meta.env?.VITE_PUBLIC_SITE_ORIGIN ?? '').replace(/\/$/, '')

export const publicUrl = (path: string, origin: string = PUBLIC_ORIGIN) => `${origin}${path}`

/** Why the visitor is sent to login; `admin` makes the login page show spec §2's "Unauthorized" toast. */
export type LoginReason = 'admin'

/** `/login?redirectTo=<path>&reason=admin` — the public login page brings the visitor back afterwards. */
export function loginPath(redirectTo?: string, reason?: LoginReason): string {
  const params = new URLSearchParams()
  if (redirectTo) params.set('redirectTo', redirectTo)
  if (reason) params.set('reason', reason)
  const qs = params.toString()
  return qs ? `${ROUTE_NAMES.login}?${qs}` : ROUTE_NAMES.login
}

export const HOME_PATH: string = ROUTE_NAMES.home

/** The full current path (with the /dashboard base, query and hash), as the login page must return to it. */
export const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`

let leaving = false

/**
 * Full page load to `url`, once: after logout (or a 401) several parts of the app may react at the
 * same time, and only the first destination counts.
 */
export function leaveApp(url: string): void {
  if (leaving) return
  leaving = true
  window.location.assign(url)
}
