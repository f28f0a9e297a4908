import type { AuthProvider } from '@refinedev/core'
import { createHttpClient, type HttpClient } from './http'
import { currentPath, HOME_PATH, leaveApp, loginPath, publicUrl } from './navigation'
import { statusOf } from './payload-errors'
import { accessDecision, createSessionCache, displayName, type MeAnswer, type SessionCache } from './session'

/**
 * The dashboard has no login screen of its own: signing in happens on the public site's /login
 * (same origin, same HttpOnly cookie), and every way out of the dashboard is a full page load.
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
}

export function createAuthProvider({ request, session, leave, path }: AuthDeps): AuthProvider {
  const targets = () => ({ login: publicUrl(loginPath(path(), 'admin')), home: publicUrl(HOME_PATH) })

  return {
    // Never called by the dashboard itself; kept so any Refine login hook lands on the real login page.
    login: async () => {
      leave(publicUrl(loginPath(path(), 'admin')))
      return { success: true }
    },

    logout: async () => {
      try {
        await request('POST', '/api/auth/logout')
      } catch (error) {
        // 401: the session was already gone, which is what logging out wants.
        if (statusOf(error) !== 401) return { success: false, error: error as Error }
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
        // Neither "in" nor "out": the guard shows the error instead of redirecting (spec §8).
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

export const request = createHttpClient()

/** One session for the auth and access-control providers. */
export const session = createSessionCache(async () => {
  try {
    const answer = await request<MeAnswer>('GET', '/api/auth/me')
    return answer?.user ?? null
  } catch (error) {
    if (statusOf(error) === 401) return null
    throw error
  }
})

export const authProvider = createAuthProvider({ request, session, leave: leaveApp, path: currentPath })
