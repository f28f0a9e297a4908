/**
 * Passkeys (issue 26 §2): registered from the reserved area, listed, renamed, removed; a sign-in
 * with one, without password and without the TOTP code; every refusal the WebAuthn checks owe.
 * The authenticator is software (softAuthenticator.ts): real P-256 signatures over real
 * authenticator data, checked by the built server.
 */
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { BASE_URL, api, errorPaths, freshAddress, login, sql, unique } from './helpers'
import { SoftAuthenticator } from './softAuthenticator'

const origin = new URL(BASE_URL).origin

async function account(role?: 'OPERATOR' | 'ADMIN') {
  const email = `${unique('passkey')}@example.com`
  const created = await api(
    'POST',
    '/api/users',
    role
      ? { as: 'ADMIN', body: { email, password: 'password123', name: 'Paola', user_role: role } }
      : { body: { email, password: 'password123', name: 'Paola' } },
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { email, id: created.body.doc.id as number, token: await login(email, 'password123') }
}

/** Options, the authenticator's answer, the POST: a stored passkey. */
async function registered(token: string, name?: string) {
  const device = new SoftAuthenticator(origin)
  const started = await api('POST', '/api/auth/passkeys/options', { token, body: {} })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const done = await api('POST', '/api/auth/passkeys', {
    token,
    body: { response: device.register(started.body.options), ...(name ? { name } : {}) },
  })
  expect(done.status, JSON.stringify(done.body)).toBe(201)
  return { device, passkey: done.body.passkey as { id: number; name: string } }
}

/** A sign-in challenge, from an address of its own (the options are counted per address). */
async function signInOptions(body: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/auth/passkeys/login/options', {
    token: null,
    body,
    headers: { 'x-forwarded-for': freshAddress() },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.challenge).toBe(res.body.options.challenge)
  return res.body as {
    challenge: string
    options: { challenge: string; allowCredentials?: { id: string }[]; userVerification: string }
  }
}

const signIn = (challenge: string, response: unknown, address = freshAddress()) =>
  api('POST', '/api/auth/passkeys/login', {
    token: null,
    body: { challenge, response },
    headers: { 'x-forwarded-for': address },
  })

const codeOf = (body: any) => body?.errors?.[0]?.data?.code

/** One character of the sealed data changed in its middle (a trailing one may only touch padding bits). */
function tamper(sealed: string) {
  const parts = sealed.split('.')
  const data = parts[2]!
  const i = Math.floor(data.length / 2)
  parts[2] = data.slice(0, i) + (data[i] === 'A' ? 'B' : 'A') + data.slice(i + 1)
  return parts.join('.')
}

describe('passkeys', () => {
  it('a customer registers a passkey, lists it, and signs in with it: a working session with its refresh cookie', async () => {
    const a = await account()
    const started = await api('POST', '/api/auth/passkeys/options', { token: a.token, body: {} })
    expect(started.status).toBe(200)
    const options = started.body.options
    expect(options.rp.id).toBe(new URL(BASE_URL).hostname)
    expect(options.user.name).toBe(a.email)
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(options.excludeCredentials).toEqual([])

    const device = new SoftAuthenticator(origin)
    const created = await api('POST', '/api/auth/passkeys', {
      token: a.token,
      body: { response: device.register(options), name: 'iPhone di Paola' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.passkey).toMatchObject({
      name: 'iPhone di Paola',
      last_used_at: null,
      device_type: 'multiDevice',
    })

    const list = await api('GET', '/api/auth/passkeys', { token: a.token })
    expect(list.status).toBe(200)
    expect(list.body.passkeys).toHaveLength(1)
    expect(list.body.passkeys[0]).toMatchObject({ name: 'iPhone di Paola', backed_up: true })
    expect(list.body.passkeys[0].transports).toEqual(['internal', 'hybrid'])
    expect(JSON.stringify(list.body)).not.toMatch(/public_key|credential_id/)

    // The next registration excludes the passkey already there.
    const again = await api('POST', '/api/auth/passkeys/options', { token: a.token, body: {} })
    expect(again.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([device.id])

    const { challenge, options: loginOptions } = await signInOptions()
    expect(loginOptions.userVerification).toBe('required')
    expect(loginOptions.allowCredentials ?? []).toEqual([]) // discoverable: the browser offers what it holds
    const res = await signIn(challenge, device.assert(challenge))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.mfaRequired).toBeUndefined()
    expect(res.body.user.email).toBe(a.email)
    const cookies = res.headers.get('set-cookie') ?? ''
    expect(cookies).toMatch(/payload-token=/)
    expect(cookies).toMatch(/salon-refresh=[\w-]+/)
    const me = await api('GET', '/api/auth/me', { token: res.body.token })
    expect(me.body.user.email).toBe(a.email)

    const after = await api('GET', '/api/auth/passkeys', { token: a.token })
    expect(after.body.passkeys[0].last_used_at).not.toBeNull()
    const [row] = await sql('select counter from user_passkeys where credential_id = $1', [device.id])
    expect(Number(row.counter)).toBe(1)
  })

  it('a user with TOTP on signs in with a passkey without being asked for the code', async () => {
    const a = await account()
    const started = await api('POST', '/api/auth/factors', { token: a.token, body: { friendly_name: 'App' } })
    const secret = started.body.totp.secret as string
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate()
    expect(
      (await api('POST', `/api/auth/factors/${started.body.id}/verify`, { token: a.token, body: { code } })).status,
    ).toBe(200)
    const password = await api('POST', '/api/auth/login', { body: { email: a.email, password: 'password123' } })
    expect(password.body.mfaRequired).toBe(true) // the password alone is not enough…

    const { device } = await registered(a.token)
    const { challenge } = await signInOptions()
    const res = await signIn(challenge, device.assert(challenge))
    expect(res.status, JSON.stringify(res.body)).toBe(200) // …the passkey is
    expect(res.body.mfaRequired).toBeUndefined()
    expect(typeof res.body.token).toBe('string')
    expect((await api('GET', '/api/auth/me', { token: res.body.token })).body.user.email).toBe(a.email)
  })

  it('at the second-factor step, only that person’s passkeys are offered and accepted', async () => {
    const a = await account()
    const other = await account()
    const mine = await registered(a.token)
    const theirs = await registered(other.token)
    const started = await api('POST', '/api/auth/factors', { token: a.token, body: {} })
    const code = new TOTP({ secret: Secret.fromBase32(started.body.totp.secret), digits: 6, period: 30 }).generate()
    await api('POST', `/api/auth/factors/${started.body.id}/verify`, { token: a.token, body: { code } })
    const password = await api('POST', '/api/auth/login', { body: { email: a.email, password: 'password123' } })
    expect(password.body.mfaRequired).toBe(true)

    const bound = await signInOptions({ mfa_challenge: password.body.challenge })
    expect(bound.options.allowCredentials?.map((c) => c.id)).toEqual([mine.device.id])
    const wrong = await signIn(bound.challenge, theirs.device.assert(bound.challenge))
    expect(wrong.status).toBe(401)
    expect(codeOf(wrong.body)).toBe('PASSKEY_UNKNOWN')

    const again = await signInOptions({ mfa_challenge: password.body.challenge })
    const ok = await signIn(again.challenge, mine.device.assert(again.challenge))
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.user.email).toBe(a.email)

    const tampered = await api('POST', '/api/auth/passkeys/login/options', {
      token: null,
      body: { mfa_challenge: tamper(password.body.challenge) },
    })
    expect(tampered.status).toBe(400)
    expect(errorPaths(tampered.body)).toContain('mfa_challenge')
  })

  it('a replayed challenge is refused, and so is a response signed for another challenge', async () => {
    const a = await account()
    const { device } = await registered(a.token)
    const { challenge } = await signInOptions()
    const response = device.assert(challenge)
    expect((await signIn(challenge, response)).status).toBe(200)
    const replay = await signIn(challenge, response)
    expect(replay.status).toBe(400)
    expect(codeOf(replay.body)).toBe('PASSKEY_EXPIRED')
    expect(errorPaths(replay.body)).toContain('challenge')

    const fresh = await signInOptions()
    const old = await signIn(fresh.challenge, device.assert(challenge)) // signed over the used challenge
    expect(old.status).toBe(401)
    expect(codeOf(old.body)).toBe('PASSKEY_REFUSED')
    expect(errorPaths(old.body)).toContain('response')

    const made = await signIn('not-a-challenge-we-gave', device.assert('not-a-challenge-we-gave'))
    expect(made.status).toBe(400)
    expect(codeOf(made.body)).toBe('PASSKEY_EXPIRED')
  })

  it('an expired challenge is refused', async () => {
    const a = await account()
    const { device } = await registered(a.token)
    const { challenge } = await signInOptions()
    await sql(`update passkey_challenges set expires_at = now() - interval '1 second' where challenge = $1`, [
      challenge,
    ])
    const res = await signIn(challenge, device.assert(challenge))
    expect(res.status).toBe(400)
    expect(codeOf(res.body)).toBe('PASSKEY_EXPIRED')
  })

  it('a wrong origin, a wrong relying party, no user verification, a bad signature: refused', async () => {
    const a = await account()
    const { device } = await registered(a.token)
    for (const ceremony of [
      { origin: 'https://salon.example.evil' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const { challenge } = await signInOptions()
      const res = await signIn(challenge, device.assert(challenge, ceremony))
      expect(res.status, JSON.stringify(ceremony)).toBe(401)
      expect(codeOf(res.body)).toBe('PASSKEY_REFUSED')
    }
    const { challenge } = await signInOptions()
    const forged = device.assert(challenge)
    forged.response.signature = new SoftAuthenticator(origin).assert(challenge).response.signature
    const res = await signIn(challenge, forged)
    expect(res.status).toBe(401)
    expect(codeOf(res.body)).toBe('PASSKEY_REFUSED')
    // None of them signed in: the passkey was never used.
    expect((await api('GET', '/api/auth/passkeys', { token: a.token })).body.passkeys[0].last_used_at).toBeNull()
  })

  it('registration refuses a wrong origin, a missing user verification, another person’s challenge, a replay', async () => {
    const a = await account()
    const b = await account()
    for (const ceremony of [{ origin: 'https://evil.example' }, { userVerified: false }, { rpId: 'evil.example' }]) {
      const started = await api('POST', '/api/auth/passkeys/options', { token: a.token, body: {} })
      const res = await api('POST', '/api/auth/passkeys', {
        token: a.token,
        body: { response: new SoftAuthenticator(origin).register(started.body.options, ceremony) },
      })
      expect(res.status, JSON.stringify(ceremony)).toBe(400)
      expect(codeOf(res.body)).toBe('PASSKEY_REFUSED')
    }
    // A response of the wrong kind (an assertion's client data) fails before its challenge is looked at.
    const wrongKind = await api('POST', '/api/auth/passkeys/options', { token: a.token, body: {} })
    const made = new SoftAuthenticator(origin).register(wrongKind.body.options)
    const clientData = JSON.parse(Buffer.from(made.response.clientDataJSON, 'base64url').toString())
    made.response.clientDataJSON = Buffer.from(JSON.stringify({ ...clientData, type: 'webauthn.get' })).toString(
      'base64url',
    )
    const refusedKind = await api('POST', '/api/auth/passkeys', { token: a.token, body: { response: made } })
    expect(refusedKind.status).toBe(400)
    expect(codeOf(refusedKind.body)).toBe('PASSKEY_REFUSED')

    const forA = await api('POST', '/api/auth/passkeys/options', { token: a.token, body: {} })
    const response = new SoftAuthenticator(origin).register(forA.body.options)
    const byB = await api('POST', '/api/auth/passkeys', { token: b.token, body: { response } })
    expect(byB.status).toBe(400)
    expect(codeOf(byB.body)).toBe('PASSKEY_EXPIRED')
    // B's attempt used the challenge up: A cannot use it either now.
    const byA = await api('POST', '/api/auth/passkeys', { token: a.token, body: { response } })
    expect(byA.status).toBe(400)
    expect(codeOf(byA.body)).toBe('PASSKEY_EXPIRED')
    expect(await sql('select 1 from user_passkeys where user_id in ($1, $2)', [a.id, b.id])).toHaveLength(0)
  })

  it('a counter that goes backwards (or stands still) is refused: a cloned authenticator', async () => {
    const a = await account()
    const { device } = await registered(a.token)
    let { challenge } = await signInOptions()
    expect((await signIn(challenge, device.assert(challenge, { counter: 5 }))).status).toBe(200)
    for (const counter of [3, 5]) {
      ;({ challenge } = await signInOptions())
      const res = await signIn(challenge, device.assert(challenge, { counter }))
      expect(res.status, `counter ${counter}`).toBe(401)
      expect(codeOf(res.body)).toBe('PASSKEY_COUNTER')
    }
    ;({ challenge } = await signInOptions())
    expect((await signIn(challenge, device.assert(challenge, { counter: 6 }))).status).toBe(200)
  })

  it('an unknown passkey is refused; a removed one stops working', async () => {
    const a = await account()
    const { challenge } = await signInOptions()
    const stranger = new SoftAuthenticator(origin)
    const res = await signIn(challenge, stranger.assert(challenge))
    expect(res.status).toBe(401)
    expect(codeOf(res.body)).toBe('PASSKEY_UNKNOWN')

    const { device, passkey } = await registered(a.token)
    expect((await api('DELETE', `/api/auth/passkeys/${passkey.id}`, { token: a.token })).status).toBe(200)
    expect((await api('GET', '/api/auth/passkeys', { token: a.token })).body.passkeys).toEqual([])
    const next = await signInOptions()
    const gone = await signIn(next.challenge, device.assert(next.challenge))
    expect(gone.status).toBe(401)
    expect(codeOf(gone.body)).toBe('PASSKEY_UNKNOWN')
  })

  it('only your own passkeys: another person’s cannot be renamed or removed (404)', async () => {
    const a = await account()
    const b = await account()
    const { passkey } = await registered(a.token, 'Portatile')
    const renamed = await api('PATCH', `/api/auth/passkeys/${passkey.id}`, { token: b.token, body: { name: 'Mio' } })
    expect(renamed.status).toBe(404)
    const removed = await api('DELETE', `/api/auth/passkeys/${passkey.id}`, { token: b.token })
    expect(removed.status).toBe(404)
    expect((await api('GET', '/api/auth/passkeys', { token: b.token })).body.passkeys).toEqual([])
    const list = await api('GET', '/api/auth/passkeys', { token: a.token })
    expect(list.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Portatile'])

    const own = await api('PATCH', `/api/auth/passkeys/${passkey.id}`, { token: a.token, body: { name: ' Telefono ' } })
    expect(own.status).toBe(200)
    expect(own.body.passkey.name).toBe('Telefono')
    const blank = await api('PATCH', `/api/auth/passkeys/${passkey.id}`, { token: a.token, body: { name: ' ' } })
    expect(blank.status).toBe(400)
    expect(errorPaths(blank.body)).toContain('name')
    const long = await api('PATCH', `/api/auth/passkeys/${passkey.id}`, {
      token: a.token,
      body: { name: 'x'.repeat(61) },
    })
    expect(long.status).toBe(400)
    expect(errorPaths(long.body)).toContain('name')
    expect((await api('DELETE', '/api/auth/passkeys/abc', { token: a.token })).status).toBe(400)
  })

  it('an erased account takes its passkeys with it', async () => {
    const a = await account()
    const { device } = await registered(a.token)
    const erased = await api('DELETE', '/api/auth/me', { token: a.token, body: { password: 'password123' } })
    expect(erased.status, JSON.stringify(erased.body)).toBe(200)
    expect(await sql('select 1 from user_passkeys where credential_id = $1', [device.id])).toHaveLength(0)
    const { challenge } = await signInOptions()
    const res = await signIn(challenge, device.assert(challenge))
    expect(res.status).toBe(401)
    expect(codeOf(res.body)).toBe('PASSKEY_UNKNOWN')
  })

  it('visitors get 401 on the signed-in endpoints; bad sign-in bodies get a 400 naming the field', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/options'],
      ['POST', '/api/auth/passkeys'],
      ['PATCH', '/api/auth/passkeys/1'],
      ['DELETE', '/api/auth/passkeys/1'],
    ]) {
      const res = await api(method!, path!, { token: null, body: method === 'GET' ? undefined : {} })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    const noResponse = await api('POST', '/api/auth/passkeys/login', { token: null, body: { challenge: 'abc' } })
    expect(noResponse.status).toBe(400)
    expect(errorPaths(noResponse.body)).toContain('response')
    const notWebAuthn = await api('POST', '/api/auth/passkeys/login', {
      token: null,
      body: { challenge: 'abc', response: { id: 'x', rawId: 'x', type: 'password', response: {} } },
    })
    expect(notWebAuthn.status).toBe(400)
    expect(errorPaths(notWebAuthn.body).some((p) => p.startsWith('response'))).toBe(true)
  })

  it('staff use passkeys too: an operator and an admin register and sign in', async () => {
    for (const role of ['OPERATOR', 'ADMIN'] as const) {
      const staff = await account(role)
      const { device } = await registered(staff.token)
      const { challenge } = await signInOptions()
      const res = await signIn(challenge, device.assert(challenge))
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.user.user_role).toBe(role)
    }
  })

  it('failed passkey sign-ins count like wrong passwords: an address is stopped with 429', async () => {
    const address = freshAddress()
    let last = 0
    for (let i = 0; i < 51; i++) {
      const res = await signIn(`made-up-${i}`, new SoftAuthenticator(origin).assert(`made-up-${i}`), address)
      last = res.status
      if (last === 429) break
    }
    expect(last).toBe(429)
  })
})
