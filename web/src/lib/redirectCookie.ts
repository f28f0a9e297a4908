import { REDIRECT_GUARD } from '@salon/shared/routes'
import { clearedRedirectCookie, readRedirectCookie, redirectCookie } from '@salon/shared/routing/guard'
import { safeRedirectPath } from './paths'

/*
 * The guard's memory of where a visitor wanted to go (spec §2 "stored in a cookie and can later be
 * read and cleared"): `salon_redirect_path`, Path=/, SameSite=Lax, 10 minutes, Secure on https.
 * Only a same-origin path is ever given back (safeRedirectPath), whatever the cookie holds.
 */

const secure = () => window.location.protocol === 'https:'

export function rememberAttemptedPath(fullPath: string): void {
  document.cookie = redirectCookie(fullPath, REDIRECT_GUARD, secure())
}

export function readAttemptedPath(): string | null {
  return safeRedirectPath(readRedirectCookie(document.cookie, REDIRECT_GUARD))
}

export function clearAttemptedPath(): void {
  document.cookie = clearedRedirectCookie(REDIRECT_GUARD, secure())
}
