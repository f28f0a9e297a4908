import { describe, expect, it } from 'vitest'
import { checkSlot } from './slots'
import { walkInPlacement } from './walkIn'
import { at, calendar, reservation, service } from './test-fixtures'

// Tuesday 1 December 2026, Rome (UTC+1): the salon opens 09:00–13:00 and 14:00–19:00 local.
const q = (now: string, over: Partial<Parameters<typeof walkInPlacement>[0]> = {}) => ({
  services: [service(1, 30)],
  operator: 'any' as const,
  calendar: calendar(),
  reservations: [],
  now: at(now),
  ...over,
})

describe('a walk-in', () => {
  it('starts at the next whole minute, off the grid and without notice', () => {
    const placed = walkInPlacement(q('2026-12-01T09:07:20Z'))
    expect(placed).toEqual({
      available: true,
      start: '2026-12-01T09:08:00.000Z',
      end: '2026-12-01T09:38:00.000Z',
      operators: [1, 2],
    })
  })
  it('goes to whoever is free; when nobody is, names the earliest start that day', () => {
    const busy = [
      reservation(1, '2026-12-01T09:00:00Z', '2026-12-01T10:00:00Z'),
      reservation(2, '2026-12-01T08:30:00Z', '2026-12-01T09:20:00Z'),
    ]
    expect(walkInPlacement(q('2026-12-01T09:05:00Z', { reservations: busy }))).toEqual({
      available: false,
      reason: 'OPERATOR_BUSY',
      next: '2026-12-01T09:20:00.000Z',
    })
    const one = walkInPlacement(q('2026-12-01T09:21:00Z', { reservations: busy }))
    expect(one.available && one.operators).toEqual([2])
  })
  it('never places into the past or over another booking, and refuses services nobody performs', () => {
    expect(walkInPlacement(q('2026-12-01T09:07:00Z', { services: [service(1, 30, { operators: [3] })] }))).toEqual({
      available: false,
      reason: 'NO_ELIGIBLE_OPERATOR',
    })
    const full = [
      reservation(1, '2026-12-01T17:00:00Z', '2026-12-02T00:00:00Z'),
      reservation(2, '2026-12-01T17:00:00Z', '2026-12-02T00:00:00Z'),
    ]
    expect(walkInPlacement(q('2026-12-01T17:30:00Z', { reservations: full }))).toEqual({
      available: false,
      reason: 'OPERATOR_BUSY',
    })
  })
})

describe('staff booking outside the offered times (hours: ignore)', () => {
  const base = {
    services: [service(1, 30)],
    operator: 1 as const,
    calendar: calendar(),
    reservations: [],
    now: at('2026-12-01T05:00:00Z'),
  }
  it('offers what the hours refuse: before opening, the lunch break, off the grid, short notice', () => {
    for (const start of [
      '2026-12-01T07:00:00Z',
      '2026-12-01T12:10:00Z',
      '2026-12-01T08:07:00Z',
      '2026-12-01T05:10:00Z',
    ]) {
      expect(checkSlot({ ...base, start }).available).toBe(false)
      expect(checkSlot({ ...base, start, hours: 'ignore' }).available).toBe(true)
    }
  })
  it('still refuses the past and another booking of the operator', () => {
    expect(checkSlot({ ...base, start: '2026-12-01T04:00:00Z', hours: 'ignore' })).toEqual({
      available: false,
      reason: 'IN_THE_PAST',
    })
    const busy = [reservation(1, '2026-12-01T07:00:00Z', '2026-12-01T08:00:00Z')]
    expect(checkSlot({ ...base, reservations: busy, start: '2026-12-01T07:30:00Z', hours: 'ignore' })).toEqual({
      available: false,
      reason: 'OPERATOR_BUSY',
    })
  })
})
