import { describe, expect, it } from 'vitest'
import type { ReservationStatus } from '../enums/index'
import { reservationChanges, reservationEventKind, type ReservationSnapshot } from './events'
import {
  hoursBefore,
  icsMethodFor,
  NOTIFICATION_KINDS,
  notificationsFor,
  reminderSchedule,
  reminderStillWanted,
  type NotificationEvent,
  type NotificationSettings,
} from './notifications'

const ALL_ON: NotificationSettings = {
  mailCustomerBookings: true,
  mailCustomerChanges: true,
  mailSalonNewBookings: true,
  mailSalonCancellations: true,
  reminderHours: 24,
  secondReminderHours: 0,
}

const draft: ReservationSnapshot = {
  status: 'PENDING_CONFIRMATION',
  date_start: '2026-12-05T09:30:00.000Z',
  date_end: '2026-12-05T10:30:00.000Z',
  operator: 3,
  services: [1, 2],
  duration: 60,
  total_price: 45,
  note: null,
}
const pending: ReservationSnapshot = { ...draft, status: 'PENDING' }
const confirmed: ReservationSnapshot = { ...draft, status: 'CONFIRMED' }

type Actor = Pick<NotificationEvent, 'actorRole' | 'byCustomer'>
const CUSTOMER: Actor = { actorRole: 'USER', byCustomer: true }
const STAFF: Actor = { actorRole: 'OPERATOR', byCustomer: false }
const ADMIN: Actor = { actorRole: 'ADMIN', byCustomer: false }

/** The event the server records for this write (events.ts), as the worker will read it. */
function event(before: ReservationSnapshot | null, after: ReservationSnapshot, actor: Actor): NotificationEvent {
  return {
    kind: reservationEventKind(before, after),
    from: before?.status ?? null,
    to: after.status,
    changes: reservationChanges(before, after),
    ...actor,
  }
}

const mails = (e: NotificationEvent, s: NotificationSettings = ALL_ON) =>
  notificationsFor(e, s).map((n) => `${n.to}:${n.kind}`)

describe('notificationsFor: new bookings', () => {
  it('a draft never mails: opened, or dropped', () => {
    expect(mails(event(null, draft, CUSTOMER))).toEqual([])
    expect(mails(event(draft, { ...draft, status: 'CANCELLED' }, CUSTOMER))).toEqual([])
    expect(mails(event(draft, { ...draft, date_start: null, status: 'CANCELLED' }, CUSTOMER))).toEqual([])
    expect(mails(event(draft, { ...draft, note: 'x' }, CUSTOMER))).toEqual([])
  })

  it('the customer confirms and the salon has to accept: RECEIVED, and the salon is told', () => {
    const e = event(draft, pending, CUSTOMER)
    expect(e.kind).toBe('CONFIRMED')
    expect(mails(e)).toEqual(['CUSTOMER:RECEIVED', 'SALON:SALON_NEW_BOOKING'])
  })

  it('auto-confirm (CONFIRMED or APPROVED at once): CONFIRMED, and the salon is told', () => {
    expect(mails(event(draft, confirmed, CUSTOMER))).toEqual(['CUSTOMER:CONFIRMED', 'SALON:SALON_NEW_BOOKING'])
    expect(mails(event(draft, { ...draft, status: 'APPROVED' }, CUSTOMER))).toEqual([
      'CUSTOMER:CONFIRMED',
      'SALON:SALON_NEW_BOOKING',
    ])
  })

  it('staff booking a customer in (BOOKED): CONFIRMED to the customer, no mail to the salon itself', () => {
    const e = event(null, confirmed, STAFF)
    expect(e.kind).toBe('BOOKED')
    expect(mails(e)).toEqual(['CUSTOMER:CONFIRMED'])
    expect(mails(event(null, confirmed, ADMIN))).toEqual(['CUSTOMER:CONFIRMED'])
  })

  it('a booking a customer creates in one step (BOOKED by USER) is a new booking for the salon', () => {
    expect(mails(event(null, pending, CUSTOMER))).toEqual(['CUSTOMER:RECEIVED', 'SALON:SALON_NEW_BOOKING'])
  })

  it('respects the switches', () => {
    const e = event(draft, pending, CUSTOMER)
    expect(mails(e, { ...ALL_ON, mailCustomerBookings: false })).toEqual(['SALON:SALON_NEW_BOOKING'])
    expect(mails(e, { ...ALL_ON, mailSalonNewBookings: false })).toEqual(['CUSTOMER:RECEIVED'])
    // The changes switch does not silence new bookings.
    expect(mails(e, { ...ALL_ON, mailCustomerChanges: false })).toEqual([
      'CUSTOMER:RECEIVED',
      'SALON:SALON_NEW_BOOKING',
    ])
  })

  it('missing settings read as the defaults (everything on)', () => {
    expect(mails(event(draft, pending, CUSTOMER), {})).toEqual(['CUSTOMER:RECEIVED', 'SALON:SALON_NEW_BOOKING'])
    expect(mails(event(confirmed, { ...confirmed, status: 'CANCELLED' }, CUSTOMER), {})).toEqual([
      'CUSTOMER:CANCELLED',
      'SALON:SALON_CANCELLED',
    ])
  })
})

describe('notificationsFor: the salon decides', () => {
  it('approving or confirming a pending booking: CONFIRMED', () => {
    expect(mails(event(pending, confirmed, STAFF))).toEqual(['CUSTOMER:CONFIRMED'])
    expect(mails(event(pending, { ...pending, status: 'APPROVED' }, ADMIN))).toEqual(['CUSTOMER:CONFIRMED'])
    expect(mails(event({ ...pending, status: 'PENDING_PAYMENT' }, confirmed, ADMIN))).toEqual(['CUSTOMER:CONFIRMED'])
  })

  it('APPROVED → CONFIRMED sends nothing more; PENDING → PENDING_PAYMENT neither', () => {
    expect(mails(event({ ...pending, status: 'APPROVED' }, confirmed, STAFF))).toEqual([])
    expect(mails(event(pending, { ...pending, status: 'PENDING_PAYMENT' }, STAFF))).toEqual([])
  })

  it('rejecting: REJECTED (bookings switch)', () => {
    const e = event(pending, { ...pending, status: 'REJECTED' }, STAFF)
    expect(mails(e)).toEqual(['CUSTOMER:REJECTED'])
    expect(mails(e, { ...ALL_ON, mailCustomerBookings: false })).toEqual([])
  })

  it('COMPLETED, NO_SHOW and imports send nothing', () => {
    expect(mails(event(confirmed, { ...confirmed, status: 'COMPLETED' }, STAFF))).toEqual([])
    expect(mails(event(confirmed, { ...confirmed, status: 'NO_SHOW' }, ADMIN))).toEqual([])
    expect(mails({ ...event(null, confirmed, ADMIN), kind: 'IMPORTED' })).toEqual([])
    expect(mails({ ...event(null, confirmed, { actorRole: null, byCustomer: false }), kind: 'IMPORTED' })).toEqual([])
  })
})

describe('notificationsFor: cancellations', () => {
  const cancelled = { ...confirmed, status: 'CANCELLED' as const }

  it('by the salon: CANCELLED to the customer, nothing to the salon', () => {
    expect(mails(event(confirmed, cancelled, STAFF))).toEqual(['CUSTOMER:CANCELLED'])
    expect(mails(event(pending, { ...pending, status: 'CANCELLED' }, ADMIN))).toEqual(['CUSTOMER:CANCELLED'])
  })

  it('by the customer: their own confirmation (with the CANCEL file) and SALON_CANCELLED', () => {
    expect(mails(event(confirmed, cancelled, CUSTOMER))).toEqual(['CUSTOMER:CANCELLED', 'SALON:SALON_CANCELLED'])
    expect(icsMethodFor('CANCELLED')).toBe('CANCEL')
  })

  it('an admin who is also the customer counts as the customer', () => {
    expect(mails(event(confirmed, cancelled, { actorRole: 'ADMIN', byCustomer: true }))).toEqual([
      'CUSTOMER:CANCELLED',
      'SALON:SALON_CANCELLED',
    ])
  })

  it('a staff edit of a booking already cancelled or rejected (a note) tells nobody again', () => {
    expect(mails(event(cancelled, { ...cancelled, note: 'Richiamare' }, STAFF))).toEqual([])
    const rejected = { ...confirmed, status: 'REJECTED' as const }
    expect(mails(event(rejected, { ...rejected, note: 'Richiamare', total_price: 10 }, ADMIN))).toEqual([])
  })

  it('respects the changes switch and the salon-cancellations switch', () => {
    const e = event(confirmed, cancelled, CUSTOMER)
    expect(mails(e, { ...ALL_ON, mailCustomerChanges: false })).toEqual(['SALON:SALON_CANCELLED'])
    expect(mails(e, { ...ALL_ON, mailSalonCancellations: false })).toEqual(['CUSTOMER:CANCELLED'])
    expect(mails(e, { ...ALL_ON, mailCustomerBookings: false })).toEqual([
      'CUSTOMER:CANCELLED',
      'SALON:SALON_CANCELLED',
    ])
  })
})

describe('notificationsFor: moves and edits', () => {
  it('a new time, operator or services: MOVED', () => {
    const later = { ...confirmed, date_start: '2026-12-06T09:30:00.000Z', date_end: '2026-12-06T10:30:00.000Z' }
    expect(event(confirmed, later, STAFF).kind).toBe('MOVED')
    expect(mails(event(confirmed, later, STAFF))).toEqual(['CUSTOMER:MOVED'])
    expect(mails(event(confirmed, { ...confirmed, operator: 4 }, ADMIN))).toEqual(['CUSTOMER:MOVED'])
    expect(mails(event(confirmed, { ...confirmed, services: [1] }, ADMIN))).toEqual(['CUSTOMER:MOVED'])
    // The customer moving it themself gets the confirmation of the new time too.
    expect(mails(event(confirmed, later, CUSTOMER))).toEqual(['CUSTOMER:MOVED'])
    // A move that also sets the status MODIFIED is still a move.
    expect(mails(event(confirmed, { ...later, status: 'MODIFIED' }, STAFF))).toEqual(['CUSTOMER:MOVED'])
  })

  it('moving and confirming a pending booking in one write: one CONFIRMED with the new time', () => {
    const e = event(pending, { ...confirmed, date_start: '2026-12-06T09:30:00.000Z' }, STAFF)
    expect(e.kind).toBe('MOVED')
    expect(mails(e)).toEqual(['CUSTOMER:CONFIRMED'])
  })

  it('moving into a cancellation is a cancellation', () => {
    const e = event(confirmed, { ...confirmed, operator: 4, status: 'CANCELLED' }, STAFF)
    expect(mails(e)).toEqual(['CUSTOMER:CANCELLED'])
  })

  it('staff changing price, duration or note: MODIFIED; a customer editing their note: nothing', () => {
    expect(mails(event(confirmed, { ...confirmed, total_price: 50 }, STAFF))).toEqual(['CUSTOMER:MODIFIED'])
    expect(mails(event(confirmed, { ...confirmed, duration: 75 }, ADMIN))).toEqual(['CUSTOMER:MODIFIED'])
    expect(mails(event(confirmed, { ...confirmed, note: 'Portare foto' }, ADMIN))).toEqual(['CUSTOMER:MODIFIED'])
    expect(mails(event(confirmed, { ...confirmed, note: 'Arrivo 5 min prima' }, CUSTOMER))).toEqual([])
  })

  it('status MODIFIED: MODIFIED; MODIFIED → CONFIRMED: CONFIRMED again', () => {
    const modified = { ...confirmed, status: 'MODIFIED' as const }
    expect(mails(event(confirmed, modified, STAFF))).toEqual(['CUSTOMER:MODIFIED'])
    expect(mails(event(modified, confirmed, STAFF))).toEqual(['CUSTOMER:CONFIRMED'])
  })

  it('respects the changes switch', () => {
    const off = { ...ALL_ON, mailCustomerChanges: false }
    expect(mails(event(confirmed, { ...confirmed, operator: 4 }, STAFF), off)).toEqual([])
    expect(mails(event(confirmed, { ...confirmed, total_price: 50 }, STAFF), off)).toEqual([])
  })

  it('an event with no change sends nothing', () => {
    expect(mails(event(confirmed, confirmed, STAFF))).toEqual([])
  })
})

describe('notificationsFor: never a reminder, never an unknown kind', () => {
  const statuses: ReservationStatus[] = [
    'PENDING_CONFIRMATION',
    'PENDING',
    'APPROVED',
    'CONFIRMED',
    'PENDING_PAYMENT',
    'MODIFIED',
    'REJECTED',
    'CANCELLED',
    'COMPLETED',
    'NO_SHOW',
  ]
  it('every from/to pair and actor', () => {
    for (const from of statuses)
      for (const to of statuses)
        for (const actor of [CUSTOMER, STAFF, ADMIN]) {
          const list = notificationsFor(event({ ...draft, status: from }, { ...draft, status: to }, actor), ALL_ON)
          for (const n of list) {
            expect(NOTIFICATION_KINDS).toContain(n.kind)
            expect(n.kind).not.toBe('REMINDER')
            expect(n.to === 'SALON').toBe(n.kind.startsWith('SALON_'))
          }
          if (to === 'PENDING_CONFIRMATION' || from === 'PENDING_CONFIRMATION') {
            if (to === 'PENDING_CONFIRMATION' || to === 'CANCELLED' || to === 'REJECTED') expect(list).toEqual([])
          }
        }
  })
})

describe('icsMethodFor', () => {
  it('agreed times carry REQUEST, removals CANCEL, the rest nothing', () => {
    expect(icsMethodFor('CONFIRMED')).toBe('REQUEST')
    expect(icsMethodFor('MOVED')).toBe('REQUEST')
    expect(icsMethodFor('MODIFIED')).toBe('REQUEST')
    expect(icsMethodFor('CANCELLED')).toBe('CANCEL')
    expect(icsMethodFor('REJECTED')).toBe('CANCEL')
    expect(icsMethodFor('RECEIVED')).toBeNull()
    expect(icsMethodFor('REMINDER')).toBeNull()
    expect(icsMethodFor('SALON_NEW_BOOKING')).toBeNull()
    expect(icsMethodFor('SALON_CANCELLED')).toBeNull()
  })

  it('a move of a booking still waiting for the salon carries no file', () => {
    expect(icsMethodFor('MOVED', 'PENDING')).toBeNull()
    expect(icsMethodFor('MODIFIED', 'PENDING_PAYMENT')).toBeNull()
    expect(icsMethodFor('MOVED', 'CONFIRMED')).toBe('REQUEST')
    expect(icsMethodFor('CANCELLED', 'CANCELLED')).toBe('CANCEL')
  })
})

const ROME = 'Europe/Rome'
const iso = (d: Date) => d.toISOString()
const at = (list: { index: number; at: Date }[]) => list.map((r) => `${r.index}@${iso(r.at)}`)

describe('reminderSchedule', () => {
  const booking = { status: 'CONFIRMED' as const, date_start: '2026-12-05T09:30:00.000Z' } // sabato 10:30 a Roma
  const now = new Date('2026-11-23T08:00:00Z')

  it('24 h before by default; the second when set', () => {
    expect(at(reminderSchedule(booking, {}, now))).toEqual(['1@2026-12-04T09:30:00.000Z'])
    expect(at(reminderSchedule(booking, { reminderHours: 24, secondReminderHours: 2 }, now))).toEqual([
      '1@2026-12-04T09:30:00.000Z',
      '2@2026-12-05T07:30:00.000Z',
    ])
    expect(at(reminderSchedule(booking, { reminderHours: 48, secondReminderHours: 3 }, now, ROME))).toEqual([
      '1@2026-12-03T09:30:00.000Z',
      '2@2026-12-05T06:30:00.000Z',
    ])
  })

  it('reads the numeric strings of a config row read with SQL', () => {
    expect(at(reminderSchedule(booking, { reminderHours: '48', secondReminderHours: '2' }, now))).toEqual([
      '1@2026-12-03T09:30:00.000Z',
      '2@2026-12-05T07:30:00.000Z',
    ])
    expect(reminderSchedule(booking, { reminderHours: '0', secondReminderHours: '0' }, now)).toEqual([])
  })

  it('0 turns a reminder off; the second can stand alone', () => {
    expect(reminderSchedule(booking, { reminderHours: 0 }, now)).toEqual([])
    expect(at(reminderSchedule(booking, { reminderHours: 0, secondReminderHours: 2 }, now))).toEqual([
      '2@2026-12-05T07:30:00.000Z',
    ])
  })

  it('none for drafts, cancelled, rejected, done, or without a start', () => {
    for (const status of ['PENDING_CONFIRMATION', 'CANCELLED', 'REJECTED', 'COMPLETED', 'NO_SHOW'] as const)
      expect(reminderSchedule({ ...booking, status }, ALL_ON, now), status).toEqual([])
    expect(reminderSchedule({ ...booking, date_start: null }, ALL_ON, now)).toEqual([])
    expect(reminderSchedule({ ...booking, date_start: 'not a date' }, ALL_ON, now)).toEqual([])
  })

  it('every status that holds its time gets them (a pending booking too)', () => {
    for (const status of ['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED'] as const)
      expect(reminderSchedule({ ...booking, status }, ALL_ON, now), status).toHaveLength(1)
  })

  it('booked less than 24 h ahead: no first reminder, the second if still ahead', () => {
    const settings = { reminderHours: 24, secondReminderHours: 2 }
    expect(at(reminderSchedule(booking, settings, new Date('2026-12-04T20:00:00Z')))).toEqual([
      '2@2026-12-05T07:30:00.000Z',
    ])
    // Exactly at the time: already passed (the worker sends what is due, never twice).
    expect(reminderSchedule(booking, settings, new Date('2026-12-05T07:30:00Z'))).toEqual([])
    expect(reminderSchedule(booking, settings, new Date('2026-12-05T08:00:00Z'))).toEqual([])
    expect(reminderSchedule(booking, settings, new Date('2026-12-06T08:00:00Z'))).toEqual([])
  })

  it('takes a Date or a zoneless local time (read in the salon’s zone)', () => {
    expect(at(reminderSchedule({ ...booking, date_start: new Date(booking.date_start) }, {}, now))).toEqual([
      '1@2026-12-04T09:30:00.000Z',
    ])
    expect(at(reminderSchedule({ ...booking, date_start: '2026-12-05T10:30' }, { timezone: ROME }, now))).toEqual([
      '1@2026-12-04T09:30:00.000Z',
    ])
  })
})

describe('reminders across a daylight-saving change (Europe/Rome)', () => {
  const now = new Date('2027-01-01T00:00:00Z')

  it('spring, 2027-03-28: the 10:00 appointment of that Sunday is reminded at 10:00 on Saturday (23 h)', () => {
    // 10:00 CEST = 08:00Z; the day before at 10:00 CET = 09:00Z.
    const r = reminderSchedule({ status: 'CONFIRMED', date_start: '2027-03-28T08:00:00Z' }, {}, now, ROME)
    expect(at(r)).toEqual(['1@2027-03-27T09:00:00.000Z'])
    // The day after the change nothing moves: 10:00 CEST both days.
    const monday = reminderSchedule({ status: 'CONFIRMED', date_start: '2027-03-29T08:00:00Z' }, {}, now, ROME)
    expect(at(monday)).toEqual(['1@2027-03-28T08:00:00.000Z'])
  })

  it('autumn, 2027-10-31: the 10:00 appointment of that Sunday is reminded at 10:00 on Saturday (25 h)', () => {
    // 10:00 CET = 09:00Z; the day before at 10:00 CEST = 08:00Z.
    const r = reminderSchedule({ status: 'CONFIRMED', date_start: '2027-10-31T09:00:00Z' }, {}, now, ROME)
    expect(at(r)).toEqual(['1@2027-10-30T08:00:00.000Z'])
    const monday = reminderSchedule({ status: 'CONFIRMED', date_start: '2027-11-01T09:00:00Z' }, {}, now, ROME)
    expect(at(monday)).toEqual(['1@2027-10-31T09:00:00.000Z'])
  })

  it('48 h keeps the clock time too; hours that are not whole days are elapsed time', () => {
    expect(iso(hoursBefore(new Date('2027-03-29T08:00:00Z'), 48, ROME))).toBe('2027-03-27T09:00:00.000Z')
    // 2 h before 03:30 CEST on the change night is 00:30 CET: elapsed, not clock, hours.
    expect(iso(hoursBefore(new Date('2027-03-28T01:30:00Z'), 2, ROME))).toBe('2027-03-27T23:30:00.000Z')
    expect(iso(hoursBefore(new Date('2027-10-31T09:00:00Z'), 12, ROME))).toBe('2027-10-30T21:00:00.000Z')
  })

  it('a clock time skipped by the spring change resolves to the moment the clocks jump', () => {
    // 02:30 CEST on Monday 29 March; 02:30 on Sunday 28 did not exist in Rome → 03:00 CEST = 01:00Z.
    expect(iso(hoursBefore(new Date('2027-03-29T00:30:00Z'), 24, ROME))).toBe('2027-03-28T01:00:00.000Z')
  })

  it('a second reminder that would not come after the first is skipped', () => {
    // 24 h = 10:00 CET Saturday (09:00Z); 23 elapsed hours before 10:00 CEST Sunday is also 09:00Z.
    const r = reminderSchedule(
      { status: 'CONFIRMED', date_start: '2027-03-28T08:00:00Z' },
      { reminderHours: 24, secondReminderHours: 23 },
      now,
      ROME,
    )
    expect(at(r)).toEqual(['1@2027-03-27T09:00:00.000Z'])
  })

  it('the same in UTC: whole days are 24 elapsed hours there', () => {
    const r = reminderSchedule({ status: 'CONFIRMED', date_start: '2027-03-28T08:00:00Z' }, {}, now, 'UTC')
    expect(at(r)).toEqual(['1@2027-03-27T08:00:00.000Z'])
  })
})

describe('reminderStillWanted: a reminder retried for hours is not sent late or stale', () => {
  const start = '2026-12-10T09:00:00.000Z'
  const before = new Date('2026-12-10T07:30:00Z')
  it('goes out while the booking still starts then and has not started', () => {
    expect(reminderStillWanted({ status: 'CONFIRMED', date_start: start }, start, before)).toBe(true)
    expect(reminderStillWanted({ status: 'PENDING', date_start: new Date(start) }, start, before)).toBe(true)
  })
  it('not once the booking was cancelled, moved or deleted', () => {
    expect(reminderStillWanted({ status: 'CANCELLED', date_start: start }, start, before)).toBe(false)
    expect(reminderStillWanted({ status: 'CONFIRMED', date_start: '2026-12-10T10:00:00.000Z' }, start, before)).toBe(
      false,
    )
    expect(reminderStillWanted(null, start, before)).toBe(false)
  })
  it('not once the appointment has begun', () => {
    expect(reminderStillWanted({ status: 'CONFIRMED', date_start: start }, start, new Date(start))).toBe(false)
    expect(
      reminderStillWanted({ status: 'CONFIRMED', date_start: start }, start, new Date('2026-12-10T10:30:00Z')),
    ).toBe(false)
  })
})
