import { describe, expect, it } from 'vitest'
import { findRoute, isCrawler, matchPath, notFoundMessage, statusForPath } from './routes'

describe('route table', () => {
  it.each([
    ['/', 200],
    ['/login', 200],
    ['/login/', 200],
    ['/reserved-area/profile', 200],
    ['/password-recovery/ok', 200],
    ['/password-recovery/abc123/mario%40example.com', 200],
    ['/dashboard', 200],
    ['/dashboard/service/12', 200],
    ['/dashboard/service/abc', 404],
    ['/dashboard/config/business-closure/create', 200],
    ['/nope', 404],
    ['/login/extra', 404],
    ['/password-recovery/abc', 404],
    ['/dashboard/operator/create', 200],
    ['/dashboard/unknown', 404],
    ['/reserved-area/profile/x', 404],
  ])('%s → %i', (path, status) => {
    expect(statusForPath(path)).toBe(status)
  })

  it('prefers literal routes over parameterised ones and decodes params', () => {
    expect(findRoute('/password-recovery/ok')?.route.name).toBe('password-recovery-ok')
    expect(matchPath('/password-recovery/:code/:email', '/password-recovery/X/a%40b.it')).toEqual({
      code: 'X',
      email: 'a@b.it',
    })
    expect(matchPath('/password-recovery/:code/:email', '/password-recovery/X/%E0%A4%A')).toBeNull()
  })

  it('formats the not-found message of spec §8', () => {
    expect(notFoundMessage('/x')).toBe('Page Not Found: /x')
  })

  it('tells crawlers from people', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true)
    expect(isCrawler('facebookexternalhit/1.1')).toBe(true)
    expect(isCrawler('Mozilla/5.0 (Linux; Android 14) Chrome-Lighthouse')).toBe(true)
    expect(isCrawler('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1')).toBe(
      false,
    )
    expect(isCrawler(undefined)).toBe(false)
  })
})
