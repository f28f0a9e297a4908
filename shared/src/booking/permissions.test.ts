import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES, type ReservationStatus } from '../enums/index'
import {
  allowedTransitions,
  authorizeBooking,
  mayBookCustomer,
  operatorFeedLive,
  mayPlaceInAgenda,
  authorizeEdit,
  authorizeMove,
  authorizeTransition,
  slotSettingsFor,
  cancellationDeadline,
  capacitiesOf,
  maySeeAsStaff,
  mayManageOperatorFeed,
  maySeeReservation,
  MOVABLE_STATUSES,
  reservationActions,
  statusAfterMove,
  type BookingActor,
  type ReservationFacts,
} from './permissions'
import { canMoveReservation, canTransition } from './status'
import { settings } from './test-fixtures'

// Customer 10 booked; operator record 5 (linked to user 20) is assigned.
const CUSTOMER = 10
const OPERATOR_USER = 20
const OPERATOR_RECORD = 5
const admin: BookingActor = { role: 'ADMIN', userId: 1, operatorIds: [] }
const customer: BookingActor = { role: 'USER', userId: CUSTOMER, operatorIds: [] }
const otherCustomer: BookingActor = { role: 'USER', userId: 11, operatorIds: [] }
const assigned: BookingActor = { role: 'OPERATOR', userId: OPERATOR_USER, operatorIds: [OPERATOR_RECORD] }
const otherOperator: BookingActor = { role: 'OPERATOR', userId: 21, operatorIds: [6] }
/** An operator (record 6) who booked this appointment for themselves as a customer, with operator 5. */
const operatorAsCustomer: BookingActor = { role: 'OPERATOR', userId: CUSTOMER, operatorIds: [6] }
/** A customer account someone linked to an operator record by mistake: the role decides, not the link. */
const userWithLink: BookingActor = { role: 'USER', userId: 30, operatorIds: [OPERATOR_RECORD] }

const s = settings({ cancellationTimeLimit: 24 })
const now = Date.parse('2026-05-01T10:00:00Z')
const booking = (over: Partial<ReservationFacts> = {}): ReservationFacts => ({
  user: CUSTOMER,
  operator: OPERATOR_RECORD,
  status: 'CONFIRMED',
  date_start: '2026-05-20T10:00:00Z',
  ...over,
})
const farAway = booking()
const tomorrowMorning = booking({ date_start: '2026-05-02T09:00:00Z' }) // 23 h away: inside the 24 h limit
const started = booking({ date_start: '2026-05-01T09:30:00Z' })
const completed = booking({ status: 'COMPLETED', date_start: '2026-04-20T10:00:00Z' })
const ok = (as: string) => ({ ok: true, as })
const no = (status: number, reason: string) => ({ ok: false, status, reason })
const notStarted = (from: string) => ({ ok: false, status: 409, reason: 'NOT_STARTED', params: { from } })

describe('capacitiesOf / maySeeReservation', () => {
  it.each([
    ['admin', admin, { admin: true, operator: false, customer: false }],
    ['the customer', customer, { admin: false, operator: false, customer: true }],
    ['another customer', otherCustomer, { admin: false, operator: false, customer: false }],
    ['the assigned operator', assigned, { admin: false, operator: true, customer: false }],
    ['another operator', otherOperator, { admin: false, operator: false, customer: false }],
    ['an operator who is the customer', operatorAsCustomer, { admin: false, operator: false, customer: true }],
    ['a USER linked to the operator record', userWithLink, { admin: false, operator: false, customer: false }],
  ] as const)('%s', (_name, actor, expected) => {
    expect(capacitiesOf(actor, farAway)).toEqual(expected)
    expect(maySeeReservation(actor, farAway)).toBe(expected.admin || expected.operator || expected.customer)
  })

  it('an operator who is both the customer and the assigned operator holds both capacities', () => {
    const self = booking({ user: OPERATOR_USER })
    expect(capacitiesOf(assigned, self)).toEqual({ admin: false, operator: true, customer: true })
  })

  it('a reservation without customer or operator is nobody’s but the admin’s', () => {
    const orphan = booking({ user: null, operator: null })
    expect(maySeeReservation(admin, orphan)).toBe(true)
    for (const a of [customer, assigned, otherOperator]) expect(maySeeReservation(a, orphan)).toBe(false)
    // null never equals null: an actor is never "the customer" of a booking without one
    expect(maySeeReservation({ role: 'USER', userId: null as unknown as number, operatorIds: [] }, orphan)).toBe(false)
  })

  it('an unknown role holds no capacity', () => {
    const stranger = { role: 'GUEST', userId: CUSTOMER, operatorIds: [OPERATOR_RECORD] } as unknown as BookingActor
    expect(capacitiesOf(stranger, farAway)).toEqual({ admin: false, operator: false, customer: false })
  })
})

describe('authorizeTransition', () => {
  it.each([
    // actor, reservation, to, expected
    ['admin: legal once started', admin, started, 'COMPLETED', ok('ADMIN')],
    ['admin: not before the start', admin, farAway, 'COMPLETED', notStarted('2026-05-20T10:00:00.000Z')],
    ['admin: no-show only after the grace', admin, tomorrowMorning, 'NO_SHOW', notStarted('2026-05-02T09:10:00.000Z')],
    ['admin: no-show after the grace', admin, started, 'NO_SHOW', ok('ADMIN')],
    ['admin: illegal', admin, completed, 'CONFIRMED', no(409, 'ILLEGAL_TRANSITION')],
    ['assigned operator: legal once started', assigned, started, 'COMPLETED', ok('OPERATOR')],
    ['assigned operator: not before the start', assigned, farAway, 'COMPLETED', notStarted('2026-05-20T10:00:00.000Z')],
    ['assigned operator: cancel late', assigned, tomorrowMorning, 'CANCELLED', ok('OPERATOR')],
    ['assigned operator: illegal', assigned, completed, 'NO_SHOW', no(409, 'ILLEGAL_TRANSITION')],
    ['other operator: legal → 404', otherOperator, farAway, 'COMPLETED', no(404, 'NOT_FOUND')],
    ['other operator: illegal → 404 (learns nothing)', otherOperator, completed, 'CONFIRMED', no(404, 'NOT_FOUND')],
    ['customer: cancel in time', customer, farAway, 'CANCELLED', ok('CUSTOMER')],
    ['customer: cancel too late', customer, tomorrowMorning, 'CANCELLED', no(409, 'TOO_LATE_TO_CANCEL')],
    ['customer: another status', customer, farAway, 'COMPLETED', no(403, 'FORBIDDEN_STATUS')],
    ['customer: cancel a final one', customer, completed, 'CANCELLED', no(409, 'ILLEGAL_TRANSITION')],
    ['another customer: cancel → 404', otherCustomer, farAway, 'CANCELLED', no(404, 'NOT_FOUND')],
    ['operator as customer: cancel in time', operatorAsCustomer, farAway, 'CANCELLED', ok('CUSTOMER')],
    ['operator as customer: too late', operatorAsCustomer, tomorrowMorning, 'CANCELLED', no(409, 'TOO_LATE_TO_CANCEL')],
    ['operator as customer: no staff rights', operatorAsCustomer, farAway, 'COMPLETED', no(403, 'FORBIDDEN_STATUS')],
    ['USER linked to the record: no staff rights', userWithLink, farAway, 'COMPLETED', no(404, 'NOT_FOUND')],
  ] as const)('%s', (_name, actor, r, to, expected) => {
    expect(authorizeTransition(actor, r, to, s, now)).toEqual(expected)
  })

  it('the customer is refused when the salon disabled cancellation; staff are not', () => {
    const off = settings({ cancellationEnabled: false })
    expect(authorizeTransition(customer, farAway, 'CANCELLED', off, now)).toEqual(no(409, 'CANCELLATION_DISABLED'))
    expect(authorizeTransition(assigned, farAway, 'CANCELLED', off, now)).toEqual(ok('OPERATOR'))
  })

  it('an operator who is both customer and assigned operator acts with staff rights', () => {
    const self = booking({ user: OPERATOR_USER, date_start: '2026-05-02T09:00:00Z' })
    expect(authorizeTransition(assigned, self, 'CANCELLED', s, now)).toEqual(ok('OPERATOR'))
    expect(authorizeTransition(assigned, { ...self, date_start: '2026-05-01T09:00:00Z' }, 'COMPLETED', s, now)).toEqual(
      ok('OPERATOR'),
    )
    expect(authorizeTransition(assigned, { ...self, status: 'CANCELLED' }, 'CONFIRMED', s, now)).toEqual(
      no(409, 'ILLEGAL_TRANSITION'),
    )
  })

  it('a draft without a time can be dropped by its customer, never turned into a booking by staff', () => {
    const draft = booking({ status: 'PENDING_CONFIRMATION', date_start: null, operator: null })
    expect(authorizeTransition(customer, draft, 'CANCELLED', s, now)).toEqual(ok('CUSTOMER'))
    expect(authorizeTransition(admin, draft, 'CONFIRMED', s, now)).toEqual(no(409, 'ILLEGAL_TRANSITION'))
  })

  it('an unknown role is refused', () => {
    const stranger = { role: 'GUEST', userId: CUSTOMER, operatorIds: [] } as unknown as BookingActor
    expect(authorizeTransition(stranger, farAway, 'CANCELLED', s, now)).toEqual(no(403, 'FORBIDDEN_ROLE'))
  })

  it('for every pair of statuses, each actor gets exactly its share of the status machine', () => {
    for (const from of RESERVATION_STATUSES) {
      for (const to of RESERVATION_STATUSES) {
        const r = booking({ status: from, date_start: '2026-05-01T09:00:00Z' }) // started an hour ago
        const legal = canTransition(from, to)
        expect(authorizeTransition(admin, r, to, s, now).ok).toBe(legal)
        expect(authorizeTransition(assigned, r, to, s, now).ok).toBe(legal)
        const ahead = { ...r, date_start: '2026-06-01T10:00:00Z' } // in time to cancel
        expect(authorizeTransition(customer, ahead, to, s, now).ok).toBe(to === 'CANCELLED' && legal)
        expect(authorizeTransition(operatorAsCustomer, ahead, to, s, now).ok).toBe(to === 'CANCELLED' && legal)
        expect(authorizeTransition(otherOperator, r, to, s, now)).toEqual(no(404, 'NOT_FOUND'))
        expect(authorizeTransition(otherCustomer, r, to, s, now)).toEqual(no(404, 'NOT_FOUND'))
      }
    }
  })
})

describe('allowedTransitions', () => {
  it('staff get the status flow, the customer only CANCELLED in time, strangers nothing', () => {
    expect(allowedTransitions(admin, farAway, s, now)).toEqual(['MODIFIED', 'CANCELLED'])
    expect(allowedTransitions(assigned, farAway, s, now)).toEqual(['MODIFIED', 'CANCELLED'])
    expect(allowedTransitions(admin, started, s, now)).toEqual(['COMPLETED', 'NO_SHOW', 'MODIFIED', 'CANCELLED'])
    expect(allowedTransitions(customer, farAway, s, now)).toEqual(['CANCELLED'])
    expect(allowedTransitions(customer, tomorrowMorning, s, now)).toEqual([])
    expect(allowedTransitions(otherOperator, farAway, s, now)).toEqual([])
    expect(allowedTransitions(admin, completed, s, now)).toEqual([])
  })

  it('agrees with authorizeTransition for every status and actor', () => {
    for (const status of RESERVATION_STATUSES) {
      const r = booking({ status })
      for (const a of [admin, assigned, customer, otherOperator, operatorAsCustomer]) {
        const expected = RESERVATION_STATUSES.filter((to) => authorizeTransition(a, r, to, s, now).ok)
        expect([...allowedTransitions(a, r, s, now)].sort()).toEqual([...expected].sort())
      }
    }
  })

  it('refuses an unknown status instead of throwing', () => {
    expect(allowedTransitions(admin, booking({ status: 'BOGUS' as ReservationStatus }), s, now)).toEqual([])
  })
})

describe('authorizeMove', () => {
  it.each([
    ['admin, far away', admin, farAway, ok('ADMIN')],
    ['admin, inside the customer limit', admin, tomorrowMorning, ok('ADMIN')],
    ['admin, already started', admin, started, no(409, 'ALREADY_STARTED')],
    ['assigned operator, inside the customer limit', assigned, tomorrowMorning, ok('OPERATOR')],
    ['assigned operator, started', assigned, started, no(409, 'ALREADY_STARTED')],
    ['another operator → 404', otherOperator, farAway, no(404, 'NOT_FOUND')],
    ['customer, far away', customer, farAway, ok('CUSTOMER')],
    ['customer, inside the limit', customer, tomorrowMorning, no(409, 'TOO_LATE_TO_MOVE')],
    ['customer, started', customer, started, no(409, 'TOO_LATE_TO_MOVE')],
    ['another customer → 404', otherCustomer, farAway, no(404, 'NOT_FOUND')],
    ['operator as customer, in time', operatorAsCustomer, farAway, ok('CUSTOMER')],
    ['operator as customer, too late', operatorAsCustomer, tomorrowMorning, no(409, 'TOO_LATE_TO_MOVE')],
    ['a final booking', admin, completed, no(409, 'FINAL_STATUS')],
    ['a draft', customer, booking({ status: 'PENDING_CONFIRMATION', date_start: null }), no(409, 'NOT_MOVABLE')],
    ['a booking without a time', admin, booking({ status: 'PENDING', date_start: null }), no(409, 'NOT_MOVABLE')],
  ] as const)('%s', (_name, actor, r, expected) => {
    expect(authorizeMove(actor, r, s, now)).toEqual(expected)
  })

  it('the customer is bound by the same policy as cancelling, read on the current start', () => {
    for (const hours of [0, 1, 23.99, 24, 24.01, 100]) {
      const r = booking({ date_start: new Date(now + hours * 3_600_000).toISOString() })
      const cancel = authorizeTransition(customer, r, 'CANCELLED', s, now).ok
      expect(authorizeMove(customer, r, s, now).ok, `${hours} h`).toBe(cancel)
    }
    expect(authorizeMove(customer, farAway, settings({ cancellationEnabled: false }), now)).toEqual(
      no(409, 'CANCELLATION_DISABLED'),
    )
  })

  it('with no time limit, the customer may move until the start but not at it', () => {
    const zero = settings({ cancellationTimeLimit: 0 })
    expect(authorizeMove(customer, booking({ date_start: new Date(now + 1).toISOString() }), zero, now).ok).toBe(true)
    expect(authorizeMove(customer, booking({ date_start: new Date(now).toISOString() }), zero, now)).toEqual(
      no(409, 'ALREADY_STARTED'),
    )
  })

  it('only the blocking statuses move; every final status is FINAL_STATUS', () => {
    for (const status of RESERVATION_STATUSES) {
      const d = authorizeMove(admin, booking({ status }), s, now)
      if ((MOVABLE_STATUSES as readonly string[]).includes(status)) expect(d.ok).toBe(true)
      else if (status === 'PENDING_CONFIRMATION') expect(d).toEqual(no(409, 'NOT_MOVABLE'))
      else expect(d).toEqual(no(409, 'FINAL_STATUS'))
    }
  })

  it('an unreadable start counts as started; an unknown role is refused', () => {
    expect(authorizeMove(admin, booking({ date_start: 'garbage' }), s, now)).toEqual(no(409, 'ALREADY_STARTED'))
    const stranger = { role: 'GUEST', userId: CUSTOMER, operatorIds: [] } as unknown as BookingActor
    expect(authorizeMove(stranger, farAway, s, now)).toEqual(no(403, 'FORBIDDEN_ROLE'))
  })
})

describe('statusAfterMove', () => {
  const manual = settings({ autoConfirm: false })
  const auto = settings({ autoConfirm: true })
  it.each([
    ['CONFIRMED', 'CUSTOMER', manual, 'MODIFIED'],
    ['APPROVED', 'CUSTOMER', manual, 'MODIFIED'],
    ['PENDING', 'CUSTOMER', manual, 'PENDING'],
    ['PENDING_PAYMENT', 'CUSTOMER', manual, 'PENDING_PAYMENT'],
    ['MODIFIED', 'CUSTOMER', manual, 'MODIFIED'],
    ['CONFIRMED', 'CUSTOMER', auto, 'CONFIRMED'],
    ['APPROVED', 'CUSTOMER', auto, 'APPROVED'],
    ['CONFIRMED', 'OPERATOR', manual, 'CONFIRMED'],
    ['CONFIRMED', 'ADMIN', manual, 'CONFIRMED'],
    ['PENDING', 'ADMIN', manual, 'PENDING'],
  ] as const)('%s moved as %s (autoConfirm %#) → %s', (from, as, cfg, expected) => {
    expect(statusAfterMove(from, as, cfg)).toBe(expected)
  })

  it('never produces an illegal transition', () => {
    for (const from of MOVABLE_STATUSES)
      for (const as of ['ADMIN', 'OPERATOR', 'CUSTOMER'] as const)
        for (const cfg of [manual, auto]) {
          const to = statusAfterMove(from, as, cfg)
          expect(to === from || canMoveReservation({ status: from, date_start: 'x' }, to)).toBe(true)
        }
  })
})

describe('cancellationDeadline', () => {
  it('is the start minus the limit; none without a readable start', () => {
    expect(cancellationDeadline(farAway, s)).toBe('2026-05-19T10:00:00.000Z')
    expect(
      cancellationDeadline({ date_start: '2026-05-20T12:00:00+02:00' }, settings({ cancellationTimeLimit: 2 })),
    ).toBe('2026-05-20T08:00:00.000Z')
    expect(cancellationDeadline({ date_start: null }, s)).toBeUndefined()
    expect(cancellationDeadline({ date_start: 'garbage' }, s)).toBeUndefined()
  })
})

describe('reservationActions', () => {
  it('the customer, in time: both allowed until start − limit', () => {
    expect(reservationActions(customer, farAway, s, now)).toEqual({
      cancel: { allowed: true, until: '2026-05-19T10:00:00.000Z' },
      move: { allowed: true, until: '2026-05-19T10:00:00.000Z' },
    })
  })

  it('the customer, too late / disabled / final', () => {
    expect(reservationActions(customer, tomorrowMorning, s, now)).toEqual({
      cancel: { allowed: false, reason: 'TOO_LATE_TO_CANCEL' },
      move: { allowed: false, reason: 'TOO_LATE_TO_MOVE' },
    })
    expect(reservationActions(customer, farAway, settings({ cancellationEnabled: false }), now)).toEqual({
      cancel: { allowed: false, reason: 'CANCELLATION_DISABLED' },
      move: { allowed: false, reason: 'CANCELLATION_DISABLED' },
    })
    for (const status of ['CANCELLED', 'COMPLETED', 'NO_SHOW', 'REJECTED'] as const)
      expect(reservationActions(customer, booking({ status }), s, now)).toEqual({
        cancel: { allowed: false, reason: 'FINAL_STATUS' },
        move: { allowed: false, reason: 'FINAL_STATUS' },
      })
  })

  it('staff: cancel without a deadline, move until the start', () => {
    expect(reservationActions(assigned, tomorrowMorning, s, now)).toEqual({
      cancel: { allowed: true },
      move: { allowed: true, until: '2026-05-02T09:00:00.000Z' },
    })
    expect(reservationActions(admin, started, s, now)).toEqual({
      cancel: { allowed: true },
      move: { allowed: false, reason: 'ALREADY_STARTED' },
    })
  })

  it('someone who may not see it may do nothing', () => {
    expect(reservationActions(otherCustomer, farAway, s, now)).toEqual({
      cancel: { allowed: false, reason: 'NOT_ALLOWED' },
      move: { allowed: false, reason: 'NOT_ALLOWED' },
    })
  })

  it('agrees with the decisions at every hour around the limit', () => {
    for (let h = -2; h <= 50; h += 0.5) {
      const r = booking({ date_start: new Date(now + h * 3_600_000).toISOString() })
      const a = reservationActions(customer, r, s, now)
      expect(a.cancel.allowed).toBe(authorizeTransition(customer, r, 'CANCELLED', s, now).ok)
      expect(a.move.allowed).toBe(authorizeMove(customer, r, s, now).ok)
      expect(a.cancel.allowed).toBe(h >= 24)
    }
  })
})

describe('authorizeBooking (the salon books a customer in)', () => {
  it('an admin books into any agenda, "any operator" included', () => {
    expect(authorizeBooking(admin, OPERATOR_RECORD)).toEqual({ ok: true, as: 'ADMIN' })
    expect(authorizeBooking(admin, 'any')).toEqual({ ok: true, as: 'ADMIN' })
  })
  it('an operator only into their own agenda', () => {
    expect(authorizeBooking(assigned, OPERATOR_RECORD)).toEqual({ ok: true, as: 'OPERATOR' })
    expect(authorizeBooking(assigned, 6)).toMatchObject({ ok: false, status: 403 })
    expect(authorizeBooking(assigned, 'any')).toMatchObject({ ok: false, status: 403 })
  })
  it('customers never, even with an operator record linked by mistake; unknown roles never', () => {
    expect(authorizeBooking(customer, OPERATOR_RECORD)).toMatchObject({ ok: false, reason: 'FORBIDDEN_ROLE' })
    expect(authorizeBooking(userWithLink, OPERATOR_RECORD)).toMatchObject({ ok: false, reason: 'FORBIDDEN_ROLE' })
    expect(authorizeBooking({ ...admin, role: 'ROOT' as never }, 'any')).toMatchObject({ ok: false, status: 403 })
  })
})

describe('mayBookCustomer (whom the salon books in, issue 22)', () => {
  const stranger = { id: 99, clientOf: [] }
  it('an admin books anyone in', () => {
    expect(mayBookCustomer(admin, 'ADMIN', stranger)).toBe(true)
  })
  it('an operator: themselves, or a client of their own agenda — not a colleague’s client, not a stranger', () => {
    expect(mayBookCustomer(assigned, 'OPERATOR', { id: OPERATOR_USER, clientOf: [] })).toBe(true)
    expect(mayBookCustomer(assigned, 'OPERATOR', { id: CUSTOMER, clientOf: [6, OPERATOR_RECORD] })).toBe(true)
    expect(mayBookCustomer(assigned, 'OPERATOR', { id: CUSTOMER, clientOf: [6] })).toBe(false)
    expect(mayBookCustomer(assigned, 'OPERATOR', stranger)).toBe(false)
  })
  it('a capacity the actor does not hold grants nothing', () => {
    expect(mayBookCustomer(assigned, 'ADMIN', stranger)).toBe(false)
    expect(mayBookCustomer(customer, 'OPERATOR', { id: CUSTOMER, clientOf: [OPERATOR_RECORD] })).toBe(false)
    expect(mayBookCustomer(customer, 'CUSTOMER', { id: CUSTOMER, clientOf: [] })).toBe(false)
  })
})

describe('mayPlaceInAgenda (one rule for booking and moving)', () => {
  it('an admin anywhere, an operator only in their own agenda, nobody else', () => {
    expect(mayPlaceInAgenda(admin, 'ADMIN', 'any')).toBe(true)
    expect(mayPlaceInAgenda(admin, 'ADMIN', 6)).toBe(true)
    expect(mayPlaceInAgenda(assigned, 'OPERATOR', OPERATOR_RECORD)).toBe(true)
    expect(mayPlaceInAgenda(assigned, 'OPERATOR', 6)).toBe(false)
    expect(mayPlaceInAgenda(assigned, 'OPERATOR', 'any')).toBe(false)
    expect(mayPlaceInAgenda(customer, 'CUSTOMER', OPERATOR_RECORD)).toBe(false)
    expect(mayPlaceInAgenda(userWithLink, 'OPERATOR', OPERATOR_RECORD)).toBe(false)
  })
})

describe('authorizeEdit', () => {
  const time = { time: true, services: false, note: false }
  const services = { time: false, services: true, note: false }
  const note = { time: false, services: false, note: true }
  it('a new time is a move: same answers as authorizeMove for everyone', () => {
    for (const actor of [admin, customer, assigned, otherOperator, otherCustomer, operatorAsCustomer])
      for (const r of [booking(), booking({ status: 'COMPLETED' }), booking({ date_start: '2026-05-01T11:00:00Z' })])
        expect(authorizeEdit(actor, r, time, s, now)).toEqual(authorizeMove(actor, r, s, now))
  })
  it('services: staff only, and only on a booking that could move', () => {
    expect(authorizeEdit(admin, booking(), services, s, now)).toEqual({ ok: true, as: 'ADMIN' })
    expect(authorizeEdit(assigned, booking(), services, s, now)).toEqual({ ok: true, as: 'OPERATOR' })
    expect(authorizeEdit(customer, booking(), services, s, now)).toMatchObject({ status: 403, reason: 'STAFF_ONLY' })
    expect(authorizeEdit(admin, booking({ status: 'CANCELLED' }), services, s, now)).toMatchObject({
      status: 409,
      reason: 'FINAL_STATUS',
    })
  })
  it('a new length (a resize): staff only, and only on a booking that could move', () => {
    const length = { time: false, services: false, note: false, duration: true }
    expect(authorizeEdit(admin, booking(), length, s, now)).toEqual({ ok: true, as: 'ADMIN' })
    expect(authorizeEdit(assigned, booking(), length, s, now)).toEqual({ ok: true, as: 'OPERATOR' })
    expect(authorizeEdit(customer, booking(), length, s, now)).toMatchObject({ status: 403, reason: 'STAFF_ONLY' })
    expect(authorizeEdit(otherOperator, booking(), length, s, now)).toMatchObject({ status: 404 })
    expect(authorizeEdit(admin, booking({ status: 'COMPLETED' }), length, s, now)).toEqual(
      authorizeMove(admin, booking({ status: 'COMPLETED' }), s, now),
    )
  })
  it('the note: staff at any status, not the customer; strangers get 404', () => {
    expect(authorizeEdit(admin, booking({ status: 'COMPLETED' }), note, s, now)).toEqual({ ok: true, as: 'ADMIN' })
    expect(authorizeEdit(assigned, booking(), note, s, now)).toEqual({ ok: true, as: 'OPERATOR' })
    expect(authorizeEdit(customer, booking(), note, s, now)).toMatchObject({ status: 403, reason: 'STAFF_ONLY' })
    expect(authorizeEdit(otherOperator, booking(), note, s, now)).toMatchObject({ status: 404 })
    expect(authorizeEdit(otherCustomer, booking(), time, s, now)).toMatchObject({ status: 404 })
  })
})

describe('slotSettingsFor', () => {
  const base = settings({ minNoticeMinutes: 120, bookingHorizonDays: 60 })
  it('customers: the salon settings as they are', () => {
    expect(slotSettingsFor('CUSTOMER', base)).toBe(base)
  })
  it('staff: no minimum notice, a year ahead at least, nothing else changed', () => {
    for (const as of ['ADMIN', 'OPERATOR'] as const)
      expect(slotSettingsFor(as, base)).toEqual({ ...base, minNoticeMinutes: 0, bookingHorizonDays: 365 })
    expect(slotSettingsFor('ADMIN', { ...base, bookingHorizonDays: 400 }).bookingHorizonDays).toBe(400)
  })
})

describe('maySeeAsStaff (history, the booking page)', () => {
  it('admins and the assigned operator; not the customer, not another operator who booked it for themselves', () => {
    expect(maySeeAsStaff(admin, booking())).toBe(true)
    expect(maySeeAsStaff(assigned, booking())).toBe(true)
    expect(maySeeAsStaff(customer, booking())).toBe(false)
    expect(maySeeAsStaff(operatorAsCustomer, booking())).toBe(false)
    expect(maySeeAsStaff(otherOperator, booking())).toBe(false)
  })
})

describe('mayManageOperatorFeed', () => {
  it('an admin any operator; an OPERATOR account its own record only; never a customer', () => {
    expect(mayManageOperatorFeed({ id: 1, role: 'ADMIN', isAdmin: true }, 7)).toBe(true)
    expect(mayManageOperatorFeed({ id: 7, role: 'OPERATOR', isAdmin: false }, 7)).toBe(true)
    expect(mayManageOperatorFeed({ id: 8, role: 'OPERATOR', isAdmin: false }, 7)).toBe(false)
    expect(mayManageOperatorFeed({ id: 7, role: 'USER', isAdmin: false }, 7)).toBe(false)
    expect(mayManageOperatorFeed({ id: 7, role: 'OPERATOR', isAdmin: false }, null)).toBe(false)
    // An admin still owing the second factor is no admin (isAdmin false): only its own record.
    expect(mayManageOperatorFeed({ id: 1, role: 'ADMIN', isAdmin: false }, 7)).toBe(false)
  })
})

describe('operatorFeedLive (a calendar link outlives nobody, issue 22)', () => {
  it('answers while the record keeps the login it was made for, and that login is staff', () => {
    expect(operatorFeedLive(7, { userId: 7, role: 'OPERATOR' })).toBe(true)
    expect(operatorFeedLive(7, { userId: 7, role: 'ADMIN' })).toBe(true)
    expect(operatorFeedLive(null, { userId: null, role: null })).toBe(true)
  })
  it('stops when the login is demoted, unlinked, or the record is given to someone else', () => {
    expect(operatorFeedLive(7, { userId: 7, role: 'USER' })).toBe(false)
    expect(operatorFeedLive(7, { userId: null, role: null })).toBe(false)
    expect(operatorFeedLive(7, { userId: 8, role: 'OPERATOR' })).toBe(false)
    expect(operatorFeedLive(null, { userId: 8, role: 'OPERATOR' })).toBe(false)
  })
})
