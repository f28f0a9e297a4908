import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES, type Role } from '../enums/index'
import { CHECKOUT_STATUSES, authorizeCheckout, checkoutAction } from './checkoutRules'
import type { BookingActor, ReservationFacts } from './permissions'

// Customer 10 booked with operator record 5 (user 20); the appointment starts at 10:00 UTC.
const admin: BookingActor = { role: 'ADMIN', userId: 1, operatorIds: [] }
const assigned: BookingActor = { role: 'OPERATOR', userId: 20, operatorIds: [5] }
const otherOperator: BookingActor = { role: 'OPERATOR', userId: 21, operatorIds: [6] }
const customer: BookingActor = { role: 'USER', userId: 10, operatorIds: [] }
/** An operator of another agenda who is this booking's customer: still not their checkout. */
const operatorAsCustomer: BookingActor = { role: 'OPERATOR', userId: 10, operatorIds: [6] }
const userWithLink: BookingActor = { role: 'USER', userId: 30, operatorIds: [5] }
const start = '2026-05-01T10:00:00.000Z'
const booking = (over: Partial<ReservationFacts> = {}): ReservationFacts => ({
  user: 10,
  operator: 5,
  status: 'CONFIRMED',
  date_start: start,
  ...over,
})
const at = (iso: string) => Date.parse(iso)
const after = at('2026-05-01T10:00:00.000Z')

describe('authorizeCheckout', () => {
  it('lets an admin (any booking) and the assigned operator check out from the start on', () => {
    expect(authorizeCheckout(admin, booking(), false, after)).toEqual({ ok: true, as: 'ADMIN' })
    expect(authorizeCheckout(assigned, booking(), false, after)).toEqual({ ok: true, as: 'OPERATOR' })
    expect(authorizeCheckout(admin, booking({ operator: null }), false, after)).toEqual({ ok: true, as: 'ADMIN' })
  })

  it.each([
    ['an operator of another agenda', otherOperator],
    ['the customer', customer],
    ['an operator who is the customer', operatorAsCustomer],
    ['a customer account linked to the operator record', userWithLink],
    ['an unknown role', { role: 'ROOT' as Role, userId: 1, operatorIds: [5] }],
  ])('refuses %s with 403 FORBIDDEN_ROLE, before saying anything about the booking', (_, actor) => {
    expect(authorizeCheckout(actor, booking(), false, after)).toEqual({
      ok: false,
      status: 403,
      reason: 'FORBIDDEN_ROLE',
    })
    expect(authorizeCheckout(actor, booking(), true, at('2020-01-01T00:00:00Z'))).toMatchObject({ status: 403 })
  })

  it('is NOT_STARTED until the start, naming it; allowed at the start exactly', () => {
    expect(authorizeCheckout(admin, booking(), false, after - 1)).toEqual({
      ok: false,
      status: 409,
      reason: 'NOT_STARTED',
      params: { from: start },
    })
    expect(authorizeCheckout(assigned, booking(), false, after).ok).toBe(true)
  })

  it('is ALREADY_PAID once a checkout exists, whatever the status or the time', () => {
    for (const status of RESERVATION_STATUSES)
      expect(authorizeCheckout(admin, booking({ status }), true, after - 60_000)).toMatchObject({
        status: 409,
        reason: 'ALREADY_PAID',
      })
  })

  it('takes the waiting and agreed statuses and COMPLETED; every other one is ILLEGAL_TRANSITION', () => {
    for (const status of RESERVATION_STATUSES) {
      const verdict = authorizeCheckout(admin, booking({ status }), false, after)
      if ((CHECKOUT_STATUSES as readonly string[]).includes(status)) expect(verdict.ok, status).toBe(true)
      else expect(verdict, status).toEqual({ ok: false, status: 409, reason: 'ILLEGAL_TRANSITION' })
    }
    expect(CHECKOUT_STATUSES).toEqual(['PENDING', 'APPROVED', 'CONFIRMED', 'MODIFIED', 'COMPLETED'])
  })

  it('a cancelled booking ahead is ILLEGAL_TRANSITION, not NOT_STARTED; a draft without a time too', () => {
    const illegal = { ok: false, status: 409, reason: 'ILLEGAL_TRANSITION' }
    expect(authorizeCheckout(admin, booking({ status: 'CANCELLED' }), false, after - 3_600_000)).toEqual(illegal)
    const draft = booking({ status: 'PENDING_CONFIRMATION', date_start: null })
    expect(authorizeCheckout(admin, draft, false, after)).toEqual(illegal)
    expect(authorizeCheckout(admin, booking({ date_start: null }), false, after)).toEqual(illegal)
  })
})

describe('checkoutAction (the agenda button)', () => {
  it('is the same decision as a flag, with the reason a screen words', () => {
    expect(checkoutAction(assigned, booking(), false, after)).toEqual({ allowed: true })
    expect(checkoutAction(assigned, booking(), false, after - 1)).toEqual({ allowed: false, reason: 'NOT_STARTED' })
    expect(checkoutAction(admin, booking({ status: 'COMPLETED' }), true, after)).toEqual({
      allowed: false,
      reason: 'ALREADY_PAID',
    })
    expect(checkoutAction(admin, booking({ status: 'NO_SHOW' }), false, after)).toEqual({
      allowed: false,
      reason: 'FINAL_STATUS',
    })
    expect(checkoutAction(otherOperator, booking(), false, after)).toEqual({ allowed: false, reason: 'NOT_ALLOWED' })
  })
})
