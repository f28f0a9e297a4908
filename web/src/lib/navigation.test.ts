import { afterEach, describe, expect, it, vi } from 'vitest'
import { navigateTo, NavigationRefusedError, resolveNavigation } from './navigation'

const ORIGIN = 'https://salone.example'

afterEach(() => vi.restoreAllMocks())

describe('resolveNavigation', () => {
  it('routes the SPA’s own paths, absolute or not, keeping query and hash', () => {
    expect(resolveNavigation('/reserve?services=1#top', {}, ORIGIN)).toEqual({
      kind: 'router',
      path: '/reserve?services=1#top',
    })
    expect(resolveNavigation(`${ORIGIN}/reserved-area`, {}, ORIGIN)).toEqual({ kind: 'router', path: '/reserved-area' })
  })

  it('loads the other apps of the origin (dashboard, API) as documents', () => {
    expect(resolveNavigation('/dashboard/booking', {}, ORIGIN)).toEqual({ kind: 'document', url: '/dashboard/booking' })
    expect(resolveNavigation('/api/reservations/feed.ics', {}, ORIGIN)).toEqual({
      kind: 'document',
      url: '/api/reservations/feed.ics',
    })
    expect(resolveNavigation('/dashboards', {}, ORIGIN).kind).toBe('router')
  })

  it('refuses another origin without the external flag, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const url of ['https://evil.example/x', '//evil.example/x', 'http://salone.example/', 'mailto:a@b.it']) {
      expect(() => resolveNavigation(url, {}, ORIGIN), url).toThrow(NavigationRefusedError)
    }
    expect(log).toHaveBeenCalledTimes(4)
    expect(log.mock.calls[0]![0]).toContain('external URL without the external flag')
  })

  it('allows another origin with the flag, over http(s), mailto or tel only', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(resolveNavigation('https://maps.example/?q=1', { external: true }, ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://maps.example/?q=1',
    })
    expect(resolveNavigation('tel:+390612345', { external: true }, ORIGIN).kind).toBe('external')
    expect(() => resolveNavigation('javascript:alert(1)', { external: true }, ORIGIN)).toThrow(/protocol javascript:/)
    expect(() => resolveNavigation('data:text/html,x', { external: true }, ORIGIN)).toThrow(NavigationRefusedError)
  })
})

describe('navigateTo', () => {
  it('uses the router for SPA paths and a page load for the rest', () => {
    const navigate = vi.fn()
    const load = vi.fn()
    navigateTo('/reserved-area', { replace: true }, navigate, load)
    expect(navigate).toHaveBeenCalledWith('/reserved-area', { replace: true })
    expect(load).not.toHaveBeenCalled()

    navigateTo('/dashboard', {}, navigate, load)
    expect(load).toHaveBeenLastCalledWith('/dashboard', false)
    navigateTo('https://maps.example/', { external: true, replace: true }, navigate, load)
    expect(load).toHaveBeenLastCalledWith('https://maps.example/', true)
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('does nothing at all when refused', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const navigate = vi.fn()
    const load = vi.fn()
    expect(() => navigateTo('https://evil.example/', {}, navigate, load)).toThrow(NavigationRefusedError)
    expect(navigate).not.toHaveBeenCalled()
    expect(load).not.toHaveBeenCalled()
  })
})
