import { describe, expect, it } from 'vitest'
import { calendarPeriod, compareCounts, previousCalendarPeriod, resolvePeriod, startOfLocalDay } from './periods'

const ROME = 'Europe/Rome'
const iso = (p: { from: Date; to: Date }) => [p.from.toISOString(), p.to.toISOString()]
const hours = (p: { from: Date; to: Date }) => (p.to.getTime() - p.from.getTime()) / 3_600_000

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

  it('a local week: the week before, ending where the current starts', () => {
    const current = resolvePeriod({ from: '2026-05-11', to: '2026-05-17' }, ROME) as { from: Date; to: Date }
    expect(iso(previousCalendarPeriod(current, ROME))).toEqual(['2026-05-03T22:00:00.000Z', '2026-05-10T22:00:00.000Z'])
  })
  it('compares counts with difference and percentage, null percentage against zero', () => {
    const a = { from: new Date(0), to: new Date(1000) }
    const b = previousCalendarPeriod(a, ROME)
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
    const { compareMetrics } = await import('./periods')
    const cur = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-05-08T00:00:00Z') }
    const r = compareMetrics(cur, { count: 6, total_price: 180.3, duration: 300 }, previousCalendarPeriod(cur, ROME), {
      count: 4,
      total_price: 120.1,
      duration: 0,
    })
    expect(r.difference).toEqual({ count: 2, total_price: 60.2, duration: 300 })
    expect(r.percentage).toEqual({ count: 50, total_price: 50.1, duration: null })
  })
})

describe('previousCalendarPeriod (Europe/Rome, DST days 2027-03-28 and 2027-10-31)', () => {
  const period = (from: string, to: string) => resolvePeriod({ from, to }, ROME) as { from: Date; to: Date }

  it('the day after the spring change compares with the 23-hour DST day', () => {
    const prev = previousCalendarPeriod(period('2027-03-29', '2027-03-29'), ROME)
    expect(iso(prev)).toEqual(['2027-03-27T23:00:00.000Z', '2027-03-28T22:00:00.000Z'])
    expect(hours(prev)).toBe(23)
  })

  it('the spring DST day (23 h) compares with the whole 24-hour day before', () => {
    const cur = period('2027-03-28', '2027-03-28')
    expect(hours(cur)).toBe(23)
    const prev = previousCalendarPeriod(cur, ROME)
    expect(iso(prev)).toEqual(['2027-03-26T23:00:00.000Z', '2027-03-27T23:00:00.000Z'])
  })

  it('the autumn DST day (25 h) and the day after it', () => {
    const dst = period('2027-10-31', '2027-10-31')
    expect(hours(dst)).toBe(25)
    expect(iso(previousCalendarPeriod(dst, ROME))).toEqual(['2027-10-29T22:00:00.000Z', '2027-10-30T22:00:00.000Z'])
    const after = previousCalendarPeriod(period('2027-11-01', '2027-11-01'), ROME)
    expect(iso(after)).toEqual(['2027-10-30T22:00:00.000Z', '2027-10-31T23:00:00.000Z'])
    expect(hours(after)).toBe(25)
  })

  it('a week across a change compares with the previous Monday-to-Sunday week', () => {
    // Monday 29 March 2027 – Sunday 4 April: all summer time; the week before holds the change.
    const prev = previousCalendarPeriod(calendarPeriod('week', new Date('2027-03-31T10:00:00Z'), ROME), ROME)
    expect(iso(prev)).toEqual(['2027-03-21T23:00:00.000Z', '2027-03-28T22:00:00.000Z'])
    expect(hours(prev)).toBe(167)
    const autumn = previousCalendarPeriod(period('2027-11-01', '2027-11-07'), ROME)
    expect(iso(autumn)).toEqual(['2027-10-24T22:00:00.000Z', '2027-10-31T23:00:00.000Z'])
    expect(hours(autumn)).toBe(169)
  })

  it('a calendar month compares with the previous calendar month, whatever their lengths', () => {
    expect(iso(previousCalendarPeriod(period('2027-03-01', '2027-03-31'), ROME))).toEqual([
      '2027-01-31T23:00:00.000Z', // 1 February 2027 00:00 +01:00
      '2027-02-28T23:00:00.000Z',
    ])
    // Leap year: 29 days of February.
    expect(iso(previousCalendarPeriod(period('2028-03-01', '2028-03-31'), ROME))).toEqual([
      '2028-01-31T23:00:00.000Z',
      '2028-02-29T23:00:00.000Z',
    ])
    // 1–30 April 2027 (summer time) → 1–31 March 2027, across the change.
    expect(iso(previousCalendarPeriod(period('2027-04-01', '2027-04-30'), ROME))).toEqual([
      '2027-02-28T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
    ])
    // January → December of the year before; the dashboard's month too.
    expect(iso(previousCalendarPeriod(period('2027-01-01', '2027-01-31'), ROME))).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ])
    const nov = calendarPeriod('month', new Date('2027-11-15T10:00:00Z'), ROME)
    expect(iso(previousCalendarPeriod(nov, ROME))).toEqual(['2027-09-30T22:00:00.000Z', '2027-10-31T23:00:00.000Z'])
  })

  it('several whole months and a year compare with as many months before', () => {
    expect(iso(previousCalendarPeriod(period('2027-04-01', '2027-06-30'), ROME))).toEqual([
      '2026-12-31T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
    ])
    expect(iso(previousCalendarPeriod(calendarPeriod('year', new Date('2028-02-29T12:00:00Z'), ROME), ROME))).toEqual([
      '2026-12-31T23:00:00.000Z',
      '2027-12-31T23:00:00.000Z',
    ])
  })

  it('N whole local days that are not whole months compare with the N local days before', () => {
    // 15–31 March 2027 (17 days, the change inside) → 26 February – 14 March.
    expect(iso(previousCalendarPeriod(period('2027-03-15', '2027-03-31'), ROME))).toEqual([
      '2027-02-25T23:00:00.000Z',
      '2027-03-14T23:00:00.000Z',
    ])
    // 1–15 March is not a whole month: the 15 days before, 14–28 February.
    expect(iso(previousCalendarPeriod(period('2027-03-01', '2027-03-15'), ROME))).toEqual([
      '2027-02-13T23:00:00.000Z',
      '2027-02-28T23:00:00.000Z',
    ])
  })

  it('instants that are not whole days: the same wall-clock length, ending where the current starts', () => {
    // 18:00–20:00 local → 16:00–18:00 local.
    const evening = { from: new Date('2027-05-10T16:00:00Z'), to: new Date('2027-05-10T18:00:00Z') }
    expect(iso(previousCalendarPeriod(evening, ROME))).toEqual(['2027-05-10T14:00:00.000Z', '2027-05-10T16:00:00.000Z'])
    // 28 March 2027 12:00 → 29 March 12:00 local (23 real hours) → 27 March 12:00 → 28 March 12:00 local (23 h too).
    const spring = { from: new Date('2027-03-28T10:00:00Z'), to: new Date('2027-03-29T10:00:00Z') }
    const prev = previousCalendarPeriod(spring, ROME)
    expect(iso(prev)).toEqual(['2027-03-27T11:00:00.000Z', '2027-03-28T10:00:00.000Z'])
    expect(hours(prev)).toBe(23)
    // The same instants in UTC are whole days: the day before.
    expect(
      iso(
        previousCalendarPeriod({ from: new Date('2027-03-28T00:00:00Z'), to: new Date('2027-03-29T00:00:00Z') }, 'UTC'),
      ),
    ).toEqual(['2027-03-27T00:00:00.000Z', '2027-03-28T00:00:00.000Z'])
  })

  it('never depends on the process time zone (pure: only the zone parameter)', () => {
    const a = previousCalendarPeriod(period('2027-10-31', '2027-10-31'), ROME)
    const b = previousCalendarPeriod(period('2027-10-31', '2027-10-31'), ROME)
    expect(iso(a)).toEqual(iso(b))
    expect(
      iso(
        previousCalendarPeriod(
          resolvePeriod({ from: '2027-03-01', to: '2027-03-31' }, 'America/New_York') as { from: Date; to: Date },
          'America/New_York',
        ),
      ),
    ).toEqual(['2027-02-01T05:00:00.000Z', '2027-03-01T05:00:00.000Z'])
  })
})
