import { describe, expect, it } from 'vitest'
import { MAX_OPEN_DRAFTS } from '../constants'
import { RESERVATION_STATUSES, type ReservationStatus } from '../enums/index'
import {
  bookingCapDecision,
  draftCapDecision,
  emailVerificationDecision,
  isOpenBooking,
  type OwnBookingFacts,
} from './limits'

const now = new Date('2026-06-10T10:00:00Z')
const HOLD = 10
let seq = 0
const booking = (over: Partial<OwnBookingFacts> = {}): OwnBookingFacts => ({
  id: ++seq,
  status: 'PENDING',
  date_end: '2026-06-12T10:00:00Z',
  createdAt: '2026-06-01T10:00:00Z',
  ...over,
})
const cap = (bookings: OwnBookingFacts[], over: Partial<Parameters<typeof bookingCapDecision>[0]> = {}) =>
  bookingCapDecision({ role: 'USER', bookings, maxOpenBookings: 3, holdMinutes: HOLD, now, ...over })

describe('draftCapDecision', () => {
  it(`allows up to MAX_OPEN_DRAFTS (${MAX_OPEN_DRAFTS}) drafts, then 429 TOO_MANY_DRAFTS`, () => {
    expect(draftCapDecision(0)).toEqual({ ok: true })
    expect(draftCapDecision(MAX_OPEN_DRAFTS - 1)).toEqual({ ok: true })
    expect(draftCapDecision(MAX_OPEN_DRAFTS)).toEqual({
      ok: false,
      status: 429,
      reason: 'TOO_MANY_DRAFTS',
      limit: MAX_OPEN_DRAFTS,
    })
    expect(draftCapDecision(2, 2)).toMatchObject({ ok: false, limit: 2 })
  })
})

describe('isOpenBooking', () => {
  const BLOCKING_NOT_DRAFT: ReservationStatus[] = ['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED']
  it.each(RESERVATION_STATUSES)(
    'a future %s booking is open only when it blocks a slot and is not a draft',
    (status) => {
      expect(isOpenBooking(booking({ status }), now, HOLD)).toBe(BLOCKING_NOT_DRAFT.includes(status))
    },
  )
  it('a fresh draft (blocking, but capped on its own) does not count', () => {
    expect(isOpenBooking(booking({ status: 'PENDING_CONFIRMATION', createdAt: now.toISOString() }), now, HOLD)).toBe(
      false,
    )
  })
  it('counts until the booking ends: in progress yes, ended no', () => {
    expect(isOpenBooking(booking({ date_end: '2026-06-10T10:30:00Z' }), now, HOLD)).toBe(true)
    expect(isOpenBooking(booking({ date_end: '2026-06-10T10:00:00Z' }), now, HOLD)).toBe(false)
    expect(isOpenBooking(booking({ date_end: '2026-06-09T10:00:00Z' }), now, HOLD)).toBe(false)
  })
  it('a booking without a time does not count; an unreadable end counts (fail closed)', () => {
    expect(isOpenBooking(booking({ date_end: null }), now, HOLD)).toBe(false)
    expect(isOpenBooking(booking({ date_end: 'garbage' }), now, HOLD)).toBe(true)
  })
})

describe('bookingCapDecision', () => {
  it('a customer with 2 open bookings may confirm a third; with 3, the fourth is 409 TOO_MANY_BOOKINGS', () => {
    expect(cap([booking(), booking()])).toEqual({ ok: true })
    expect(cap([booking(), booking(), booking()])).toEqual({
      ok: false,
      status: 409,
      reason: 'TOO_MANY_BOOKINGS',
      limit: 3,
    })
  })
  it('past, cancelled, rejected, no-show, completed bookings and drafts do not count', () => {
    const closed = [
      booking({ date_end: '2026-06-01T10:00:00Z' }),
      booking({ status: 'CANCELLED' }),
      booking({ status: 'REJECTED' }),
      booking({ status: 'NO_SHOW' }),
      booking({ status: 'COMPLETED' }),
      booking({ status: 'PENDING_CONFIRMATION', createdAt: now.toISOString() }),
    ]
    expect(cap([...closed, booking(), booking()])).toEqual({ ok: true })
  })
  it('the booking being confirmed is not counted against itself', () => {
    const three = [booking(), booking(), booking()]
    expect(cap(three, { excludeId: three[0]!.id })).toEqual({ ok: true })
  })
  it('maxOpenBookings 0 means no cap', () => {
    expect(
      cap(
        Array.from({ length: 50 }, () => booking()),
        { maxOpenBookings: 0 },
      ),
    ).toEqual({ ok: true })
  })
  it('staff (ADMIN, OPERATOR) are exempt', () => {
    const many = Array.from({ length: 10 }, () => booking())
    expect(cap(many, { role: 'ADMIN' })).toEqual({ ok: true })
    expect(cap(many, { role: 'OPERATOR' })).toEqual({ ok: true })
    expect(cap(many, { role: 'USER' })).toMatchObject({ ok: false, reason: 'TOO_MANY_BOOKINGS' })
  })
  it('a cap of 1 refuses a second open booking', () => {
    expect(cap([booking()], { maxOpenBookings: 1 })).toMatchObject({ ok: false, limit: 1 })
  })
})

describe('emailVerificationDecision', () => {
  it('refuses an unverified customer (403) only when verification is required', () => {
    expect(emailVerificationDecision({ role: 'USER', required: true, verified: false })).toEqual({
      ok: false,
      status: 403,
      reason: 'EMAIL_NOT_VERIFIED',
    })
    expect(emailVerificationDecision({ role: 'USER', required: false, verified: false })).toEqual({ ok: true })
    expect(emailVerificationDecision({ role: 'USER', required: true, verified: true })).toEqual({ ok: true })
  })
  it('staff are exempt, and so is staff acting on a customer booking', () => {
    expect(emailVerificationDecision({ role: 'ADMIN', required: true, verified: false })).toEqual({ ok: true })
    expect(emailVerificationDecision({ role: 'OPERATOR', required: true, verified: false })).toEqual({ ok: true })
    expect(emailVerificationDecision({ role: 'USER', required: true, verified: false, actingAsStaff: true })).toEqual({
      ok: true,
    })
  })
})
