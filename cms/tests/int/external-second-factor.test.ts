/**
 * External sign-in and the second factor (issue 26 §1, spec §4): a provider proves who someone is
 * in place of the password, never in place of the second factor — the token exchange answers the
 * login's `{ mfaRequired, challenge }`; and an account with a second factor is joined to a provider
 * only once that factor is given too. Against the real OpenID provider on loopback, as
 * external-sign-in.test.ts.
 */
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login as passwordLogin, sql, startApp, unique, type AppProcess } from './helpers'
import { externalClient } from './externalBrowser'
import { startTestProvider, testProviderEnv } from '../../../scripts/lib/testOidcProvider.mjs'

let provider: { issuer: string; close: () => Promise<void> }
let app: AppProcess

beforeAll(async () => {
  provider = await startTestProvider({})
  app = await startApp('external-second-factor', { env: testProviderEnv(provider.issuer) })
}, 120_000)

afterAll(async () => {
  await app?.stop()
  await provider?.close()
})

const { call, signIn, exchange } = externalClient(
  () => app.base,
  () => provider.issuer,
)

/** TOTP turned on for the account of `token`: its generator. */
async function enrolTotp(token: string) {
  const started = await call('POST', '/api/auth/factors', { token, body: { friendly_name: 'Telefono' } })
  expect(started.status).toBe(201)
  const totp = new TOTP({ secret: Secret.fromBase32(started.body.totp.secret), digits: 6, period: 30 })
  const verified = await call('POST', `/api/auth/factors/${started.body.id}/verify`, {
    token,
    body: { code: totp.generate() },
  })
  expect(verified.status).toBe(200)
  return totp
}

describe('external sign-in and the second factor', () => {
  it('asks for the second factor after the provider when the account has one, as the password login does', async () => {
    const login = `${unique('ext-totp')}@example.it`.toLowerCase()
    const first = await signIn(login)
    const session = await exchange(first.landing.searchParams.get('code')!, first.verifier)
    const token = session.body.token as string
    const totp = await enrolTotp(token)

    const again = await signIn(login)
    const pending = await exchange(again.landing.searchParams.get('code')!, again.verifier)
    expect(pending.status).toBe(200)
    expect(pending.body).toMatchObject({ mfaRequired: true })
    expect(pending.body.token).toBeUndefined()
    expect(pending.headers.get('set-cookie')).toBeNull()
    const wrong = await call('POST', '/api/auth/login/verify', {
      body: { challenge: pending.body.challenge, code: '000000' },
    })
    expect(wrong.status).toBe(400)
    const done = await call('POST', '/api/auth/login/verify', {
      body: { challenge: pending.body.challenge, code: totp.generate({ timestamp: Date.now() + 30_000 }) },
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.user.email).toBe(login)
    expect(done.headers.get('set-cookie')).toMatch(/payload-token=/)
  })

  it('joins a provider to an account with a second factor only after that factor too', async () => {
    const email = `${unique('ext-owner-totp')}@example.it`.toLowerCase()
    const made = await api('POST', '/api/users', {
      token: null,
      body: { email, password: 'password123', name: 'Ivo', surname: 'Neri', phone_number: '3331234567' },
    })
    expect(made.status).toBe(201)
    const totp = await enrolTotp(await passwordLogin(email, 'password123'))
    const userId = made.body.doc.id as number

    const attempt = await signIn(email)
    const link = attempt.landing.searchParams.get('link')!
    expect(link).toBeTruthy()
    const step = await call('POST', '/api/auth/login', { body: { email, password: 'password123', link_token: link } })
    expect(step.body).toMatchObject({ mfaRequired: true })
    // The password alone joins nothing.
    expect(await sql('select 1 from user_identities where user_id = $1', [userId])).toHaveLength(0)
    const done = await call('POST', '/api/auth/login/verify', {
      body: { challenge: step.body.challenge, code: totp.generate({ timestamp: Date.now() + 30_000 }) },
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(await sql('select provider, subject from user_identities where user_id = $1', [userId])).toEqual([
      { provider: 'local', subject: email },
    ])
  })
})
