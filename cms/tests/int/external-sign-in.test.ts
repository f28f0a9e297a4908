/**
 * External sign-in end to end (issue 26 §1): a real OpenID provider (panva's oidc-provider, started
 * here on loopback by scripts/lib/testOidcProvider.mjs) and an app configured for it, driven over
 * HTTP — the provider's own login form included — with both PKCE legs, state and nonce.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, sql, startApp, unique, type AppProcess } from './helpers'
import { externalClient, landingOf, pkce, providerAnswer } from './externalBrowser'
import { TEST_CLIENT, startTestProvider, testProviderEnv } from '../../../scripts/lib/testOidcProvider.mjs'

let provider: { issuer: string; close: () => Promise<void> }
let app: AppProcess

beforeAll(async () => {
  provider = await startTestProvider({})
  // The same provider twice: `local` answers in the query, `posted` with a form POST (as Apple does).
  app = await startApp('external-sign-in', {
    env: {
      ...testProviderEnv(provider.issuer),
      OIDC_PROVIDERS: 'local,posted',
      OIDC_POSTED_ISSUER: provider.issuer,
      OIDC_POSTED_CLIENT_ID: TEST_CLIENT.id,
      OIDC_POSTED_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_POSTED_LABEL: 'Posta ID',
      OIDC_POSTED_RESPONSE_MODE: 'form_post',
    },
  })
}, 120_000)

afterAll(async () => {
  await app?.stop()
  await provider?.close()
})

const { call, authorize, signInAtProvider, callback, signIn, exchange } = externalClient(
  () => app.base,
  () => provider.issuer,
)

const usersWith = (email: string) =>
  sql<{
    id: number
    user_role: string
    name: string
    surname: string | null
    email_verified_at: Date | null
    privacy_accepted_at: Date | null
  }>(
    'select id, user_role, name, surname, email_verified_at, privacy_accepted_at from users where lower(email) = lower($1)',
    [email],
  )

describe('external sign-in with a real OpenID provider', () => {
  it('lists only the configured provider', async () => {
    const res = await call('GET', '/api/auth/providers')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      providers: [
        { id: 'local', label: 'Salone Test ID' },
        { id: 'posted', label: 'Posta ID' },
      ],
    })
    // The main test app has none configured.
    expect((await api('GET', '/api/auth/providers', { token: null })).body).toEqual({ providers: [] })
  })

  it('answers a 302 to the provider with PKCE S256, state and nonce of its own', async () => {
    const { challenge } = pkce()
    const query = new URLSearchParams({
      provider: 'local',
      redirect_to: '/',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'login',
      foo: 'bar',
    })
    const res = await fetch(`${app.base}/api/auth/authorize?${query}`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    const to = new URL(res.headers.get('location')!)
    expect(to.origin).toBe(provider.issuer)
    expect(to.searchParams.get('code_challenge_method')).toBe('S256')
    // The provider gets the server's own challenge, never the client's.
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(to.searchParams.get('code_challenge')).not.toBe(challenge)
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
    expect(to.searchParams.get('nonce')).toBeTruthy()
    expect(to.searchParams.get('redirect_uri')).toBe(`${app.base}/api/auth/callback/local`)
    expect(to.searchParams.get('prompt')).toBe('login') // allow-listed, passed on
    expect(to.searchParams.get('foo')).toBeNull() // not allow-listed
    expect(to.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    // Only the hash of the state is kept.
    const [row] = await sql('select count(*)::int as n from external_sign_in_flows where state_hash = $1', [
      crypto.createHash('sha256').update(to.searchParams.get('state')!).digest('hex'),
    ])
    expect(row.n).toBe(1)
  })

  it('creates a customer on a first sign-in and signs the same person in again the second time', async () => {
    const email = `${unique('ext-new')}@example.it`.toLowerCase()
    const login = email.replace(/^ext-new/, 'giulia.bianchi')
    const first = await signIn(login)
    expect(first.landing.pathname).toBe('/login/callback')
    expect(first.landing.searchParams.get('next')).toBe('/reserve')
    const code = first.landing.searchParams.get('code')!
    expect(code).toMatch(/^[\w-]{43}$/)
    // Our code is stored only as its hash.
    expect(await sql('select 1 from external_auth_codes where code_hash = $1', [code])).toHaveLength(0)

    const signedIn = await exchange(code, first.verifier)
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(signedIn.body.user.email).toBe(login)
    expect(signedIn.body.user.user_role).toBe('USER')
    expect(signedIn.headers.get('set-cookie')).toMatch(/payload-token=/)
    const me = await call('GET', '/api/auth/me', { token: signedIn.body.token })
    expect(me.body.user.email).toBe(login)

    const [user] = await usersWith(login)
    expect(user).toMatchObject({ user_role: 'USER', name: 'Giulia', surname: 'Bianchi' })
    expect(user!.email_verified_at).not.toBeNull()
    expect(user!.privacy_accepted_at).not.toBeNull()
    const ids = await sql('select provider, subject, user_id from user_identities where user_id = $1', [user!.id])
    expect(ids).toEqual([{ provider: 'local', subject: login, user_id: user!.id }])

    // The profile lists it; it is the only way in (no password known), so it cannot be removed.
    const listed = await call('GET', '/api/auth/identities', { token: signedIn.body.token })
    expect(listed.body.has_password).toBe(false)
    expect(listed.body.identities).toMatchObject([{ provider: 'local', label: 'Salone Test ID', email: login }])
    const removed = await call('DELETE', `/api/auth/identities/${listed.body.identities[0].id}`, {
      token: signedIn.body.token,
    })
    expect(removed.status).toBe(409)
    expect(removed.body.errors[0].data.code).toBe('LAST_SIGN_IN_METHOD')
    expect(await sql('select 1 from user_identities where user_id = $1', [user!.id])).toHaveLength(1)

    const again = await signIn(login)
    const second = await exchange(again.landing.searchParams.get('code')!, again.verifier)
    expect(second.status).toBe(200)
    expect(second.body.user.id).toBe(user!.id)
    expect(await usersWith(login)).toHaveLength(1)
  })

  it('takes the answer as a form POST (response_mode=form_post, as Apple sends it)', async () => {
    const login = `${unique('ext-posted')}@example.it`.toLowerCase()
    const { verifier, challenge } = pkce()
    const started = await authorize({
      provider: 'posted',
      code_challenge: challenge,
      redirect_to: '/login/callback',
      privacy_accepted: 'true',
    })
    expect(new URL(started.body.url).searchParams.get('response_mode')).toBe('form_post')
    const answer = await providerAnswer(started.body.url, login, provider.issuer)
    if (answer instanceof URL) throw new Error('expected a form POST')
    expect(answer.action.href).toBe(`${app.base}/api/auth/callback/posted`)
    expect(answer.form.get('state')).toBeTruthy()
    // A cross-site POST from the provider's page, without any cookie of ours.
    const landing = await landingOf(answer.action, app.base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: answer.form,
    })
    expect(landing.pathname).toBe('/login/callback')
    const signedIn = await exchange(landing.searchParams.get('code')!, verifier)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user.email).toBe(login)
    const [user] = await usersWith(login)
    expect(await sql('select provider from user_identities where user_id = $1', [user!.id])).toEqual([
      { provider: 'posted' },
    ])
  })

  it('never joins an existing account silently: only after its password login with the link token', async () => {
    const email = `${unique('ext-owner')}@example.it`.toLowerCase()
    const made = await api('POST', '/api/users', {
      token: null,
      body: { email, password: 'password123', name: 'Olga', surname: 'Rossi', phone_number: '3331234567' },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const [owner] = await usersWith(email)

    const attempt = await signIn(email)
    expect(attempt.landing.pathname).toBe('/login')
    expect(attempt.landing.searchParams.get('provider')).toBe('local')
    expect(attempt.landing.searchParams.get('code')).toBeNull()
    const link = attempt.landing.searchParams.get('link')!
    expect(link).toBeTruthy()
    expect(await sql('select 1 from user_identities where user_id = $1', [owner!.id])).toHaveLength(0)

    // A wrong password with the token joins nothing; the token names one e-mail only.
    const wrong = await call('POST', '/api/auth/login', { body: { email, password: 'nope-nope', link_token: link } })
    expect(wrong.status).toBe(401)
    const other = await call('POST', '/api/auth/login', {
      body: { email: 'cliente@demo.salon', password: 'demo1234', link_token: link },
    })
    expect(other.status).toBe(400)
    expect(errorPaths(other.body)).toEqual(['link_token'])
    expect(other.headers.get('set-cookie')).toBeNull()
    expect(await sql('select 1 from user_identities where user_id = $1', [owner!.id])).toHaveLength(0)

    const joined = await call('POST', '/api/auth/login', { body: { email, password: 'password123', link_token: link } })
    expect(joined.status).toBe(200)
    expect(await sql('select provider, subject from user_identities where user_id = $1', [owner!.id])).toEqual([
      { provider: 'local', subject: email },
    ])

    // From now on the provider signs the owner in; with a password, unlinking is allowed.
    const next = await signIn(email)
    const session = await exchange(next.landing.searchParams.get('code')!, next.verifier)
    expect(session.body.user.id).toBe(owner!.id)
    const listed = await call('GET', '/api/auth/identities', { token: session.body.token })
    expect(listed.body.has_password).toBe(true)
    const removed = await call('DELETE', `/api/auth/identities/${listed.body.identities[0].id}`, {
      token: session.body.token,
    })
    expect(removed.status).toBe(200)
  })

  it('refuses an unverified provider e-mail, and a new account without the privacy notice', async () => {
    const unverified = `unverified.${unique('x')}@example.it`.toLowerCase()
    const a = await signIn(unverified)
    expect(a.landing.pathname).toBe('/login')
    expect(a.landing.searchParams.get('external_error')).toBe('EXTERNAL_EMAIL_UNVERIFIED')
    expect(await usersWith(unverified)).toHaveLength(0)

    const noNotice = `${unique('ext-nonotice')}@example.it`.toLowerCase()
    const b = await signIn(noNotice, { privacy: false })
    expect(b.landing.searchParams.get('external_error')).toBe('EXTERNAL_PRIVACY_REQUIRED')
    expect(await usersWith(noNotice)).toHaveLength(0)
  })

  it('refuses a tampered state, and another answer for a state already used', async () => {
    const login = `${unique('ext-state')}@example.it`.toLowerCase()
    const { challenge } = pkce()
    const started = await authorize({
      code_challenge: challenge,
      redirect_to: '/login/callback',
      privacy_accepted: 'true',
    })
    const back = await signInAtProvider(started.body.url, login)
    const tampered = new URL(back)
    const state = tampered.searchParams.get('state')!
    tampered.searchParams.set('state', state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA'))
    const refused = await callback(tampered)
    expect(refused.pathname).toBe('/login')
    expect(refused.searchParams.get('external_error')).toBe('EXTERNAL_FAILED')
    expect(refused.searchParams.get('code')).toBeNull()
    expect(await usersWith(login)).toHaveLength(0)

    // The genuine answer still goes through (the refusal was the state's).
    const genuine = await callback(back)
    const code = genuine.searchParams.get('code')!
    expect(code).toBeTruthy()
    const codes = await sql<{ n: number }>('select count(*)::int as n from external_auth_codes')
    // The very same answer again (a browser may send one navigation twice): the same reply, no new code.
    const again = await callback(back)
    expect(again.searchParams.get('code')).toBe(code)
    expect((await sql<{ n: number }>('select count(*)::int as n from external_auth_codes'))[0]!.n).toBe(codes[0]!.n)
    // Any other answer with that state is refused.
    const other = new URL(back)
    other.searchParams.set('code', 'another-code-from-somewhere')
    const replayed = await callback(other)
    expect(replayed.searchParams.get('external_error')).toBe('EXTERNAL_FAILED')
    expect(replayed.searchParams.get('code')).toBeNull()
  })

  it('refuses a wrong PKCE verifier, a replayed code and an expired one, signing nobody in', async () => {
    const login = `${unique('ext-pkce')}@example.it`.toLowerCase()
    const a = await signIn(login)
    const wrong = await exchange(a.landing.searchParams.get('code')!, pkce().verifier)
    expect(wrong.status).toBe(400)
    expect(errorPaths(wrong.body)).toEqual(['code_verifier'])
    expect(wrong.headers.get('set-cookie')).toBeNull()
    expect(wrong.body.token).toBeUndefined()
    // A wrong verifier used the code up: the right one comes too late.
    const late = await exchange(a.landing.searchParams.get('code')!, a.verifier)
    expect(late.status).toBe(400)
    expect(errorPaths(late.body)).toEqual(['auth_code'])

    const b = await signIn(login)
    const code = b.landing.searchParams.get('code')!
    // Another site's page cannot make this browser exchange a code (login CSRF); the code stays.
    const crossSite = await call('POST', '/api/auth/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: b.verifier },
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    // Refused before the exchange (Payload's own CSRF check, or ours: 403 CROSS_SITE), as the refresh is.
    expect([401, 403]).toContain(crossSite.status)
    expect(crossSite.headers.get('set-cookie')).toBeNull()
    expect((await exchange(code, b.verifier)).status).toBe(200)
    const replay = await exchange(code, b.verifier)
    expect(replay.status).toBe(400)
    expect(errorPaths(replay.body)).toEqual(['auth_code'])
    expect(replay.headers.get('set-cookie')).toBeNull()

    const c = await signIn(login)
    await sql(`update external_auth_codes set expires_at = now() - interval '1 second'`)
    const expired = await exchange(c.landing.searchParams.get('code')!, c.verifier)
    expect(expired.status).toBe(400)
    expect(errorPaths(expired.body)).toEqual(['auth_code'])

    const badGrant = await call('POST', '/api/auth/token?grant_type=password', {
      body: { auth_code: 'x', code_verifier: b.verifier },
    })
    expect(badGrant.status).toBe(400)
    expect(errorPaths(badGrant.body)).toEqual(['grant_type'])
  })

  it('refuses a foreign redirect_to before anything is stored', async () => {
    const before = await sql<{ n: number }>('select count(*)::int as n from external_sign_in_flows')
    for (const target of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'reserve',
    ]) {
      const res = await authorize({ code_challenge: pkce().challenge, redirect_to: target })
      expect(res.status, target).toBe(400)
      expect(errorPaths(res.body), target).toEqual(['redirect_to'])
    }
    const unknown = await authorize({ provider: 'nope', code_challenge: pkce().challenge })
    expect(unknown.status).toBe(400)
    expect(errorPaths(unknown.body)).toEqual(['provider'])
    const plain = await authorize({ code_challenge: pkce().challenge, code_challenge_method: 'plain' })
    expect(errorPaths(plain.body)).toEqual(['code_challenge_method'])
    const after = await sql<{ n: number }>('select count(*)::int as n from external_sign_in_flows')
    expect(after[0]!.n).toBe(before[0]!.n)
  })
})
