/**
 * The route table: the web router and the server both read it, so a path that the
 * SPA would render as "not found" is also answered with HTTP 404 (spec §2).
 */
import type { RedirectGuardConfig } from './routing/guard'

export type Layout = 'blank' | 'simple' | 'default' | 'personal-area' | 'dashboard'

export interface RouteDef {
  /** Path pattern; `:name` matches one non-empty segment, `:id` only a positive integer. */
  path: string
  name: string
  layout: Layout
  /** Requires a logged-in user (any role), or an ADMIN. */
  auth?: 'user' | 'admin'
  /** Listed in sitemap.xml and open to search engines (public pages with content; not accounts or wizard steps). */
  index?: boolean
}

export const PUBLIC_ROUTES = [
  { path: '/', name: 'home', layout: 'blank', index: true },
  { path: '/login', name: 'login', layout: 'simple' },
  { path: '/register', name: 'register', layout: 'simple' },
  // External sign-in's return (issue 26): trades the one-time code for the session, then goes on.
  { path: '/login/callback', name: 'login-callback', layout: 'simple' },
  { path: '/terms', name: 'terms', layout: 'default', index: true },
  { path: '/privacy', name: 'privacy', layout: 'default', index: true },
  { path: '/map-site', name: 'map-site', layout: 'default', index: true },
  { path: '/confirm', name: 'confirm', layout: 'simple' },
  { path: '/password-recovery', name: 'password-recovery', layout: 'simple' },
  { path: '/password-recovery/ok', name: 'password-recovery-ok', layout: 'simple' },
  { path: '/password-recovery/successfully', name: 'password-recovery-successfully', layout: 'simple' },
  { path: '/password-recovery/:code/:email', name: 'password-recovery-code', layout: 'simple' },
  { path: '/reserved-area', name: 'reserved-area', layout: 'personal-area', auth: 'user' },
  { path: '/reserved-area/profile', name: 'reserved-area-profile', layout: 'personal-area', auth: 'user' },
  { path: '/reserved-area/settings', name: 'reserved-area-settings', layout: 'personal-area', auth: 'user' },
  { path: '/reserve', name: 'reserve', layout: 'default', index: true },
  { path: '/reserve/thankyou', name: 'reserve-thankyou', layout: 'default' },
  // A waitlist offer (issue 27): the link of its mail and SMS; booked with one tap.
  { path: '/reserve/offer/:id', name: 'reserve-offer', layout: 'default', auth: 'user' },
  // The attendance link of an SMS reminder (issue 26): short on purpose, `/a/<token>`.
  { path: '/a/:token', name: 'attendance', layout: 'simple' },
] as const satisfies readonly RouteDef[]

const dashboardResource = (resource: string, opts: { create?: boolean } = {}): RouteDef[] => [
  { path: `/dashboard/${resource}`, name: `dashboard-${resource}`, layout: 'dashboard', auth: 'admin' },
  ...(opts.create === false
    ? []
    : [
        {
          path: `/dashboard/${resource}/create`,
          name: `dashboard-${resource}-create`,
          layout: 'dashboard',
          auth: 'admin',
        } as RouteDef,
      ]),
  { path: `/dashboard/${resource}/:id`, name: `dashboard-${resource}-edit`, layout: 'dashboard', auth: 'admin' },
]

export const DASHBOARD_ROUTES: readonly RouteDef[] = [
  { path: '/dashboard', name: 'dashboard', layout: 'dashboard', auth: 'admin' },
  // The appointment book (issue 20: its own menu entry; `?mode=&date=&operator=&cancelled=`).
  { path: '/dashboard/agenda', name: 'dashboard-agenda', layout: 'dashboard', auth: 'admin' },
  // The team's week (issue 23): shifts, leave, closures; `?week=YYYY-MM-DD` (its Monday).
  { path: '/dashboard/rota', name: 'dashboard-rota', layout: 'dashboard', auth: 'admin' },
  // Each day's waitlist (issue 27): who waits for which time, their offers; `?day=YYYY-MM-DD`.
  { path: '/dashboard/waitlist', name: 'dashboard-waitlist', layout: 'dashboard', auth: 'admin' },
  // Bookings now outside their operator's hours, each to give to a colleague or move.
  { path: '/dashboard/rota/conflicts', name: 'dashboard-rota-conflicts', layout: 'dashboard', auth: 'admin' },
  // What was taken, by day, operator and method (issue 24); `?period=&from=&to=`.
  { path: '/dashboard/takings', name: 'dashboard-takings', layout: 'dashboard', auth: 'admin' },
  // The salon's client cards (issue 24): a searchable list and one card each; a card is created
  // from the list (a dialog), so there is no create route.
  ...dashboardResource('clients', { create: false }),
  ...dashboardResource('user'),
  ...dashboardResource('service'),
  ...dashboardResource('category'),
  ...dashboardResource('booking'),
  // Spec §2 shows no operator create route, but a salon hires people: added (admin/README.md).
  ...dashboardResource('operator'),
  ...dashboardResource('banner'),
  { path: '/dashboard/file', name: 'dashboard-file', layout: 'dashboard', auth: 'admin' },
  { path: '/dashboard/time', name: 'dashboard-time', layout: 'dashboard', auth: 'admin' },
  { path: '/dashboard/carousel', name: 'dashboard-carousel', layout: 'dashboard', auth: 'admin' },
  { path: '/dashboard/config', name: 'dashboard-config', layout: 'dashboard', auth: 'admin' },
  { path: '/dashboard/config/holiday/create', name: 'dashboard-holiday-create', layout: 'dashboard', auth: 'admin' },
  { path: '/dashboard/config/holiday/:id', name: 'dashboard-holiday-edit', layout: 'dashboard', auth: 'admin' },
  ...dashboardResource('config/business-closure'),
]

export const ROUTE_NAMES = {
  home: '/',
  login: '/login',
  register: '/register',
  reservedArea: '/reserved-area',
  reserve: '/reserve',
  reserveThankYou: '/reserve/thankyou',
  passwordRecovery: '/password-recovery',
  dashboard: '/dashboard',
} as const

/**
 * Sections of the home a link may point at (`/#contatti`): the home renders these ids, and seeded
 * or typed links are checked against them (a hash no section has is a dead end).
 */
export const HOME_SECTIONS = { services: 'servizi', team: 'team', contacts: 'contatti' } as const

/** A route path as a guard pattern: each `:param` segment becomes `*`. */
export const routePattern = (path: string) => path.replace(/:[^/]+/g, '*')

/**
 * The general redirect guard of spec §2 for the public site (`@salon/shared/routing/guard`):
 * - include: the routes marked `auth: 'user'` above (today `/reserved-area` and its pages), so the
 *   one flag on the table decides; home, booking wizard, terms, privacy, map and the account pages
 *   of the login flow stay open to visitors, and an unknown path gets its 404 rather than a login.
 * - exclude: empty — it is there to carve a public page out of a guarded prefix.
 * - login `/login`; callback `/confirm` (the registration e-mail's link), both always open.
 * - cookieRedirect: the attempted path + query is kept for 10 minutes in `salon_redirect_path`
 *   (Path=/, SameSite=Lax, not HttpOnly: the SPA reads it after login and clears it).
 * The dashboard is another SPA with its own guard (admin role, spec §2).
 */
export const REDIRECT_GUARD: RedirectGuardConfig = {
  login: ROUTE_NAMES.login,
  callback: '/confirm',
  include: (PUBLIC_ROUTES as readonly RouteDef[]).filter((r) => r.auth === 'user').map((r) => routePattern(r.path)),
  exclude: [],
  cookieRedirect: true,
  cookie: { name: 'salon_redirect_path', maxAgeSeconds: 600 },
}

function normalise(pathname: string): string {
  const p = pathname.split(/[?#]/, 1)[0] || '/'
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/** Matches a pathname against a pattern; returns its params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const got = normalise(pathname).split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    const g = got[i]!
    if (w.startsWith(':')) {
      const v = safeDecode(g)
      if (v === null || v === '') return null
      if (w === ':id' && !/^[1-9]\d*$/.test(v)) return null
      params[w.slice(1)] = v
    } else if (w !== g) return null
  }
  return params
}

export function findRoute(
  pathname: string,
  table: readonly RouteDef[] = PUBLIC_ROUTES,
): { route: RouteDef; params: Record<string, string> } | null {
  // Literal routes win over parameterised ones (`/password-recovery/ok` before `/:code/:email`).
  const sorted = [...table].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')))
  for (const route of sorted) {
    const params = matchPath(route.path, pathname)
    if (params) return { route, params }
  }
  return null
}

export const isDashboardPath = (pathname: string) => /^\/dashboard(\/|$)/.test(pathname)

/** HTTP status the server gives a navigation to `pathname` (the SPA renders the matching screen). */
export function statusForPath(pathname: string): 200 | 404 {
  const table = isDashboardPath(pathname) ? DASHBOARD_ROUTES : PUBLIC_ROUTES
  return findRoute(pathname, table) ? 200 : 404
}

export const notFoundMessage = (pathname: string) => `Page Not Found: ${pathname}`

/** Crawlers, auditors and link-preview fetchers get a plain error instead of the SPA (spec §2). */
const CRAWLER =
  /bot\b|crawl|spider|slurp|lighthouse|pagespeed|gtmetrix|facebookexternalhit|facebot|embedly|whatsapp|telegram|skypeuripreview|vkshare|pinterest|quora link preview|redditbot|applebot|yandex|baiduspider|duckduckbot|semrush|ahrefs|headlesschrome.*lighthouse/i

export const isCrawler = (userAgent: string | null | undefined) => !!userAgent && CRAWLER.test(userAgent)
