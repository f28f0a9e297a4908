import type { HttpError } from '@refinedev/core'
import { describe, expect, it, vi } from 'vitest'
import { createAuthProvider } from './auth'
import type { HttpClient, HttpMethod } from './http'
import { createSessionCache, type SessionUser } from './session'

const ADMIN: SessionUser = { id: 1, email: 'admin@demo.salon', name: 'Giulia', surname: 'Bianchi', user_role: 'ADMIN' }
const PATH = '/dashboard/service?currentPage=2'
const LOGIN = '/login?redirectTo=%2Fdashboard%2Fservice%3FcurrentPage%3D2&reason=admin'

function setup({ me = ADMIN as SessionUser | null | Error, logout = 'ok' as 'ok' | number } = {}) {
  const calls: [HttpMethod, string][] = []
  const request = (async (method: HttpMethod, url: string) => {
    calls.push([method, url])
    if (url === '/api/auth/logout' && logout !== 'ok') {
      const refused: HttpError = { statusCode: logout, message: 'nope' }
      throw refused
    }
    return {}
  }) as HttpClient
  const fetchMe = vi.fn(async () => {
    if (me instanceof Error) throw Object.assign(me, { statusCode: 500 })
    return me
  })
  const session = createSessionCache(fetchMe)
  const leave = vi.fn()
  const auth = createAuthProvider({ request, session, leave, path: () => PATH })
  return { auth, calls, leave, fetchMe }
}

describe('authProvider.check', () => {
  it('authenticates an ADMIN', async () => {
    expect(await setup().auth.check()).toEqual({ authenticated: true })
  })

  it('sends a visitor to the public login with redirectTo and reason=admin', async () => {
    expect(await setup({ me: null }).auth.check()).toMatchObject({ authenticated: false, redirectTo: LOGIN })
  })

  it('sends a signed-in customer or operator to the index page', async () => {
    const { auth } = setup({ me: { ...ADMIN, user_role: 'OPERATOR' } })
    expect(await auth.check()).toMatchObject({ authenticated: false, redirectTo: '/' })
  })

  it('a failed refresh once the admin is in: stays in, with spec §9 toast', async () => {
    const onRefreshFailed = vi.fn()
    let fail = false
    const fetchMe = vi.fn(async () => {
      if (fail) throw Object.assign(new Error('down'), { statusCode: 503 })
      return ADMIN
    })
    let t = 0
    const session = createSessionCache(fetchMe, { now: () => t })
    const auth = createAuthProvider({
      request: (async () => ({})) as HttpClient,
      session,
      leave: vi.fn(),
      path: () => PATH,
      onRefreshFailed,
    })
    expect(await auth.check()).toEqual({ authenticated: true })
    fail = true
    t += 10 * 60_000 // past the 5-minute cache: the next check asks the server again
    expect(await auth.check()).toEqual({ authenticated: true })
    expect(fetchMe).toHaveBeenCalledTimes(2)
    expect(onRefreshFailed).toHaveBeenCalledTimes(1)
  })

  it('does not call an API failure "logged out": no redirect, spec §8 message', async () => {
    const result = await setup({ me: new Error('down') }).auth.check()
    expect(result.authenticated).toBe(false)
    expect(result.redirectTo).toBeUndefined()
    expect(result.error?.message).toBe('An error occurred while trying to fetch user data')
  })
})

describe('authProvider.logout', () => {
  it('POSTs /api/auth/logout, forgets the user and goes to /login with a full page load', async () => {
    const { auth, calls, leave, fetchMe } = setup()
    await auth.check()
    const result = await auth.logout({})
    // This device's refresh token first (it works even with an expired access token), then the access session.
    expect(calls).toEqual([
      ['DELETE', '/api/auth/refresh'],
      ['POST', '/api/auth/logout'],
    ])
    expect(leave).toHaveBeenCalledWith('/login')
    expect(result).toEqual({ success: true })
    await auth.check()
    expect(fetchMe).toHaveBeenCalledTimes(2)
  })

  it('treats an already expired session (401) as logged out', async () => {
    const { auth, leave } = setup({ logout: 401 })
    expect(await auth.logout({})).toEqual({ success: true })
    expect(leave).toHaveBeenCalledWith('/login')
  })

  it('a failed sign-out refreshes the session: still signed in → reports it and stays', async () => {
    const { auth, leave, fetchMe } = setup({ logout: 500 })
    await auth.check()
    expect(await auth.logout({})).toMatchObject({ success: false, error: { statusCode: 500 } })
    expect(fetchMe).toHaveBeenCalledTimes(2) // asked the server again instead of trusting the cache
    expect(leave).not.toHaveBeenCalled()
  })

  it('a failed sign-out refreshes the session: the server says nobody → logged out, to login', async () => {
    const { auth, leave, fetchMe } = setup({ logout: 500 })
    await auth.check()
    fetchMe.mockResolvedValue(null)
    expect(await auth.logout({})).toEqual({ success: true })
    expect(leave).toHaveBeenCalledWith('/login')
  })

  it('a failed sign-out and an unreachable server: stays, reports it', async () => {
    const { auth, leave, fetchMe } = setup({ logout: 500 })
    fetchMe.mockRejectedValue(Object.assign(new Error('down'), { statusCode: 0 }))
    expect(await auth.logout({})).toMatchObject({ success: false })
    expect(leave).not.toHaveBeenCalled()
  })
})

describe('authProvider.onError', () => {
  it('on 401 goes to login carrying the current path', async () => {
    const { auth, leave } = setup()
    expect(await auth.onError({ statusCode: 401, message: 'Unauthorized' })).toEqual({})
    expect(leave).toHaveBeenCalledWith(LOGIN)
  })

  it('leaves other errors to the notifications', async () => {
    const { auth, leave } = setup()
    expect(await auth.onError({ statusCode: 409, message: 'Conflict' })).toEqual({})
    expect(await auth.onError({ statusCode: 403, message: 'Forbidden' })).toEqual({})
    expect(leave).not.toHaveBeenCalled()
  })
})

describe('authProvider.getIdentity / getPermissions', () => {
  it('returns the admin from /api/auth/me', async () => {
    const { auth } = setup()
    expect(await auth.getIdentity!()).toEqual({
      id: 1,
      name: 'Giulia Bianchi',
      firstName: 'Giulia',
      surname: 'Bianchi',
      email: 'admin@demo.salon',
    })
    expect(await auth.getPermissions!()).toBe('ADMIN')
  })

  it('returns null for a visitor', async () => {
    expect(await setup({ me: null }).auth.getIdentity!()).toBeNull()
  })
})
