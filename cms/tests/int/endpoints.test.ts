/** Auth, health, counts and upload endpoints of spec §7, with the outcomes a client relies on. */
import { describe, expect, it } from 'vitest'
import { BASE_URL, PNG_8x8, api, login, sql, unique, uploadForm } from './helpers'

describe('health', () => {
  it('reports app and database', async () => {
    const res = await api('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'ok', app: { status: 'ok' }, database: { status: 'ok' } })
  })
})

describe('auth', () => {
  it('logs in each demo account, sets an HttpOnly SameSite=Lax cookie, and me returns the user', async () => {
    for (const [email, role] of [
      ['admin@demo.salon', 'ADMIN'],
      ['operatore@demo.salon', 'OPERATOR'],
      ['cliente@demo.salon', 'USER'],
    ]) {
      const res = await fetch(`${BASE_URL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo1234' }),
      })
      expect(res.status).toBe(200)
      const cookie = res.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/payload-token=/)
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      const body = await res.json()
      expect(body.user).toMatchObject({ email, user_role: role })
      // As a browser sends it from our own pages.
      const me = await fetch(`${BASE_URL}/api/auth/me`, {
        headers: { cookie: cookie.split(';')[0]!, 'sec-fetch-site': 'same-origin' },
      })
      expect((await me.json()).user).toMatchObject({ email, user_role: role })
      const sameOrigin = await fetch(`${BASE_URL}/api/auth/me`, {
        headers: { cookie: cookie.split(';')[0]!, origin: BASE_URL },
      })
      expect((await sameOrigin.json()).user).toMatchObject({ email })
      // A cross-site page cannot ride on the cookie (CSRF).
      const crossSite = await fetch(`${BASE_URL}/api/auth/me`, {
        headers: { cookie: cookie.split(';')[0]!, origin: 'https://evil.example' },
      })
      expect((await crossSite.json()).user).toBeNull()
    }
  })

  it('wrong password → 401; missing fields → 400 naming them', async () => {
    const wrong = await api('POST', '/api/auth/login', { body: { email: 'cliente@demo.salon', password: 'nope-nope' } })
    expect(wrong.status).toBe(401)
    const missing = await api('POST', '/api/auth/login', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].data.errors.map((e: any) => e.path).sort()).toEqual(['email', 'password'])
  })

  it('me is { user: null } for a visitor', async () => {
    const res = await api('GET', '/api/auth/me')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ user: null })
  })

  it('PUT /api/auth/me updates the own profile', async () => {
    const email = `${unique('me')}@example.com`
    await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Lia' } })
    const token = await login(email, 'password123')
    const res = await api('PUT', '/api/auth/me', {
      token,
      body: { surname: 'Verdi', phone_number: '+39 333 000 1111' },
    })
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      email,
      surname: 'Verdi',
      phone_number: '+39 333 000 1111',
      user_role: 'USER',
    })
  })

  it('logout ends the session: the old token no longer works', async () => {
    const email = `${unique('out')}@example.com`
    await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Ugo' } })
    const token = await login(email, 'password123')
    expect((await api('GET', '/api/auth/me', { token })).body.user.email).toBe(email)
    const out = await api('POST', '/api/auth/logout', { token })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/payload-token=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i)
    expect((await api('GET', '/api/auth/me', { token })).body.user).toBeNull()
  })
})

describe('counts (admin)', () => {
  it('users/count counts users created in the period, optionally by role', async () => {
    await sql(
      `insert into users (name, email, user_role, created_at, updated_at) values
      ('Old1', $1, 'USER', '2020-03-10T10:00:00Z', now()),
      ('Old2', $2, 'USER', '2020-03-20T10:00:00Z', now()),
      ('Old3', $3, 'OPERATOR', '2020-02-15T10:00:00Z', now()),
      ('Old4', $4, 'USER', '2020-01-31T10:00:00Z', now())`,
      [`${unique('c')}@x.it`, `${unique('c')}@x.it`, `${unique('c')}@x.it`, `${unique('c')}@x.it`],
    )
    const march = await api('GET', '/api/users/count?from=2020-03-01&to=2020-03-31', { as: 'ADMIN' })
    expect(march.body).toEqual({ count: 2 })
    const ops = await api('GET', '/api/users/count?from=2020-01-01&to=2020-12-31&role=OPERATOR', { as: 'ADMIN' })
    expect(ops.body).toEqual({ count: 1 })
    const all = await api('GET', '/api/users/count', { as: 'ADMIN' })
    const [row] = await sql('select count(*)::int as n from users')
    expect(all.body.count).toBe(row.n)
  })

  it('users/countCompare compares March with the calendar month of February, difference and percentage', async () => {
    const res = await api('GET', '/api/users/countCompare?from=2020-03-01&to=2020-03-31', { as: 'ADMIN' })
    expect(res.status).toBe(200)
    expect(res.body.current.count).toBe(2)
    // 1–29 February 2020 (local): Old3 only — not Old4, created on 31 January, which a
    // "previous 31 days" window would count.
    expect(res.body.previous.count).toBe(1)
    expect(res.body.difference).toBe(1)
    expect(res.body.percentage).toBe(100)
    expect(res.body.current.from).toBe('2020-02-29T23:00:00.000Z')
    expect(res.body.previous).toMatchObject({ from: '2020-01-31T23:00:00.000Z', to: '2020-02-29T23:00:00.000Z' })
  })

  it('category/count', async () => {
    const res = await api('GET', '/api/category/count', { as: 'ADMIN' })
    const [row] = await sql('select count(*)::int as n from category')
    expect(res.body).toEqual({ count: row.n })
  })
})

describe('uploads', () => {
  it('upsert creates, then replaces by name; the image sizes are webp; delete by name', async () => {
    const name = unique('foto')
    const first = await api('PATCH', '/api/upload/upsert', {
      as: 'ADMIN',
      rawBody: uploadForm({ name, label: 'HOME_CAROUSEL' }, { name: 'a.png', data: PNG_8x8, type: 'image/png' }),
    })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.created).toBe(true)
    expect(first.body.doc).toMatchObject({ name, label: 'HOME_CAROUSEL', mimetype: 'image/png' })
    expect(first.body.doc.sizes.x1.mimeType).toBe('image/webp')
    expect(first.body.doc.imageUrl).toMatch(/\.webp$/)

    const second = await api('PATCH', '/api/upload/upsert', {
      as: 'ADMIN',
      rawBody: uploadForm({ name, label: 'IMAGES', alt: 'Nuova' }, { name: 'b.png', data: PNG_8x8, type: 'image/png' }),
    })
    expect(second.status).toBe(200)
    expect(second.body.created).toBe(false)
    expect(second.body.doc.id).toBe(first.body.doc.id)
    expect(second.body.doc).toMatchObject({ label: 'IMAGES', alt: 'Nuova' })
    expect((await sql('select count(*)::int as n from upload where name = $1', [name]))[0].n).toBe(1)

    const file = await fetch(`${BASE_URL}${second.body.doc.imageUrl}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/image\/webp/)

    const del = await api('DELETE', `/api/upload/by-name/${encodeURIComponent(name)}`, { as: 'ADMIN' })
    expect(del.status).toBe(200)
    expect((await sql('select count(*)::int as n from upload where name = $1', [name]))[0].n).toBe(0)
    expect((await api('DELETE', `/api/upload/by-name/${encodeURIComponent(name)}`, { as: 'ADMIN' })).status).toBe(404)
  })

  it('upsert of a new name without a file → 400 naming file; without a name → 400 naming name', async () => {
    const noFile = await api('PATCH', '/api/upload/upsert', { as: 'ADMIN', rawBody: uploadForm({ name: unique('x') }) })
    expect(noFile.status).toBe(400)
    expect(noFile.body.errors[0].data.errors[0].path).toBe('file')
    const noName = await api('PATCH', '/api/upload/upsert', {
      as: 'ADMIN',
      rawBody: uploadForm({}, { name: 'a.png', data: PNG_8x8, type: 'image/png' }),
    })
    expect(noName.status).toBe(400)
    expect(noName.body.errors[0].data.errors[0].path).toBe('name')
  })
})

describe('upload hardening', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="8" height="8"/></svg>',
  )
  it.each([
    ['an SVG', svg, 'image/svg+xml', 'x.svg'],
    ['an SVG disguised as a PNG', svg, 'image/png', 'x.png'],
    ['a text file disguised as a JPEG', Buffer.from('just text, not an image at all'), 'image/jpeg', 'x.jpg'],
  ])('refuses %s', async (_name, data, type, filename) => {
    const before = (await sql('select count(*)::int as n from upload'))[0].n
    const res = await api('POST', '/api/upload', {
      as: 'ADMIN',
      rawBody: uploadForm({ name: unique('bad') }, { name: filename, data, type }),
    })
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect((await sql('select count(*)::int as n from upload'))[0].n).toBe(before)
  })

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([PNG_8x8, Buffer.alloc(11 * 1024 * 1024)])
    const res = await api('POST', '/api/upload', {
      as: 'ADMIN',
      rawBody: uploadForm({ name: unique('big') }, { name: 'big.png', data: big, type: 'image/png' }),
    })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })
})

describe('security headers', () => {
  it('pages and API answers carry CSP (no framing), nosniff and a referrer policy; no HSTS over plain http', async () => {
    for (const path of ['/', '/dashboard', '/api/health']) {
      const res = await fetch(`${BASE_URL}${path}`)
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('strict-transport-security')).toBeNull()
      await res.arrayBuffer()
    }
    const tls = await fetch(`${BASE_URL}/`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    await tls.arrayBuffer()
  })

  it('the availability fast path (its headers written at once) carries the same headers, a Content-Length, and HSTS only over https', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const [{ id }] = await sql(`select id from services where active order by id limit 1`)
    const paths = [
      `/api/reservations/time-availability-day?date=${day}&services=${id}`,
      `/api/reservations/time-availability-day?date=31-12-2026&services=${id}`, // 400: the error goes the same way
    ]
    for (const [i, path] of paths.entries()) {
      for (const https of [false, true]) {
        const res = await fetch(`${BASE_URL}${path}`, { headers: https ? { 'x-forwarded-proto': 'https' } : {} })
        const text = await res.text()
        expect(res.status).toBe(i === 0 ? 200 : 400)
        expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
        expect(res.headers.get('x-frame-options')).toBe('DENY')
        expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/)
        expect(res.headers.get('content-type')).toBe('application/json')
        expect(res.headers.get('cache-control')).toBe('no-store')
        expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text))
        expect(res.headers.get('transfer-encoding')).toBeNull()
        expect(res.headers.get('strict-transport-security') !== null).toBe(https)
        const body = JSON.parse(text)
        if (i === 0) expect(Array.isArray(body.slots)).toBe(true)
        else expect(JSON.stringify(body)).toMatch(/date/)
      }
    }
  })
})
