import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES, type ReservationStatus } from '../enums/index'
import {
  autoCompletion,
  canTransition,
  customerMayCancel,
  isBlocking,
  STATUS_TRANSITIONS,
  holdCutoff,
  holdExpiresAt,
  initialStatus,
  isHoldExpired,
} from './status'
import { settings } from './test-fixtures'

// PRODUCT.md "Status flow", copied as written there.
const FLOW = `
  PENDING_CONFIRMATION → PENDING | CONFIRMED | CANCELLED
  PENDING → APPROVED | CONFIRMED | REJECTED | PENDING_PAYMENT | CANCELLED
  PENDING_PAYMENT → CONFIRMED | CANCELLED
  APPROVED → CONFIRMED | MODIFIED | CANCELLED
  CONFIRMED → COMPLETED | NO_SHOW | MODIFIED | CANCELLED
  MODIFIED → CONFIRMED | CANCELLED`
const allowed = new Set(
  FLOW.trim()
    .split('\n')
    .flatMap((line) => {
      const [from, tos] = line.split('→').map((s) => s.trim()) as [string, string]
      return tos.split('|').map((to) => `${from}>${to.trim()}`)
    }),
)
const FINAL: ReservationStatus[] = ['REJECTED', 'CANCELLED', 'COMPLETED', 'NO_SHOW']

describe('STATUS_TRANSITIONS', () => {
  it('has a row for every status and nothing else', () => {
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...RESERVATION_STATUSES].sort())
  })

  it('final statuses lead nowhere', () => {
    for (const s of FINAL) expect(STATUS_TRANSITIONS[s]).toEqual([])
  })

  const pairs = RESERVATION_STATUSES.flatMap((from) => RESERVATION_STATUSES.map((to) => [from, to] as const))
  it('allows exactly the 19 transitions of the status flow (81 illegal pairs)', () => {
    expect(allowed.size).toBe(19)
    expect(pairs.filter(([f, t]) => canTransition(f, t))).toHaveLength(19)
    expect(pairs.filter(([f, t]) => !canTransition(f, t))).toHaveLength(81)
  })

  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`))
    expect(STATUS_TRANSITIONS[from].includes(to)).toBe(allowed.has(`${from}>${to}`))
  })

  it('refuses unknown statuses instead of throwing', () => {
    expect(canTransition('constructor' as ReservationStatus, 'CANCELLED')).toBe(false)
    expect(canTransition('PENDING', 'BOGUS' as ReservationStatus)).toBe(false)
  })

  it('cannot be modified at run time', () => {
    expect(() => (STATUS_TRANSITIONS.REJECTED as ReservationStatus[]).push('PENDING')).toThrow()
  })
})

describe('isBlocking', () => {
  const now = Date.parse('2026-05-01T10:00:00Z')
  it.each(['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED'] as const)('%s blocks', (status) => {
    expect(isBlocking({ status, createdAt: '2020-01-01T00:00:00Z' }, now, 10)).toBe(true)
  })
  it.each(['REJECTED', 'CANCELLED'] as const)('%s does not block', (status) => {
    expect(isBlocking({ status, createdAt: '2026-05-01T10:00:00Z' }, now, 10)).toBe(false)
  })
  // An appointment that is over keeps the time it held: completing a colour early does not free
  // the chair (issue 20). Staff free the rest explicitly (its end becomes now).
  it.each(['COMPLETED', 'NO_SHOW'] as const)('%s keeps blocking its time', (status) => {
    expect(isBlocking({ status, createdAt: '2026-05-01T10:00:00Z' }, now, 10)).toBe(true)
  })
  it('PENDING_CONFIRMATION blocks while its hold lasts, not at or after its expiry', () => {
    const r = (createdAt: string) => ({ status: 'PENDING_CONFIRMATION' as const, createdAt })
    expect(isBlocking(r('2026-05-01T09:50:00.001Z'), now, 10)).toBe(true)
    expect(isBlocking(r('2026-05-01T09:50:00.000Z'), now, 10)).toBe(false)
    expect(isBlocking(r('2026-05-01T09:00:00Z'), new Date(now), 10)).toBe(false)
    expect(isBlocking(r('2026-05-01T09:00:00Z'), now, 61)).toBe(true)
  })
  it('a hold with an unreadable createdAt keeps blocking (never risk a double booking)', () => {
    expect(isBlocking({ status: 'PENDING_CONFIRMATION', createdAt: 'nonsense' }, now, 10)).toBe(true)
  })
})

describe('customerMayCancel', () => {
  const start = '2026-05-10T10:00:00Z' // limit 24 h → last moment 2026-05-09T10:00:00Z
  const s = settings({ cancellationTimeLimit: 24 })
  it('allows exactly at the limit', () => {
    expect(customerMayCancel({ date_start: start }, s, Date.parse('2026-05-09T10:00:00Z'))).toEqual({ allowed: true })
  })
  it('allows just inside the limit', () => {
    expect(customerMayCancel({ date_start: start }, s, Date.parse('2026-05-09T09:59:59.999Z'))).toEqual({
      allowed: true,
    })
  })
  it('refuses just outside the limit', () => {
    expect(customerMayCancel({ date_start: start }, s, Date.parse('2026-05-09T10:00:00.001Z'))).toEqual({
      allowed: false,
      reason: 'TOO_LATE_TO_CANCEL',
    })
  })
  it('refuses when cancellation is disabled, however early', () => {
    expect(
      customerMayCancel(
        { date_start: start },
        settings({ cancellationEnabled: false }),
        Date.parse('2026-01-01T00:00:00Z'),
      ),
    ).toEqual({
      allowed: false,
      reason: 'CANCELLATION_DISABLED',
    })
  })
  it('reads the start with its offset; a zero limit allows up to the start itself', () => {
    const zero = settings({ cancellationTimeLimit: 0 })
    expect(
      customerMayCancel({ date_start: '2026-05-10T12:00:00+02:00' }, zero, new Date('2026-05-10T10:00:00Z')).allowed,
    ).toBe(true)
    expect(
      customerMayCancel({ date_start: '2026-05-10T12:00:00+02:00' }, zero, new Date('2026-05-10T10:00:01Z')).allowed,
    ).toBe(false)
  })
  it('a draft without a slot may be dropped; an unreadable start counts as too late', () => {
    expect(customerMayCancel({ date_start: null }, s, 0)).toEqual({ allowed: true })
    expect(customerMayCancel({ date_start: 'garbage' }, s, 0)).toEqual({ allowed: false, reason: 'TOO_LATE_TO_CANCEL' })
  })
})

describe('canMoveReservation', () => {
  it('a draft without a time can only be cancelled; with a time the status flow applies', async () => {
    const { canMoveReservation } = await import('./status')
    expect(canMoveReservation({ status: 'PENDING_CONFIRMATION', date_start: null }, 'CONFIRMED')).toBe(false)
    expect(canMoveReservation({ status: 'PENDING_CONFIRMATION', date_start: null }, 'PENDING')).toBe(false)
    expect(canMoveReservation({ status: 'PENDING_CONFIRMATION', date_start: null }, 'CANCELLED')).toBe(true)
    expect(
      canMoveReservation({ status: 'PENDING_CONFIRMATION', date_start: '2026-06-01T10:00:00Z' }, 'CONFIRMED'),
    ).toBe(true)
    expect(canMoveReservation({ status: 'CANCELLED', date_start: '2026-06-01T10:00:00Z' }, 'CONFIRMED')).toBe(false)
  })
})

describe('holds and the initial status (one rule, used by the services)', () => {
  const created = new Date('2026-12-01T10:00:00Z')
  it('a hold lasts holdMinutes; its end counts as expired', () => {
    expect(holdExpiresAt(created, 10).toISOString()).toBe('2026-12-01T10:10:00.000Z')
    expect(isHoldExpired(created, 10, new Date('2026-12-01T10:09:59.999Z'))).toBe(false)
    expect(isHoldExpired(created, 10, new Date('2026-12-01T10:10:00Z'))).toBe(true)
    expect(holdCutoff(new Date('2026-12-01T10:10:00Z'), 10).toISOString()).toBe(created.toISOString())
  })
  it('isBlocking agrees with the hold rule for drafts', () => {
    const draft = { status: 'PENDING_CONFIRMATION' as const, createdAt: created.toISOString() }
    for (const at of ['2026-12-01T10:05:00Z', '2026-12-01T10:10:00Z', '2026-12-01T10:15:00Z']) {
      expect(isBlocking(draft, new Date(at), 10)).toBe(!isHoldExpired(created, 10, new Date(at)))
    }
  })
  it('a confirmed booking starts CONFIRMED only when the salon confirms automatically', () => {
    expect(initialStatus({ autoConfirm: true })).toBe('CONFIRMED')
    expect(initialStatus({ autoConfirm: false })).toBe('PENDING')
    expect(initialStatus({ autoConfirm: null })).toBe('PENDING')
  })
  it('a booking the salon makes itself is CONFIRMED, whatever autoConfirm says', () => {
    for (const as of ['ADMIN', 'OPERATOR'] as const) expect(initialStatus({ autoConfirm: false }, as)).toBe('CONFIRMED')
    expect(initialStatus({ autoConfirm: false }, 'CUSTOMER')).toBe('PENDING')
  })
})

describe('autoCompletion (config autoCompleteHours)', () => {
  const now = new Date('2027-03-28T12:00:00Z')
  it('is off at 0 (or nonsense)', () => {
    expect(autoCompletion(0, now)).toBeNull()
    expect(autoCompletion(-2, now)).toBeNull()
    expect(autoCompletion(Number.NaN, now)).toBeNull()
  })
  it('completes confirmed bookings only, ended at least the grace period ago', () => {
    expect(autoCompletion(2, now)).toEqual({ statuses: ['CONFIRMED'], endedBefore: new Date('2027-03-28T10:00:00Z') })
  })
})
