import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wallDateTime } from './test-fixtures'
import { DAYS_OF_WEEK, LEAVE_KINDS } from '../enums/index'
import type { Rota, ShiftInterval, WorkingPattern } from './rota'
import { checkSlot, daySlots, type SlotQuery } from './slots'
import type { OpeningDay } from './types'

/*
 * Random rotas — patterns with 1–4 week cycles and a validity start, one-day exceptions, leave —
 * on random days, DST days of three zones included. The oracle resolves each operator's shift its
 * own slow way: the pattern in force and its cycle week from calendar arithmetic, wall-clock times
 * turned into instants by scanning the day every 5 minutes with Intl (a skipped time is the moment
 * the clocks jump, a repeated one its first occurrence), leave subtracted point by point. Then:
 *   1. no slot is ever offered with an operator outside their resolved shift (or on leave);
 *   2. with the rota, a start offers exactly the operators the same salon without it offers there,
 *      less those the oracle says are off shift — nothing else is lost or invented;
 *   3. checkSlot agrees with daySlots, and says OFF_SHIFT exactly when no candidate is on shift;
 *   4. `shifts: 'ignore'` (staff on purpose) gives the slots of the salon without the rota.
 */

const MIN = 60_000
const ZONES = ['Europe/Rome', 'UTC', 'America/New_York'] as const
const DST_DAYS = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01']
const hhmm = (m: number) =>
  m === 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const weekdayIndex = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7

const wall = wallDateTime

/** The 5-minute points of a local day with their wall-clock time. */
function dayGrid(day: string, tz: string): { t: number; hm: string }[] {
  const out: { t: number; hm: string }[] = []
  const base = Date.parse(`${day}T00:00:00Z`)
  for (let t = base - 15 * 60 * MIN; t < base + 39 * 60 * MIN; t += 5 * MIN) {
    const w = wall(t, tz)
    if (w.startsWith(day)) out.push({ t, hm: w.slice(11) })
  }
  return out
}

/** The instant of a wall-clock time on the day: the first 5-minute point at or after it; 24:00 = the day's end. */
function instantOf(grid: { t: number; hm: string }[], time: string): number {
  if (time === '24:00') return grid.at(-1)!.t + 5 * MIN
  return grid.find((g) => g.hm >= time)?.t ?? grid.at(-1)!.t + 5 * MIN
}

const arbInterval = fc
  .tuple(fc.integer({ min: 72, max: 250 }), fc.integer({ min: 3, max: 96 }))
  .map(([start, length]): ShiftInterval => ({
    opening_time: hhmm(start * 5),
    closing_time: hhmm(Math.min(1440, (start + length) * 5)),
  }))
/** Non-overlapping intervals of one day (sorted, overlapping ones dropped, as the API refuses them). */
const arbDayIntervals = fc.array(arbInterval, { maxLength: 3 }).map((xs) => {
  const sorted = [...xs].sort((a, b) => (a.opening_time < b.opening_time ? -1 : 1))
  const out: ShiftInterval[] = []
  for (const x of sorted) if (!out.length || out.at(-1)!.closing_time <= x.opening_time) out.push(x)
  return out
})

interface Scenario {
  tz: (typeof ZONES)[number]
  day: string
  step: number
  operators: number[]
  people: {
    pattern: null | {
      fromOffset: number
      cycleWeeks: number
      days: { week: number; weekday: number; intervals: ShiftInterval[] }[]
    }
    older: boolean
    exception: null | ShiftInterval[]
    leave: { from: number; length: number }[]
  }[]
  reservations: { operator: number; from: number; length: number }[]
  service: number
}

const arbPerson = fc.record({
  pattern: fc.option(
    fc.record({
      fromOffset: fc.integer({ min: -60, max: 3 }),
      cycleWeeks: fc.integer({ min: 1, max: 4 }),
      days: fc.array(
        fc.record({
          week: fc.integer({ min: 1, max: 4 }),
          weekday: fc.integer({ min: 0, max: 6 }),
          intervals: arbDayIntervals,
        }),
        { maxLength: 12 },
      ),
    }),
    { freq: 4 },
  ),
  older: fc.boolean(),
  exception: fc.option(arbDayIntervals, { freq: 3 }),
  leave: fc.array(fc.record({ from: fc.integer({ min: -600, max: 1500 }), length: fc.integer({ min: 5, max: 900 }) }), {
    maxLength: 2,
  }),
})

const arbScenario: fc.Arbitrary<Scenario> = fc.record({
  tz: fc.constantFrom(...ZONES),
  day: fc.oneof(
    fc.constantFrom(...DST_DAYS),
    fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n)),
  ),
  step: fc.constantFrom(5, 10, 15, 30),
  operators: fc.constant([1, 2, 3]),
  people: fc.tuple(arbPerson, arbPerson, arbPerson),
  reservations: fc.array(
    fc.record({
      operator: fc.integer({ min: 1, max: 3 }),
      from: fc.integer({ min: 0, max: 1440 }),
      length: fc.integer({ min: 5, max: 180 }),
    }),
    { maxLength: 6 },
  ),
  service: fc.constantFrom(15, 30, 45, 60, 90),
})

/** The salon: open 06:00–23:00 every day in two intervals, so the shifts decide. */
const OPENING: OpeningDay[] = DAYS_OF_WEEK.map((day_of_week) => ({
  day_of_week,
  is_closed: false,
  intervals: [
    { opening_time: '06:00', closing_time: '14:00' },
    { opening_time: '14:00', closing_time: '23:00' },
  ],
}))

function build(s: Scenario) {
  const grid = dayGrid(s.day, s.tz)
  const dayStart = grid[0]!.t
  const patterns: WorkingPattern[] = []
  const exceptions: Rota['exceptions'][number][] = []
  const leave: Rota['leave'][number][] = []
  s.people.forEach((p, i) => {
    const operator = i + 1
    if (p.pattern) {
      const from = addDays(s.day, p.pattern.fromOffset)
      const days = p.pattern.days
        .filter((d) => d.week <= p.pattern!.cycleWeeks)
        .map((d) => ({ week: d.week, day_of_week: DAYS_OF_WEEK[d.weekday]!, intervals: d.intervals }))
      // One entry per (week, weekday), as the API requires.
      const seen = new Set<string>()
      const unique = days.filter(
        (d) => !seen.has(`${d.week}|${d.day_of_week}`) && seen.add(`${d.week}|${d.day_of_week}`),
      )
      patterns.push({ operator, from, cycleWeeks: p.pattern.cycleWeeks, days: unique })
      // An older pattern that must no longer count.
      if (p.older)
        patterns.push({
          operator,
          from: addDays(from, -100),
          cycleWeeks: 1,
          days: DAYS_OF_WEEK.map((day_of_week) => ({
            week: 1,
            day_of_week,
            intervals: [{ opening_time: '06:00', closing_time: '23:00' }],
          })),
        })
    }
    if (p.exception) exceptions.push({ operator, date: s.day, intervals: p.exception })
    p.leave.forEach((l, k) =>
      leave.push({
        operator,
        kind: LEAVE_KINDS[k % LEAVE_KINDS.length]!,
        start: new Date(dayStart + l.from * MIN).toISOString(),
        end: new Date(dayStart + (l.from + l.length) * MIN).toISOString(),
      }),
    )
  })
  const rota: Rota = { patterns, exceptions, leave }
  const q: Omit<SlotQuery, 'calendar'> & { calendar: SlotQuery['calendar'] } = {
    day: s.day,
    services: [{ id: 1, time: s.service, price: 10, operators: [] }],
    operator: 'any',
    reservations: s.reservations.map((r, k) => ({
      id: k + 1,
      operator: r.operator,
      date_start: new Date(dayStart + r.from * MIN).toISOString(),
      date_end: new Date(dayStart + (r.from + r.length) * MIN).toISOString(),
      status: 'CONFIRMED' as const,
      createdAt: '2020-01-01T00:00:00Z',
    })),
    now: dayStart - 3 * 86_400_000,
    calendar: {
      settings: {
        timezone: s.tz,
        slotStepMinutes: s.step,
        minNoticeMinutes: 0,
        bookingHorizonDays: 30,
        holdMinutes: 10,
        autoConfirm: false,
        cancellationEnabled: true,
        cancellationTimeLimit: 24,
      },
      opening: OPENING,
      closures: [],
      holidays: [],
      operators: s.operators.map((id) => ({ id, position: id })),
      rota,
    },
  }
  return { q, grid }
}

/**
 * The oracle: per operator, the shift as instant ranges (null = the salon's hours) and the leave,
 * resolved independently of the engine; then whether they cover every minute of [start, end).
 */
function oracle(s: Scenario, q: ReturnType<typeof build>['q'], grid: { t: number; hm: string }[]) {
  const rota = q.calendar.rota!
  const shifts = new Map<number, { shift: [number, number][] | null; leave: [number, number][] }>()
  for (const operator of s.operators) {
    const exception = rota.exceptions.find((e) => e.operator === operator && e.date === s.day)
    let intervals: ShiftInterval[] | null
    if (exception) intervals = exception.intervals
    else {
      const inForce = rota.patterns
        .filter((p) => p.operator === operator && p.from <= s.day)
        .sort((a, b) => (a.from < b.from ? 1 : -1))[0]
      if (!inForce) intervals = null
      else {
        const monday = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000 - weekdayIndex(d)
        const weeks = Math.round((monday(s.day) - monday(inForce.from)) / 7)
        const week = (weeks % inForce.cycleWeeks) + 1
        const weekday = DAYS_OF_WEEK[weekdayIndex(s.day)]
        intervals = inForce.days.filter((d) => d.week === week && d.day_of_week === weekday).flatMap((d) => d.intervals)
      }
    }
    shifts.set(operator, {
      shift:
        intervals === null
          ? null
          : intervals.map((i): [number, number] => [instantOf(grid, i.opening_time), instantOf(grid, i.closing_time)]),
      leave: rota.leave
        .filter((l) => l.operator === operator)
        .map((l): [number, number] => [Date.parse(l.start), Date.parse(l.end)]),
    })
  }
  return (operator: number, start: number, end: number) => {
    const o = shifts.get(operator)!
    // Every minute of the booking (shift and leave bounds fall on whole minutes).
    for (let t = start; t < end; t += MIN) {
      if (o.shift && !o.shift.some(([a, b]) => a <= t && t < b)) return false
      if (o.leave.some(([a, b]) => a <= t && t < b)) return false
    }
    return true
  }
}

describe('rota properties', () => {
  it('no slot outside the resolved shift; nothing else lost; checkSlot agrees; ignore = no rota', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { q, grid } = build(s)
        const onShift = oracle(s, q, grid)
        const withRota = daySlots(q)
        const without = daySlots({ ...q, calendar: { ...q.calendar, rota: undefined } })
        const ignoring = daySlots({ ...q, shifts: 'ignore' })
        expect(ignoring).toEqual(without)
        const byStart = new Map(withRota.map((x) => [x.start, x]))
        for (const base of without) {
          const start = Date.parse(base.start)
          const end = Date.parse(base.end)
          const expected = base.operators.filter((o) => onShift(o, start, end))
          expect(byStart.get(base.start)?.operators ?? [], `${s.day} ${s.tz} ${base.start}`).toEqual(expected)
          const check = checkSlot({ ...q, start: base.start })
          if (expected.length) expect(check).toMatchObject({ available: true, operators: expected })
          else {
            const anyOnShift = [1, 2, 3].some((o) => onShift(o, start, end))
            expect(check).toEqual({ available: false, reason: anyOnShift ? 'OPERATOR_BUSY' : 'OFF_SHIFT' })
          }
        }
        // Nothing is offered that the salon without the rota would not offer.
        for (const x of withRota) expect(without.some((b) => b.start === x.start)).toBe(true)
      }),
      { numRuns: 120 },
    )
  }, 60_000)
})
