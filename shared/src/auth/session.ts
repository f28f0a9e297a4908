/**
 * Login-state rules shared by the server and both apps (spec §4 "Auth session", §9 "login cookie
 * 1 year"). Pure: `now` is always a parameter (ms since epoch); no clock is read here.
 *
 * - The access token (Payload's `payload-token` JWT) is short-lived: ACCESS_TOKEN_SECONDS.
 * - The refresh token lives REFRESH_TOKEN_SECONDS from its issue and is rotated on every use:
 *   each use gives a new one (another year) and retires the old one. A retired token presented
 *   again means two holders of one token (one of them a thief): the whole family is revoked.
 * - The apps refresh when the access token has less than REFRESH_MARGIN_MS left, only while the
 *   page is visible.
 */

/** 30 minutes: short enough that a stolen or revoked access token dies soon on its own. */
export const ACCESS_TOKEN_SECONDS = 30 * 60
/** One year (spec §9 "login cookie 1 year"), counted again from every rotation. */
export const REFRESH_TOKEN_SECONDS = 365 * 24 * 60 * 60
/** Refresh when less than 5 minutes of the access token are left. */
export const REFRESH_MARGIN_MS = 5 * 60_000
/** The refresh cookie's name and path: the browser sends it only to the refresh endpoint. */
export const REFRESH_COOKIE = 'salon-refresh'
export const REFRESH_COOKIE_PATH = '/api/auth/refresh'

/**
 * How long retired and revoked tokens are kept (so that a reuse is still recognised as theft);
 * older ones are deleted, and presenting one is then simply an unknown token (401).
 */
export const REFRESH_MEMORY_DAYS = 30
export const refreshForgetBefore = (now: number) => now - REFRESH_MEMORY_DAYS * 86_400_000

/** When a refresh token issued at `now` stops working (ms since epoch). */
export const refreshExpiresAt = (now: number) => now + REFRESH_TOKEN_SECONDS * 1000

/** A stored refresh token as the rotation decision needs it (times in ms since epoch). */
export interface StoredRefresh {
  expiresAt: number
  /** Set once it has been exchanged for a newer one. */
  usedAt: number | null
  /** Set when its family was ended (logout, password change, theft). */
  revokedAt: number | null
}

/**
 * What to do with a presented refresh token:
 * - `rotate`: valid — issue a new one and retire this one;
 * - `reuse`: already exchanged and now presented again — revoke the whole family (theft detection);
 * - `invalid`: unknown, expired or revoked — refuse (401).
 */
export type RefreshDecision = 'rotate' | 'reuse' | 'invalid'

export function refreshDecision(stored: StoredRefresh | null | undefined, now: number): RefreshDecision {
  if (!stored || stored.revokedAt !== null) return 'invalid'
  if (stored.usedAt !== null) return 'reuse'
  if (stored.expiresAt <= now) return 'invalid'
  return 'rotate'
}

/** Milliseconds until a refresh is due for an access token expiring at `expSeconds` (0 = due now). */
export function msUntilRefresh(expSeconds: number, now: number, marginMs = REFRESH_MARGIN_MS): number {
  return Math.max(0, expSeconds * 1000 - marginMs - now)
}

/**
 * Should the app refresh now? Only a visible page refreshes (spec §4), and only when the access
 * token is close to its expiry (or past it). Without a known expiry there is nothing to refresh.
 */
export function shouldRefresh(input: {
  expSeconds: number | null | undefined
  now: number
  visible: boolean
}): boolean {
  if (!input.visible || !input.expSeconds) return false
  return msUntilRefresh(input.expSeconds, input.now) === 0
}
