/**
 * Where a person lands right after signing in on the public site (`/login`, the second-factor
 * step, a registration): their place, unless they asked for a page of their own.
 *
 * - ADMIN: the dashboard (`/dashboard`, another SPA on the same origin: the caller loads it).
 * - OPERATOR: their agenda, which is the reserved area's first screen for that role (`/reserved-area`).
 * - USER (a customer): the reserved area ("I miei appuntamenti").
 *
 * A requested path (the login's `redirectTo`, else the redirect guard's `salon_redirect_path`)
 * wins when it is a screen of the route table that this role may open: the booking wizard with its
 * choice, a page of the reserved area, a dashboard page for an admin. It does not win when it is
 * the reserved area's first screen for an admin (`/reserved-area`: "my account", which for an
 * admin is the dashboard), an account step (login, registration, confirmation, password recovery: nothing to go
 * back to), a path no route matches, or a dashboard page for someone who is not an admin.
 * Pure: the caller decides whether the target is routed or loaded (`isDashboardPath`).
 */
import type { Role } from '../enums/index'
import { DASHBOARD_ROUTES, findRoute, isDashboardPath, PUBLIC_ROUTES, ROUTE_NAMES, type RouteDef } from '../routes'
import { guardPath } from './guard'

/** The place of each role when nothing more precise was asked for. */
export const HOME_OF_ROLE: Record<Role, string> = {
  ADMIN: ROUTE_NAMES.dashboard,
  OPERATOR: ROUTE_NAMES.reservedArea,
  USER: ROUTE_NAMES.reservedArea,
}

/** Routes of the sign-in flow itself: landing on one after signing in would be a loop or a dead end. */
const ACCOUNT_STEPS = new Set([
  'login',
  'login-callback',
  'register',
  'confirm',
  'password-recovery',
  'password-recovery-ok',
  'password-recovery-successfully',
  'password-recovery-code',
])

/** Whether `role` may open the route (the table's `auth` flag: `admin` routes are for admins only). */
export const roleMayOpen = (route: RouteDef, role: Role) => route.auth !== 'admin' || role === 'ADMIN'

/**
 * Where `role` lands after signing in, given the path they asked for (path + query + hash, already
 * checked to be same-origin by the caller) or null.
 */
export function landingFor(role: Role, requestedPath: string | null | undefined): string {
  const home = HOME_OF_ROLE[role] ?? ROUTE_NAMES.reservedArea
  if (!requestedPath || !requestedPath.startsWith('/') || requestedPath.startsWith('//')) return home
  const path = guardPath(requestedPath)
  const match = findRoute(path, isDashboardPath(path) ? DASHBOARD_ROUTES : PUBLIC_ROUTES)
  if (!match || ACCOUNT_STEPS.has(match.route.name) || !roleMayOpen(match.route, role)) return home
  // "My account" is an admin's dashboard (an operator's and a customer's is the reserved area itself).
  if (match.route.name === 'reserved-area' && role === 'ADMIN') return home
  return requestedPath
}
