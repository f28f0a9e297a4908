import { describe, expect, it } from 'vitest'
import { ROLES } from '../enums/index'
import { HOME_OF_ROLE, landingFor } from './landing'

describe('landingFor', () => {
  it('sends each role to its place when nothing was asked for', () => {
    expect(landingFor('ADMIN', null)).toBe('/dashboard')
    expect(landingFor('OPERATOR', null)).toBe('/reserved-area')
    expect(landingFor('USER', undefined)).toBe('/reserved-area')
    expect(landingFor('USER', '')).toBe('/reserved-area')
  })

  it('lets the booking wizard with its choice win for every role', () => {
    const wizard = '/reserve?services=3,5&day=2026-11-28&time=2026-11-28T09:30:00.000Z&step=summary'
    for (const role of ROLES) expect(landingFor(role, wizard)).toBe(wizard)
  })

  it('lets a page of the reserved area win, with its query', () => {
    expect(landingFor('ADMIN', '/reserved-area/profile')).toBe('/reserved-area/profile')
    expect(landingFor('USER', '/reserved-area/settings?tab=2')).toBe('/reserved-area/settings?tab=2')
    expect(landingFor('OPERATOR', '/reserved-area?view=week')).toBe('/reserved-area?view=week')
    expect(landingFor('USER', '/reserved-area?tab=past')).toBe('/reserved-area?tab=past')
  })

  it('takes an admin asking for "my account" to the dashboard', () => {
    expect(landingFor('ADMIN', '/reserved-area')).toBe('/dashboard')
    expect(landingFor('ADMIN', '/reserved-area/')).toBe('/dashboard')
  })

  it('lets a dashboard page win for an admin only', () => {
    expect(landingFor('ADMIN', '/dashboard/booking?status=PENDING')).toBe('/dashboard/booking?status=PENDING')
    expect(landingFor('ADMIN', '/dashboard/user/12')).toBe('/dashboard/user/12')
    expect(landingFor('OPERATOR', '/dashboard/booking')).toBe('/reserved-area')
    expect(landingFor('USER', '/dashboard')).toBe('/reserved-area')
  })

  it('ignores account steps, unknown paths and other origins', () => {
    for (const role of ROLES) {
      const home = HOME_OF_ROLE[role]
      for (const path of [
        '/login',
        '/login?redirectTo=/reserve',
        '/register',
        '/confirm?token=abc',
        '/password-recovery',
        '/password-recovery/ok',
        '/password-recovery/code/a@b.it',
        '/no-such-page',
        '/dashboard/no-such-resource',
        '//evil.example/reserve',
        'https://evil.example/dashboard',
      ])
        expect(landingFor(role, path), `${role} ${path}`).toBe(home)
    }
  })

  it('lets public pages win (the visitor was reading them)', () => {
    expect(landingFor('ADMIN', '/privacy')).toBe('/privacy')
    expect(landingFor('USER', '/')).toBe('/')
  })
})
