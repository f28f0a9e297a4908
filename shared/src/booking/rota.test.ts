import { describe, expect, it } from 'vitest'
import { openMinutesPerOperator } from './dashboard'
import { daysWithSlots } from './month'
import {
  copiedWeek,
  cycleWeekOf,
  offShiftReason,
  offShiftTime,
  patternOn,
  patternsWithValidity,
  rotaRangesOf,
  scheduleDays,
  shiftOf,
  workingRangesByDay,
  type Rota,
  type WorkingPattern,
} from './rota'
import { checkSlot, daySlots } from './slots'
import { calendar, reservation, ROME, service, wallTime } from './test-fixtures'
import { schedulePutBody, shiftExceptionBody, leaveBody, copyWeekBody } from '../schemas/rota'

const iv = (opening_time: string, closing_time: string) => ({ opening_time, closing_time })
const NOW = Date.parse('2026-11-01T08:00:00Z')
const pattern = (operator: number, from: string, days: WorkingPattern['days'], cycleWeeks = 1): WorkingPattern => ({
  operator,
  from,
  cycleWeeks,
  days,
})
const rota = (over: Partial<Rota> = {}): Rota => ({ patterns: [], exceptions: [], leave: [], ...over })
const wallRanges = (ranges: { start: number; end: number }[] | null) =>
  ranges?.map((r) => `${wallTime(r.start, ROME)}–${wallTime(r.end, ROME)}`)

describe('the shift of a day', () => {
  it('counts cycle weeks from the week (Monday) of the pattern’s start', () => {
    // 2026-12-01 is a Tuesday: its week starts on Monday 30 November.
    expect(cycleWeekOf('2026-12-01', 2, '2026-11-30')).toBe(1)
    expect(cycleWeekOf('2026-12-01', 2, '2026-12-06')).toBe(1)
    expect(cycleWeekOf('2026-12-01', 2, '2026-12-07')).toBe(2)
    expect(cycleWeekOf('2026-12-01', 2, '2026-12-14')).toBe(1)
    expect(cycleWeekOf('2026-12-01', 3, '2026-12-21')).toBe(1)
    expect(cycleWeekOf('2026-12-01', 1, '2027-06-01')).toBe(1)
    expect(cycleWeekOf('2026-12-01', 4, '2026-11-23')).toBe(4) // the week before counts backwards
  })

  it('exception, else the pattern in force, else the salon’s hours', () => {
    const r = rota({
      patterns: [
        pattern(1, '2026-01-01', [{ week: 1, day_of_week: 'TUESDAY', intervals: [iv('09:00', '13:00')] }]),
        pattern(1, '2026-12-01', [{ week: 1, day_of_week: 'TUESDAY', intervals: [iv('14:00', '20:00')] }]),
      ],
      exceptions: [{ operator: 1, date: '2026-12-08', intervals: [] }],
    })
    expect(shiftOf(r, 1, '2026-11-24')).toEqual({ source: 'PATTERN', intervals: [iv('09:00', '13:00')] })
    expect(shiftOf(r, 1, '2026-12-01')).toEqual({ source: 'PATTERN', intervals: [iv('14:00', '20:00')] })
    expect(shiftOf(r, 1, '2026-12-02')).toEqual({ source: 'PATTERN', intervals: [] }) // Wednesday: day off
    expect(shiftOf(r, 1, '2026-12-08')).toEqual({ source: 'EXCEPTION', intervals: [] })
    expect(shiftOf(r, 1, '2025-12-30')).toEqual({ source: 'SALON', intervals: null }) // before any pattern
    expect(shiftOf(r, 2, '2026-12-01')).toEqual({ source: 'SALON', intervals: null })
    expect(shiftOf(undefined, 1, '2026-12-01')).toEqual({ source: 'SALON', intervals: null })
    expect(patternOn(r, 1, '2026-11-30')?.from).toBe('2026-01-01')
  })

  it('keeps local hours on both DST days of Europe/Rome', () => {
    const r = rota({
      patterns: [pattern(1, '2026-01-01', [{ week: 1, day_of_week: 'SUNDAY', intervals: [iv('09:00', '13:00')] }])],
    })
    const cal = calendar({ rota: r })
    expect(rotaRangesOf(cal, 1, '2026-03-29', ROME)).toEqual([
      { start: Date.parse('2026-03-29T07:00:00Z'), end: Date.parse('2026-03-29T11:00:00Z') },
    ])
    expect(rotaRangesOf(cal, 1, '2026-10-25', ROME)).toEqual([
      { start: Date.parse('2026-10-25T08:00:00Z'), end: Date.parse('2026-10-25T12:00:00Z') },
    ])
  })

  it('joins touching intervals, so a booking may span them', () => {
    const r = rota({
      patterns: [
        pattern(1, '2026-01-01', [
          { week: 1, day_of_week: 'TUESDAY', intervals: [iv('09:00', '13:00'), iv('13:00', '15:00')] },
        ]),
      ],
    })
    expect(wallRanges(rotaRangesOf(calendar({ rota: r }), 1, '2026-12-01', ROME))).toEqual(['09:00–15:00'])
  })

  it('subtracts leave; null when the rota adds nothing to the salon’s hours', () => {
    const r = rota({
      leave: [{ operator: 1, kind: 'PERMIT', start: '2026-12-01T10:00:00Z', end: '2026-12-01T12:00:00Z' }],
    })
    const cal = calendar({ rota: r })
    expect(wallRanges(rotaRangesOf(cal, 1, '2026-12-01', ROME))).toEqual(['09:00–11:00', '14:00–19:00'])
    // The next day: the leave is near enough to be looked at, and changes nothing.
    expect(wallRanges(rotaRangesOf(cal, 1, '2026-12-02', ROME))).toEqual(['09:00–13:00', '14:00–19:00'])
    expect(rotaRangesOf(cal, 1, '2026-12-03', ROME)).toBeNull()
    expect(rotaRangesOf(cal, 2, '2026-12-01', ROME)).toBeNull()
  })
})

describe('the slots obey the rota', () => {
  // Opening every day 09:00–13:00 and 14:00–19:00; operator 1 works Tuesday and Wednesday mornings.
  const r = rota({
    patterns: [
      pattern(1, '2026-01-01', [
        { week: 1, day_of_week: 'TUESDAY', intervals: [iv('09:00', '13:00')] },
        { week: 1, day_of_week: 'WEDNESDAY', intervals: [iv('09:00', '13:00')] },
      ]),
      pattern(2, '2026-01-01', [{ week: 1, day_of_week: 'TUESDAY', intervals: [iv('14:00', '19:00')] }]),
    ],
  })
  const cal = calendar({ rota: r })
  const q = { services: [service(1, 30)], calendar: cal, reservations: [], now: NOW }

  it('offers an operator only inside their shift', () => {
    const tuesday = daySlots({ ...q, day: '2026-12-01', operator: 1 })
    expect(tuesday.length).toBe(15) // 09:00 … 12:30
    expect(wallTime(tuesday.at(-1)!.start, ROME)).toBe('12:30')
    expect(daySlots({ ...q, day: '2026-12-04', operator: 1 })).toEqual([]) // Friday
    const any = daySlots({ ...q, day: '2026-12-01', operator: 'any' })
    for (const s of any) expect(s.operators).toEqual(wallTime(s.start, ROME) < '13:00' ? [1] : [2])
    expect(daySlots({ ...q, day: '2026-12-04', operator: 'any' })).toEqual([])
  })

  it('the month shows only the days someone works', () => {
    const days = daysWithSlots({ ...q, month: '2026-12', operator: 1 })
    // Tuesdays and Wednesdays only (getUTCDay 2 and 3).
    expect(days.every((d) => [2, 3].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))).toBe(true)
    expect(days).toContain('2026-12-01')
    expect(days).not.toContain('2026-12-04')
  })

  it('checkSlot: OFF_SHIFT when nobody who could is on shift, OPERATOR_BUSY when someone is but busy', () => {
    const off = checkSlot({ ...q, operator: 1, start: '2026-12-01T14:00:00Z' })
    expect(off).toEqual({ available: false, reason: 'OFF_SHIFT' })
    const busy = checkSlot({
      ...q,
      operator: 'any',
      start: '2026-12-01T14:00:00Z',
      reservations: [reservation(2, '2026-12-01T14:00:00Z', '2026-12-01T15:00:00Z')],
    })
    expect(busy).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    // Across the end of a shift that ends before closing time: refused too.
    const early = calendar({
      rota: { ...r, exceptions: [{ operator: 1, date: '2026-12-02', intervals: [iv('09:00', '12:00')] }] },
    })
    expect(checkSlot({ ...q, calendar: early, operator: 1, start: '2026-12-02T10:45:00Z' })).toEqual({
      available: false,
      reason: 'OFF_SHIFT',
    })
    expect(checkSlot({ ...q, calendar: early, operator: 1, start: '2026-12-02T10:30:00Z' }).available).toBe(true)
    // Staff booking on purpose: the shift is not checked.
    expect(checkSlot({ ...q, operator: 1, start: '2026-12-01T14:00:00Z', shifts: 'ignore' }).available).toBe(true)
  })

  it('leave removes exactly its time', () => {
    const withLeave = calendar({
      rota: {
        ...r,
        leave: [{ operator: 1, kind: 'SICK', start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' }],
      },
    })
    const slots = daySlots({ ...q, calendar: withLeave, day: '2026-12-01', operator: 1 })
    expect(slots.map((s) => wallTime(s.start, ROME))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
      '12:30',
    ])
  })
})

describe('working time, occupancy, the agenda, conflicts', () => {
  const r = rota({
    patterns: [pattern(1, '2026-01-01', [{ week: 1, day_of_week: 'TUESDAY', intervals: [iv('08:00', '12:00')] }])],
    leave: [{ operator: 2, kind: 'ANNUAL', start: '2026-11-30T23:00:00Z', end: '2026-12-01T23:00:00Z' }],
  })
  const cal = calendar({ rota: r })

  it('working time = shift within opening hours, minus closures and leave', () => {
    const one = workingRangesByDay(cal, 1, '2026-12-01', '2026-12-02', ROME)
    expect(wallRanges(one.get('2026-12-01')!)).toEqual(['09:00–12:00'])
    expect(one.get('2026-12-02')).toEqual([])
    const two = workingRangesByDay(cal, 2, '2026-12-01', '2026-12-02', ROME)
    expect(two.get('2026-12-01')).toEqual([]) // a whole day of leave
    expect(wallRanges(two.get('2026-12-02')!)).toEqual(['09:00–13:00', '14:00–19:00'])
    const closed = calendar({
      rota: r,
      closures: [
        {
          closure_type: 'PARTIAL_DAY',
          start_date: '2026-12-01T09:00:00Z',
          end_date: '2026-12-01T10:00:00Z',
          is_active: true,
        },
      ],
    })
    expect(wallRanges(workingRangesByDay(closed, 1, '2026-12-01', '2026-12-01', ROME).get('2026-12-01')!)).toEqual([
      '09:00–10:00',
      '11:00–12:00',
    ])
  })

  it('the schedule says where each day comes from and the shift as written', () => {
    const days = scheduleDays(cal, 1, '2026-12-01', '2026-12-01', ROME)
    expect(days[0]).toMatchObject({
      date: '2026-12-01',
      source: 'PATTERN',
      shift: [iv('08:00', '12:00')],
      minutes: 180,
    })
    const salon = scheduleDays(cal, 3, '2026-12-01', '2026-12-01', ROME)[0]!
    expect(salon).toMatchObject({ source: 'SALON', shift: [iv('09:00', '13:00'), iv('14:00', '19:00')], minutes: 540 })
  })

  it('occupancy divides by the minutes people work', () => {
    const minutes = openMinutesPerOperator(cal, ROME, '2026-12-01', '2026-12-01')
    expect(minutes.get(1)).toBe(180)
    expect(minutes.get(2)).toBe(0)
    const without = openMinutesPerOperator(calendar(), ROME, '2026-12-01', '2026-12-01')
    expect(without.get(1)).toBe(540)
  })

  it('the agenda greys open time off shift and on leave', () => {
    const off = offShiftTime(cal, [1, 2], '2026-12-01', '2026-12-01', ROME)
    expect(
      off.filter((o) => o.operator === 1).map((o) => [o.kind, wallTime(o.start, ROME), wallTime(o.end, ROME)]),
    ).toEqual([
      ['OFF_SHIFT', '12:00', '13:00'],
      ['OFF_SHIFT', '14:00', '19:00'],
    ])
    expect(off.filter((o) => o.operator === 2).every((o) => o.kind === 'LEAVE' && o.leaveKind === 'ANNUAL')).toBe(true)
    expect(offShiftTime(calendar(), [1], '2026-12-01', '2026-12-01', ROME)).toEqual([])
  })

  it('a booking outside its operator’s hours: ON_LEAVE before OFF_SHIFT', () => {
    const b = (operator: number, start: string, end: string) => ({ operator, date_start: start, date_end: end })
    expect(offShiftReason(cal, b(2, '2026-12-01T09:00:00Z', '2026-12-01T10:00:00Z'), ROME)).toBe('ON_LEAVE')
    expect(offShiftReason(cal, b(1, '2026-12-01T10:30:00Z', '2026-12-01T11:30:00Z'), ROME)).toBe('OFF_SHIFT')
    expect(offShiftReason(cal, b(1, '2026-12-01T08:00:00Z', '2026-12-01T09:00:00Z'), ROME)).toBeNull()
    expect(offShiftReason(cal, b(3, '2026-12-01T08:00:00Z', '2026-12-01T09:00:00Z'), ROME)).toBeNull()
  })

  it('copy a week: each weekday’s shift onto the same weekday of the next weeks', () => {
    const copied = copiedWeek(cal, 1, '2026-11-30', 2, ROME)
    expect(copied).toHaveLength(14)
    expect(copied.find((c) => c.date === '2026-12-08')!.intervals).toEqual([iv('08:00', '12:00')])
    expect(copied.find((c) => c.date === '2026-12-15')!.intervals).toEqual([iv('08:00', '12:00')])
    expect(copied.find((c) => c.date === '2026-12-09')!.intervals).toEqual([])
    // Someone without a pattern copies the salon's hours.
    expect(copiedWeek(cal, 3, '2026-11-30', 1, ROME).find((c) => c.date === '2026-12-08')!.intervals).toEqual([
      iv('09:00', '13:00'),
      iv('14:00', '19:00'),
    ])
  })

  it('patterns carry the day before the next one begins', () => {
    expect(patternsWithValidity([{ from: '2026-12-01' }, { from: '2026-01-01' }])).toEqual([
      { from: '2026-01-01', to: '2026-11-30' },
      { from: '2026-12-01', to: null },
    ])
  })
})

describe('the rota’s request bodies name the bad field', () => {
  const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => i.path.join('.'))

  it('pattern: interval order, overlap, cycle, week beyond the cycle, repeated day', () => {
    const day = (week: number, intervals: ReturnType<typeof iv>[], day_of_week = 'TUESDAY') => ({
      week,
      day_of_week,
      intervals,
    })
    expect(
      paths(schedulePutBody.safeParse({ from: '2026-12-01', cycleWeeks: 1, days: [day(1, [iv('13:00', '09:00')])] })),
    ).toEqual(['days.0.intervals.0.closing_time'])
    expect(
      paths(
        schedulePutBody.safeParse({
          from: '2026-12-01',
          cycleWeeks: 1,
          days: [day(1, [iv('09:00', '13:00'), iv('12:00', '14:00')])],
        }),
      ),
    ).toEqual(['days.0.intervals.1.opening_time'])
    expect(paths(schedulePutBody.safeParse({ from: '2026-12-01', cycleWeeks: 5, days: [] }))).toEqual(['cycleWeeks'])
    expect(paths(schedulePutBody.safeParse({ from: '2026-12-01', cycleWeeks: 2, days: [day(3, [])] }))).toEqual([
      'days.0.week',
    ])
    expect(
      paths(schedulePutBody.safeParse({ from: '2026-12-01', cycleWeeks: 1, days: [day(1, []), day(1, [])] })),
    ).toEqual(['days.1.day_of_week'])
    expect(
      schedulePutBody.safeParse({
        from: '2026-12-01',
        cycleWeeks: 2,
        days: [day(2, [iv('09:00', '24:00')], 'SATURDAY')],
      }).success,
    ).toBe(true)
  })

  it('exception, leave and copy-week', () => {
    expect(shiftExceptionBody.safeParse({ intervals: [] }).success).toBe(true)
    expect(
      paths(
        leaveBody.safeParse({
          operator: 1,
          kind: 'ANNUAL',
          start: '2026-12-01T10:00:00Z',
          end: '2026-12-01T09:00:00Z',
        }),
      ),
    ).toEqual(['end'])
    expect(
      paths(
        leaveBody.safeParse({
          operator: 1,
          kind: 'HOLIDAY',
          start: '2026-12-01T10:00:00Z',
          end: '2026-12-01T11:00:00Z',
        }),
      ),
    ).toEqual(['kind'])
    expect(paths(copyWeekBody.safeParse({ from: '2026-12-01', weeks: 0 })).sort()).toEqual(['from', 'weeks'])
    expect(copyWeekBody.safeParse({ from: '2026-11-30', weeks: 12 }).success).toBe(true)
  })
})
