import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UNDO_MINUTES } from '../constants'
import type { ReservationStatus } from '../enums/index'
import { notificationsFor } from './notifications'
import {
  authorizeFreeRest,
  authorizeTransition,
  authorizeUndo,
  offeredTransitions,
  staffActions,
  type BookingActor,
  type FinalChange,
  type ReservationFacts,
} from './permissions'
import { isBlocking, noShowGraceOf, statusTimeDecision } from './status'
import { settings } from './test-fixtures'

/*
 * Issue 20: statuses that follow time. COMPLETED and NO_SHOW only from the appointment's start
 * (NO_SHOW after the salon's grace); an appointment over early keeps its time until staff free
 * the rest; a final status set by mistake can be undone for UNDO_MINUTES.
 */

const MIN = 60_000
const admin: BookingActor = { role: 'ADMIN', userId: 1, operatorIds: [] }
const assigned: BookingActor = { role: 'OPERATOR', userId: 20, operatorIds: [7] }
const otherOperator: BookingActor = { role: 'OPERATOR', userId: 21, operatorIds: [8] }
const customer: BookingActor = { role: 'USER', userId: 30, operatorIds: [] }
const s = settings()
const start = Date.parse('2026-12-01T13:45:00Z') // 14:45 in Rome
const end = start + 135 * MIN // 17:00
const booking = (over: Partial<ReservationFacts & { date_end: string | null }> = {}) => ({
  user: 30,
  operator: 7,
  status: 'CONFIRMED' as ReservationStatus,
  date_start: new Date(start).toISOString(),
  date_end: new Date(end).toISOString(),
  ...over,
})

describe('statusTimeDecision', () => {
  it('COMPLETED from the start on, not a millisecond before', () => {
    expect(statusTimeDecision(booking(), 'COMPLETED', s, start - 1)).toEqual({
      ok: false,
      from: new Date(start).toISOString(),
    })
    expect(statusTimeDecision(booking(), 'COMPLETED', s, start)).toEqual({ ok: true })
  })
  it('NO_SHOW from the start + the grace (default 10 minutes, or the salon’s)', () => {
    expect(statusTimeDecision(booking(), 'NO_SHOW', s, start + 9 * MIN).ok).toBe(false)
    expect(statusTimeDecision(booking(), 'NO_SHOW', s, start + 10 * MIN).ok).toBe(true)
    const strict = { ...s, noShowGraceMinutes: 0 }
    expect(statusTimeDecision(booking(), 'NO_SHOW', strict, start).ok).toBe(true)
    const patient = { ...s, noShowGraceMinutes: 30 }
    expect(statusTimeDecision(booking(), 'NO_SHOW', patient, start + 29 * MIN)).toEqual({
      ok: false,
      from: new Date(start + 30 * MIN).toISOString(),
    })
  })
  it('other statuses do not depend on the clock; an unreadable start cannot be completed', () => {
    expect(statusTimeDecision(booking(), 'CANCELLED', s, start - 86_400_000)).toEqual({ ok: true })
    expect(statusTimeDecision(booking({ date_start: 'garbage' }), 'COMPLETED', s, start)).toEqual({ ok: false })
    expect(statusTimeDecision(booking({ date_start: null }), 'NO_SHOW', s, start)).toEqual({ ok: false })
  })
  it('an unreadable or negative grace is the default', () => {
    expect(noShowGraceOf({ noShowGraceMinutes: -5 })).toBe(10)
    expect(noShowGraceOf({ noShowGraceMinutes: null })).toBe(10)
    expect(noShowGraceOf({ noShowGraceMinutes: 25 })).toBe(25)
  })
  it('every role is refused before the start, each with its code', () => {
    const before = start - 80 * MIN // 13:35 for a 14:45 colour
    expect(authorizeTransition(admin, booking(), 'COMPLETED', s, before)).toMatchObject({ reason: 'NOT_STARTED' })
    expect(authorizeTransition(assigned, booking(), 'NO_SHOW', s, before)).toMatchObject({ reason: 'NOT_STARTED' })
    expect(authorizeTransition(customer, booking(), 'COMPLETED', s, before)).toMatchObject({
      reason: 'FORBIDDEN_STATUS',
    })
    expect(authorizeTransition(otherOperator, booking(), 'COMPLETED', s, before)).toMatchObject({
      reason: 'NOT_FOUND',
    })
  })
})

describe('offeredTransitions — the buttons that make sense now', () => {
  it('a confirmed booking ahead: only "Annulla"; from the start "Completata", then "Non presentato"', () => {
    expect(offeredTransitions(assigned, booking(), s, start - 60 * MIN)).toEqual(['CANCELLED'])
    expect(offeredTransitions(assigned, booking(), s, start + MIN)).toEqual(['COMPLETED', 'CANCELLED'])
    expect(offeredTransitions(assigned, booking(), s, start + 15 * MIN)).toEqual(['COMPLETED', 'NO_SHOW', 'CANCELLED'])
  })
  it('a request: one accept button — Conferma, or Approva in the two-step flow — never payment', () => {
    const pending = booking({ status: 'PENDING' })
    expect(offeredTransitions(admin, pending, s, start - 60 * MIN)).toEqual(['CONFIRMED', 'REJECTED', 'CANCELLED'])
    const twoStep = { ...s, twoStepConfirmation: true }
    expect(offeredTransitions(admin, pending, twoStep, start - 60 * MIN)).toEqual(['APPROVED', 'REJECTED', 'CANCELLED'])
    expect(offeredTransitions(admin, booking({ status: 'APPROVED' }), twoStep, start - 60 * MIN)).toEqual([
      'CONFIRMED',
      'CANCELLED',
    ])
  })
  it('a booking waiting for a payment can still be confirmed or cancelled', () => {
    expect(offeredTransitions(admin, booking({ status: 'PENDING_PAYMENT' }), s, start - MIN)).toEqual([
      'CONFIRMED',
      'CANCELLED',
    ])
  })
  it('the customer and strangers get no staff buttons', () => {
    expect(offeredTransitions(customer, booking(), s, start - 48 * 60 * MIN)).toEqual(['CANCELLED'])
    expect(offeredTransitions(otherOperator, booking(), s, start + MIN)).toEqual([])
  })
})

describe('authorizeUndo', () => {
  const completedAt = start + 25 * MIN
  const change: FinalChange = {
    from: 'CONFIRMED',
    to: 'COMPLETED',
    at: new Date(completedAt).toISOString(),
    byCustomer: false,
  }
  const done = booking({ status: 'COMPLETED' })
  it('staff may undo within UNDO_MINUTES of the change, not after', () => {
    expect(authorizeUndo(assigned, done, change, completedAt + UNDO_MINUTES * MIN)).toEqual({
      ok: true,
      as: 'OPERATOR',
    })
    expect(authorizeUndo(admin, done, change, completedAt + UNDO_MINUTES * MIN + 1)).toMatchObject({
      reason: 'UNDO_EXPIRED',
    })
  })
  it('nothing to undo: no change, a booking no longer in that status, a customer’s own cancellation', () => {
    expect(authorizeUndo(admin, done, null, completedAt)).toMatchObject({ status: 409, reason: 'NOTHING_TO_UNDO' })
    expect(authorizeUndo(admin, booking({ status: 'CONFIRMED' }), change, completedAt)).toMatchObject({
      reason: 'NOTHING_TO_UNDO',
    })
    const own = { ...change, to: 'CANCELLED' as const, byCustomer: true }
    expect(authorizeUndo(admin, booking({ status: 'CANCELLED' }), own, completedAt)).toMatchObject({
      reason: 'NOTHING_TO_UNDO',
    })
  })
  it('customers may not undo (403), strangers learn nothing (404)', () => {
    expect(authorizeUndo(customer, done, change, completedAt)).toMatchObject({ status: 403, reason: 'STAFF_ONLY' })
    expect(authorizeUndo(otherOperator, done, change, completedAt)).toMatchObject({ status: 404 })
  })
})

describe('authorizeFreeRest', () => {
  it('staff free the rest of an appointment over early, between its start and its end', () => {
    const done = booking({ status: 'COMPLETED' })
    expect(authorizeFreeRest(assigned, done, start + 30 * MIN)).toEqual({ ok: true, as: 'OPERATOR' })
    expect(authorizeFreeRest(assigned, done, start)).toMatchObject({ reason: 'NOTHING_TO_FREE' })
    expect(authorizeFreeRest(assigned, done, end)).toMatchObject({ reason: 'NOTHING_TO_FREE' })
    expect(authorizeFreeRest(admin, booking({ status: 'CONFIRMED' }), start + MIN)).toMatchObject({
      reason: 'NOTHING_TO_FREE',
    })
    expect(authorizeFreeRest(customer, done, start + MIN)).toMatchObject({ status: 403 })
  })
  it('staffActions gives the flags with their deadlines', () => {
    const at = start + 20 * MIN
    const change: FinalChange = { from: 'CONFIRMED', to: 'NO_SHOW', at: new Date(at).toISOString(), byCustomer: false }
    expect(staffActions(assigned, booking({ status: 'NO_SHOW' }), change, at + MIN)).toEqual({
      undo: { allowed: true, until: new Date(at + UNDO_MINUTES * MIN).toISOString() },
      freeRest: { allowed: true, until: new Date(end).toISOString() },
    })
    expect(staffActions(assigned, booking(), undefined, at)).toEqual({
      undo: { allowed: false, reason: 'NOTHING_TO_UNDO' },
      freeRest: { allowed: false, reason: 'NOTHING_TO_FREE' },
    })
  })
})

describe('notifications of an undo', () => {
  const event = (from: ReservationStatus, to: ReservationStatus) =>
    notificationsFor(
      { kind: 'UNDONE', from, to, actorRole: 'OPERATOR', byCustomer: false, changes: { status: { from, to } } },
      {},
    )
  it('a cancellation or refusal taken back tells the customer the booking stands', () => {
    expect(event('CANCELLED', 'CONFIRMED')).toEqual([{ to: 'CUSTOMER', kind: 'CONFIRMED' }])
    expect(event('REJECTED', 'PENDING')).toEqual([{ to: 'CUSTOMER', kind: 'RECEIVED' }])
  })
  it('a completion or no-show taken back tells nobody; nor does freeing the rest', () => {
    expect(event('COMPLETED', 'CONFIRMED')).toEqual([])
    expect(event('NO_SHOW', 'CONFIRMED')).toEqual([])
    expect(
      notificationsFor(
        { kind: 'FREED', from: 'COMPLETED', to: 'COMPLETED', actorRole: 'OPERATOR', byCustomer: false, changes: {} },
        {},
      ),
    ).toEqual([])
  })
})

/*
 * The property of issue 20: no sequence of status changes, frees, undos and new bookings — at
 * any times, by the salon — ever lets two bookings hold one operator at one instant. A booking
 * "holds" its time unless it was cancelled or rejected; a new booking or an undo is written only
 * where the database guard (the blocking statuses, `isBlocking`) lets it. On the code before
 * issue 20 this fails in a few steps: complete a booking early (or before its start), book into
 * its time, and the chair has two customers.
 */
describe('property: no status sequence double-books a chair', () => {
  interface Booking {
    id: number
    status: ReservationStatus
    start: number
    end: number
    change?: FinalChange
  }
  const t0 = Date.parse('2026-12-01T08:00:00Z')
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
    a.start < b.end && b.start < a.end
  const facts = (b: Booking) => ({
    user: 99,
    operator: 7,
    status: b.status,
    date_start: new Date(b.start).toISOString(),
    date_end: new Date(b.end).toISOString(),
  })
  const TARGETS: ReservationStatus[] = ['COMPLETED', 'NO_SHOW', 'CANCELLED', 'CONFIRMED', 'REJECTED', 'MODIFIED']
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('book' as const),
      at: fc.integer({ min: 0, max: 24 }),
      len: fc.integer({ min: 1, max: 12 }),
    }),
    fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), to: fc.constantFrom(...TARGETS) }),
    fc.record({ kind: fc.constant('free' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  )
  const step = fc.record({ wait: fc.integer({ min: 0, max: 45 }), op, actor: fc.constantFrom(admin, assigned) })

  it('holds for 2,000 random days', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const bookings: Booking[] = []
        let now = t0
        const guardAllows = (b: { start: number; end: number; status: ReservationStatus }, except?: number) =>
          !isBlocking({ status: b.status, createdAt: new Date(now).toISOString() }, now, 10) ||
          !bookings.some(
            (o) =>
              o.id !== except &&
              isBlocking({ status: o.status, createdAt: new Date(now).toISOString() }, now, 10) &&
              overlaps(o, b),
          )
        for (const { wait, op, actor } of steps) {
          now += wait * MIN
          const b = bookings.length ? bookings[('pick' in op ? op.pick : 0) % bookings.length] : undefined
          if (op.kind === 'book') {
            const fresh = {
              id: bookings.length + 1,
              status: 'CONFIRMED' as const,
              start: now + op.at * 15 * MIN,
              end: now + (op.at + op.len) * 15 * MIN,
            }
            if (guardAllows(fresh)) bookings.push(fresh)
          } else if (b && op.kind === 'status') {
            if (authorizeTransition(actor, facts(b), op.to, s, now).ok) {
              if (['COMPLETED', 'NO_SHOW', 'CANCELLED', 'REJECTED'].includes(op.to))
                b.change = { from: b.status, to: op.to, at: new Date(now).toISOString(), byCustomer: false }
              b.status = op.to
            }
          } else if (b && op.kind === 'free') {
            if (authorizeFreeRest(actor, facts(b), now).ok) {
              if (b.change && b.change.restoreEnd == null) b.change.restoreEnd = new Date(b.end).toISOString()
              b.end = now
            }
          } else if (b && op.kind === 'undo') {
            if (authorizeUndo(actor, facts(b), b.change, now).ok) {
              const back = {
                status: b.change!.from,
                start: b.start,
                end: b.change!.restoreEnd ? Date.parse(b.change!.restoreEnd) : b.end,
              }
              if (guardAllows(back, b.id)) Object.assign(b, back, { change: undefined })
            }
          }
          // The salon's reality: every booking neither cancelled nor rejected has its chair to itself.
          const held = bookings.filter((x) => x.status !== 'CANCELLED' && x.status !== 'REJECTED')
          for (const x of held) for (const y of held) if (x.id < y.id && overlaps(x, y)) return false
        }
        return true
      }),
      { numRuns: 2000 },
    )
  })
})
