/** Role escalation through every path, and who may call the custom endpoints. */
import { beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, api, login, sql, unique } from './helpers'

const roleOf = async (email: string) =>
  (await sql('select user_role from users where email = $1', [email]))[0]?.user_role

describe('registration', () => {
  it('a visitor registering as ADMIN becomes a USER', async () => {
    const email = `${unique('reg')}@example.com`
    const res = await api('POST', '/api/users', {
      body: { email, password: 'password123', name: 'Mario', user_role: 'ADMIN' },
    })
    expect(res.status).toBe(201)
    expect(res.body.doc.user_role).toBe('USER')
    expect(await roleOf(email)).toBe('USER')
  })

  it('a visitor registering as OPERATOR becomes a USER', async () => {
    const email = `${unique('reg')}@example.com`
    const res = await api('POST', '/api/users', {
      body: { email, password: 'password123', name: 'Mario', user_role: 'OPERATOR' },
    })
    expect(res.status).toBe(201)
    expect(await roleOf(email)).toBe('USER')
  })

  it('a logged-in customer cannot create accounts', async () => {
    const email = `${unique('reg')}@example.com`
    const res = await api('POST', '/api/users', {
      as: 'USER',
      body: { email, password: 'password123', name: 'X', user_role: 'ADMIN' },
    })
    expect(res.status).toBe(403)
    expect(await roleOf(email)).toBeUndefined()
  })

  it('an admin creates an OPERATOR account', async () => {
    const email = `${unique('staff')}@example.com`
    const res = await api('POST', '/api/users', {
      as: 'ADMIN',
      body: { email, password: 'password123', name: 'Staff', user_role: 'OPERATOR' },
    })
    expect(res.status).toBe(201)
    expect(await roleOf(email)).toBe('OPERATOR')
  })
})

describe('no role escalation on update', () => {
  let email: string
  let id: number
  let token: string
  beforeAll(async () => {
    email = `${unique('esc')}@example.com`
    const res = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Eva' } })
    id = res.body.doc.id
    token = await login(email, 'password123')
  })

  it.each(['PATCH', 'PUT'])('%s /api/users/:self with user_role leaves the role alone', async (method) => {
    const res = await api(method, `/api/users/${id}`, { token, body: { user_role: 'ADMIN', name: 'Eva' } })
    expect(res.status).toBe(200)
    expect(res.body.doc.user_role).toBe('USER')
    expect(await roleOf(email)).toBe('USER')
  })

  it('PUT /api/auth/me with user_role is refused and changes nothing', async () => {
    const res = await api('PUT', '/api/auth/me', { token, body: { user_role: 'ADMIN', name: 'Evita' } })
    expect(res.status).toBe(403)
    const [row] = await sql('select user_role, name from users where id = $1', [id])
    expect(row).toEqual({ user_role: 'USER', name: 'Eva' })
  })

  it('an OPERATOR cannot make themselves ADMIN either', async () => {
    const [op] = await sql(`select id from users where email = 'operatore@demo.salon'`)
    const res = await api('PATCH', `/api/users/${op.id}`, { as: 'OPERATOR', body: { user_role: 'ADMIN' } })
    expect(res.status).toBe(200)
    expect(await roleOf('operatore@demo.salon')).toBe('OPERATOR')
    expect((await api('PUT', '/api/auth/me', { as: 'OPERATOR', body: { user_role: 'ADMIN' } })).status).toBe(403)
  })

  it('a customer cannot change another customer through bulk update', async () => {
    const res = await api('PATCH', `/api/users?where[email][equals]=cliente@demo.salon`, {
      token,
      body: { name: 'Hacked' },
    })
    expect(res.status).toBe(200)
    expect(res.body.docs).toEqual([]) // the where clause of access leaves nothing to change
    const [row] = await sql(`select name from users where email = 'cliente@demo.salon'`)
    expect(row.name).not.toBe('Hacked')
  })

  it('the role a token carries is read from the database, not trusted from the client', async () => {
    const me = await api('GET', '/api/auth/me', { token })
    expect(me.body.user.user_role).toBe('USER')
    expect((await api('GET', '/api/users/count', { token })).status).toBe(403)
  })
})

describe('custom endpoints check who is asking', () => {
  it.each([
    ['GET', '/api/users/count'],
    ['GET', '/api/users/countCompare?from=2026-01-01&to=2026-01-31'],
    ['GET', '/api/category/count'],
    ['DELETE', '/api/upload/by-name/carosello-1'],
    ['PATCH', '/api/upload/upsert'],
  ])('%s %s: visitor 401, USER 403, OPERATOR 403', async (method, path) => {
    expect((await api(method, path)).status).toBe(401)
    expect((await api(method, path, { as: 'USER' })).status).toBe(403)
    expect((await api(method, path, { as: 'OPERATOR' })).status).toBe(403)
    expect((await sql(`select count(*)::int as n from upload where name = 'carosello-1'`))[0].n).toBe(1)
  })

  it('PUT /api/auth/me needs a login', async () => {
    expect((await api('PUT', '/api/auth/me', { body: { name: 'x' } })).status).toBe(401)
  })

  it("password hashes never leave the server, nor anyone else's session ids", async () => {
    const res = await api('GET', '/api/users?limit=100', { as: 'ADMIN' })
    const [admin] = await sql(`select id from users where email = 'admin@demo.salon'`)
    for (const u of res.body.docs.filter((d: any) => d.id !== admin.id)) {
      expect(u).not.toHaveProperty('hash')
      expect(u).not.toHaveProperty('salt')
      expect(u).not.toHaveProperty('sessions')
    }
  })
})

describe('passwords and Payload built-ins', () => {
  it('a customer cannot change their password by a plain profile update', async () => {
    const email = `${unique('pw')}@example.com`
    const created = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Pia' } })
    const token = await login(email, 'password123')
    const res = await api('PATCH', `/api/users/${created.body.doc.id}`, {
      token,
      body: { password: 'changed-password' },
    })
    expect(res.status).toBe(403)
    expect(res.body.errors[0].data.errors[0].path).toBe('password')
    await expect(login(email, 'password123')).resolves.toBeTruthy()
    await expect(login(email, 'changed-password')).rejects.toThrow(/401/)
  })

  it.each(['forgot-password', 'reset-password', 'first-register'])('POST /api/users/%s is closed', async (path) => {
    const res = await api('POST', `/api/users/${path}`, {
      body: { email: 'cliente@demo.salon', password: 'password123', token: 'x', name: 'X' },
    })
    expect(res.status).toBe(404)
  })
})

describe('CSRF and admin-only built-ins', () => {
  it('a cookie-authenticated write from another site is not authenticated; from our own pages it is', async () => {
    const email = `${unique('csrf')}@example.com`
    await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Carla' } })
    const res = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'password123' }),
    })
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
    const put = (headers: Record<string, string>) =>
      fetch(`${BASE_URL}/api/auth/me`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ surname: 'Cambiato' }),
      })
    const cross = await put({ origin: 'https://evil.example' })
    expect(cross.status).toBe(401)
    expect((await sql('select surname from users where email = $1', [email]))[0].surname).toBeNull()
    const own = await put({ origin: BASE_URL })
    expect(own.status).toBe(200)
    expect((await sql('select surname from users where email = $1', [email]))[0].surname).toBe('Cambiato')
  })

  it('unlocking accounts is for admins only', async () => {
    expect((await api('POST', '/api/users/unlock', { as: 'USER', body: { email: 'cliente@demo.salon' } })).status).toBe(
      403,
    )
    expect((await api('POST', '/api/users/unlock', { body: { email: 'cliente@demo.salon' } })).status).toBe(401)
  })
})
