import { describe, expect, it } from 'vitest'
import { api, errorPaths, login, mailsTo, sql, unique, waitForMail } from './helpers'

/**
 * Issue 11: an admin adds a person with an invitation instead of a password. The mail's link
 * (a single-use code valid a week) lets them choose their password; following it confirms the
 * address. The admin can send a new invitation; the older link then stops working.
 */

const linkIn = (body: string) => {
  const m = /https?:\/\/[^\s"<]+\/password-recovery\/([A-Za-z0-9_-]+)\/([^\s"<]+)/.exec(body)
  if (!m) throw new Error('no link in the invitation')
  return { token: m[1]!, email: decodeURIComponent(m[2]!) }
}

const invite = (email: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/api/users', {
    as: 'ADMIN',
    body: { email, name: 'Chiara', surname: 'Neri', user_role: 'OPERATOR', invite: true, ...extra },
  })

describe('invitations', () => {
  it('the invited person gets a link, chooses a password, and is in with a confirmed address', async () => {
    const email = `${unique('invited')}@example.com`
    const since = Date.now()
    const res = await invite(email)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.doc.user_role).toBe('OPERATOR')

    const mail = await waitForMail(email, /il tuo account è pronto/, since)
    expect(mail.body).toContain('ti ha creato un account')
    expect(mail.body).toContain('7 giorni')
    const link = linkIn(mail.body)
    expect(link.email).toBe(email)
    // Only the invitation: no "confirm your address" mail besides it.
    expect((await mailsTo(email, since)).length).toBe(1)
    // Nobody knows the account's password until then.
    await expect(login(email, 'password123')).rejects.toThrow(/401/)
    const [row] = await sql(
      `select pr.expires_at, u.email_verified_at from password_recovery pr join users u on u.id = pr.user_id where u.email = $1`,
      [email],
    )
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    expect(row.email_verified_at).toBeNull()

    const set = await api('POST', '/api/auth/change_password', {
      body: { token: link.token, email, password: 'la-mia-password-1' },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    await expect(login(email, 'la-mia-password-1')).resolves.toBeTruthy()
    const [after] = await sql('select email_verified_at from users where email = $1', [email])
    expect(after.email_verified_at).not.toBeNull()
  })

  it('a new invitation replaces the old link; only admins send one', async () => {
    const email = `${unique('reinvite')}@example.com`
    const since = Date.now()
    const id = (await invite(email)).body.doc.id as number
    const first = linkIn((await waitForMail(email, /account è pronto/, since)).body)

    const since2 = Date.now()
    const again = await api('POST', `/api/users/${id}/invite`, { as: 'ADMIN' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    const second = linkIn((await waitForMail(email, /account è pronto/, since2)).body)
    expect(second.token).not.toBe(first.token)
    const old = await api('POST', '/api/auth/password_recovery/check', { body: { token: first.token, email } })
    expect(old.status).toBe(400)
    expect(errorPaths(old.body)).toContain('token')

    expect((await api('POST', `/api/users/${id}/invite`, { as: 'USER' })).status).toBe(403)
    expect((await api('POST', `/api/users/${id}/invite`, { as: 'OPERATOR' })).status).toBe(403)
    expect((await api('POST', `/api/users/${id}/invite`)).status).toBe(401)
    expect((await api('POST', '/api/users/99999999/invite', { as: 'ADMIN' })).status).toBe(404)
    const bad = await api('POST', '/api/users/abc/invite', { as: 'ADMIN' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(['id'])
  })

  it('an invitation with a password is refused; a visitor cannot invite (the key is refused; a password is still needed)', async () => {
    const email = `${unique('both')}@example.com`
    const both = await invite(email, { password: 'password123' })
    expect(both.status).toBe(400)
    expect(errorPaths(both.body)).toEqual(['password'])
    expect(await sql('select id from users where email = $1', [email])).toEqual([])

    const visitor = `${unique('self')}@example.com`
    const res = await api('POST', '/api/users', { body: { email: visitor, name: 'Eva', invite: true } })
    expect(res.status).toBe(400)
    // Issue 22 §9: a visitor's registration names the keys it does not take (`invite` is an admin's).
    expect(errorPaths(res.body)).toEqual(['invite'])
    expect(res.body.errors[0].data.errors[0].code).toBe('FIELD_NOT_ACCEPTED')
    expect(await sql('select id from users where email = $1', [visitor])).toEqual([])
    // Without it, the registration still needs a password.
    const noPassword = await api('POST', '/api/users', { body: { email: visitor, name: 'Eva' } })
    expect(noPassword.status).toBe(400)
    expect(errorPaths(noPassword.body)).toContain('password')
  })
})
