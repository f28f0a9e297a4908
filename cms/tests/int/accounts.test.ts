/** Password recovery by e-mail through a real SMTP server, and change password. */
import { describe, expect, it } from 'vitest'
import { api, errorPaths, login, mailsTo, sql, unique, waitForMail } from './helpers'

async function customer() {
  const email = `${unique('acc')}@example.com`
  const res = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Rita' } })
  expect(res.status).toBe(201)
  return { email, id: res.body.doc.id as number }
}

const linkIn = (body: string) => {
  const m = /(https?:\/\/[^\s"<]+\/password-recovery\/([A-Za-z0-9_-]+)\/([^\s"<]+))/.exec(body)
  if (!m) throw new Error('no recovery link in the mail')
  return { url: m[1]!, token: m[2]!, email: decodeURIComponent(m[3]!) }
}

describe('password recovery', () => {
  it('mails a link; the link sets a new password once; old password, old link and old sessions stop working', async () => {
    const { email } = await customer()
    const oldToken = await login(email, 'password123')
    const since = Date.now()
    const res = await api('POST', '/api/auth/password_recovery', { body: { email } })
    expect(res.status).toBe(200)

    const mail = await waitForMail(email, /reimposta la password/, since)
    expect(mail.raw).toMatch(/Content-Type: text\/html/)
    expect(mail.raw).toMatch(/Content-Type: text\/plain/)
    const link = linkIn(mail.body)
    expect(link.email).toBe(email)
    expect(link.url).toContain('/password-recovery/')

    // The code is stored only hashed.
    const [row] = await sql(
      'select token from password_recovery pr join users u on u.id = pr.user_id where u.email = $1',
      [email],
    )
    expect(row.token).not.toBe(link.token)
    expect(row.token).toMatch(/^[0-9a-f]{64}$/)

    expect(
      (await api('POST', '/api/auth/password_recovery/check', { body: { token: link.token, email } })).body,
    ).toEqual({ valid: true })
    const changed = await api('POST', '/api/auth/change_password', {
      body: { token: link.token, email, password: 'nuova-password-1' },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)

    await expect(login(email, 'nuova-password-1')).resolves.toBeTruthy()
    await expect(login(email, 'password123')).rejects.toThrow(/401/)
    expect((await api('GET', '/api/auth/me', { token: oldToken })).body.user).toBeNull()
    const again = await api('POST', '/api/auth/change_password', {
      body: { token: link.token, email, password: 'altra-password-2' },
    })
    expect(again.status).toBe(400)
    expect(errorPaths(again.body)).toContain('token')
    expect(
      (await api('POST', '/api/auth/password_recovery/check', { body: { token: link.token, email } })).status,
    ).toBe(400)
    await waitForMail(email, /password è stata cambiata/, since)
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const ghost = `${unique('ghost')}@example.com`
    const since = Date.now()
    const res = await api('POST', '/api/auth/password_recovery', { body: { email: ghost } })
    const known = await customer()
    const res2 = await api('POST', '/api/auth/password_recovery', { body: { email: known.email } })
    expect(res.status).toBe(res2.status)
    expect(res.body).toEqual(res2.body)
    await waitForMail(known.email, /reimposta/, since)
    expect(await mailsTo(ghost, since)).toEqual([])
  })

  it('a new request invalidates the older link; an expired link is refused', async () => {
    const { email } = await customer()
    const since = Date.now()
    await api('POST', '/api/auth/password_recovery', { body: { email } })
    const first = linkIn((await waitForMail(email, /reimposta/, since)).body)
    await new Promise((r) => setTimeout(r, 5))
    const since2 = Date.now()
    await api('POST', '/api/auth/password_recovery', { body: { email } })
    const second = linkIn((await waitForMail(email, /reimposta/, since2)).body)
    expect(second.token).not.toBe(first.token)
    expect(
      (await api('POST', '/api/auth/password_recovery/check', { body: { token: first.token, email } })).status,
    ).toBe(400)
    expect(
      (await api('POST', '/api/auth/password_recovery/check', { body: { token: second.token, email } })).status,
    ).toBe(200)
    await sql(
      `update password_recovery set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = $1)`,
      [email],
    )
    const late = await api('POST', '/api/auth/change_password', {
      body: { token: second.token, email, password: 'nuova-password-1' },
    })
    expect(late.status).toBe(400)
    await expect(login(email, 'password123')).resolves.toBeTruthy()
  })

  it('the link is bound to its address and the policy applies', async () => {
    const a = await customer()
    const b = await customer()
    const since = Date.now()
    await api('POST', '/api/auth/password_recovery', { body: { email: a.email } })
    const link = linkIn((await waitForMail(a.email, /reimposta/, since)).body)
    expect(
      (
        await api('POST', '/api/auth/change_password', {
          body: { token: link.token, email: b.email, password: 'nuova-password-1' },
        })
      ).status,
    ).toBe(400)
    const short = await api('POST', '/api/auth/change_password', {
      body: { token: link.token, email: a.email, password: 'corta' },
    })
    expect(errorPaths(short.body)).toContain('password')
    const same = await api('POST', '/api/auth/change_password', {
      body: { token: link.token, email: a.email, password: a.email },
    })
    expect(same.status).toBe(400)
    expect(errorPaths(same.body)).toContain('password')
    // Refusals did not use the link up.
    expect(
      (await api('POST', '/api/auth/password_recovery/check', { body: { token: link.token, email: a.email } })).status,
    ).toBe(200)
  })

  it.each([
    ['/api/auth/password_recovery', { email: 'not-an-email' }, ['email']],
    ['/api/auth/password_recovery', { email: 'a@b.it', extra: 1 }, ['']],
    ['/api/auth/password_recovery/check', { email: 'a@b.it' }, ['token']],
    ['/api/auth/change_password', { token: 'x', password: 'password123' }, ['email']],
  ])('%s with bad input → 400', async (path, body, fields) => {
    const res = await api('POST', path, { body })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    const paths = errorPaths(res.body)
    for (const f of fields) {
      if (f) expect(paths).toContain(f)
      else expect(paths.length).toBeGreaterThan(0)
    }
  })
})

describe('change password when logged in', () => {
  it('needs the current password, ends the other sessions and keeps this one with a fresh cookie', async () => {
    const { email } = await customer()
    const elsewhere = await login(email, 'password123')
    const here = await login(email, 'password123')
    const wrong = await api('POST', '/api/auth/change_password', {
      token: here,
      body: { oldPassword: 'sbagliata', password: 'nuova-password-1' },
    })
    expect(wrong.status).toBe(400)
    expect(errorPaths(wrong.body)).toContain('oldPassword')

    const since = Date.now()
    const ok = await api('POST', '/api/auth/change_password', {
      token: here,
      body: { oldPassword: 'password123', password: 'nuova-password-1' },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.headers.get('set-cookie')).toMatch(/payload-token=/)
    expect((await api('GET', '/api/auth/me', { token: elsewhere })).body.user).toBeNull()
    expect((await api('GET', '/api/auth/me', { token: ok.body.token })).body.user.email).toBe(email)
    await expect(login(email, 'nuova-password-1')).resolves.toBeTruthy()
    await waitForMail(email, /password è stata cambiata/, since)
  })

  it('a visitor without a code gets 401', async () => {
    expect(
      (await api('POST', '/api/auth/change_password', { body: { oldPassword: 'x', password: 'nuova-password-1' } }))
        .status,
    ).toBe(401)
  })
})

describe('e-mail confirmation', () => {
  const confirmLink = (body: string) => {
    const m = /https?:\/\/[^\s"<]+\/confirm\?token=([^\s"<&]+)/.exec(body)
    if (!m) throw new Error('no confirmation link')
    return decodeURIComponent(m[1]!)
  }

  it('registration mails a link that confirms the address; a tampered link does not', async () => {
    const since = Date.now()
    const { email, id } = await customer()
    const token = confirmLink((await waitForMail(email, /conferma il tuo indirizzo/, since)).body)
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    const bad = await api('POST', '/api/auth/confirm', { body: { token: tampered } })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('token')
    expect((await sql('select email_verified_at from users where id = $1', [id]))[0].email_verified_at).toBeNull()
    const ok = await api('POST', '/api/auth/confirm', { body: { token } })
    expect(ok.status).toBe(200)
    expect(ok.body.email).toBe(email)
    expect((await sql('select email_verified_at from users where id = $1', [id]))[0].email_verified_at).not.toBeNull()
    expect((await api('POST', '/api/auth/confirm', { body: { token } })).status).toBe(200) // idempotent
  })

  it('a customer cannot mark themselves verified through the API', async () => {
    const { email, id } = await customer()
    const token = await login(email, 'password123')
    await api('PATCH', `/api/users/${id}`, { token, body: { email_verified_at: new Date().toISOString() } })
    expect((await sql('select email_verified_at from users where id = $1', [id]))[0].email_verified_at).toBeNull()
    expect(
      (await api('PUT', '/api/auth/me', { token, body: { email_verified_at: new Date().toISOString() } })).status,
    ).toBe(400)
  })

  it('with the config switch on, only confirmed customers book; a new mail can be asked for', async () => {
    const [cfg] = await sql('select id from config order by id limit 1')
    const since = Date.now()
    const { email } = await customer()
    const token = await login(email, 'password123')
    await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { requireEmailVerification: true } })
    try {
      const refused = await api('POST', '/api/reservations/create-session', { token })
      expect(refused.status).toBe(403)
      expect(refused.body.errors[0].data.reason).toBe('EMAIL_NOT_VERIFIED')
      expect((await api('POST', '/api/reservations/create-session', { as: 'USER' })).status).toBe(201) // the demo customer is confirmed
      await waitForMail(email, /conferma il tuo indirizzo/, since)
      const since2 = Date.now()
      expect((await api('POST', '/api/auth/confirm/resend', { token })).status).toBe(200)
      const link = confirmLink((await waitForMail(email, /conferma il tuo indirizzo/, since2)).body)
      expect((await api('POST', '/api/auth/confirm', { body: { token: link } })).status).toBe(200)
      expect((await api('POST', '/api/reservations/create-session', { token })).status).toBe(201)
    } finally {
      await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { requireEmailVerification: false } })
    }
  })
})
