import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { USER_REFRESH_THROTTLE_MS } from '@salon/shared/constants'
import type { Role } from '@salon/shared/enums/index'
import type { Refresher } from '@salon/shared/auth/refresher'
import { browserRefresher, callRefresh, sessionHint } from '@salon/shared/browserSession'
import { api, ApiError, setSessionRenewer } from './api'
import { t } from './i18n'
import { useToast } from './toast'

/**
 * Who is using the site. The session itself is Payload's HttpOnly cookie: the client only knows
 * what `GET /api/auth/me` says, refreshed at most every 5 minutes on navigation (spec §4).
 *
 * Staying logged in (spec §4 "Auth session"): the access cookie lives 30 minutes; `me` and the
 * login answer give its `exp`, and the refresher (`@salon/shared/browserSession`) calls
 * `POST /api/auth/refresh` when it is close to expiry, only while the page is visible. An API call
 * answering 401 renews once and is tried again once. A refresh refused for good (401) makes the
 * visitor logged out.
 */

export interface User {
  id: number | string
  email: string
  name?: string | null
  surname?: string | null
  phone_number?: string | null
  /** The phone number was proven by an SMS code (settings, "Telefono"). */
  phone_verified?: boolean
  /** The profile photo (1x webp, same origin), when there is one. */
  avatarUrl?: string | null
  user_role: Role
  createdAt?: string
  updatedAt?: string
}

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous'

interface AuthState {
  status: AuthStatus
  user: User | null
  /** When `user` was last confirmed by the server (ms since epoch). */
  fetchedAt: number
  /** Set when the visitor chose to leave, so guards send them to plain /login. */
  endedByLogout: boolean
}

/**
 * What the password step answers: signed in, or (account with an active second factor) not yet:
 * `challenge` must come back with a code to `verifyLogin` within 5 minutes.
 */
export type LoginResult =
  | { mfaRequired: false; user: User }
  | { mfaRequired: true; challenge: string; factors: LoginFactor[]; message?: string }

/** A verified second factor a login's second step may use (a phone factor: "Inviami il codice via SMS"). */
export interface LoginFactor {
  id: number
  factor_type: 'totp' | 'phone'
  /** "+39 ••• ••• 4567" for a phone factor. */
  phone_hint: string | null
}

export interface AuthApi {
  status: AuthStatus
  user: User | null
  endedByLogout: boolean
  login: (email: string, password: string) => Promise<LoginResult>
  /**
   * Second step of a login: `POST /api/auth/login/verify { challenge, code, challenge_id? }` → signed
   * in (`challengeId`: the code came by SMS). Rejects with the API's 400 naming `code` (wrong code)
   * or `challenge` (expired), or 429.
   */
  verifyLogin: (challenge: string, code: string, challengeId?: string) => Promise<User>
  /**
   * Sign-in with a passkey (`lib/passkeys.ts` `passkeyAssertion` gives both): `POST
   * /api/auth/passkeys/login { challenge, response }` → signed in, no code asked. Rejects with the
   * API's 400 (`challenge` expired or used) or 401 (`response`: unknown or refused passkey), or 429.
   */
  loginWithPasskey: (challenge: string, response: unknown) => Promise<User>
  /** Resolves `true` once signed out; `false` when the server kept the session. */
  logout: () => Promise<boolean>
  /** "Esci da tutti i dispositivi": ends every session of the user (rejects with the API error). */
  logoutAll: () => Promise<void>
  /** Asks the server again; resolves the current user or null. */
  refresh: () => Promise<User | null>
  /** Called on navigation: refreshes only when the last answer is older than the throttle. */
  revalidate: () => void
  /** Forgets the user locally (e.g. after an API 401). */
  clear: () => void
}

interface MeResponse {
  user: User | null
  /** The access token's expiry (seconds since epoch). */
  exp?: number | null
}
interface LoginResponse {
  user: User
  token?: string
  exp?: number
}
interface MfaRequiredResponse {
  mfaRequired: true
  challenge: string
  factors?: LoginFactor[]
  message?: string
}

const isMfaRequired = (res: unknown): res is MfaRequiredResponse =>
  !!res &&
  typeof res === 'object' &&
  (res as MfaRequiredResponse).mfaRequired === true &&
  typeof (res as MfaRequiredResponse).challenge === 'string'

const AuthContext = createContext<AuthApi | null>(null)

/** Dispatched on `window` when a refresh is refused for good: the visitor is logged out. */
const SESSION_ENDED = 'salon:session-ended'

async function fetchMe(refresher: Refresher): Promise<User | null> {
  let res: MeResponse | undefined
  try {
    res = await api.get<MeResponse>('/api/auth/me', { redirectOnUnauthorized: false })
  } catch (error) {
    // An expired or invalid cookie is "no user", not a failure.
    if (!(error instanceof ApiError && error.status === 401)) throw error
  }
  if (res?.user) {
    refresher.setExp(res.exp)
    return res.user
  }
  // No access token (it lives 30 minutes): a browser that signed in before renews it.
  if (sessionHint.get()) {
    const renewed = await callRefresh<User>()
    if (renewed.ok && renewed.user) {
      refresher.setExp(renewed.exp)
      return renewed.user
    }
  }
  refresher.setExp(null)
  return null
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { toast } = useToast()
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, fetchedAt: 0, endedByLogout: false })
  // The latest state for callbacks that run after a render (answers, revalidation).
  const stateRef = useRef(state)
  useEffect(() => {
    stateRef.current = state
  }, [state])
  /** Bumped by login/logout/clear so that an older `me` answer cannot overwrite them. */
  const generation = useRef(0)
  const inFlight = useRef<Promise<User | null> | null>(null)

  const apply = useCallback((user: User | null, endedByLogout = false) => {
    setState({ status: user ? 'authenticated' : 'anonymous', user, fetchedAt: Date.now(), endedByLogout })
  }, [])

  // One refresher for the page's life: renews the access token; a refusal for good logs out
  // (announced as an event, so the refresher holds no reference into this component).
  const [refresher] = useState(() =>
    browserRefresher(
      () => callRefresh<User>(),
      () => window.dispatchEvent(new Event(SESSION_ENDED)),
    ),
  )
  useEffect(() => {
    const onEnded = () => {
      generation.current++
      setState({ status: 'anonymous', user: null, fetchedAt: Date.now(), endedByLogout: false })
    }
    window.addEventListener(SESSION_ENDED, onEnded)
    refresher.start()
    const unset = setSessionRenewer(() => refresher.refresh())
    return () => {
      window.removeEventListener(SESSION_ENDED, onEnded)
      unset()
      refresher.stop()
    }
  }, [refresher])

  const refresh = useCallback((): Promise<User | null> => {
    if (inFlight.current) return inFlight.current
    const gen = generation.current
    const promise = fetchMe(refresher)
      .then(
        (user) => {
          if (gen === generation.current) apply(user)
          return user
        },
        (error: unknown) => {
          if (gen === generation.current) {
            toast({ title: t.fetchUserError.title, description: t.fetchUserError.text, variant: 'error' })
            const prev = stateRef.current
            // Keep a known user (the session may well be fine); a first load becomes "visitor".
            if (prev.status === 'loading') apply(null)
            else setState({ ...prev, fetchedAt: Date.now() })
          }
          throw error
        },
      )
      .finally(() => {
        inFlight.current = null
      })
    inFlight.current = promise
    return promise
  }, [apply, toast, refresher])

  useEffect(() => {
    refresh().catch(() => {})
  }, [refresh])

  const revalidate = useCallback(() => {
    const s = stateRef.current
    if (s.status === 'authenticated' && Date.now() - s.fetchedAt >= USER_REFRESH_THROTTLE_MS) {
      refresh().catch(() => {})
    }
  }, [refresh])

  /** A login answer: the user, the access token's expiry for the refresher, the hint. */
  const signedIn = useCallback(
    (res: LoginResponse) => {
      sessionHint.set(true)
      refresher.setExp(res.exp)
      apply(res.user)
    },
    [apply, refresher],
  )

  const login = useCallback(
    async (email: string, password: string): Promise<LoginResult> => {
      const res = await api.post<LoginResponse | MfaRequiredResponse>(
        '/api/auth/login',
        { email, password },
        { redirectOnUnauthorized: false },
      )
      // Password right but a second factor is due: no cookie yet, the session state stays as it is.
      if (isMfaRequired(res))
        return { mfaRequired: true, challenge: res.challenge, factors: res.factors ?? [], message: res.message }
      generation.current++
      signedIn(res)
      return { mfaRequired: false, user: res.user }
    },
    [signedIn],
  )

  const verifyLogin = useCallback(
    async (challenge: string, code: string, challengeId?: string) => {
      const res = await api.post<LoginResponse>(
        '/api/auth/login/verify',
        challengeId ? { challenge, code, challenge_id: challengeId } : { challenge, code },
        { redirectOnUnauthorized: false },
      )
      generation.current++
      signedIn(res)
      return res.user
    },
    [signedIn],
  )

  const loginWithPasskey = useCallback(
    async (challenge: string, response: unknown) => {
      const res = await api.post<LoginResponse>(
        '/api/auth/passkeys/login',
        { challenge, response },
        { redirectOnUnauthorized: false, renewOnUnauthorized: false },
      )
      generation.current++
      signedIn(res)
      return res.user
    },
    [signedIn],
  )

  const clear = useCallback(() => {
    generation.current++
    refresher.setExp(null)
    apply(null)
  }, [apply, refresher])

  /** Signed out on purpose: no refresh, no hint, guards send to plain /login. */
  const ended = useCallback(() => {
    generation.current++
    sessionHint.set(false)
    refresher.setExp(null)
    apply(null, true)
  }, [apply, refresher])

  const logout = useCallback(async () => {
    try {
      // This device's refresh token (even when the access token has expired), then the access session.
      await api.delete('/api/auth/refresh', { redirectOnUnauthorized: false }).catch(() => {})
      await api.post('/api/auth/logout', undefined, { redirectOnUnauthorized: false })
    } catch (error) {
      // 401: the session was already gone, which is what we wanted.
      if (!(error instanceof ApiError && error.status === 401)) {
        // Spec §4: if signing out fails, refresh the session and trust what the server says.
        const user = await refresh().catch(() => stateRef.current.user)
        if (user) return false
      }
    }
    ended()
    return true
  }, [ended, refresh])

  const logoutAll = useCallback(async () => {
    await api.post('/api/auth/logout-all', undefined, { redirectOnUnauthorized: false, renewOnUnauthorized: true })
    ended()
  }, [ended])

  const value = useMemo<AuthApi>(
    () => ({
      status: state.status,
      user: state.user,
      endedByLogout: state.endedByLogout,
      login,
      verifyLogin,
      loginWithPasskey,
      logout,
      logoutAll,
      refresh,
      revalidate,
      clear,
    }),
    [
      state.status,
      state.user,
      state.endedByLogout,
      login,
      verifyLogin,
      loginWithPasskey,
      logout,
      logoutAll,
      refresh,
      revalidate,
      clear,
    ],
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>')
  return ctx
}

/** "Mario Rossi", or the e-mail when the profile has no name yet. */
export const displayName = (user: Pick<User, 'name' | 'surname' | 'email'>) =>
  [user.name, user.surname].filter(Boolean).join(' ') || user.email
