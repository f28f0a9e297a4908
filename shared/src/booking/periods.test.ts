import { describe, expect, it } from 'vitest'
import { compareCounts, previousPeriod, resolvePeriod, startOfLocalDay } from './periods'

describe('report periods', () => {
  it('reads date-only bounds as whole local days in the salon time zone', () => {
    const p = resolvePeriod({ from: '2026-03-01', to: '2026-03-31' }, 'Europe/Rome')
    expect(p.from?.toISOString()).toBe('2026-02-28T23:00:00.000Z')
    // 1 April is already summer time (+02:00).
    expect(p.to?.toISOString()).toBe('2026-03-31T22:00:00.000Z')
  })

  it('keeps explicit instants as they are and leaves missing bounds open', () => {
    const p = resolvePeriod({ from: '2026-05-01T10:00:00Z' }, 'Europe/Rome')
    expect(p.from?.toISOString()).toBe('2026-05-01T10:00:00.000Z')
    expect(p.to).toBeUndefined()
  })

  it('the previous period has the same length and ends where the current starts', () => {
    const current = { from: new Date('2026-05-11T00:00:00Z'), to: new Date('2026-05-18T00:00:00Z') }
    const prev = previousPeriod(current)
    expect(prev.from.toISOString()).toBe('2026-05-04T00:00:00.000Z')
    expect(prev.to.toISOString()).toBe(current.from.toISOString())
  })

  it('compares counts with difference and percentage, null percentage against zero', () => {
    const a = { from: new Date(0), to: new Date(1000) }
    const b = previousPeriod(a)
    expect(compareCounts(a, 15, b, 10)).toMatchObject({ difference: 5, percentage: 50 })
    expect(compareCounts(a, 2, b, 3).percentage).toBe(-33.3)
    expect(compareCounts(a, 4, b, 0).percentage).toBeNull()
  })

  it('local midnight across the DST change is 23:00Z before and 22:00Z after', () => {
    expect(startOfLocalDay('2026-03-28', 'Europe/Rome').toISOString()).toBe('2026-03-27T23:00:00.000Z')
    expect(startOfLocalDay('2026-03-30', 'Europe/Rome').toISOString()).toBe('2026-03-29T22:00:00.000Z')
  })
})

describe('localInstant', () => {
  it('09:00 in Rome is 07:00Z on 2026-03-29 and 08:00Z on 2026-10-25 (DST days)', async () => {
    const { localInstant } = await import('./periods')
    expect(localInstant('2026-03-29', '09:00', 'Europe/Rome').toISOString()).toBe('2026-03-29T07:00:00.000Z')
    expect(localInstant('2026-10-25', '09:00', 'Europe/Rome').toISOString()).toBe('2026-10-25T08:00:00.000Z')
  })
})

describe('calendar days', () => {
  it('reads the local day, adds days across month ends and knows the weekday', async () => {
    const { localDayOf, addCalendarDays, weekdayIndex } = await import('./periods')
    expect(localDayOf(new Date('2026-11-21T23:30:00Z'), 'Europe/Rome')).toBe('2026-11-22')
    expect(localDayOf(new Date('2026-11-21T22:30:00Z'), 'Europe/Rome')).toBe('2026-11-21')
    expect(addCalendarDays('2026-02-27', 2)).toBe('2026-03-01')
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekdayIndex('2026-11-23')).toBe(0) // Monday
    expect(weekdayIndex('2026-11-22')).toBe(6) // Sunday
  })
})

describe('dashboard periods and metric comparisons', () => {
  it('calendar periods in Rome: the week starts on Monday, the month across DST', async () => {
    const { calendarPeriod } = await import('./periods')
    const now = new Date('2026-10-28T10:00:00Z') // Wednesday
    const week = calendarPeriod('week', now, 'Europe/Rome')
    expect(week.from.toISOString()).toBe('2026-10-25T23:00:00.000Z') // Monday 26 October is already +01:00
    expect(week.to.toISOString()).toBe('2026-11-01T23:00:00.000Z')
    const month = calendarPeriod('month', now, 'Europe/Rome')
    expect(month.from.toISOString()).toBe('2026-09-30T22:00:00.000Z') // still +02:00
    expect(month.to.toISOString()).toBe('2026-10-31T23:00:00.000Z') // +01:00 again
    expect(calendarPeriod('year', now, 'Europe/Rome').from.toISOString()).toBe('2025-12-31T23:00:00.000Z')
    expect(calendarPeriod('day', new Date('2026-10-31T23:30:00Z'), 'Europe/Rome').from.toISOString()).toBe(
      '2026-10-31T23:00:00.000Z',
    )
  })

  it('compares every metric, rounding money to cents', async () => {
    const { compareMetrics, previousPeriod } = await import('./periods')
    const cur = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-05-08T00:00:00Z') }
    const r = compareMetrics(cur, { count: 6, total_price: 180.3, duration: 300 }, previousPeriod(cur), {
      count: 4,
      total_price: 120.1,
      duration: 0,
    })
    expect(r.difference).toEqual({ count: 2, total_price: 60.2, duration: 300 })
    expect(r.percentage).toEqual({ count: 50, total_price: 50.1, duration: null })
  })
})
