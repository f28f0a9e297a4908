import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { pkcePair, readPendingSignIn, startSignIn } from './externalSignIn'

const get = vi.hoisted(() => vi.fn())
vi.mock('./api', () => ({ api: { get } }))

beforeEach(() => {
  sessionStorage.clear()
  get.mockReset()
})

describe('pkcePair', () => {
  it('makes a fresh 43-character verifier and its S256 challenge', async () => {
    const a = await pkcePair()
    const b = await pkcePair()
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(a.verifier).not.toBe(b.verifier)
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'))
  })
})

describe('startSignIn', () => {
  it('keeps the verifier in this tab, sends only the challenge, and goes to the provider', async () => {
    get.mockResolvedValue({ url: 'https://accounts.google.com/o/oauth2/v2/auth?x=1' })
    const go = vi.fn()
    await startSignIn('google', '/reserve?step=summary', go)
    const pending = readPendingSignIn()!
    expect(pending).toMatchObject({ provider: 'google', next: '/reserve?step=summary' })
    const [path, options] = get.mock.calls[0]!
    expect(path).toBe('/api/auth/authorize')
    expect(options.query).toMatchObject({
      provider: 'google',
      redirect_to: '/login/callback',
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 's256',
      skip_http_redirect: true,
      privacy_accepted: true,
    })
    expect(JSON.stringify(options)).not.toContain(pending.verifier)
    expect(go).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?x=1')
  })

  it('forgets a pending sign-in older than a quarter of an hour', () => {
    sessionStorage.setItem(
      'salon_external_sign_in',
      JSON.stringify({ verifier: 'v', provider: 'google', next: null, at: Date.now() - 16 * 60_000 }),
    )
    expect(readPendingSignIn()).toBeNull()
  })
})
