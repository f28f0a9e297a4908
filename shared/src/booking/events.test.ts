import { describe, expect, it } from 'vitest'
import {
  isSalonChange,
  lastSalonChange,
  reservationChanges,
  reservationEventKind,
  type EventFacts,
  type ReservationSnapshot,
} from './events'

const draft: ReservationSnapshot = {
  status: 'PENDING_CONFIRMATION',
  date_start: null,
  date_end: null,
  operator: null,
  services: [],
  duration: 0,
  total_price: 0,
  note: null,
}
const booked: ReservationSnapshot = {
  status: 'PENDING',
  date_start: '2026-12-01T09:00:00.000Z',
  date_end: '2026-12-01T10:00:00.000Z',
  operator: 3,
  services: [1, 2],
  duration: 60,
  total_price: 45,
  note: 'Prima volta',
}

describe('reservationEventKind', () => {
  it('a new draft is CREATED, a new booking BOOKED', () => {
    expect(reservationEventKind(null, draft)).toBe('CREATED')
    expect(reservationEventKind(null, { ...booked, status: 'CONFIRMED' })).toBe('BOOKED')
  })
  it('a draft that gets a time is CONFIRMED; a draft only cancelled is a STATUS_CHANGED', () => {
    expect(reservationEventKind(draft, booked)).toBe('CONFIRMED')
    expect(reservationEventKind(draft, { ...draft, status: 'CANCELLED' })).toBe('STATUS_CHANGED')
  })
  it('time, operator or services changed: MOVED, even when the status changes with it', () => {
    expect(reservationEventKind(booked, { ...booked, date_start: '2026-12-01T11:00:00.000Z' })).toBe('MOVED')
    expect(reservationEventKind(booked, { ...booked, operator: 4, status: 'MODIFIED' })).toBe('MOVED')
    expect(reservationEventKind(booked, { ...booked, services: [2, 1] })).toBe('MOVED')
  })
  it('status alone: STATUS_CHANGED; the note alone: EDITED', () => {
    expect(reservationEventKind(booked, { ...booked, status: 'CANCELLED' })).toBe('STATUS_CHANGED')
    expect(reservationEventKind(booked, { ...booked, note: 'Porta la foto' })).toBe('EDITED')
  })
})

describe('reservationChanges', () => {
  it('lists only what changed, with from and to', () => {
    expect(
      reservationChanges(booked, {
        ...booked,
        date_start: '2026-12-01T11:00:00.000Z',
        date_end: '2026-12-01T12:00:00.000Z',
      }),
    ).toEqual({
      date_start: { from: booked.date_start, to: '2026-12-01T11:00:00.000Z' },
      date_end: { from: booked.date_end, to: '2026-12-01T12:00:00.000Z' },
    })
  })
  it('the same instant written another way, or 45 vs "45", is no change', () => {
    expect(
      reservationChanges(booked, {
        ...booked,
        date_start: '2026-12-01T10:00:00+01:00',
        total_price: '45' as unknown as number,
      }),
    ).toEqual({})
  })
  it('a creation lists every field it sets, nothing empty', () => {
    expect(Object.keys(reservationChanges(null, draft))).toEqual(['status', 'duration', 'total_price'])
    expect(Object.keys(reservationChanges(null, booked))).toHaveLength(8)
  })
})

describe('lastSalonChange: the mark on the customer’s card', () => {
  const ev = (over: Partial<EventFacts>): EventFacts => ({
    kind: 'MOVED',
    actorId: 1,
    actorRole: 'ADMIN',
    changed: ['date_start', 'date_end'],
    at: '2026-12-01T10:00:00.000Z',
    ...over,
  })
  it('a move or a resize by staff counts; the latest wins', () => {
    expect(isSalonChange(ev({}), 7)).toBe(true)
    expect(isSalonChange(ev({ kind: 'EDITED', changed: ['duration', 'date_end'], actorRole: 'OPERATOR' }), 7)).toBe(
      true,
    )
    expect(
      lastSalonChange([ev({}), ev({ at: '2026-12-03T09:00:00.000Z' }), ev({ at: '2026-12-02T09:00:00.000Z' })], 7),
    ).toBe('2026-12-03T09:00:00.000Z')
  })
  it('the booking the salon made, a note, a status, the customer’s own move, the clock: not', () => {
    expect(isSalonChange(ev({ kind: 'BOOKED' }), 7)).toBe(false)
    expect(isSalonChange(ev({ kind: 'EDITED', changed: ['note'] }), 7)).toBe(false)
    expect(isSalonChange(ev({ kind: 'STATUS_CHANGED', changed: ['status'] }), 7)).toBe(false)
    expect(isSalonChange(ev({ actorRole: 'USER', actorId: 7 }), 7)).toBe(false)
    // An operator moving their own booking as its customer.
    expect(isSalonChange(ev({ actorRole: 'OPERATOR', actorId: 7 }), 7)).toBe(false)
    expect(isSalonChange(ev({ actorRole: null, actorId: null }), 7)).toBe(false)
    expect(lastSalonChange([ev({ kind: 'BOOKED' })], 7)).toBeNull()
  })
})
