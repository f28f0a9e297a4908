import { createRefresher, type RefreshOutcome, type Refresher } from './auth/refresher'

/**
 * The browser side of the login state, used by the public site and the dashboard (same origin,
 * same cookies): the refresh call, the refresher wired to the page's clock, visibility and timers,
 * and a hint that this browser has a login state worth refreshing.
 */

export const REFRESH_URL = '/api/auth/refresh'
/** Web Locks name: two tabs (or the site and the dashboard) never present one refresh token at once. */
const LOCK = 'salon-session-refresh'
/** localStorage key: "this browser signed in and has not signed out" (no secret in it). */
const HINT = 'salon.session'

/**
 * Whether to try a refresh when `me` finds no access token: only a browser that signed in before
 * (so a visitor's first page does not end in a refused refresh). The refresh cookie itself is
 * HttpOnly and scoped to the refresh path, so the page cannot see it.
 */
export const sessionHint = {
  get(): boolean {
    try {
      return globalThis.localStorage?.getItem(HINT) === '1'
    } catch {
      return false
    }
  },
  set(on: boolean) {
    try {
      if (on) globalThis.localStorage?.setItem(HINT, '1')
      else globalThis.localStorage?.removeItem(HINT)
    } catch {
      /* storage blocked: the hint is only an optimisation */
    }
  },
}

/** POST /api/auth/refresh: 200 → new expiry (and the user), 401 → ended for good, else a passing failure. */
export async function callRefresh<U>(fetchImpl: typeof fetch = (i, init) => fetch(i, init)) {
  let res: Response
  try {
    res = await fetchImpl(REFRESH_URL, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
  } catch {
    return { ok: false, ended: false } satisfies RefreshOutcome
  }
  if (res.ok) {
    const body = (await res.json().catch(() => null)) as { exp?: unknown; user?: U } | null
    if (body && typeof body.exp === 'number') {
      sessionHint.set(true)
      return { ok: true as const, exp: body.exp, user: body.user ?? null }
    }
    return { ok: false, ended: false } satisfies RefreshOutcome
  }
  await res.body?.cancel().catch(() => {})
  if (res.status === 401) sessionHint.set(false)
  return { ok: false, ended: res.status === 401 } satisfies RefreshOutcome
}

/** A refresher on the real page: `Date.now`, `document.visibilityState`, `setTimeout`, Web Locks. */
export function browserRefresher(call: () => Promise<RefreshOutcome>, onEnded: () => void): Refresher {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return createRefresher({
    call,
    onEnded,
    now: () => Date.now(),
    visible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
    onVisible: (listener) => {
      const handler = () => {
        if (document.visibilityState === 'visible') listener()
      }
      document.addEventListener('visibilitychange', handler)
      return () => document.removeEventListener('visibilitychange', handler)
    },
    // Timers longer than 2^31-1 ms fire at once; an access token never lives that long anyway.
    schedule: (run, ms) => {
      const id = setTimeout(run, Math.min(ms, 2_147_483_647))
      return () => clearTimeout(id)
    },
    exclusive: locks ? <T>(work: () => Promise<T>) => locks.request(LOCK, work) as unknown as Promise<T> : undefined,
  })
}
