import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SERIES_OCCURRENCES_MAX } from '../schemas/series'
import { localDayOf } from './periods'
import {
  checkSeries,
  nearestAlternatives,
  planOccurrences,
  seriesCapDecision,
  seriesOccurrences,
  shiftFollowing,
} from './series'
import { calendar, reservation, ROME, service, settings, wallDateTime, wallTime } from './test-fixtures'

const NOW = new Date('2026-03-01T08:00:00Z')
const staffCalendar = calendar({ settings: settings({ minNoticeMinutes: 0, bookingHorizonDays: 365 }) })
const starts = (r: ReturnType<typeof seriesOccurrences>) => (r.ok ? r.starts.map((d) => d.toISOString()) : r)

describe('seriesOccurrences', () => {
  it('keeps the salon wall-clock time across the spring and autumn changes', () => {
    // Saturday 14 March 2026, 10:00 in Rome (UTC+1); the clocks go forward on 29 March and back on 25 October.
    const r = seriesOccurrences({ start: '2026-03-14T09:00:00Z', everyWeeks: 2, count: 4, timeZone: ROME })
    expect(starts(r)).toEqual([
      '2026-03-14T09:00:00.000Z',
      '2026-03-28T09:00:00.000Z',
      '2026-04-11T08:00:00.000Z', // summer time: 10:00 local is 08:00Z
      '2026-04-25T08:00:00.000Z',
    ])
    const autumn = seriesOccurrences({ start: '2026-10-17T08:00:00Z', everyWeeks: 1, count: 3, timeZone: ROME })
    expect(autumn.ok && autumn.starts.map((d) => wallDateTime(d.getTime(), ROME))).toEqual([
      '2026-10-17 10:00',
      '2026-10-24 10:00',
      '2026-10-31 10:00',
    ])
  })

  it('until is the last local day it may fall on, included', () => {
    const r = seriesOccurrences({ start: '2026-05-02T08:00:00Z', everyWeeks: 4, until: '2026-07-25', timeZone: ROME })
    expect(r.ok && r.starts.map((d) => localDayOf(d, ROME))).toEqual([
      '2026-05-02',
      '2026-05-30',
      '2026-06-27',
      '2026-07-25',
    ])
    const before = seriesOccurrences({
      start: '2026-05-02T08:00:00Z',
      everyWeeks: 4,
      until: '2026-07-24',
      timeZone: ROME,
    })
    expect(before.ok && before.starts).toHaveLength(3)
  })

  it('refuses more than the maximum or fewer than two, naming the field', () => {
    expect(seriesOccurrences({ start: '2026-05-02T08:00:00Z', everyWeeks: 1, count: 27, timeZone: ROME })).toEqual({
      ok: false,
      field: 'count',
      reason: 'TOO_MANY',
      limit: SERIES_OCCURRENCES_MAX,
    })
    const long = seriesOccurrences({
      start: '2026-05-02T08:00:00Z',
      everyWeeks: 1,
      until: '2027-05-02',
      timeZone: ROME,
    })
    expect(long).toMatchObject({ ok: false, field: 'until', reason: 'TOO_MANY' })
    const exactly = seriesOccurrences({
      start: '2026-05-02T08:00:00Z',
      everyWeeks: 1,
      until: '2026-10-24',
      timeZone: ROME,
    })
    expect(exactly.ok && exactly.starts).toHaveLength(SERIES_OCCURRENCES_MAX)
    const short = seriesOccurrences({
      start: '2026-05-02T08:00:00Z',
      everyWeeks: 2,
      until: '2026-05-10',
      timeZone: ROME,
    })
    expect(short).toMatchObject({ ok: false, field: 'until', reason: 'TOO_FEW' })
    expect(seriesOccurrences({ start: '2026-05-02T08:00:00Z', everyWeeks: 0, count: 3, timeZone: ROME })).toMatchObject(
      {
        ok: false,
        field: 'every_weeks',
      },
    )
  })

  it('property: every occurrence is the same local time and weekday, every N weeks apart in local days', () => {
    const zones = ['Europe/Rome', 'America/New_York', 'Australia/Sydney', 'UTC']
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }),
        fc.integer({ min: 8 * 4, max: 19 * 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: SERIES_OCCURRENCES_MAX }),
        fc.constantFrom(...zones),
        (dayMs, quarter, every, count, tz) => {
          const day = new Date(dayMs).toISOString().slice(0, 10)
          const wall = `${day}T${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`
          // The instant of that wall time in tz (hours 08–19 never fall in a DST gap).
          const guess = Date.parse(`${wall}:00Z`)
          const offset = Date.parse(`${wallDateTime(guess, tz).replace(' ', 'T')}:00Z`) - guess
          const start = new Date(guess - offset)
          const r = seriesOccurrences({ start, everyWeeks: every, count, timeZone: tz })
          if (!r.ok) return false
          const first = wallDateTime(r.starts[0]!.getTime(), tz)
          return r.starts.every((s, i) => {
            const local = wallDateTime(s.getTime(), tz)
            const expectedDay = new Date(Date.parse(`${first.slice(0, 10)}T00:00:00Z`) + i * every * 7 * 86_400_000)
            return local.slice(11) === first.slice(11) && local.slice(0, 10) === expectedDay.toISOString().slice(0, 10)
          })
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('planOccurrences', () => {
  const s = [new Date('2026-05-02T08:00:00Z'), new Date('2026-05-09T08:00:00Z'), new Date('2026-05-16T08:00:00Z')]
  it('puts a replaced occurrence at its alternative and marks the skipped ones', () => {
    const r = planOccurrences(s, [{ index: 1, date_start: '2026-05-09T09:00:00Z', operator: 2 }], [2])
    expect(r).toEqual({
      ok: true,
      occurrences: [
        { index: 0, start: s[0], skipped: false },
        { index: 1, start: new Date('2026-05-09T09:00:00Z'), operator: 2, skipped: false },
        { index: 2, start: s[2], skipped: true },
      ],
    })
  })
  it('refuses unknown indexes, one both replaced and skipped, and skipping everything', () => {
    expect(planOccurrences(s, [], [3])).toMatchObject({ ok: false, field: 'skip', reason: 'UNKNOWN_INDEX' })
    expect(planOccurrences(s, [{ index: 5, date_start: '2026-05-09T09:00:00Z' }])).toMatchObject({ field: 'replace' })
    expect(planOccurrences(s, [{ index: 1, date_start: '2026-05-09T09:00:00Z' }], [1])).toMatchObject({
      reason: 'REPLACED_AND_SKIPPED',
    })
    expect(planOccurrences(s, [], [0, 1, 2])).toMatchObject({ field: 'skip', reason: 'ALL_SKIPPED' })
  })
})

describe('checkSeries', () => {
  // Saturdays at 10:00 Rome (UTC+2 in May).
  const weekly = seriesOccurrences({ start: '2026-05-02T08:00:00Z', everyWeeks: 1, count: 4, timeZone: ROME })
  const planned = planOccurrences(weekly.ok ? weekly.starts : [])
  const occurrences = planned.ok ? planned.occurrences : []
  const base = { services: [service(1, 30)], calendar: staffCalendar, now: NOW, reservations: [] }

  it('marks a taken occurrence with its reason and the nearest free starts, same day first', () => {
    const taken = reservation(1, '2026-05-09T08:00:00Z', '2026-05-09T08:30:00Z')
    const checked = checkSeries({ ...base, operator: 1, reservations: [taken] }, occurrences)
    expect(checked.map((o) => o.available)).toEqual([true, false, true, true])
    const conflict = checked[1]!
    expect(conflict.reason).toBe('OPERATOR_BUSY')
    expect(conflict.date_end).toBe('2026-05-09T08:30:00.000Z')
    // 10:00–10:30 is taken: 09:30 and 10:30 are 30 min away (the earlier first), then 09:15 before 10:45.
    expect(conflict.alternatives.map((a) => wallTime(a.date_start, ROME))).toEqual(['09:30', '10:30', '09:15'])
    expect(conflict.alternatives.every((a) => a.operator === 1)).toBe(true)
    expect(checked.filter((o) => o.available).every((o) => o.operator === 1)).toBe(true)
  })

  it('a closed day gets the days around at the nearest time', () => {
    const closures = [
      {
        closure_type: 'FULL_DAY' as const,
        start_date: '2026-05-16T12:00:00.000Z',
        end_date: '2026-05-16T12:00:00.000Z',
        is_active: true,
      },
    ]
    const checked = checkSeries({ ...base, operator: 'any', calendar: { ...staffCalendar, closures } }, occurrences)
    const conflict = checked[2]!
    expect(conflict.reason).toBe('CLOSED')
    expect(conflict.alternatives.map((a) => wallDateTime(Date.parse(a.date_start), ROME))).toEqual([
      '2026-05-15 10:00',
      '2026-05-17 10:00',
      '2026-05-14 10:00',
    ])
  })

  it('"any operator" keeps the operator the first occurrence got when free, and skipped ones are not checked', () => {
    const busyTwo = reservation(1, '2026-05-02T06:00:00Z', '2026-05-02T12:00:00Z')
    const skipped = planOccurrences(weekly.ok ? weekly.starts : [], [], [3])
    const checked = checkSeries(
      { ...base, operator: 'any', reservations: [busyTwo] },
      skipped.ok ? skipped.occurrences : [],
    )
    expect(checked.map((o) => o.operator)).toEqual([2, 2, 2, null])
    expect(checked[3]).toMatchObject({ skipped: true, available: false, reason: null })
  })

  it('counts an occurrence already placed as busy for a later one at the same time', () => {
    const twice = planOccurrences(weekly.ok ? weekly.starts : [], [{ index: 1, date_start: '2026-05-02T08:00:00Z' }])
    const checked = checkSeries({ ...base, operator: 1 }, twice.ok ? twice.occurrences : [])
    expect(checked[1]).toMatchObject({ available: false, reason: 'OPERATOR_BUSY' })
  })

  it('customer rules: beyond the horizon is a conflict without alternatives there', () => {
    // Today 1 March + 75 days: 15 May is the last bookable day.
    const customer = calendar({ settings: settings({ bookingHorizonDays: 75 }) })
    const checked = checkSeries({ ...base, calendar: customer, operator: 1 }, occurrences)
    expect(checked.map((o) => o.reason)).toEqual([null, null, 'BEYOND_HORIZON', 'BEYOND_HORIZON'])
    expect(checked[2]!.alternatives.map((a) => wallDateTime(Date.parse(a.date_start), ROME))).toEqual([
      '2026-05-15 10:00',
      '2026-05-14 10:00',
      '2026-05-13 10:00',
    ])
    expect(checked[3]!.alternatives).toEqual([])
  })
})

describe('nearestAlternatives', () => {
  it('prefers the given operator among equally near starts', () => {
    const q = {
      services: [service(1, 30)],
      calendar: staffCalendar,
      now: NOW,
      reservations: [],
      operator: 'any' as const,
    }
    const alts = nearestAlternatives(q, new Date('2026-05-02T08:00:00Z'), 2, 2)
    expect(alts).toEqual([
      { date_start: '2026-05-02T07:45:00.000Z', operator: 2 },
      { date_start: '2026-05-02T08:15:00.000Z', operator: 2 },
    ])
  })
})

describe('shiftFollowing', () => {
  it('moves each later occurrence by the same wall-clock change, across a DST change', () => {
    const s = [new Date('2026-03-14T09:00:00Z'), new Date('2026-03-28T09:00:00Z'), new Date('2026-04-11T08:00:00Z')]
    // The first moves from 10:00 to 11:30 local, one day later.
    const moved = shiftFollowing(s, s[0]!, new Date('2026-03-15T10:30:00Z'), ROME)
    expect(moved.map((d) => wallDateTime(d.getTime(), ROME))).toEqual([
      '2026-03-15 11:30',
      '2026-03-29 11:30',
      '2026-04-12 11:30',
    ])
  })
})

describe('seriesCapDecision', () => {
  const open = (id: number) => ({
    id,
    status: 'CONFIRMED' as const,
    date_end: '2026-06-01T10:00:00Z',
    createdAt: '2026-02-01T00:00:00Z',
  })
  const input = { role: 'USER' as const, maxOpenBookings: 5, holdMinutes: 10, now: NOW }
  it('counts every occurrence against the cap; staff and "no cap" are exempt', () => {
    expect(seriesCapDecision({ ...input, bookings: [open(1), open(2)], adding: 3 })).toEqual({ ok: true })
    expect(seriesCapDecision({ ...input, bookings: [open(1), open(2)], adding: 4 })).toEqual({
      ok: false,
      status: 409,
      reason: 'TOO_MANY_BOOKINGS',
      limit: 5,
    })
    expect(seriesCapDecision({ ...input, role: 'ADMIN', bookings: [], adding: 26 })).toEqual({ ok: true })
    expect(seriesCapDecision({ ...input, maxOpenBookings: 0, bookings: [], adding: 26 })).toEqual({ ok: true })
  })
})
