import type { CheckResponse } from '@refinedev/core'
import { USER_REFRESH_THROTTLE_MS } from '@salon/shared/constants'
import type { Role } from '@salon/shared/enums/index'

/** What `GET /api/auth/me` says about the signed-in user (the fields the dashboard needs). */
export interface SessionUser {
  id: number | string
  email: string
  name?: string | null
  surname?: string | null
  user_role: Role
}

export interface MeAnswer {
  user: SessionUser | null
  /** The access token's expiry (seconds since epoch). */
  exp?: number | null
}

export const isAdmin = (user: SessionUser | null | undefined): user is SessionUser => user?.user_role === 'ADMIN'

/** "Nome Cognome", falling back to the e-mail. */
export function displayName(user: Pick<SessionUser, 'name' | 'surname' | 'email'>): string {
  const full = [user.name, user.surname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ')
  return full || user.email
}

export interface AccessTargets {
  /** Where a visitor goes: the public login page, carrying the requested dashboard path. */
  login: string
  /** Where a signed-in non-admin goes: the public index page. */
  home: string
}

/**
 * Spec §2 dashboard guard: only an ADMIN gets in; a signed-in non-admin goes to the index page;
 * a visitor goes to login with `redirectTo` (and `reason=admin` for the "Unauthorized" toast).
 */
export function accessDecision(user: SessionUser | null, targets: AccessTargets): CheckResponse {
  if (isAdmin(user)) return { authenticated: true }
  if (user) {
    return {
      authenticated: false,
      redirectTo: targets.home,
      error: { name: 'Forbidden', message: 'You are not authorized to access this page.', statusCode: 403 },
    }
  }
  return {
    authenticated: false,
    redirectTo: targets.login,
    error: {
      name: 'Unauthorized',
      message: 'You are not authorized to access this page, please login as an admin.',
      statusCode: 401,
    },
  }
}

/**
 * The signed-in user, fetched at most every `maxAgeMs` (spec §9: 300000 ms) and once at a time:
 * the guard, the header and access control all ask, the API is asked once.
 */
export function createSessionCache(
  fetchMe: () => Promise<SessionUser | null>,
  { now = () => Date.now(), maxAgeMs = USER_REFRESH_THROTTLE_MS }: { now?: () => number; maxAgeMs?: number } = {},
) {
  let cached: { user: SessionUser | null; at: number } | null = null
  let inFlight: Promise<SessionUser | null> | null = null
  let generation = 0

  return {
    async get({ force = false }: { force?: boolean } = {}): Promise<SessionUser | null> {
      if (!force && cached && now() - cached.at < maxAgeMs) return cached.user
      if (inFlight) return inFlight
      const mine = ++generation
      inFlight = fetchMe()
        .then((user) => {
          // A clear() while this was on its way wins: the answer belongs to the old session.
          if (mine === generation) cached = { user, at: now() }
          return user
        })
        .finally(() => {
          if (mine === generation) inFlight = null
        })
      return inFlight
    },
    /** The last user the server named (however old), without asking again. */
    last(): SessionUser | null {
      return cached?.user ?? null
    },
    clear() {
      generation++
      cached = null
      inFlight = null
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
