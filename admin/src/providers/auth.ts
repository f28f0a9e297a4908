import { showNotification } from '@mantine/notifications'
import { TOASTS } from '@salon/shared/constants'
import type { AuthProvider } from '@refinedev/core'
import type { Refresher } from '@salon/shared/auth/refresher'
import { browserRefresher, callRefresh, sessionHint } from '@salon/shared/browserSession'
import { createHttpClient, setSessionRenewer, type HttpClient } from './http'
import { currentPath, HOME_PATH, leaveApp, loginPath, publicUrl } from './navigation'
import { statusOf } from './http-error'
import {
  accessDecision,
  createSessionCache,
  displayName,
  type MeAnswer,
  type SessionCache,
  type SessionUser,
} from './session'

/**
 * The dashboard has no login screen of its own: signing in happens on the public site's /login
 * (same origin, same HttpOnly cookie), and every way out of the dashboard is a full page load.
 *
 * Staying logged in: the access cookie lives 30 minutes; the refresher renews it through
 * `POST /api/auth/refresh` when close to expiry and the page is visible (and once on a 401, see
 * http.ts). A refresh refused for good (401) sends the admin to login.
 */

export interface AdminIdentity {
  id: number | string
  /** "Nome Cognome" (what Refine's layouts show). */
  name: string
  firstName: string
  surname: string
  email: string
}

export interface AuthDeps {
  request: HttpClient
  session: SessionCache
  leave: (url: string) => void
  path: () => string
  /** Told when the login state ends on purpose (no more refreshes). */
  refresher?: Pick<Refresher, 'setExp'>
  /** Spec §9: a refresh of the signed-in user that fails shows a toast (the admin stays in). */
  onRefreshFailed?: () => void
}

/** Spec §9's toast for a failed refresh of the user, verbatim. */
export const USER_REFRESH_FAILED = { title: 'Error', message: 'An error occurred while trying to fetch user data' }

/** Ends this device's login: its refresh token (even with an expired access token), then the access session. */
async function endLogin(request: HttpClient, refresher: AuthDeps['refresher']) {
  await request('DELETE', '/api/auth/refresh', { renew: false }).catch(() => {})
  await request('POST', '/api/auth/logout', { renew: false })
  sessionHint.set(false)
  refresher?.setExp(null)
}

/** "Esci da tutti i dispositivi": every session of the admin ends; then to the login page. */
export function createLogoutAll({ request, session, leave, refresher }: AuthDeps) {
  return async () => {
    await request('POST', '/api/auth/logout-all')
    sessionHint.set(false)
    refresher?.setExp(null)
    session.clear()
    leave(publicUrl(loginPath()))
  }
}

export function createAuthProvider({
  request,
  session,
  leave,
  path,
  refresher,
  onRefreshFailed,
}: AuthDeps): AuthProvider {
  const targets = () => ({ login: publicUrl(loginPath(path(), 'admin')), home: publicUrl(HOME_PATH) })

  return {
    // Never called by the dashboard itself; kept so any Refine login hook lands on the real login page.
    login: async () => {
      leave(publicUrl(loginPath(path(), 'admin')))
      return { success: true }
    },

    logout: async () => {
      try {
        await endLogin(request, refresher)
      } catch (error) {
        // 401: the session was already gone, which is what logging out wants. Otherwise (spec §9,
        // as the public site): refresh the session and trust what the server says.
        if (statusOf(error) !== 401) {
          const user = await session.get({ force: true }).catch(() => 'unknown' as const)
          if (user) return { success: false, error: error as Error }
        }
      }
      session.clear()
      leave(publicUrl(loginPath()))
      // No redirectTo: the full page load above is the navigation.
      return { success: true }
    },

    check: async () => {
      try {
        return accessDecision(await session.get(), targets())
      } catch (error) {
        // A refresh failed while the admin was already in: they stay, with spec §9's toast.
        const known = session.last()
        if (known) {
          onRefreshFailed?.()
          return accessDecision(known, targets())
        }
        // Never known (the first load): neither "in" nor "out" — the guard shows the error (spec §8).
        return {
          authenticated: false,
          error: {
            name: 'Error',
            message: 'An error occurred while trying to fetch user data',
            statusCode: statusOf(error) ?? 0,
          },
        }
      }
    },

    onError: async (error) => {
      // Spec §2: any API call answering 401 sends the visitor to login, back here afterwards.
      if (statusOf(error) === 401) {
        session.clear()
        leave(targets().login)
      }
      return {}
    },

    getIdentity: async (): Promise<AdminIdentity | null> => {
      const user = await session.get()
      if (!user) return null
      return {
        id: user.id,
        name: displayName(user),
        firstName: user.name ?? '',
        surname: user.surname ?? '',
        email: user.email,
      }
    },

    getPermissions: async () => (await session.get())?.user_role ?? null,
  }
}

/**
 * `GET /api/auth/me`, and the access token's expiry for the refresher. Without an access token
 * (it lives 30 minutes) a browser that signed in before renews it first.
 */
export function createFetchMe(
  request: HttpClient,
  refresher: Pick<Refresher, 'setExp'>,
  renew: () => Promise<{ ok: true; exp: number; user: SessionUser | null } | { ok: false }>,
) {
  return async (): Promise<SessionUser | null> => {
    let answer: MeAnswer | undefined
    try {
      answer = await request<MeAnswer>('GET', '/api/auth/me', { renew: false })
    } catch (error) {
      if (statusOf(error) !== 401) throw error
    }
    if (answer?.user) {
      refresher.setExp(answer.exp)
      return answer.user
    }
    if (sessionHint.get()) {
      const renewed = await renew()
      if (renewed.ok && renewed.user) {
        refresher.setExp(renewed.exp)
        return renewed.user
      }
    }
    refresher.setExp(null)
    return null
  }
}

export const request = createHttpClient()

/** A refresh refused for good: forget the admin and go to login, back here afterwards. */
export const createOnEnded =
  ({ session, leave, path }: Pick<AuthDeps, 'session' | 'leave' | 'path'>) =>
  () => {
    sessionHint.set(false)
    session.clear()
    leave(publicUrl(loginPath(path(), 'admin')))
  }

/** The refresher of this page. */
const refresher = browserRefresher(
  () => callRefresh<SessionUser>(),
  () => createOnEnded({ session, leave: leaveApp, path: currentPath })(),
)

/** One session for the auth and access-control providers. */
export const session = createSessionCache(createFetchMe(request, refresher, () => callRefresh<SessionUser>()))

if (typeof document !== 'undefined') {
  refresher.start()
  setSessionRenewer(() => refresher.refresh())
}

const deps: AuthDeps = {
  request,
  session,
  leave: leaveApp,
  path: currentPath,
  refresher,
  onRefreshFailed: () =>
    showNotification({ ...USER_REFRESH_FAILED, color: 'red', id: 'user-refresh-failed', autoClose: TOASTS.durationMs }),
}
export const authProvider = createAuthProvider(deps)
export const logoutAll = createLogoutAll(deps)
