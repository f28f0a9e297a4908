import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, setUnauthorizedHandler } from './api'
import { AuthProvider, useAuth } from './auth'
import { ToastProvider } from './toast'

/**
 * Staying logged in (spec §4 "Auth session"): the access token is refreshed when close to expiry,
 * only while the page is visible; a refresh refused for good logs out; an API 401 renews once and
 * asks again once.
 */

const USER = { id: 7, email: 'rita@example.com', name: 'Rita', user_role: 'USER' }
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0)
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let visibility: DocumentVisibilityState = 'visible'
let calls: string[] = []
let routes: Record<string, (() => Response)[]> = {}

/** Answers by "METHOD path", in order; the last answer repeats. */
function answer(key: string, ...responses: (() => Response)[]) {
  routes[key] = responses
}

function Probe() {
  const { status, user } = useAuth()
  return <p data-testid="status">{status === 'authenticated' ? `in:${user?.email}` : status}</p>
}

async function mount() {
  render(
    <ToastProvider>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </ToastProvider>,
  )
  await flush()
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)))
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))
const setVisible = async (state: DocumentVisibilityState) => {
  visibility = state
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
  })
}
const refreshCalls = () => calls.filter((c) => c === 'POST /api/auth/refresh').length
const status = () => screen.getByTestId('status').textContent
const exp = (fromNowMs: number) => Math.floor((Date.now() + fromNowMs) / 1000)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(T0)
  visibility = 'visible'
  calls = []
  routes = {}
  localStorage.clear()
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`
      calls.push(key)
      const list = routes[key]
      if (!list?.length) return json(404, { errors: [{ message: 'Not Found' }] })
      return (list.length > 1 ? list.shift()! : list[0]!)()
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('AuthProvider: refreshing the access token', () => {
  it('refreshes only when close to expiry and the page is visible; a hidden page waits for visibilitychange', async () => {
    answer('GET /api/auth/me', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    answer('POST /api/auth/refresh', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    await mount()
    expect(status()).toBe('in:rita@example.com')

    // 24 minutes in: far from expiry, nothing happens.
    await advance(24 * 60_000)
    expect(refreshCalls()).toBe(0)

    // Hidden from then on: the due time passes without a refresh.
    await setVisible('hidden')
    await advance(10 * 60_000)
    expect(refreshCalls()).toBe(0)

    // Visible again and due: one refresh, at once.
    await setVisible('visible')
    expect(refreshCalls()).toBe(1)
    expect(status()).toBe('in:rita@example.com')

    // Visible and not due (the new token has 30 minutes): no refresh on visibilitychange.
    await setVisible('hidden')
    await setVisible('visible')
    expect(refreshCalls()).toBe(1)
  })

  it('a refresh refused for good (401) logs out', async () => {
    answer('GET /api/auth/me', () => json(200, { user: USER, exp: exp(60_000) }))
    answer('POST /api/auth/refresh', () =>
      json(401, { errors: [{ message: 'La sessione è scaduta: accedi di nuovo.' }] }),
    )
    await mount()
    await flush()
    expect(refreshCalls()).toBe(1)
    expect(status()).toBe('anonymous')
  })

  it('a passing failure (500) keeps the user and tries again later', async () => {
    answer('GET /api/auth/me', () => json(200, { user: USER, exp: exp(60_000) }))
    answer(
      'POST /api/auth/refresh',
      () => json(500, {}),
      () => json(200, { user: USER, exp: exp(30 * 60_000) }),
    )
    await mount()
    await flush()
    expect(refreshCalls()).toBe(1)
    expect(status()).toBe('in:rita@example.com')
    await advance(30_000)
    expect(refreshCalls()).toBe(2)
    expect(status()).toBe('in:rita@example.com')
  })

  it('on opening the site without an access token, a browser that signed in before is refreshed; a visitor is not', async () => {
    answer('GET /api/auth/me', () => json(200, { user: null }))
    answer('POST /api/auth/refresh', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    await mount()
    expect(status()).toBe('anonymous')
    expect(refreshCalls()).toBe(0)
  })

  it('signed in before: the refresh brings the user back', async () => {
    localStorage.setItem('salon.session', '1')
    answer('GET /api/auth/me', () => json(200, { user: null }))
    answer('POST /api/auth/refresh', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    await mount()
    expect(refreshCalls()).toBe(1)
    expect(status()).toBe('in:rita@example.com')
  })
})

describe('api: 401 → refresh → retry once', () => {
  it('renews the session and asks again', async () => {
    answer('GET /api/auth/me', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    answer('POST /api/auth/refresh', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    answer(
      'GET /api/reservations/mine',
      () => json(401, { errors: [{ message: 'Devi accedere per continuare.' }] }),
      () => json(200, { docs: [1] }),
    )
    await mount()
    let result: unknown
    await act(async () => {
      result = await api.get('/api/reservations/mine')
    })
    expect(result).toEqual({ docs: [1] })
    expect(calls.slice(1)).toEqual([
      'GET /api/reservations/mine',
      'POST /api/auth/refresh',
      'GET /api/reservations/mine',
    ])
  })

  it('only once: a second 401 goes to login, and a refused refresh logs out', async () => {
    const lost = vi.fn()
    const unset = setUnauthorizedHandler(lost)
    answer('GET /api/auth/me', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    answer('POST /api/auth/refresh', () => json(200, { user: USER, exp: exp(30 * 60_000) }))
    answer('GET /api/reservations/mine', () => json(401, { errors: [{ message: 'Devi accedere per continuare.' }] }))
    await mount()
    await act(async () => {
      await expect(api.get('/api/reservations/mine')).rejects.toMatchObject({ status: 401 })
    })
    expect(refreshCalls()).toBe(1)
    expect(calls.filter((c) => c === 'GET /api/reservations/mine')).toHaveLength(2)
    expect(lost).toHaveBeenCalledTimes(1)

    answer('POST /api/auth/refresh', () =>
      json(401, { errors: [{ message: 'La sessione è scaduta: accedi di nuovo.' }] }),
    )
    await act(async () => {
      await expect(api.get('/api/reservations/mine')).rejects.toMatchObject({ status: 401 })
    })
    expect(calls.filter((c) => c === 'GET /api/reservations/mine')).toHaveLength(3)
    expect(status()).toBe('anonymous')
    unset()
  })
})
