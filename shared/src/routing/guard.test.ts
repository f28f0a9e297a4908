import { describe, expect, it } from 'vitest'
import { PUBLIC_ROUTES, REDIRECT_GUARD, routePattern, type RouteDef } from '../routes'
import {
  clearedRedirectCookie,
  guardDecision,
  isGuardedPath,
  matchesPattern,
  readRedirectCookie,
  redirectCookie,
  type RedirectGuardConfig,
} from './guard'

const base: RedirectGuardConfig = {
  login: '/login',
  callback: '/confirm',
  include: [],
  exclude: [],
  cookieRedirect: true,
  cookie: { name: 'r', maxAgeSeconds: 600 },
}

describe('matchesPattern', () => {
  it.each([
    ['/reserved-area', '/reserved-area', true],
    ['/reserved-area', '/reserved-area/', true],
    ['/reserved-area', '/reserved-area?tab=1#x', true],
    ['/reserved-area', '/reserved-area/profile', false],
    ['/reserved-area', '/Reserved-area', false],
    ['/reserved-area/*', '/reserved-area/profile', true],
    ['/reserved-area/*', '/reserved-area/a/b', true],
    ['/reserved-area/*', '/reserved-area', false],
    ['/reserved-area*', '/reserved-area', true],
    ['/reserved-area*', '/reserved-areas', true],
    ['/*', '/', true],
    ['*', '/', true],
    ['*', '/anything/at/all', true],
    ['/password-recovery/*/*', '/password-recovery/code/a@b.it', true],
    ['/a.b', '/aXb', false],
    ['/a+(b)', '/a+(b)', true],
    ['/*/edit', '/x/edit', true],
    ['/*/edit', '/x/edit/more', false],
  ])('%s ~ %s → %s', (pattern, path, expected) => {
    expect(matchesPattern(pattern, path)).toBe(expected)
  })
})

describe('guardDecision', () => {
  it('lets a signed-in user through everywhere', () => {
    expect(guardDecision('/reserved-area', true, base)).toEqual({ action: 'allow' })
  })

  it('with no include list guards every path but login, callback and exclusions', () => {
    const config = { ...base, exclude: ['/', '/public/*'] }
    expect(guardDecision('/secret?x=1', false, config)).toEqual({
      action: 'redirect',
      to: '/login',
      remember: '/secret?x=1',
    })
    expect(guardDecision('/', false, config)).toEqual({ action: 'allow' })
    expect(guardDecision('/public/page', false, config)).toEqual({ action: 'allow' })
    expect(guardDecision('/login?redirectTo=/x', false, config)).toEqual({ action: 'allow' })
    expect(guardDecision('/confirm?token=abc', false, config)).toEqual({ action: 'allow' })
  })

  it('with an include list guards only what it matches', () => {
    const config = { ...base, include: ['/private/*'] }
    expect(guardDecision('/private/a', false, config).action).toBe('redirect')
    expect(guardDecision('/private', false, config).action).toBe('allow')
    expect(guardDecision('/other', false, config).action).toBe('allow')
  })

  it('exclude wins over include', () => {
    const config = { ...base, include: ['/private/*'], exclude: ['/private/help'] }
    expect(guardDecision('/private/help', false, config).action).toBe('allow')
    expect(guardDecision('/private/help/more', false, config).action).toBe('redirect')
  })

  it('never guards login or callback, even when included (no redirect loop)', () => {
    const config = { ...base, include: ['*'] }
    expect(isGuardedPath('/login', config)).toBe(false)
    expect(isGuardedPath('/login/', config)).toBe(false)
    expect(isGuardedPath('/confirm', config)).toBe(false)
    expect(isGuardedPath('/loginx', config)).toBe(true)
  })

  it('remembers nothing when the cookie option is off', () => {
    expect(guardDecision('/x', false, { ...base, cookieRedirect: false })).toEqual({
      action: 'redirect',
      to: '/login',
      remember: null,
    })
  })
})

describe('redirect cookie', () => {
  it('stores the full path for the whole site, Lax, with a short life, and reads it back', () => {
    const text = redirectCookie('/reserved-area/profile?tab=2&x=à', base)
    expect(text).toBe('r=%2Freserved-area%2Fprofile%3Ftab%3D2%26x%3D%C3%A0; Path=/; Max-Age=600; SameSite=Lax')
    expect(redirectCookie('/a', base, true)).toMatch(/; Secure$/)
    const header = `other=1; ${text.split(';')[0]}; more=2`
    expect(readRedirectCookie(header, base)).toBe('/reserved-area/profile?tab=2&x=à')
  })

  it('reads nothing when absent, empty or undecodable, and clears with Max-Age=0', () => {
    expect(readRedirectCookie('', base)).toBeNull()
    expect(readRedirectCookie('rr=%2Fa', base)).toBeNull()
    expect(readRedirectCookie('r=', base)).toBeNull()
    expect(readRedirectCookie('r=%E0%A4%A', base)).toBeNull()
    expect(clearedRedirectCookie(base)).toBe('r=; Path=/; Max-Age=0; SameSite=Lax')
  })
})

describe('the public site configuration', () => {
  const sample = (path: string) => path.replace(/:[^/]+/g, 'x')

  it('guards exactly the routes marked auth: user', () => {
    for (const route of PUBLIC_ROUTES as readonly RouteDef[]) {
      expect(isGuardedPath(sample(route.path), REDIRECT_GUARD), route.path).toBe(route.auth === 'user')
    }
    expect(REDIRECT_GUARD.include).toContain('/reserved-area')
  })

  it('keeps home, booking wizard and legal pages open and never guards an unknown path', () => {
    for (const path of ['/', '/reserve?services=1', '/reserve/thankyou?id=3', '/terms', '/privacy', '/nope']) {
      expect(guardDecision(path, false, REDIRECT_GUARD)).toEqual({ action: 'allow' })
    }
    expect(guardDecision('/reserved-area/settings?x=1', false, REDIRECT_GUARD)).toEqual({
      action: 'redirect',
      to: '/login',
      remember: '/reserved-area/settings?x=1',
    })
  })

  it('turns route parameters into wildcards', () => {
    expect(routePattern('/password-recovery/:code/:email')).toBe('/password-recovery/*/*')
  })
})
