import { msUntilRefresh, shouldRefresh } from './session'

/**
 * Keeps a browser's login state alive (spec §4 "Auth session"): the access token is refreshed when
 * it is close to expiry, only while the page is visible (a hidden tab waits and refreshes when it
 * becomes visible again, if due), one refresh at a time; a refresh refused for good (401) ends the
 * login state. Everything the browser provides is injected, so both apps and their tests use it.
 */

/** What one refresh call gave: a new expiry, "ended for good" (the server said 401), or a passing failure. */
export type RefreshOutcome = { ok: true; exp: number } | { ok: false; ended: boolean }

export interface RefresherDeps {
  /** POST /api/auth/refresh; resolves the outcome (never rejects for an HTTP answer). */
  call: () => Promise<RefreshOutcome>
  /** The refresh failed for good: drop the login state (web: logged out; admin: to login). */
  onEnded: () => void
  now: () => number
  visible: () => boolean
  /** Subscribes to "the page became visible"; returns the unsubscribe. */
  onVisible: (listener: () => void) => () => void
  /** setTimeout-like; returns the cancel. */
  schedule: (run: () => void, ms: number) => () => void
  /** Runs `work` exclusively across the browser's tabs when possible (Web Locks), else as is. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>
}

/** Failures that are not a 401 (network, 5xx) are tried again after this long, while visible. */
export const REFRESH_RETRY_MS = 30_000

export function createRefresher(deps: RefresherDeps) {
  let exp: number | null = null
  let cancelTimer: (() => void) | null = null
  let inFlight: Promise<boolean> | null = null
  let unsubscribe: (() => void) | null = null

  const arm = (ms: number) => {
    cancelTimer?.()
    cancelTimer = deps.schedule(() => {
      cancelTimer = null
      check()
    }, ms)
  }

  const plan = () => {
    cancelTimer?.()
    cancelTimer = null
    if (exp !== null) arm(msUntilRefresh(exp, deps.now()))
  }

  /** Refreshes if due and visible; a hidden page waits for `visibilitychange`. */
  const check = () => {
    if (shouldRefresh({ expSeconds: exp, now: deps.now(), visible: deps.visible() })) void refresh()
    else if (exp !== null && deps.visible()) plan()
  }

  const run = async (): Promise<boolean> => {
    const outcome = await deps.call().catch((): RefreshOutcome => ({ ok: false, ended: false }))
    if (outcome.ok) {
      exp = outcome.exp
      plan()
      return true
    }
    if (outcome.ended) {
      exp = null
      cancelTimer?.()
      cancelTimer = null
      deps.onEnded()
    } else if (exp !== null) arm(REFRESH_RETRY_MS)
    return false
  }

  /** One refresh at a time (callers share it); resolves whether a fresh access token is in place. */
  const refresh = (): Promise<boolean> => {
    if (inFlight) return inFlight
    const exclusive = deps.exclusive ?? ((work) => work())
    inFlight = exclusive(run).finally(() => {
      inFlight = null
    })
    return inFlight
  }

  return {
    /** The access token's expiry (seconds), from login, `me` or a refresh; `null` when logged out. */
    setExp(next: number | null | undefined) {
      exp = next ?? null
      plan()
    },
    refresh,
    start() {
      unsubscribe ??= deps.onVisible(check)
    },
    stop() {
      unsubscribe?.()
      unsubscribe = null
      cancelTimer?.()
      cancelTimer = null
    },
    get exp() {
      return exp
    },
  }
}

export type Refresher = ReturnType<typeof createRefresher>
