/** TOTP second factor: enrol with a QR, a login challenge without a session, recovery codes. */
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { api, errorPaths, login, sql, unique } from './helpers'

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  })

async function account(role?: 'ADMIN') {
  const email = `${unique('totp')}@example.com`
  await api(
    'POST',
    '/api/users',
    role
      ? { as: 'ADMIN', body: { email, password: 'password123', name: 'Tina', user_role: role } }
      : { body: { email, password: 'password123', name: 'Tina' } },
  )
  return { email, token: await login(email, 'password123') }
}

async function enrolled(role?: 'ADMIN') {
  const a = await account(role)
  const started = await api('POST', '/api/auth/factors', { token: a.token, body: { friendly_name: 'Telefono' } })
  expect(started.status).toBe(201)
  expect(started.body.totp.uri).toMatch(/^otpauth:\/\/totp\//)
  expect(started.body.totp.qr_code).toMatch(/^data:image\/png;base64,/)
  const secret = started.body.totp.secret as string
  const done = await api('POST', `/api/auth/factors/${started.body.id}/verify`, {
    token: a.token,
    body: { code: codeFor(secret) },
  })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  expect(done.body.recovery_codes).toHaveLength(10)
  return { ...a, secret, factorId: started.body.id as number, recovery: done.body.recovery_codes as string[] }
}

const loginStep = (email: string, password = 'password123') =>
  api('POST', '/api/auth/login', { body: { email, password } })

describe('TOTP', () => {
  it('an admin with TOTP cannot log in without the code: no cookie, no token until the code', async () => {
    const a = await enrolled('ADMIN')
    const first = await loginStep(a.email)
    expect(first.status).toBe(200)
    expect(first.body.mfaRequired).toBe(true)
    expect(first.body.token).toBeUndefined()
    expect(first.headers.get('set-cookie')).toBeNull()
    expect(JSON.stringify(first.body)).not.toMatch(/eyJ[\w-]*\.eyJ[\w-]*\./) // no readable JWT inside the challenge

    const wrong = await api('POST', '/api/auth/login/verify', {
      body: { challenge: first.body.challenge, code: '000000' },
    })
    expect(wrong.status).toBe(400)
    expect(errorPaths(wrong.body)).toContain('code')

    const ok = await api('POST', '/api/auth/login/verify', {
      body: { challenge: first.body.challenge, code: codeFor(a.secret, 1) },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.headers.get('set-cookie')).toMatch(/payload-token=/)
    expect((await api('GET', '/api/users/count', { token: ok.body.token })).status).toBe(200)
  })

  it('a code works once; a recovery code works once; a tampered challenge is refused', async () => {
    const a = await enrolled()
    const c1 = await loginStep(a.email)
    const code = codeFor(a.secret, 1) // the next step: the enrolment used the current one
    expect((await api('POST', '/api/auth/login/verify', { body: { challenge: c1.body.challenge, code } })).status).toBe(
      200,
    )
    const c2 = await loginStep(a.email)
    expect((await api('POST', '/api/auth/login/verify', { body: { challenge: c2.body.challenge, code } })).status).toBe(
      400,
    ) // replay
    expect(
      (await api('POST', '/api/auth/login/verify', { body: { challenge: c2.body.challenge, code: a.recovery[0] } }))
        .status,
    ).toBe(200)
    const c3 = await loginStep(a.email)
    expect(
      (await api('POST', '/api/auth/login/verify', { body: { challenge: c3.body.challenge, code: a.recovery[0] } }))
        .status,
    ).toBe(400)
    const tampered = c3.body.challenge.slice(0, -2) + (c3.body.challenge.endsWith('A') ? 'BB' : 'AA')
    const bad = await api('POST', '/api/auth/login/verify', { body: { challenge: tampered, code: a.recovery[1] } })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('challenge')
  })

  it('secrets are encrypted at rest and recovery codes hashed', async () => {
    const a = await enrolled()
    const [f] = await sql(
      `select f.secret_enc from user_factors f join users u on u.id = f.user_id where u.email = $1`,
      [a.email],
    )
    expect(f.secret_enc).not.toContain(a.secret)
    const codes = await sql(
      `select code_hash from user_recovery_codes c join users u on u.id = c.user_id where u.email = $1`,
      [a.email],
    )
    expect(codes).toHaveLength(10)
    for (const c of codes) expect(a.recovery).not.toContain(c.code_hash)
  })

  it('unenrolling needs a current code; afterwards the password alone logs in again', async () => {
    const a = await enrolled()
    expect(
      (await api('DELETE', `/api/auth/factors/${a.factorId}`, { token: a.token, body: { code: '123456' } })).status,
    ).toBe(400)
    expect((await api('GET', '/api/auth/factors', { token: a.token })).body.factors[0].status).toBe('verified')
    expect(
      (await api('DELETE', `/api/auth/factors/${a.factorId}`, { token: a.token, body: { code: codeFor(a.secret, 1) } }))
        .status,
    ).toBe(200)
    const plain = await loginStep(a.email)
    expect(plain.body.mfaRequired).toBeUndefined()
    expect(plain.body.token).toBeTruthy()
  })

  it('factors are personal: another user cannot verify or delete them; visitors get 401', async () => {
    const a = await enrolled()
    const other = await account()
    expect(
      (
        await api('DELETE', `/api/auth/factors/${a.factorId}`, {
          token: other.token,
          body: { code: codeFor(a.secret) },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `/api/auth/factors/${a.factorId}/verify`, {
          token: other.token,
          body: { code: codeFor(a.secret) },
        })
      ).status,
    ).toBe(404)
    expect((await api('GET', '/api/auth/factors')).status).toBe(401)
    expect((await api('POST', '/api/auth/factors', { body: {} })).status).toBe(401)
  })

  it('a second enrolment while one is active is a 409; bad codes are 400 naming code', async () => {
    const a = await enrolled()
    expect((await api('POST', '/api/auth/factors', { token: a.token, body: {} })).status).toBe(409)
    const b = await account()
    const started = await api('POST', '/api/auth/factors', { token: b.token, body: {} })
    const bad = await api('POST', `/api/auth/factors/${started.body.id}/verify`, {
      token: b.token,
      body: { code: 'abc' },
    })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('code')
  })
})

describe('config.requireAdminTotp', () => {
  it('an admin without an active second factor loses admin rights until enrolling', async () => {
    const [cfg] = await sql('select id from config order by id limit 1')
    const admin = await account('ADMIN')
    expect((await api('GET', '/api/users/count', { token: admin.token })).status).toBe(200)
    await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { requireAdminTotp: true } })
    try {
      const refused = await api('GET', '/api/users/count', { token: admin.token })
      expect(refused.status).toBe(403)
      expect(refused.body.errors[0].data.reason).toBe('TOTP_REQUIRED')
      expect((await api('POST', '/api/category', { token: admin.token, body: { name: unique('Cat') } })).status).toBe(
        403,
      )
      const users = await api('GET', '/api/users?limit=100', { token: admin.token })
      expect(users.body.docs).toHaveLength(1) // only themselves, like any account

      const started = await api('POST', '/api/auth/factors', { token: admin.token, body: {} })
      expect(
        (
          await api('POST', `/api/auth/factors/${started.body.id}/verify`, {
            token: admin.token,
            body: { code: codeFor(started.body.totp.secret) },
          })
        ).status,
      ).toBe(200)
      expect((await api('GET', '/api/users/count', { token: admin.token })).status).toBe(200)
    } finally {
      // The demo admin has no second factor: switch it off through SQL (their API rights are gone now).
      await sql('update config set require_admin_totp = false')
    }
  })
})
