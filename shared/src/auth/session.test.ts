import { describe, expect, it } from 'vitest'
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_MARGIN_MS,
  REFRESH_TOKEN_SECONDS,
  msUntilRefresh,
  refreshDecision,
  refreshExpiresAt,
  refreshForgetBefore,
  shouldRefresh,
} from './session'

const now = Date.UTC(2026, 10, 23, 0, 0, 0)
const live = { expiresAt: now + 1000, usedAt: null, revokedAt: null }

describe('session lifetimes', () => {
  it('access 30 minutes, refresh one year', () => {
    expect(ACCESS_TOKEN_SECONDS).toBe(1800)
    expect(REFRESH_TOKEN_SECONDS).toBe(31_536_000)
    expect(refreshExpiresAt(now) - now).toBe(365 * 86_400_000)
    expect(now - refreshForgetBefore(now)).toBe(30 * 86_400_000)
  })
})

describe('refreshDecision', () => {
  it('rotates a live token', () => expect(refreshDecision(live, now)).toBe('rotate'))
  it('refuses unknown, expired and revoked tokens', () => {
    expect(refreshDecision(null, now)).toBe('invalid')
    expect(refreshDecision({ ...live, expiresAt: now }, now)).toBe('invalid')
    expect(refreshDecision({ ...live, revokedAt: now - 1 }, now)).toBe('invalid')
    expect(refreshDecision({ ...live, usedAt: now - 1, revokedAt: now - 1 }, now)).toBe('invalid')
  })
  it('a token already exchanged is reuse (even when it would have expired)', () => {
    expect(refreshDecision({ ...live, usedAt: now - 1 }, now)).toBe('reuse')
    expect(refreshDecision({ ...live, usedAt: now - 1, expiresAt: now - 1 }, now)).toBe('reuse')
  })
})

describe('shouldRefresh', () => {
  const exp = Math.floor(now / 1000) + ACCESS_TOKEN_SECONDS
  it('not while far from expiry', () => expect(shouldRefresh({ expSeconds: exp, now, visible: true })).toBe(false))
  it('when close to expiry and visible', () => {
    const late = exp * 1000 - REFRESH_MARGIN_MS
    expect(shouldRefresh({ expSeconds: exp, now: late, visible: true })).toBe(true)
    expect(shouldRefresh({ expSeconds: exp, now: exp * 1000 + 1, visible: true })).toBe(true)
  })
  it('never while hidden, never without an expiry', () => {
    expect(shouldRefresh({ expSeconds: exp, now: exp * 1000, visible: false })).toBe(false)
    expect(shouldRefresh({ expSeconds: null, now, visible: true })).toBe(false)
  })
  it('msUntilRefresh counts down to the margin', () => {
    expect(msUntilRefresh(exp, now)).toBe(ACCESS_TOKEN_SECONDS * 1000 - REFRESH_MARGIN_MS)
    expect(msUntilRefresh(exp, exp * 1000)).toBe(0)
  })
})
