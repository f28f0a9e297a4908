import { describe, expect, it } from 'vitest'
import { authorizeQuery, isOwnPath, pkceTokenBody, withAuthCode } from './external'

const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

describe('isOwnPath (redirect_to)', () => {
  it('takes paths of this site', () => {
    for (const ok of ['/', '/reserve', '/login/callback?next=%2Freserve%3Fstep%3Dsummary', '/a#b'])
      expect(isOwnPath(ok), ok).toBe(true)
  })
  it('refuses anything a browser would take to another host, or not a path', () => {
    for (const bad of [
      '',
      'reserve',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/ok\n//evil',
      '/tab\tx',
      `/${'a'.repeat(2000)}`,
    ])
      expect(isOwnPath(bad), JSON.stringify(bad)).toBe(false)
  })
})

describe('authorizeQuery', () => {
  it('defaults redirect_to to / and the method to s256; S256 is the same', () => {
    const q = authorizeQuery.parse({ provider: 'google', code_challenge: challenge, code_challenge_method: 'S256' })
    expect(q.redirect_to).toBe('/')
    expect(q.code_challenge_method).toBe('S256')
  })
  it('names the field it refuses', () => {
    const paths = (input: Record<string, unknown>) =>
      authorizeQuery
        .safeParse({ provider: 'google', code_challenge: challenge, ...input })
        .error?.issues.map((i) => i.path.join('.'))
    expect(paths({ redirect_to: '//evil.example' })).toEqual(['redirect_to'])
    expect(paths({ code_challenge_method: 'plain' })).toEqual(['code_challenge_method'])
    expect(paths({ code_challenge: 'short' })).toEqual(['code_challenge'])
    expect(paths({ provider: 'Not A Name' })).toEqual(['provider'])
    expect(paths({ scopes: 'email "quoted"' })).toEqual(['scopes'])
    expect(paths({ skip_http_redirect: 'yes' })).toEqual(['skip_http_redirect'])
  })
})

describe('pkceTokenBody', () => {
  it('takes a verifier of 43–128 unreserved characters only', () => {
    expect(pkceTokenBody.safeParse({ auth_code: 'x', code_verifier: 'a'.repeat(43) }).success).toBe(true)
    expect(pkceTokenBody.safeParse({ auth_code: 'x', code_verifier: 'a'.repeat(42) }).success).toBe(false)
    expect(pkceTokenBody.safeParse({ auth_code: 'x', code_verifier: `${'a'.repeat(42)}+` }).success).toBe(false)
    expect(pkceTokenBody.safeParse({ auth_code: 'x', code_verifier: 'a'.repeat(43), extra: 1 }).success).toBe(false)
  })
})

describe('withAuthCode', () => {
  it('adds the code to the query, keeping the rest', () => {
    expect(withAuthCode('/login/callback?next=%2Freserve', 'abc')).toBe('/login/callback?next=%2Freserve&code=abc')
    expect(withAuthCode('/', 'abc')).toBe('/?code=abc')
    expect(withAuthCode('/x?code=old#top', 'new')).toBe('/x?code=new#top')
  })
})
