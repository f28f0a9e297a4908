import { describe, expect, it } from 'vitest'
import { dashboardQuery } from '../schemas/booking'
import { changePercent } from './periods'
import {
  dashboardFigures,
  KPI_STATUSES,
  dashboardKpis,
  dashboardRange,
  dayCount,
  kpiOf,
  localDaysBetween,
  openMinutesByDay,
  openMinutesPerOperator,
  operatorOpenMinutes,
  percentOf,
} from './dashboard'
import { calendar, everyDay, ROME } from './test-fixtures'

const days = (r: ReturnType<typeof dashboardRange>) => [r.fromDay, r.toDay, r.previousFromDay, r.previousToDay]
// 15 May 2026, 10:00 in Rome.
const NOW = new Date('2026-05-15T08:00:00Z')

describe('dashboardRange', () => {
  it('today: the local day, against yesterday; late evening UTC is already tomorrow in Rome', () => {
    const r = dashboardRange({ period: 'today' }, NOW, ROME)
    expect(days(r)).toEqual(['2026-05-15', '2026-05-15', '2026-05-14', '2026-05-14'])
    expect(r.current.from.toISOString()).toBe('2026-05-14T22:00:00.000Z')
    expect(r.current.to.toISOString()).toBe('2026-05-15T22:00:00.000Z')
    expect(r.previous.to).toEqual(r.current.from)
    expect(dashboardRange({ period: 'today' }, new Date('2026-05-15T22:30:00Z'), ROME).fromDay).toBe('2026-05-16')
  })

  it('7 and 30 days end today and compare with as many days before', () => {
    expect(days(dashboardRange({ period: '7d' }, NOW, ROME))).toEqual([
      '2026-05-09',
      '2026-05-15',
      '2026-05-02',
      '2026-05-08',
    ])
    // 30 days ending 30 April are the whole of April, still compared with 30 days (not March).
    const april = dashboardRange({ period: '30d' }, new Date('2026-04-30T10:00:00Z'), ROME)
    expect(days(april)).toEqual(['2026-04-01', '2026-04-30', '2026-03-02', '2026-03-31'])
  })

  it('a week across the spring DST change lasts 167 hours, the days stay whole', () => {
    const r = dashboardRange({ period: '7d' }, new Date('2026-04-01T10:00:00Z'), ROME)
    expect(days(r)).toEqual(['2026-03-26', '2026-04-01', '2026-03-19', '2026-03-25'])
    expect((r.current.to.getTime() - r.current.from.getTime()) / 3_600_000).toBe(167)
    expect((r.previous.to.getTime() - r.previous.from.getTime()) / 3_600_000).toBe(168)
  })

  it('this month: month to date against the same days of the previous month, cut at its end', () => {
    expect(days(dashboardRange({ period: 'mtd' }, NOW, ROME))).toEqual([
      '2026-05-01',
      '2026-05-15',
      '2026-04-01',
      '2026-04-15',
    ])
    const march31 = dashboardRange({ period: 'mtd' }, new Date('2026-03-31T10:00:00Z'), ROME)
    expect(days(march31)).toEqual(['2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28'])
    const january = dashboardRange({ period: 'mtd' }, new Date('2026-01-03T10:00:00Z'), ROME)
    expect(days(january)).toEqual(['2026-01-01', '2026-01-03', '2025-12-01', '2025-12-03'])
  })

  it('custom: the chosen days, against as many days before', () => {
    const r = dashboardRange({ period: 'custom', from: '2019-03-01', to: '2019-03-10' }, NOW, ROME)
    expect(days(r)).toEqual(['2019-03-01', '2019-03-10', '2019-02-19', '2019-02-28'])
  })

  it('keeps the calendar periods of the first version', () => {
    expect(days(dashboardRange({ period: 'month' }, NOW, ROME))).toEqual([
      '2026-05-01',
      '2026-05-31',
      '2026-04-01',
      '2026-04-30',
    ])
    expect(days(dashboardRange({ period: 'week' }, NOW, ROME))).toEqual([
      '2026-05-11',
      '2026-05-17',
      '2026-05-04',
      '2026-05-10',
    ])
    expect(days(dashboardRange({ period: 'year' }, NOW, ROME)).slice(0, 2)).toEqual(['2026-01-01', '2026-12-31'])
  })
})

describe('dashboardQuery', () => {
  const paths = (q: Record<string, string>) => {
    const r = dashboardQuery.safeParse(q)
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'))
  }
  it('defaults to month; from/to alone mean custom', () => {
    expect(dashboardQuery.parse({})).toEqual({ period: 'month' })
    expect(dashboardQuery.parse({ from: '2026-01-01', to: '2026-01-31' }).period).toBe('custom')
  })
  it('names the bad field', () => {
    expect(paths({ period: 'decade' })).toEqual(['period'])
    expect(paths({ period: 'custom', to: '2026-01-01' })).toEqual(['from'])
    expect(paths({ period: 'custom', from: '2026-02-30', to: '2026-03-01' })).toContain('from')
    expect(paths({ period: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual(['to'])
    expect(paths({ period: '7d', from: '2026-03-01' })).toEqual(['from'])
    expect(paths({ period: 'custom', from: '2025-01-01', to: '2026-01-01' })).toEqual([]) // 366 days
    expect(paths({ period: 'custom', from: '2025-01-01', to: '2026-01-02' })).toEqual(['to'])
  })
})

describe('open minutes and occupancy', () => {
  it('counts the opening intervals of each local day, without closures and holidays', () => {
    const cal = calendar({
      opening: everyDay(['09:00', '13:00'], ['14:00', '19:00']), // 540 min
      closures: [
        // 10:00–11:00 local on 12 May.
        { closure_type: 'PARTIAL_DAY', start_date: '2026-05-12T08:00:00Z', end_date: '2026-05-12T09:00:00Z' },
        { closure_type: 'FULL_DAY', start_date: '2026-05-13T12:00:00Z', end_date: '2026-05-13T12:00:00Z' },
        // Inactive: ignored.
        {
          closure_type: 'FULL_DAY',
          start_date: '2026-05-11T12:00:00Z',
          end_date: '2026-05-11T12:00:00Z',
          is_active: false,
        },
      ],
      holidays: [{ date: '2026-05-14T12:00:00Z' }],
    })
    const byDay = openMinutesByDay(cal, ROME, '2026-05-11', '2026-05-15')
    expect([...byDay]).toEqual([
      ['2026-05-11', 540],
      ['2026-05-12', 480],
      ['2026-05-13', 0],
      ['2026-05-14', 0],
      ['2026-05-15', 540],
    ])
    // Two active operators (fixture) work those minutes.
    expect(operatorOpenMinutes(cal, ROME, '2026-05-11', '2026-05-15')).toBe(2 * (540 + 480 + 540))
    expect(
      operatorOpenMinutes(
        { ...cal, operators: [{ id: 1 }, { id: 2, active: false }] },
        ROME,
        '2026-05-15',
        '2026-05-15',
      ),
    ).toBe(540)
  })

  it('blocked time comes off its operator only, where it falls in open time, overlaps counted once', () => {
    const cal = calendar({ opening: everyDay(['09:00', '13:00'], ['14:00', '19:00']) })
    const blocks = [
      // 12:00–15:00 local on 11 May: 60 + 60 minutes of open time (13–14 is the break).
      { operator: 1, date_start: '2026-05-11T10:00:00Z', date_end: '2026-05-11T13:00:00Z' },
      // Overlapping the first by an hour: 14:00–16:00 adds only 15–16.
      { operator: 1, date_start: '2026-05-11T12:00:00Z', date_end: '2026-05-11T14:00:00Z' },
      // Outside the days asked, and an operator that is not active.
      { operator: 1, date_start: '2026-05-20T08:00:00Z', date_end: '2026-05-20T09:00:00Z' },
      { operator: 3, date_start: '2026-05-11T08:00:00Z', date_end: '2026-05-11T09:00:00Z' },
    ]
    const each = openMinutesPerOperator(cal, ROME, '2026-05-11', '2026-05-12', blocks)
    expect([...each]).toEqual([
      [1, 2 * 540 - 180],
      [2, 2 * 540],
    ])
    expect(operatorOpenMinutes(cal, ROME, '2026-05-11', '2026-05-12', blocks)).toBe(4 * 540 - 180)
  })

  it('wall-clock hours across DST: 01:00–04:00 lasts 2 hours on the spring day', () => {
    const cal = calendar({ opening: everyDay(['01:00', '04:00']) })
    expect([...openMinutesByDay(cal, ROME, '2026-03-28', '2026-03-29')]).toEqual([
      ['2026-03-28', 180],
      ['2026-03-29', 120],
    ])
  })

  it('overlapping intervals count once; closed weekdays count zero', () => {
    const opening = [
      {
        day_of_week: 'MONDAY' as const,
        is_closed: false,
        intervals: [{ opening_time: '09:00', closing_time: '12:00' }],
      },
      {
        day_of_week: 'MONDAY' as const,
        is_closed: false,
        intervals: [{ opening_time: '11:00', closing_time: '13:00' }],
      },
    ]
    const byDay = openMinutesByDay({ opening, closures: [], holidays: [] }, ROME, '2026-05-11', '2026-05-12')
    expect([...byDay]).toEqual([
      ['2026-05-11', 240],
      ['2026-05-12', 0],
    ])
  })

  it('percentages, changes and KPIs', () => {
    expect(percentOf(1, 3)).toBe(33.3)
    expect(percentOf(1, 0)).toBeNull()
    expect(changePercent(15, 10)).toBe(50)
    expect(changePercent(5, 0)).toBeNull()
    expect(changePercent(null, 3)).toBeNull()
    // Money in cents: no float drift (0.1 + 0.2).
    expect(kpiOf(30, 10, true)).toEqual({ current: 0.3, previous: 0.1, difference: 0.2, percentage: 200 })
    expect(kpiOf(45.7, 12.3)).toEqual({ current: 45.7, previous: 12.3, difference: 33.4, percentage: 271.5 })
    expect(kpiOf(null, 2)).toEqual({ current: null, previous: 2, difference: null, percentage: null })
  })

  it('day helpers', () => {
    expect(localDaysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ])
    expect(dayCount('2026-03-28', '2026-03-30')).toBe(3)
  })
})

describe('dashboardKpis: the seven KPIs from two periods’ counts', () => {
  const counts = {
    bookings: 8,
    revenueCents: 12615,
    bookedMinutes: 285,
    cancelled: 1,
    made: 8,
    noShows: 1,
    settled: 4,
    newCustomers: 2,
    openMinutes: 1000,
  }
  it('money in cents compared exactly, the average ticket to the cent, rates with one decimal', () => {
    const prev = {
      ...counts,
      bookings: 3,
      revenueCents: 7500,
      cancelled: 1,
      made: 3,
      noShows: 0,
      settled: 2,
      newCustomers: 0,
    }
    const k = dashboardKpis(counts, prev)
    expect(k.revenue).toEqual({ current: 126.15, previous: 75, difference: 51.15, percentage: 68.2 })
    expect(k.averageTicket.current).toBe(15.77) // 12615 / 8 = 1576.875 cents → 1577
    expect(k.averageTicket.previous).toBe(25)
    expect(k.occupancy.current).toBe(28.5)
    expect(k.cancellationRate).toMatchObject({ current: 12.5, previous: 33.3 })
    expect(k.noShowRate).toMatchObject({ current: 25, previous: 0, percentage: null })
    expect(k.newCustomers).toEqual({ current: 2, previous: 0, difference: 2, percentage: null })
  })
  it('bookings won from the waitlist: a count compared like the others (absent = 0)', () => {
    const k = dashboardKpis({ ...counts, waitlistWon: 3 }, { ...counts, waitlistWon: 2 })
    expect(k.waitlistWon).toEqual({ current: 3, previous: 2, difference: 1, percentage: 50 })
    expect(dashboardKpis(counts, counts).waitlistWon).toEqual({
      current: 0,
      previous: 0,
      difference: 0,
      percentage: null,
    })
    expect(dashboardFigures({ ...counts, waitlistWon: 4 }, 60).waitlistWon).toBe(4)
  })
  it('nothing to divide by: null, never NaN or Infinity', () => {
    const none = { ...counts, bookings: 0, revenueCents: 0, made: 0, settled: 0, openMinutes: 0 }
    const k = dashboardKpis(none, none)
    expect([k.averageTicket.current, k.occupancy.current, k.cancellationRate.current, k.noShowRate.current]).toEqual([
      null,
      null,
      null,
      null,
    ])
  })
  it('the status lists: drafts are never made bookings; no-shows hold time but are not booked', () => {
    expect(KPI_STATUSES.made).not.toContain('PENDING_CONFIRMATION')
    expect(KPI_STATUSES.booked).not.toContain('NO_SHOW')
    expect(KPI_STATUSES.occupying).toContain('NO_SHOW')
  })
})
