import { describe, expect, it } from 'vitest'
import { buildClosureIndex, closedRanges, closureIndexOf } from './closures'
import { isValidRecurringRule } from './recurrence'
import { iso, ROME, wallTime } from './test-fixtures'
import type { ClosureRule, HolidayRule, Range } from './types'

const show = (rs: Range[]) => rs.map((r) => [iso(r.start), iso(r.end)])
const wholeDay = (start: string, end: string) => [[start, end]]
const closure = (over: Partial<ClosureRule>): ClosureRule => ({
  closure_type: 'PARTIAL_DAY',
  start_date: '2026-05-04T10:00:00Z',
  end_date: '2026-05-04T12:00:00Z',
  recurring_rule: null,
  is_active: true,
  ...over,
})

describe('closedRanges: FULL_DAY and holidays', () => {
  const full = closure({
    closure_type: 'FULL_DAY',
    start_date: '2026-08-10T12:00:00.000Z',
    end_date: '2026-08-12T12:00:00.000Z',
  })
  it('blocks every local day from the start date to the end date, inclusive', () => {
    expect(closedRanges('2026-08-09', [full], [], ROME)).toEqual([])
    expect(show(closedRanges('2026-08-10', [full], [], ROME))).toEqual(
      wholeDay('2026-08-09T22:00:00.000Z', '2026-08-10T22:00:00.000Z'),
    )
    expect(closedRanges('2026-08-12', [full], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-08-13', [full], [], ROME)).toEqual([])
  })
  it('a whole local day is 23 hours on 2026-03-29 and 25 on 2026-10-25', () => {
    const h = (d: string) =>
      closedRanges(d, [], [{ date: `${d}T12:00:00.000Z`, is_active: true }], ROME).map(
        (r) => (r.end - r.start) / 3_600_000,
      )
    expect(h('2026-03-29')).toEqual([23])
    expect(h('2026-10-25')).toEqual([25])
  })
  it('holidays: their day; recurring_yearly every year; inactive ones ignored', () => {
    const holidays: HolidayRule[] = [
      { date: '2025-12-25T12:00:00.000Z', recurring_yearly: true, is_active: true },
      { date: '2026-04-06T12:00:00.000Z', recurring_yearly: false, is_active: true },
      { date: '2026-06-02T12:00:00.000Z', recurring_yearly: true, is_active: false },
    ]
    expect(closedRanges('2027-12-25', [], holidays, ROME)).toHaveLength(1)
    expect(closedRanges('2026-12-25', [], holidays, ROME)).toHaveLength(1)
    expect(closedRanges('2026-04-06', [], holidays, ROME)).toHaveLength(1)
    expect(closedRanges('2027-04-06', [], holidays, ROME)).toEqual([])
    expect(closedRanges('2026-06-02', [], holidays, ROME)).toEqual([])
  })
  it('a yearly 29 February holiday only closes leap days', () => {
    const leap = [{ date: '2024-02-29T12:00:00.000Z', recurring_yearly: true }]
    expect(closedRanges('2028-02-29', [], leap, ROME)).toHaveLength(1)
    expect(closedRanges('2027-02-28', [], leap, ROME)).toEqual([])
    expect(closedRanges('2027-03-01', [], leap, ROME)).toEqual([])
  })
  it('ignores inactive closures and broken dates', () => {
    expect(closedRanges('2026-08-10', [{ ...full, is_active: false }], [], ROME)).toEqual([])
    expect(closedRanges('2026-08-10', [{ ...full, start_date: 'soon' }], [{ date: 'never' }], ROME)).toEqual([])
  })
})

describe('closedRanges: PARTIAL_DAY', () => {
  it('blocks the instant range, clipped to the day, merged with others', () => {
    const a = closure({ start_date: '2026-05-04T10:00:00Z', end_date: '2026-05-04T12:00:00Z' })
    const b = closure({ start_date: '2026-05-04T11:00:00Z', end_date: '2026-05-04T13:00:00Z' })
    const overnight = closure({ start_date: '2026-05-04T20:00:00Z', end_date: '2026-05-05T08:00:00Z' })
    expect(show(closedRanges('2026-05-04', [b, a, overnight], [], ROME))).toEqual([
      ['2026-05-04T10:00:00.000Z', '2026-05-04T13:00:00.000Z'],
      ['2026-05-04T20:00:00.000Z', '2026-05-04T22:00:00.000Z'],
    ])
    expect(show(closedRanges('2026-05-05', [overnight], [], ROME))).toEqual([
      ['2026-05-04T22:00:00.000Z', '2026-05-05T08:00:00.000Z'],
    ])
  })
  it('a holiday swallows partial closures of the same day', () => {
    const a = closure({})
    expect(closedRanges('2026-05-04', [a], [{ date: '2026-05-04T12:00:00Z' }], ROME)).toHaveLength(1)
  })
})

describe('closedRanges: RECURRING_*', () => {
  // A Sunday 10:00–12:00 local closure, first occurrence before the spring change (CET).
  const sunday = closure({
    closure_type: 'RECURRING_WEEKLY',
    start_date: '2026-03-22T09:00:00.000Z', // 10:00 CET
    end_date: '2026-03-22T11:00:00.000Z', // 12:00 CET
    recurring_rule: 'FREQ=WEEKLY;BYDAY=SU',
  })
  const local = (d: string, c: ClosureRule[]) =>
    closedRanges(d, c, [], ROME).map((r) => [wallTime(r.start, ROME), wallTime(r.end, ROME)])

  it.each(['2026-03-22', '2026-03-29', '2026-04-05', '2026-10-18', '2026-10-25', '2026-11-01', '2027-03-28'])(
    'blocks 10:00–12:00 local on Sunday %s, whatever the offset',
    (day) => {
      expect(local(day, [sunday])).toEqual([['10:00', '12:00']])
    },
  )
  it('is 08:00Z–10:00Z in summer and 09:00Z–11:00Z in winter', () => {
    expect(show(closedRanges('2026-03-29', [sunday], [], ROME))).toEqual([
      ['2026-03-29T08:00:00.000Z', '2026-03-29T10:00:00.000Z'],
    ])
    expect(show(closedRanges('2026-10-25', [sunday], [], ROME))).toEqual([
      ['2026-10-25T09:00:00.000Z', '2026-10-25T11:00:00.000Z'],
    ])
  })
  it('does nothing before its first occurrence or on other weekdays', () => {
    expect(closedRanges('2026-03-15', [sunday], [], ROME)).toEqual([])
    expect(closedRanges('2026-03-23', [sunday], [], ROME)).toEqual([])
  })
  it('a summer-defined closure keeps its local time through winter', () => {
    const summer = { ...sunday, start_date: '2026-06-07T08:00:00Z', end_date: '2026-06-07T10:00:00Z' } // 10:00–12:00 CEST
    expect(local('2026-12-06', [summer])).toEqual([['10:00', '12:00']])
    expect(local('2027-03-28', [summer])).toEqual([['10:00', '12:00']])
  })
  it('a window crossing the skipped hour lasts its real length', () => {
    // Every Sunday 01:00–04:00 local: 2 real hours on 2026-03-29, 4 on 2026-10-25, 3 otherwise.
    const night = { ...sunday, start_date: '2026-03-22T00:00:00Z', end_date: '2026-03-22T03:00:00Z' }
    const hours = (d: string) => closedRanges(d, [night], [], ROME).map((r) => (r.end - r.start) / 3_600_000)
    expect(hours('2026-03-22')).toEqual([3])
    expect(hours('2026-03-29')).toEqual([2])
    expect(hours('2026-10-25')).toEqual([4])
  })
  it('supports RRULE: prefix, INTERVAL, COUNT, UNTIL, EXDATE and an ignored DTSTART line', () => {
    const every2 = { ...sunday, recurring_rule: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU' }
    expect(closedRanges('2026-03-29', [every2], [], ROME)).toEqual([])
    expect(closedRanges('2026-04-05', [every2], [], ROME)).toHaveLength(1)
    const twice = { ...sunday, recurring_rule: 'FREQ=WEEKLY;COUNT=2' }
    expect(closedRanges('2026-03-29', [twice], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-04-05', [twice], [], ROME)).toEqual([])
    const until = { ...sunday, recurring_rule: 'FREQ=WEEKLY;UNTIL=20260330T000000Z' }
    expect(closedRanges('2026-03-29', [until], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-04-05', [until], [], ROME)).toEqual([])
    // A date-only UNTIL (what the dashboard's "Fino al" writes) includes that whole day.
    const lastDay = { ...sunday, recurring_rule: 'FREQ=WEEKLY;UNTIL=20260405' }
    expect(closedRanges('2026-04-05', [lastDay], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-04-12', [lastDay], [], ROME)).toEqual([])
    const onlyFirst = { ...sunday, recurring_rule: 'FREQ=WEEKLY;UNTIL=20260322' } // last day = first day
    expect(closedRanges('2026-03-22', [onlyFirst], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-03-29', [onlyFirst], [], ROME)).toEqual([])
    const ex = { ...sunday, recurring_rule: 'DTSTART:19990101T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=SU\nEXDATE:20260405' }
    expect(closedRanges('2026-03-29', [ex], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-04-05', [ex], [], ROME)).toEqual([])
    expect(closedRanges('2026-04-12', [ex], [], ROME)).toHaveLength(1)
  })
  it('monthly and yearly closures; without a rule the closure type gives the frequency', () => {
    const monthly = closure({
      closure_type: 'RECURRING_MONTHLY',
      start_date: '2026-01-15T13:00:00Z',
      end_date: '2026-01-15T15:00:00Z',
    })
    expect(local('2026-07-15', [monthly])).toEqual([['14:00', '16:00']]) // 14:00–16:00 CET → same wall clock in summer
    expect(closedRanges('2026-07-16', [monthly], [], ROME)).toEqual([])
    const firstMonday = { ...monthly, recurring_rule: 'FREQ=MONTHLY;BYDAY=1MO' }
    expect(closedRanges('2026-06-01', [firstMonday], [], ROME)).toHaveLength(1)
    expect(closedRanges('2026-06-08', [firstMonday], [], ROME)).toEqual([])
    const yearly = closure({
      closure_type: 'RECURRING_YEARLY',
      start_date: '2025-08-14T22:00:00Z',
      end_date: '2025-08-15T22:00:00Z',
    })
    expect(local('2030-08-15', [yearly])).toEqual([['00:00', '00:00']])
    expect(
      closedRanges('2030-08-15', [yearly], [], ROME)[0]!.end - closedRanges('2030-08-15', [yearly], [], ROME)[0]!.start,
    ).toBe(86_400_000)
  })
  it('an occurrence starting the day before reaches into the day', () => {
    const lateNight = {
      ...sunday,
      start_date: '2026-03-21T22:00:00Z',
      end_date: '2026-03-22T02:00:00Z',
      recurring_rule: 'FREQ=WEEKLY',
    } // Sat 23:00 → Sun 03:00
    expect(local('2026-04-12', [lateNight])).toEqual([['00:00', '03:00']])
  })
  it.each([
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=FOO',
    'garbage',
    'FREQ=WEEKLY;INTERVAL=abc', // rrule itself would loop forever
    'FREQ=WEEKLY;INTERVAL=0',
    'FREQ=MINUTELY',
    'FREQ=WEEKLY;UNTIL=2026',
    'FREQ=WEEKLY;COUNT=2;UNTIL=20261231T000000Z',
    'FREQ=YEARLY;BYMONTH=13',
    'FREQ=DAILY;BYHOUR=25',
    'FREQ=WEEKLY\nRRULE:FREQ=DAILY',
    'X-NAME:foo\nFREQ=WEEKLY',
  ])('skips the invalid rule %j without throwing', (rule) => {
    const c = { ...sunday, recurring_rule: rule }
    expect(() => closedRanges('2026-03-29', [c], [], ROME)).not.toThrow()
    expect(
      closedRanges(
        '2026-03-29',
        [c, { ...sunday, start_date: '2026-03-22T14:00:00Z', end_date: '2026-03-22T15:00:00Z' }],
        [],
        ROME,
      ),
    ).toHaveLength(1)
    expect(isValidRecurringRule(rule)).toBe(false)
  })
  it('a rule that can never match costs milliseconds, not seconds (rrule alone scans to year 9999)', () => {
    for (const freq of ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']) {
      const never = {
        ...sunday,
        recurring_rule: `FREQ=${freq};BYMONTH=2;BYMONTHDAY=30`,
        start_date: `2020-01-0${freq.length % 9}T09:00:00Z`,
      }
      const t0 = performance.now()
      expect(closedRanges('2026-03-29', [never], [], ROME)).toEqual([])
      expect(performance.now() - t0).toBeLessThan(1000) // ~5 ms here; 4.5 s without the guard
    }
  })
  it('a sparse but valid rule still matches after years (29 February, daily frequency)', () => {
    const leapDays = {
      ...sunday,
      recurring_rule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
      start_date: '2020-01-01T09:00:00Z',
      end_date: '2020-01-01T10:00:00Z',
    }
    expect(closedRanges('2028-02-29', [leapDays], [], ROME)).toHaveLength(1)
    expect(closedRanges('2027-02-28', [leapDays], [], ROME)).toEqual([])
  })
  it('accepts the rules a salon writes', () => {
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=SU',
      'freq=weekly; byday=su',
      'DTSTART:20260101T090000\nRRULE:FREQ=WEEKLY\nEXDATE;VALUE=DATE:20260405,20260412',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15',
      'FREQ=DAILY;INTERVAL=2',
    ]) {
      expect(isValidRecurringRule(rule)).toBe(true)
    }
  })
})

describe('closureIndexOf: the index of frozen lists is reused, of anything else rebuilt', () => {
  const weekly = closure({
    closure_type: 'RECURRING_WEEKLY',
    start_date: '2026-05-04T13:00:00',
    end_date: '2026-05-04T14:00:00',
    recurring_rule: 'FREQ=WEEKLY;BYDAY=MO',
  })
  it('frozen closures and holidays: one index per zone and window, the same answers as a fresh one', () => {
    const closures = Object.freeze([Object.freeze({ ...weekly })])
    const holidays = Object.freeze([Object.freeze({ date: '2026-06-02', recurring_yearly: true, is_active: true })])
    const a = closureIndexOf(closures, holidays, ROME, '2026-05-01', '2026-06-30')
    expect(closureIndexOf(closures, holidays, ROME, '2026-05-01', '2026-06-30')).toBe(a)
    expect(closureIndexOf(closures, holidays, ROME, '2026-05-11', '2026-05-11')).not.toBe(a)
    const fresh = buildClosureIndex([...closures], [...holidays], ROME, '2026-05-01', '2026-06-30')
    for (const day of ['2026-05-04', '2026-05-05', '2026-05-11', '2026-06-02', '2026-06-08']) {
      expect(a.rangesOf(day)).toEqual(fresh.rangesOf(day))
      expect(a.isDayClosed(day)).toBe(fresh.isDayClosed(day))
    }
  })
  it('a list that can still change (not frozen, or a row not frozen) is indexed afresh every time', () => {
    const list: ClosureRule[] = [weekly]
    const first = closureIndexOf(list, [], ROME, '2026-05-04', '2026-05-04')
    expect(first.rangesOf('2026-05-04')).toHaveLength(1)
    list.pop()
    expect(closureIndexOf(list, [], ROME, '2026-05-04', '2026-05-04').rangesOf('2026-05-04')).toEqual([])
    const rows = Object.freeze([{ ...weekly }])
    expect(closureIndexOf(rows, [], ROME, '2026-05-04', '2026-05-04')).not.toBe(
      closureIndexOf(rows, [], ROME, '2026-05-04', '2026-05-04'),
    )
  })
})
