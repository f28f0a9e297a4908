import { describe, expect, it } from 'vitest'
import {
  type WaitlistEntryFacts,
  entriesInLine,
  entryFits,
  invalidWaitlistDays,
  isEntryExpired,
  nextOffer,
  waitlistDaysWindow,
} from './waitlist'

const ROME = 'Europe/Rome'

const entry = (over: Partial<WaitlistEntryFacts> = {}): WaitlistEntryFacts => ({
  id: 1,
  status: 'ACTIVE',
  days: ['2026-12-15'],
  from: '09:00',
  to: '12:00',
  operator: null,
  createdAt: '2026-12-01T10:00:00Z',
  ...over,
})

describe('entryFits', () => {
  it('a start inside the window on one of its days fits; the end must not pass `to`', () => {
    // 15 December, Rome is UTC+1: 09:00 local = 08:00Z.
    expect(entryFits(entry(), '2026-12-15T08:00:00Z', 60, ROME)).toBe(true)
    expect(entryFits(entry(), '2026-12-15T10:00:00Z', 60, ROME)).toBe(true) // 11:00–12:00
    expect(entryFits(entry(), '2026-12-15T10:30:00Z', 60, ROME)).toBe(false) // ends 12:30
    expect(entryFits(entry(), '2026-12-15T07:30:00Z', 30, ROME)).toBe(false) // 08:30 local
    expect(entryFits(entry(), '2026-12-16T08:00:00Z', 30, ROME)).toBe(false) // another day
  })

  it('an operator asked for must be among the free ones; anyone takes any', () => {
    expect(entryFits(entry({ operator: 3 }), '2026-12-15T08:00:00Z', 30, ROME, [2])).toBe(false)
    expect(entryFits(entry({ operator: 3 }), '2026-12-15T08:00:00Z', 30, ROME, [2, 3])).toBe(true)
    expect(entryFits(entry(), '2026-12-15T08:00:00Z', 30, ROME, [2])).toBe(true)
  })

  it('reads the window on the salon clock across the spring DST change (29 March 2026)', () => {
    const dst = entry({ days: ['2026-03-29'], from: '09:00', to: '10:00' })
    // After the change Rome is UTC+2: 09:00 local = 07:00Z (08:00Z would be 10:00, outside).
    expect(entryFits(dst, '2026-03-29T07:00:00Z', 60, ROME)).toBe(true)
    expect(entryFits(dst, '2026-03-29T08:00:00Z', 30, ROME)).toBe(false)
    // The day before (UTC+1) the same window is 08:00Z–09:00Z.
    const before = entry({ days: ['2026-03-28'], from: '09:00', to: '10:00' })
    expect(entryFits(before, '2026-03-28T08:00:00Z', 60, ROME)).toBe(true)
    expect(entryFits(before, '2026-03-28T07:00:00Z', 60, ROME)).toBe(false)
  })

  it('and across the autumn change (25 October 2026): 01:00–04:00 local lasts four real hours', () => {
    const night = entry({ days: ['2026-10-25'], from: '01:00', to: '04:00' })
    // 01:00 local (UTC+2) = 23:00Z the day before; 04:00 local (UTC+1) = 03:00Z.
    expect(entryFits(night, '2026-10-24T23:00:00Z', 240, ROME)).toBe(true)
    expect(entryFits(night, '2026-10-24T23:00:00Z', 241, ROME)).toBe(false)
  })

  it('an unreadable start never fits', () => {
    expect(entryFits(entry(), 'not a date', 30, ROME)).toBe(false)
  })
})

describe('entriesInLine', () => {
  it('ACTIVE entries for that day, first come first served (created_at, then id)', () => {
    const list = [
      entry({ id: 5, createdAt: '2026-12-02T00:00:00Z' }),
      entry({ id: 4, createdAt: '2026-12-01T00:00:00Z' }),
      entry({ id: 3, createdAt: '2026-12-01T00:00:00Z' }),
      entry({ id: 2, status: 'BOOKED', createdAt: '2026-11-01T00:00:00Z' }),
      entry({ id: 1, days: ['2026-12-16'], createdAt: '2026-11-01T00:00:00Z' }),
    ]
    expect(entriesInLine(list, '2026-12-15').map((e) => e.id)).toEqual([3, 4, 5])
  })
})

describe('the days of a new entry', () => {
  const now = new Date('2026-12-14T23:30:00Z') // 00:30 on the 15th in Rome
  it('today (salon time) … today + horizon', () => {
    expect(waitlistDaysWindow(now, ROME, 60)).toEqual({ first: '2026-12-15', last: '2027-02-13' })
    expect(invalidWaitlistDays(['2026-12-14', '2026-12-15', '2027-02-13', '2027-02-14'], now, ROME, 60)).toEqual([
      '2026-12-14',
      '2027-02-14',
    ])
  })
  it('an entry expires once all its days are past', () => {
    expect(isEntryExpired({ days: ['2026-12-14'] }, now, ROME)).toBe(true)
    expect(isEntryExpired({ days: ['2026-12-14', '2026-12-15'] }, now, ROME)).toBe(false)
  })
})

describe('nextOffer', () => {
  const slots = [
    { start: '2026-12-15T10:00:00Z', operators: [2] },
    { start: '2026-12-15T08:00:00Z', operators: [2, 3] },
  ]
  const base = {
    day: '2026-12-15',
    timeZone: ROME,
    durationOf: () => 30,
    freeStarts: () => slots,
  }

  it('the first in line gets the earliest fitting start', () => {
    const a = entry({ id: 1, createdAt: '2026-12-01T00:00:00Z' })
    const b = entry({ id: 2, createdAt: '2026-11-30T00:00:00Z' })
    const pick = nextOffer({ ...base, entries: [a, b], offers: [] })
    expect(pick?.entry.id).toBe(2)
    expect(pick?.start).toBe('2026-12-15T08:00:00Z')
  })

  it('skips an entry holding an OPEN offer, and a start the entry was offered before', () => {
    const a = entry({ id: 1, createdAt: '2026-11-01T00:00:00Z' })
    const b = entry({ id: 2, createdAt: '2026-11-02T00:00:00Z' })
    const open = [{ entry: 1, dateStart: '2026-12-16T08:00:00Z', status: 'OPEN' as const }]
    expect(nextOffer({ ...base, entries: [a, b], offers: open })?.entry.id).toBe(2)
    const expired = [{ entry: 1, dateStart: '2026-12-15T08:00:00.000Z', status: 'EXPIRED' as const }]
    const again = nextOffer({ ...base, entries: [a, b], offers: expired })
    expect(again).toMatchObject({ entry: { id: 1 }, start: '2026-12-15T10:00:00Z' })
    const both = [...expired, { entry: 1, dateStart: '2026-12-15T10:00:00Z', status: 'WITHDRAWN' as const }]
    expect(nextOffer({ ...base, entries: [a, b], offers: both })).toMatchObject({
      entry: { id: 2 },
      start: '2026-12-15T08:00:00Z',
    })
  })

  it('nobody when no start fits a window or the operator asked for', () => {
    const late = entry({ from: '14:00', to: '18:00' })
    expect(nextOffer({ ...base, entries: [late], offers: [] })).toBeNull()
    const other = entry({ operator: 7 })
    expect(nextOffer({ ...base, entries: [other], offers: [] })).toBeNull()
    const three = entry({ operator: 3 })
    expect(nextOffer({ ...base, entries: [three], offers: [] })?.start).toBe('2026-12-15T08:00:00Z')
  })

  it('a start that leaves no room for the duration inside the window is passed over', () => {
    const tight = entry({ from: '09:00', to: '09:30' })
    expect(nextOffer({ ...base, durationOf: () => 45, entries: [tight], offers: [] })).toBeNull()
    expect(nextOffer({ ...base, entries: [tight], offers: [] })?.start).toBe('2026-12-15T08:00:00Z')
  })
})
