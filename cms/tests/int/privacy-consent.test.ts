/**
 * Consent to the privacy policy at registration (issue 20): `POST /api/users` by a visitor needs
 * `privacy_accepted: true` (400 naming it otherwise, nothing written); the server records the moment
 * in `users.privacy_accepted_at`, which nobody writes through the API.
 */
import { describe, expect, it } from 'vitest'
import { api, errorPaths, login, sql, unique } from './helpers'

const person = () => ({ email: `${unique('privacy')}@example.com`, password: 'password123', name: 'Ilaria' })

const acceptedAt = async (email: string) =>
  (await sql<{ at: Date | null }>('select privacy_accepted_at as at from users where email = $1', [email]))[0]?.at

describe('consent to the privacy policy at registration', () => {
  it('refuses a registration without the field: 400 naming privacy_accepted, no account', async () => {
    const body = person()
    // Raw JSON: the helper adds consent to registrations that do not mention it.
    const res = await api('POST', '/api/users', {
      rawBody: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(errorPaths(res.body)).toEqual(['privacy_accepted'])
    expect(JSON.stringify(res.body)).toMatch(/informativa sulla privacy/)
    expect(await sql('select 1 from users where email = $1', [body.email])).toHaveLength(0)
  })

  // (Payload reads the text "true" of a checkbox as true, as a form post sends it: accepted.)
  it.each([false, 'false', 'on', 'yes', 1, null, {}])('refuses consent given as %j', async (value) => {
    const body = { ...person(), privacy_accepted: value }
    const res = await api('POST', '/api/users', { body })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(errorPaths(res.body)).toContain('privacy_accepted')
    expect(await sql('select 1 from users where email = $1', [body.email])).toHaveLength(0)
  })

  it('with consent: 201 and privacy_accepted_at is the server’s now; a body that names it is refused', async () => {
    // Issue 22 §9: the server's own fields are refused by name (they were silently ignored).
    const named = { ...person(), privacy_accepted: true, privacy_accepted_at: '2001-01-01T00:00:00.000Z' }
    const refused = await api('POST', '/api/users', { body: named })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(errorPaths(refused.body)).toEqual(['privacy_accepted_at'])
    expect(refused.body.errors[0].data.errors[0].code).toBe('SET_BY_SERVER')
    expect(await sql('select 1 from users where email = $1', [named.email])).toHaveLength(0)

    const body = { ...person(), privacy_accepted: true }
    const before = Date.now()
    const res = await api('POST', '/api/users', { body })
    const after = Date.now()
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const at = await acceptedAt(body.email)
    expect(at).toBeInstanceOf(Date)
    // Same machine: the server's clock, within the request (a second of slack either side).
    expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(at!.getTime()).toBeLessThanOrEqual(after + 1000)
    expect(res.body.doc.privacy_accepted_at).toBe(at!.toISOString())
    // The consent itself is not a stored field.
    expect(res.body.doc.privacy_accepted ?? null).toBeNull()
  })

  it('cannot be rewritten through the API: not by the user, not by an admin', async () => {
    const body = { ...person(), privacy_accepted: true }
    const created = await api('POST', '/api/users', { body })
    expect(created.status).toBe(201)
    const id = created.body.doc.id as number
    const original = (await acceptedAt(body.email))!.toISOString()
    const token = await login(body.email, body.password)

    const own = await api('PATCH', `/api/users/${id}`, { token, body: { privacy_accepted_at: null, name: 'Ila' } })
    expect(own.status, JSON.stringify(own.body)).toBe(400)
    expect(errorPaths(own.body)).toEqual(['privacy_accepted_at'])
    const me = await api('PUT', '/api/auth/me', { token, body: { privacy_accepted_at: '2001-01-01T00:00:00.000Z' } })
    expect(me.status).toBe(400)
    const admin = await api('PATCH', `/api/users/${id}`, {
      as: 'ADMIN',
      body: { privacy_accepted_at: '2001-01-01T00:00:00.000Z' },
    })
    expect(admin.status, JSON.stringify(admin.body)).toBe(400)
    expect(errorPaths(admin.body)).toEqual(['privacy_accepted_at'])

    expect((await acceptedAt(body.email))!.toISOString()).toBe(original)
    // The person reads their own date.
    const read = await api('GET', '/api/auth/me', { token })
    expect(read.body.user.privacy_accepted_at).toBe(original)
  })

  it('an account an admin creates needs no consent and records none', async () => {
    const body = { ...person(), user_role: 'OPERATOR' }
    const res = await api('POST', '/api/users', { as: 'ADMIN', body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(await acceptedAt(body.email)).toBeNull()
  })
})
