import { describe, expect, it } from 'vitest'
import { reservationChanges, reservationEventKind, type ReservationSnapshot } from './events'

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
