import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionHint } from '@salon/shared/browserSession'
import { createAuthProvider, createFetchMe, createLogoutAll, createOnEnded } from './auth'
import { createHttpClient, type HttpClient, type HttpMethod } from './http'
import { createSessionCache, type SessionUser } from './session'

const ADMIN: SessionUser = { id: 1, email: 'admin@demo.salon', name: 'Giulia', surname: 'Bianchi', user_role: 'ADMIN' }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  const store = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('http client: 401 → refresh → retry once', () => {
  it('renews the session once and asks again', async () => {
    const answers = [json(401, { errors: [{ message: 'no' }] }), json(200, { docs: [1] })]
    const fetchImpl = vi.fn(async () => answers.shift()!)
    const renew = vi.fn(async () => true)
    const request = createHttpClient(fetchImpl, () => renew)
    expect(await request('GET', '/api/service')).toEqual({ docs: [1] })
    expect(renew).toHaveBeenCalledTimes(1)
    expect(fetchImpl).toHaveBeenCalledTimes(2)
  })

  it('a second 401 is final (no loop); a failed renewal is final without asking again', async () => {
    const fetchImpl = vi.fn(async () => json(401, { errors: [{ message: 'no' }] }))
    const renew = vi.fn(async () => true)
    await expect(createHttpClient(fetchImpl, () => renew)('GET', '/api/x')).rejects.toMatchObject({ statusCode: 401 })
    expect(renew).toHaveBeenCalledTimes(1)
    expect(fetchImpl).toHaveBeenCalledTimes(2)

    fetchImpl.mockClear()
    const refused = vi.fn(async () => false)
    await expect(createHttpClient(fetchImpl, () => refused)('GET', '/api/x')).rejects.toMatchObject({ statusCode: 401 })
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })

  it('does not renew when the call opts out, or for other statuses', async () => {
    const renew = vi.fn(async () => true)
    const unauthorized = createHttpClient(
      async () => json(401, {}),
      () => renew,
    )
    await expect(unauthorized('POST', '/api/auth/logout', { renew: false })).rejects.toMatchObject({ statusCode: 401 })
    const forbidden = createHttpClient(
      async () => json(403, {}),
      () => renew,
    )
    await expect(forbidden('GET', '/api/x')).rejects.toMatchObject({ statusCode: 403 })
    expect(renew).not.toHaveBeenCalled()
  })
})

describe('session: me and the refresher', () => {
  const setup = (me: { user: SessionUser | null; exp?: number }) => {
    const request = vi.fn(async () => me) as unknown as HttpClient
    const refresher = { setExp: vi.fn() }
    const renew = vi.fn(async () => ({ ok: true as const, exp: 2000, user: ADMIN }))
    return { fetchMe: createFetchMe(request, refresher, renew), refresher, renew }
  }

  it('passes the access token expiry from me to the refresher', async () => {
    const s = setup({ user: ADMIN, exp: 1234 })
    expect(await s.fetchMe()).toEqual(ADMIN)
    expect(s.refresher.setExp).toHaveBeenCalledWith(1234)
    expect(s.renew).not.toHaveBeenCalled()
  })

  it('without an access token, a browser that signed in before renews it', async () => {
    sessionHint.set(true)
    const s = setup({ user: null })
    expect(await s.fetchMe()).toEqual(ADMIN)
    expect(s.renew).toHaveBeenCalledTimes(1)
    expect(s.refresher.setExp).toHaveBeenCalledWith(2000)
  })

  it('a visitor (no hint) is not refreshed', async () => {
    const s = setup({ user: null })
    expect(await s.fetchMe()).toBeNull()
    expect(s.renew).not.toHaveBeenCalled()
    expect(s.refresher.setExp).toHaveBeenCalledWith(null)
  })
})

describe('ending the login state', () => {
  const deps = () => {
    const calls: [HttpMethod, string][] = []
    const request = (async (method: HttpMethod, url: string) => {
      calls.push([method, url])
      return {}
    }) as HttpClient
    const session = createSessionCache(async () => ADMIN)
    return { calls, request, session, leave: vi.fn(), path: () => '/dashboard/service', refresher: { setExp: vi.fn() } }
  }

  it('a refresh refused for good sends the admin to login, back here afterwards', () => {
    sessionHint.set(true)
    const d = deps()
    createOnEnded(d)()
    expect(d.leave).toHaveBeenCalledWith('/login?redirectTo=%2Fdashboard%2Fservice&reason=admin')
    expect(sessionHint.get()).toBe(false)
  })

  it('"Esci da tutti i dispositivi" calls logout-all, stops refreshing and goes to login', async () => {
    sessionHint.set(true)
    const d = deps()
    await createLogoutAll(d)()
    expect(d.calls).toEqual([['POST', '/api/auth/logout-all']])
    expect(d.refresher.setExp).toHaveBeenCalledWith(null)
    expect(d.leave).toHaveBeenCalledWith('/login')
    expect(sessionHint.get()).toBe(false)
  })

  it('logout ends the refresh token too and stops refreshing', async () => {
    const d = deps()
    await createAuthProvider(d).logout({})
    expect(d.calls).toEqual([
      ['DELETE', '/api/auth/refresh'],
      ['POST', '/api/auth/logout'],
    ])
    expect(d.refresher.setExp).toHaveBeenCalledWith(null)
  })
})
