/**
 * Issue 10 "Security": the e-mail changes only with the password and must be confirmed again; the
 * security switches of the config are not public; password recovery is one transaction.
 */
import { describe, expect, it } from 'vitest'
import { api, errorPaths, login, mailsTo, sql, unique, waitForMail } from './helpers'

let ipSeq = 0
const freshIp = () => `172.16.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}`
const from = (ip = freshIp()) => ({ 'x-forwarded-for': ip })

/** A registered customer whose address is already confirmed. */
async function verifiedCustomer() {
  const email = `${unique('sec')}@example.com`
  const res = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Sara' } })
  expect(res.status).toBe(201)
  const id = res.body.doc.id as number
  await sql('update users set email_verified_at = now() where id = $1', [id])
  return { email, id, token: await login(email, 'password123') }
}

const userRow = async (id: number) =>
  (await sql('select email, email_verified_at from users where id = $1', [id]))[0] as {
    email: string
    email_verified_at: Date | null
  }

const confirmLink = (body: string) => {
  const m = /https?:\/\/[^\s"<]+\/confirm\?token=([^\s"<&]+)/.exec(body)
  if (!m) throw new Error('no confirmation link')
  return decodeURIComponent(m[1]!)
}

describe('changing the e-mail', () => {
  it('needs the current password, resets verification, mails a link to the new address and a notice to the old', async () => {
    const { email, id, token } = await verifiedCustomer()
    const newEmail = `${unique('sec-new')}@example.com`

    const wrong = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: 'not-my-password', email: newEmail },
      headers: from(),
    })
    expect(wrong.status).toBe(400)
    expect(errorPaths(wrong.body)).toEqual(['password'])
    expect((await userRow(id)).email).toBe(email)

    const since = Date.now()
    const ok = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: 'password123', email: newEmail.toUpperCase() },
      headers: from(),
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.user.email).toBe(newEmail)
    expect(ok.body.user.email_verified_at ?? null).toBeNull()
    expect(ok.body.user.sessions).toBeUndefined()
    const row = await userRow(id)
    expect(row.email).toBe(newEmail)
    expect(row.email_verified_at).toBeNull()

    const notice = await waitForMail(email, /indirizzo e-mail è stato cambiato/, since)
    expect(notice.body).toContain(newEmail)
    const link = confirmLink((await waitForMail(newEmail, /conferma il tuo indirizzo/, since)).body)
    expect(await mailsTo(email, since)).toHaveLength(1) // the old address gets no confirmation link

    // This session stays and now shows the new address; logins use the new one.
    expect((await api('GET', '/api/auth/me', { token })).body.user).toMatchObject({ id, email: newEmail })
    await expect(login(newEmail, 'password123')).resolves.toBeTruthy()
    await expect(login(email, 'password123')).rejects.toThrow(/401/)
    expect((await api('POST', '/api/auth/confirm', { body: { token: link } })).status).toBe(200)
    expect((await userRow(id)).email_verified_at).not.toBeNull()
  })

  it('is refused through the profile and through Payload REST for the user themselves', async () => {
    const { email, id, token } = await verifiedCustomer()
    const other = `${unique('sec-rest')}@example.com`
    const put = await api('PUT', '/api/auth/me', { token, body: { email: other } })
    expect(put.status).toBe(400)
    const patch = await api('PATCH', `/api/users/${id}`, { token, body: { email: other } })
    expect(patch.status).toBe(403)
    expect(errorPaths(patch.body)).toEqual(['email'])
    const row = await userRow(id)
    expect(row.email).toBe(email)
    expect(row.email_verified_at).not.toBeNull()
    // Other profile fields still change through PATCH, and the same address is no change.
    const same = await api('PATCH', `/api/users/${id}`, { token, body: { email, name: 'Sara B.' } })
    expect(same.status, JSON.stringify(same.body)).toBe(200)
    expect((await userRow(id)).email_verified_at).not.toBeNull()
  })

  it('refuses a visitor, an address already in use, the same address, and a bad body', async () => {
    const { email, token } = await verifiedCustomer()
    const taken = await verifiedCustomer()
    const body = { password: 'password123', email: `${unique('sec-v')}@example.com` }
    expect((await api('POST', '/api/auth/change_email', { body, headers: from() })).status).toBe(401)
    const inUse = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: 'password123', email: taken.email },
      headers: from(),
    })
    expect(inUse.status).toBe(400)
    expect(errorPaths(inUse.body)).toEqual(['email'])
    const same = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: 'password123', email },
      headers: from(),
    })
    expect(same.status).toBe(400)
    expect(errorPaths(same.body)).toEqual(['email'])
    // Only wrong passwords count toward the (login) limit of the account.
    expect(await sql('select hits from rate_limits where key = $1', [`login:account:${email}`])).toEqual([])
    const bad = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: '', email: 'not-an-address', extra: 1 },
      headers: from(),
    })
    expect(bad.status).toBe(400)
  })

  it('after 5 wrong passwords the account is refused with 429 + Retry-After, even with the right one', async () => {
    const { email, id, token } = await verifiedCustomer()
    const body = (password: string) => ({ password, email: `${unique('sec-bf')}@example.com` })
    for (let i = 0; i < 5; i++)
      expect(
        (await api('POST', '/api/auth/change_email', { token, body: body('wrong'), headers: from() })).status,
      ).toBe(400)
    const blocked = await api('POST', '/api/auth/change_email', { token, body: body('password123'), headers: from() })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await userRow(id)).email).toBe(email)
  })

  it('an admin may set an address in the dashboard; it must be confirmed again unless the admin sets the date', async () => {
    const { id } = await verifiedCustomer()
    const first = `${unique('sec-adm')}@example.com`
    const changed = await api('PATCH', `/api/users/${id}`, { as: 'ADMIN', body: { email: first } })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(await userRow(id)).toMatchObject({ email: first, email_verified_at: null })

    const second = `${unique('sec-adm2')}@example.com`
    const at = '2026-01-02T03:04:05.000Z'
    const explicit = await api('PATCH', `/api/users/${id}`, {
      as: 'ADMIN',
      body: { email: second, email_verified_at: at },
    })
    expect(explicit.status).toBe(200)
    const row = await userRow(id)
    expect(row.email).toBe(second)
    expect(row.email_verified_at?.toISOString()).toBe(at)
  })
})

describe('issue 22: changing the e-mail is no account oracle', () => {
  it('a wrong password is answered before the address is looked at: "already used" only with the right password', async () => {
    const { token } = await verifiedCustomer()
    const taken = await verifiedCustomer()
    const res = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: 'not-my-password', email: taken.email },
      headers: from(),
    })
    expect(res.status).toBe(400)
    expect(errorPaths(res.body)).toEqual(['password'])
    expect(res.body.errors[0].data.code).toBe('WRONG_PASSWORD')
  })

  it('at most 10 requests an hour per user, right password or not: the 11th is refused with 429', async () => {
    const { token } = await verifiedCustomer()
    const taken = await verifiedCustomer()
    for (let i = 0; i < 10; i++) {
      const res = await api('POST', '/api/auth/change_email', {
        token,
        body: { password: 'password123', email: taken.email },
        headers: from(),
      })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(errorPaths(res.body)).toEqual(['email'])
    }
    const over = await api('POST', '/api/auth/change_email', {
      token,
      body: { password: 'password123', email: taken.email },
      headers: from(),
    })
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('public config', () => {
  const SWITCHES = ['requireAdminTotp', 'requireEmailVerification']

  it('a visitor and a customer never see the security switches; an admin does', async () => {
    const [cfg] = await sql('select id from config order by id limit 1')
    for (const as of ['visitor', 'USER', 'OPERATOR'] as const) {
      const list = await api('GET', '/api/config', { as })
      expect(list.status).toBe(200)
      const one = await api('GET', `/api/config/${cfg.id}`, { as })
      expect(one.status).toBe(200)
      for (const doc of [list.body.docs[0], one.body]) {
        expect(doc.businessName, as).toBeTruthy()
        for (const key of SWITCHES) expect(doc, `${as} sees ${key}`).not.toHaveProperty(key)
      }
    }
    const admin = await api('GET', `/api/config/${cfg.id}`, { as: 'ADMIN' })
    for (const key of SWITCHES) expect(typeof admin.body[key]).toBe('boolean')
  })

  it('the home page keeps its public config fields', async () => {
    const home = await api('GET', '/api/pages/home')
    expect(home.status).toBe(200)
    expect(home.body.config.businessName).toBeTruthy()
    expect(home.body.config.timezone).toBeTruthy()
    for (const key of SWITCHES) expect(home.body.config).not.toHaveProperty(key)
  })
})

describe('password recovery is one transaction', () => {
  it('a failure after the password write leaves the password, the sessions and the code as they were', async () => {
    const email = `${unique('sec-rec')}@example.com`
    const created = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Rocco' } })
    const id = created.body.doc.id as number
    const session = await login(email, 'password123')
    const since = Date.now()
    expect((await api('POST', '/api/auth/password_recovery', { body: { email }, headers: from() })).status).toBe(200)
    const mail = await waitForMail(email, /reimposta la password/, since)
    const code = /\/password-recovery\/([A-Za-z0-9_-]+)\//.exec(mail.body)![1]!

    // The last step (marking the code used) fails for this user only.
    const fn = `fail_recovery_${id}`
    await sql(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.user_id = ${id} and new.used_at is not null then raise exception 'injected failure'; end if;
        return new;
      end $$`)
    await sql(`create trigger ${fn} before update on password_recovery for each row execute function ${fn}()`)
    try {
      const failed = await api('POST', '/api/auth/change_password', {
        body: { token: code, email, password: 'nuova-password-1' },
        headers: from(),
      })
      expect(failed.status).toBeGreaterThanOrEqual(400)
      await expect(login(email, 'password123')).resolves.toBeTruthy()
      await expect(login(email, 'nuova-password-1')).rejects.toThrow(/401/)
      expect((await api('GET', '/api/auth/me', { token: session })).body.user?.id).toBe(id)
      const [row] = await sql('select used_at from password_recovery where user_id = $1', [id])
      expect(row.used_at).toBeNull()
    } finally {
      await sql(`drop trigger if exists ${fn} on password_recovery`)
      await sql(`drop function if exists ${fn}()`)
    }

    // Nothing was half done: the same link still works, once.
    const ok = await api('POST', '/api/auth/change_password', {
      body: { token: code, email, password: 'nuova-password-1' },
      headers: from(),
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    await expect(login(email, 'nuova-password-1')).resolves.toBeTruthy()
    expect((await api('GET', '/api/auth/me', { token: session })).body.user).toBeNull()
    expect((await sql('select used_at from password_recovery where user_id = $1', [id]))[0].used_at).not.toBeNull()
  })
})
