/** Staying logged in: short access token, rotating one-year refresh token, revocation (spec §4/§9). */
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BASE_URL, api, sql, unique, waitForMail } from './helpers'

async function customer() {
  const email = `${unique('sess')}@example.com`
  const res = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Sara' } })
  expect(res.status).toBe(201)
  return { email, id: res.body.doc.id as number }
}

const cookieValue = (setCookies: string[], name: string) => {
  const line = setCookies.find((c) => c.startsWith(`${name}=`))
  return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0]!) : undefined
}

interface Device {
  token: string
  exp: number
  refresh: string
  setCookies: string[]
}

async function signIn(email: string, password = 'password123'): Promise<Device> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { token: string; exp: number }
  const setCookies = res.headers.getSetCookie()
  const refresh = cookieValue(setCookies, 'salon-refresh')
  expect(refresh, setCookies.join('\n')).toBeTruthy()
  return { token: body.token, exp: body.exp, refresh: refresh!, setCookies }
}

async function refresh(token: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${BASE_URL}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: `salon-refresh=${token}`, ...headers },
  })
  const body = (await res.json()) as any
  return { status: res.status, body, refresh: cookieValue(res.headers.getSetCookie(), 'salon-refresh') }
}

const meOf = async (token: string) => (await api('GET', '/api/auth/me', { token })).body.user as { id: number } | null
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')

describe('login', () => {
  it('sets a short access token and a one-year HttpOnly refresh cookie on the refresh path, stored only hashed', async () => {
    const { email, id } = await customer()
    const before = Math.floor(Date.now() / 1000)
    const device = await signIn(email)
    // The access token lives 30 minutes (it was 7 days).
    expect(device.exp - before).toBeGreaterThanOrEqual(30 * 60 - 5)
    expect(device.exp - before).toBeLessThanOrEqual(30 * 60 + 5)
    const access = device.setCookies.find((c) => c.startsWith('payload-token='))!
    expect(access).toMatch(/HttpOnly/i)
    const line = device.setCookies.find((c) => c.startsWith('salon-refresh='))!
    expect(line).toMatch(/; Path=\/api\/auth\/refresh(;|$)/)
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/SameSite=Lax/i)
    expect(line).toMatch(/Max-Age=31536000/)
    expect(line).not.toMatch(/Secure/) // SERVER_URL is http:// in the tests

    const me = await api('GET', '/api/auth/me', { token: device.token })
    expect(me.body.user.id).toBe(id)
    expect(me.body.exp).toBe(device.exp)

    const rows = await sql(
      'select token_hash, expires_at, used_at, revoked_at from refresh_sessions where user_id = $1',
      [id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].token_hash).toBe(sha256(device.refresh))
    expect(rows[0].token_hash).not.toContain(device.refresh)
    const days = (new Date(rows[0].expires_at).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThan(366)
    expect(JSON.stringify(await sql('select * from refresh_sessions where user_id = $1', [id]))).not.toContain(
      device.refresh,
    )
  })
})

describe('refresh', () => {
  it('issues a new access token and rotates; the old refresh is refused and its reuse revokes the new one', async () => {
    const { email, id } = await customer()
    const device = await signIn(email)
    await new Promise((r) => setTimeout(r, 1100)) // a JWT issued in another second differs
    const first = await refresh(device.refresh)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.token).toBeTruthy()
    expect(first.body.token).not.toBe(device.token)
    expect(first.body.exp).toBeGreaterThanOrEqual(device.exp)
    expect(first.body.user.id).toBe(id)
    expect(first.body.user.sessions).toBeUndefined()
    expect(first.refresh).toBeTruthy()
    expect(first.refresh).not.toBe(device.refresh)
    expect((await meOf(first.body.token))?.id).toBe(id)

    // The new one works once more…
    const second = await refresh(first.refresh!)
    expect(second.status).toBe(200)
    // …the old one is refused (401, Italian, JSON)…
    const reused = await refresh(device.refresh)
    expect(reused.status).toBe(401)
    expect(reused.body.errors[0].message).toMatch(/sessione è scaduta/)
    // …and its reuse ended the whole family: the newest refresh token and the access token too.
    expect((await refresh(second.refresh!)).status).toBe(401)
    expect(await meOf(second.body.token)).toBeNull()
    const live = await sql(
      'select count(*)::int as n from refresh_sessions where user_id = $1 and revoked_at is null',
      [id],
    )
    expect(live[0].n).toBe(0)
  })

  it("Payload's own /api/users/refresh-token is closed: an access token cannot be extended without the refresh cookie", async () => {
    const { email } = await customer()
    const device = await signIn(email)
    const res = await api('POST', '/api/users/refresh-token', { token: device.token })
    expect(res.status).toBe(404)
    expect(JSON.stringify(res.body)).not.toContain('eyJ')
    // The access token itself still works for its half hour.
    expect((await meOf(device.token))?.id).toBeGreaterThan(0)
  })

  it('refuses a missing, unknown or expired token with 401 and a cross-site request with 403', async () => {
    const missing = await fetch(`${BASE_URL}/api/auth/refresh`, { method: 'POST' })
    expect(missing.status).toBe(401)
    expect(((await missing.json()) as any).errors[0].message).toMatch(/accedi di nuovo/)
    expect((await refresh('not-a-token')).status).toBe(401)

    const { email, id } = await customer()
    const device = await signIn(email)
    // A cross-site request is refused (403, which Payload's error hook turns into 401 for a visitor)
    // and uses nothing up.
    expect([401, 403]).toContain((await refresh(device.refresh, { 'sec-fetch-site': 'cross-site' })).status)
    expect(await sql('select 1 from refresh_sessions where user_id = $1 and used_at is not null', [id])).toEqual([])
    await sql(`update refresh_sessions set expires_at = now() - interval '1 second' where user_id = $1`, [id])
    expect((await refresh(device.refresh)).status).toBe(401)
  })

  it('forgets retired tokens after 30 days: such a token is just unknown, the family goes on', async () => {
    const { email, id } = await customer()
    const device = await signIn(email)
    const second = await refresh(device.refresh)
    expect(second.status).toBe(200)
    await sql(`update refresh_sessions set used_at = now() - interval '31 days' where token_hash = $1`, [
      sha256(device.refresh),
    ])
    const third = await refresh(second.refresh!)
    expect(third.status).toBe(200)
    expect(await sql('select 1 from refresh_sessions where token_hash = $1', [sha256(device.refresh)])).toEqual([])
    expect((await refresh(device.refresh)).status).toBe(401)
    expect((await refresh(third.refresh!)).status).toBe(200)
    const rows = await sql('select count(*)::int as n from refresh_sessions where user_id = $1', [id])
    expect(rows[0].n).toBe(3)
  })

  it('brings back a Payload session that was pruned while the access token was expired', async () => {
    const { email, id } = await customer()
    const device = await signIn(email)
    await sql('delete from users_sessions where _parent_id = $1', [id])
    expect(await meOf(device.token)).toBeNull()
    const next = await refresh(device.refresh)
    expect(next.status).toBe(200)
    expect((await meOf(next.body.token))?.id).toBe(id)
  })
})

describe('ending sessions', () => {
  it('logout ends the refresh family of that device only', async () => {
    const { email, id } = await customer()
    const a = await signIn(email)
    const b = await signIn(email)
    const out = await api('POST', '/api/auth/logout', { token: a.token })
    expect(out.status).toBe(200)
    expect(out.headers.getSetCookie().find((c) => c.startsWith('salon-refresh='))).toMatch(/Max-Age=0/)
    expect((await refresh(a.refresh)).status).toBe(401)
    expect(await meOf(a.token)).toBeNull()
    expect((await meOf(b.token))?.id).toBe(id)
    expect((await refresh(b.refresh)).status).toBe(200)
  })

  it('DELETE /api/auth/refresh ends the family and its access token, even without an access token', async () => {
    const { email } = await customer()
    const device = await signIn(email)
    const res = await fetch(`${BASE_URL}/api/auth/refresh`, {
      method: 'DELETE',
      headers: { cookie: `salon-refresh=${device.refresh}` },
    })
    expect(res.status).toBe(200)
    expect((await refresh(device.refresh)).status).toBe(401)
    expect(await meOf(device.token)).toBeNull()
  })

  it('a password change ends every device; the changing device gets a new login state', async () => {
    const { email, id } = await customer()
    const a = await signIn(email)
    const b = await signIn(email)
    const res = await fetch(`${BASE_URL}/api/auth/change_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${a.token}` },
      body: JSON.stringify({ oldPassword: 'password123', password: 'nuova-password-9' }),
    })
    expect(res.status).toBe(200)
    const fresh = cookieValue(res.headers.getSetCookie(), 'salon-refresh')
    expect(fresh).toBeTruthy()
    expect((await refresh(a.refresh)).status).toBe(401)
    expect((await refresh(b.refresh)).status).toBe(401)
    expect(await meOf(b.token)).toBeNull()
    const next = await refresh(fresh!)
    expect(next.status).toBe(200)
    expect((await meOf(next.body.token))?.id).toBe(id)
  })

  it('a password recovery ends every device', async () => {
    const { email } = await customer()
    const device = await signIn(email)
    const since = Date.now()
    await api('POST', '/api/auth/password_recovery', { body: { email } })
    const mail = await waitForMail(email, /reimposta la password/, since)
    const token = /\/password-recovery\/([A-Za-z0-9_-]+)\//.exec(mail.body)![1]!
    const changed = await api('POST', '/api/auth/change_password', {
      body: { token, email, password: 'altra-password-7' },
    })
    expect(changed.status).toBe(200)
    expect((await refresh(device.refresh)).status).toBe(401)
  })

  it('"esci da tutti i dispositivi" ends every refresh token and every access token of the user', async () => {
    const { email, id } = await customer()
    const other = await customer()
    const a = await signIn(email)
    const b = await signIn(email)
    const bystander = await signIn(other.email)
    const res = await api('POST', '/api/auth/logout-all', { token: a.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/tutti i dispositivi/)
    expect(await meOf(a.token)).toBeNull()
    expect(await meOf(b.token)).toBeNull()
    expect((await refresh(a.refresh)).status).toBe(401)
    expect((await refresh(b.refresh)).status).toBe(401)
    expect(await sql('select 1 from users_sessions where _parent_id = $1', [id])).toEqual([])
    // Another user is not touched.
    expect((await meOf(bystander.token))?.id).toBe(other.id)
    expect((await refresh(bystander.refresh)).status).toBe(200)
    // A visitor cannot call it.
    expect((await api('POST', '/api/auth/logout-all', { token: null })).status).toBe(401)
  })
})
