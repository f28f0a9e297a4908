import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appleClientSecret, isLoopbackIssuer, readProviders } from './providers'
import { namesFrom, verifiedEmail } from './claims'
import { verifierMatches } from './store'

const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
const applePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

describe('readProviders', () => {
  it('reads Google, Apple and named providers, in that order, with their defaults', () => {
    const { providers, skipped } = readProviders({
      OIDC_GOOGLE_CLIENT_ID: 'g-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_APPLE_CLIENT_ID: 'it.salon.web',
      OIDC_APPLE_TEAM_ID: 'TEAM123',
      OIDC_APPLE_KEY_ID: 'KEY123',
      OIDC_APPLE_PRIVATE_KEY: applePem.replace(/\n/g, '\\n'),
      OIDC_PROVIDERS: 'Keycloak, microsoft',
      OIDC_KEYCLOAK_ISSUER: 'https://id.example.it/realms/salon',
      OIDC_KEYCLOAK_CLIENT_ID: 'k-id',
      OIDC_KEYCLOAK_CLIENT_SECRET: 'k-secret',
      OIDC_KEYCLOAK_LABEL: 'Il mio ID',
      OIDC_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/x/v2.0',
      OIDC_MICROSOFT_CLIENT_ID: 'm-id',
      OIDC_MICROSOFT_CLIENT_SECRET: 'm-secret',
      OIDC_MICROSOFT_SCOPES: 'email profile',
      OIDC_MICROSOFT_RESPONSE_MODE: 'form_post',
    })
    expect(providers.map((p) => [p.id, p.label])).toEqual([
      ['google', 'Google'],
      ['apple', 'Apple'],
      ['keycloak', 'Il mio ID'],
      ['microsoft', 'microsoft'],
    ])
    expect(providers[0]).toMatchObject({ issuer: 'https://accounts.google.com', scopes: 'openid email profile' })
    expect(providers[1]).toMatchObject({ issuer: 'https://appleid.apple.com', formPost: true })
    expect(providers[3]!.scopes).toBe('openid email profile') // openid always asked
    expect(providers.map((p) => p.formPost)).toEqual([false, true, false, true])
    expect(skipped).toEqual([])
  })

  it('leaves out a provider with a setting missing, and says which', () => {
    const { providers, skipped } = readProviders({
      OIDC_GOOGLE_CLIENT_ID: 'g-id',
      OIDC_PROVIDERS: 'half,google',
      OIDC_HALF_ISSUER: 'https://id.example.it',
    })
    expect(providers).toEqual([])
    expect(skipped.join('; ')).toMatch(/google \(missing OIDC_GOOGLE_CLIENT_SECRET\)/)
    expect(skipped.join('; ')).toMatch(/half \(missing OIDC_HALF_CLIENT_ID, OIDC_HALF_CLIENT_SECRET\)/)
    expect(skipped.join('; ')).toMatch(/google \(name not usable\)/)
  })
})

describe('appleClientSecret', () => {
  it('is an ES256 JWT for Apple signed with the team key', () => {
    const now = Date.UTC(2026, 10, 27, 12)
    const jwt = appleClientSecret(
      { clientId: 'it.salon.web', teamId: 'TEAM123', keyId: 'KEY123', privateKey: applePem },
      now,
    )
    const [h, p, s] = jwt.split('.')
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY123', typ: 'JWT' })
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
    expect(claims).toMatchObject({ iss: 'TEAM123', sub: 'it.salon.web', aud: 'https://appleid.apple.com' })
    expect(claims.exp - claims.iat).toBe(3600)
    expect(claims.iat).toBe(now / 1000)
    const ok = crypto.verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s!, 'base64url'),
    )
    expect(ok).toBe(true)
    const other = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey
    expect(
      crypto.verify(
        'sha256',
        Buffer.from(`${h}.${p}`),
        { key: other, dsaEncoding: 'ieee-p1363' },
        Buffer.from(s!, 'base64url'),
      ),
    ).toBe(false)
  })
})

describe('isLoopbackIssuer', () => {
  it('allows plain http only on this machine', () => {
    expect(isLoopbackIssuer('http://127.0.0.1:4000')).toBe(true)
    expect(isLoopbackIssuer('http://localhost:4000/realm')).toBe(true)
    expect(isLoopbackIssuer('http://id.example.it')).toBe(false)
    expect(isLoopbackIssuer('https://localhost')).toBe(false)
    expect(isLoopbackIssuer('http://127.0.0.1.evil.example')).toBe(false)
  })
})

describe('claims', () => {
  it('takes only an e-mail the provider says is verified (Apple: unless it says not)', () => {
    expect(verifiedEmail({ id: 'google' }, { sub: '1', email: 'A@X.it', email_verified: true })).toBe('a@x.it')
    expect(verifiedEmail({ id: 'google' }, { sub: '1', email: 'a@x.it', email_verified: 'true' })).toBe('a@x.it')
    expect(verifiedEmail({ id: 'google' }, { sub: '1', email: 'a@x.it', email_verified: false })).toBeNull()
    expect(verifiedEmail({ id: 'google' }, { sub: '1', email: 'a@x.it' })).toBeNull()
    expect(verifiedEmail({ id: 'apple' }, { sub: '1', email: 'a@privaterelay.appleid.com' })).toBe(
      'a@privaterelay.appleid.com',
    )
    expect(verifiedEmail({ id: 'apple' }, { sub: '1', email: 'a@x.it', email_verified: 'false' })).toBeNull()
    expect(verifiedEmail({ id: 'google' }, { sub: '1', email: 'not-an-address', email_verified: true })).toBeNull()
  })

  it('names a new account from the claims, Apple’s first answer, or the address', () => {
    expect(namesFrom({ sub: '1', given_name: 'Anna', family_name: 'Neri' }, 'a@x.it')).toEqual({
      name: 'Anna',
      surname: 'Neri',
    })
    expect(namesFrom({ sub: '1', name: 'Luca De Santis' }, 'l@x.it')).toEqual({ name: 'Luca', surname: 'De Santis' })
    expect(namesFrom({ sub: '1' }, 'a@x.it', { name: { firstName: 'Sara', lastName: 'Blu' } })).toEqual({
      name: 'Sara',
      surname: 'Blu',
    })
    expect(namesFrom({ sub: '1' }, 'marta@x.it')).toEqual({ name: 'marta', surname: null })
  })
})

describe('verifierMatches (S256)', () => {
  it('matches the RFC 7636 example and nothing else', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
    expect(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true)
    expect(verifierMatches(`${verifier}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false)
    expect(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c')).toBe(false)
  })
})
