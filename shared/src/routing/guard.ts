/**
 * The general redirect guard of spec §2, as pure functions: on each route change a visitor who is
 * not signed in is sent to the login route, unless the path is the login or callback path, matches
 * an exclude pattern, or (when the include list is not empty) matches no include pattern.
 *
 * Patterns are paths where `*` stands for any run of characters, `/` included (`/reserved-area/*`
 * matches `/reserved-area/profile` and `/reserved-area/a/b`, not `/reserved-area` itself). They are
 * matched against the path alone (no query or hash), without a trailing slash; everything but `*`
 * is literal and the match is case-sensitive, like the route table.
 */

export interface RedirectGuardConfig {
  /** Where visitors are sent; never guarded itself (no redirect loop). */
  login: string
  /** Where an e-mailed link signs a visitor in or confirms them; never guarded. */
  callback: string
  /** Only these paths are guarded; empty = every path not excluded. */
  include: readonly string[]
  /** Never guarded, even when an include pattern matches (exclude wins). */
  exclude: readonly string[]
  /** Remember the attempted path (path + query) in a cookie before redirecting. */
  cookieRedirect: boolean
  /** The cookie that remembers it (path `/`, SameSite=Lax, short life). */
  cookie: { name: string; maxAgeSeconds: number }
}

/** Path without query, hash or trailing slash (`/` stays `/`). */
export function guardPath(path: string): string {
  const p = path.split(/[?#]/, 1)[0] || '/'
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p
}

const patternCache = new Map<string, RegExp>()

function compile(pattern: string): RegExp {
  let re = patternCache.get(pattern)
  if (!re) {
    const body = guardPath(pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    re = new RegExp(`^${body}$`)
    patternCache.set(pattern, re)
  }
  return re
}

/** Whether `path` (query and trailing slash ignored) matches `pattern` (`*` = any characters). */
export function matchesPattern(pattern: string, path: string): boolean {
  return compile(pattern).test(guardPath(path))
}

export const matchesAny = (patterns: readonly string[], path: string) => patterns.some((p) => matchesPattern(p, path))

/** Whether the guard applies to `path` at all (before looking at who is asking). */
export function isGuardedPath(path: string, config: RedirectGuardConfig): boolean {
  if (matchesAny([config.login, config.callback], path)) return false
  if (matchesAny(config.exclude, path)) return false
  if (config.include.length > 0 && !matchesAny(config.include, path)) return false
  return true
}

export type GuardDecision =
  | { action: 'allow' }
  /** `remember`: the full path to store in the redirect cookie, or null when the option is off. */
  | { action: 'redirect'; to: string; remember: string | null }

/**
 * The decision for one route change. `fullPath` is path + query (+ hash); `signedIn` is whether a
 * user is known. The caller waits while the session is still being read.
 */
export function guardDecision(fullPath: string, signedIn: boolean, config: RedirectGuardConfig): GuardDecision {
  if (signedIn || !isGuardedPath(fullPath, config)) return { action: 'allow' }
  return { action: 'redirect', to: config.login, remember: config.cookieRedirect ? fullPath : null }
}

/** `Set-Cookie`/`document.cookie` text that stores the attempted path. */
export function redirectCookie(fullPath: string, config: RedirectGuardConfig, secure = false): string {
  const attrs = [`Path=/`, `Max-Age=${config.cookie.maxAgeSeconds}`, 'SameSite=Lax', ...(secure ? ['Secure'] : [])]
  return [`${config.cookie.name}=${encodeURIComponent(fullPath)}`, ...attrs].join('; ')
}

/** The cookie text that deletes it. */
export function clearedRedirectCookie(config: RedirectGuardConfig, secure = false): string {
  return [`${config.cookie.name}=`, 'Path=/', 'Max-Age=0', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ')
}

/** The stored path from a `Cookie` header / `document.cookie`, or null (absent or undecodable). */
export function readRedirectCookie(cookieHeader: string, config: RedirectGuardConfig): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== config.cookie.name) continue
    const raw = part.slice(eq + 1).trim()
    if (!raw) return null
    try {
      return decodeURIComponent(raw)
    } catch {
      return null
    }
  }
  return null
}
