import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wallDateTime } from './test-fixtures'
import { DAYS_OF_WEEK, RESERVATION_STATUSES, type ReservationStatus } from '../enums/index'
import { closedRanges } from './closures'
import { daysWithSlots } from './month'
import { openingRanges } from './opening'
import { checkSlot, daySlots, type SlotQuery } from './slots'
import type { ClosureRule, ExistingReservation, HolidayRule, OpeningDay, Range, Slot } from './types'

/*
 * Random salons, days, reservations, closures and clocks. The oracle below recomputes the slots
 * the slow, obvious way — wall-clock times read with Intl every 5 minutes, no interval algebra,
 * no binary search, its own blocking and eligibility rules; only the closure ranges come from
 * closedRanges, which closures.test.ts covers — and daySlots must agree with it exactly. Then
 * the properties PRODUCT.md states are checked one by one on the engine's own output.
 */

const MIN = 60_000
const H = 60 * MIN
const ZONES = ['Europe/Rome', 'UTC', 'America/New_York'] as const
const DST_DAYS = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01', '2026-03-28', '2026-10-24']
const hhmm = (m: number) =>
  m === 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

const wall = wallDateTime

interface Scenario {
  tz: string
  day: string
  step: number
  notice: number
  horizon: number
  hold: number
  opening: OpeningDay[]
  services: SlotQuery['services']
  operators: SlotQuery['calendar']['operators']
  operator: number | 'any'
  nowOffset: number
  reservations: { operator: number; from: number; length: number; status: ReservationStatus; age: number }[]
  closures: {
    kind: 'PARTIAL' | 'FULL' | 'WEEKLY' | 'DAILY2' | 'BROKEN'
    from: number
    length: number
    active: boolean
  }[]
  holidays: { shift: number; yearly: boolean; active: boolean }[]
}

const arbInterval = fc
  .tuple(fc.integer({ min: 0, max: 287 }), fc.integer({ min: 1, max: 144 }))
  .map(([start, length]) => ({
    opening_time: hhmm(start * 5),
    closing_time: hhmm(Math.min(1440, (start + length) * 5)),
  }))

const arbScenario: fc.Arbitrary<Scenario> = fc.record({
  tz: fc.constantFrom(...ZONES),
  day: fc.oneof(
    fc.constantFrom(...DST_DAYS),
    fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n)),
  ),
  step: fc.constantFrom(5, 10, 15, 20, 30, 45, 60, 25),
  notice: fc.integer({ min: 0, max: 300 }),
  horizon: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }) }),
  hold: fc.integer({ min: 0, max: 30 }),
  opening: fc
    .tuple(...DAYS_OF_WEEK.map(() => fc.tuple(fc.boolean(), fc.array(arbInterval, { minLength: 1, maxLength: 3 }))))
    .map((days) =>
      days.map(([closed, intervals], i) => ({
        day_of_week: DAYS_OF_WEEK[i]!,
        is_closed: closed && intervals.length === 3,
        intervals,
      })),
    ),
  services: fc.array(
    fc.record({
      id: fc.integer({ min: 1, max: 9 }),
      time: fc.constantFrom(5, 10, 15, 20, 30, 45, 60, 90, 120),
      price: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
      operators: fc.oneof(
        { weight: 6, arbitrary: fc.constant([] as number[]) },
        { weight: 1, arbitrary: fc.subarray([1, 2, 3, 4], { minLength: 1 }) },
      ),
      active: fc.oneof(
        { weight: 30, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constantFrom(false, null) },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  operators: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 4 }),
      active: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      position: fc.option(fc.integer({ min: 0, max: 3 })),
    }),
    { selector: (o) => o.id, minLength: 1, maxLength: 4 },
  ),
  operator: fc.oneof(
    { weight: 6, arbitrary: fc.constant('any' as const) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) },
  ),
  nowOffset: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: -1440, max: 720 }) },
    { weight: 1, arbitrary: fc.integer({ min: -6 * 1440, max: 1440 }) },
  ),
  reservations: fc.array(
    fc.record({
      operator: fc.integer({ min: 1, max: 4 }),
      from: fc.integer({ min: -180, max: 1620 }),
      length: fc.integer({ min: 5, max: 240 }),
      status: fc.constantFrom(...RESERVATION_STATUSES),
      age: fc.integer({ min: 0, max: 60 }),
    }),
    { maxLength: 25 },
  ),
  closures: fc.array(
    fc.record({
      kind: fc.constantFrom('PARTIAL', 'PARTIAL', 'FULL', 'WEEKLY', 'WEEKLY', 'DAILY2', 'BROKEN'),
      from: fc.integer({ min: -120, max: 1500 }),
      length: fc.integer({ min: 5, max: 300 }),
      active: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
    { maxLength: 3 },
  ),
  holidays: fc.array(
    fc.record({ shift: fc.integer({ min: -1, max: 1 }), yearly: fc.boolean(), active: fc.boolean() }),
    { maxLength: 1 },
  ),
})

/** The instants of a local day, every 5 minutes, with their wall clock (Intl only). */
function dayGrid(day: string, tz: string): { t: number; hm: string }[] {
  const out: { t: number; hm: string }[] = []
  for (let t = Date.parse(`${day}T00:00:00Z`) - 15 * H; t < Date.parse(`${day}T00:00:00Z`) + 39 * H; t += 5 * MIN) {
    const w = wall(t, tz)
    if (w.startsWith(day)) out.push({ t, hm: w.slice(11) })
  }
  return out
}

function build(s: Scenario): { q: SlotQuery; dayStart: number } {
  const grid = dayGrid(s.day, s.tz)
  const dayStart = grid[0]!.t
  const now = dayStart + s.nowOffset * MIN
  const weeksBack = 7 * 86_400_000 * 3
  const closures: ClosureRule[] = s.closures.map((c) => {
    const start = dayStart + c.from * MIN
    const base = {
      start_date: new Date(start).toISOString(),
      end_date: new Date(start + c.length * MIN).toISOString(),
      is_active: c.active,
    }
    switch (c.kind) {
      case 'PARTIAL':
        return { ...base, closure_type: 'PARTIAL_DAY' }
      case 'FULL':
        return {
          ...base,
          closure_type: 'FULL_DAY',
          start_date: `${s.day}T12:00:00.000Z`,
          end_date: `${s.day}T12:00:00.000Z`,
        }
      case 'WEEKLY':
        return {
          ...base,
          closure_type: 'RECURRING_WEEKLY',
          recurring_rule: 'FREQ=WEEKLY',
          start_date: new Date(start - weeksBack).toISOString(),
          end_date: new Date(start - weeksBack + c.length * MIN).toISOString(),
        }
      case 'DAILY2':
        return {
          ...base,
          closure_type: 'RECURRING_WEEKLY',
          recurring_rule: 'RRULE:FREQ=DAILY;INTERVAL=2',
          start_date: new Date(start - 10 * 86_400_000).toISOString(),
          end_date: new Date(start - 10 * 86_400_000 + c.length * MIN).toISOString(),
        }
      case 'BROKEN':
        return { ...base, closure_type: 'RECURRING_MONTHLY', recurring_rule: 'FREQ=SOMETIMES' }
    }
  })
  const holidays: HolidayRule[] = s.holidays.map((h) => ({
    date: `${h.yearly ? '2019' : addDays(s.day, h.shift).slice(0, 4)}${addDays(s.day, h.shift).slice(4)}T12:00:00.000Z`,
    recurring_yearly: h.yearly,
    is_active: h.active,
  }))
  const reservations: ExistingReservation[] = s.reservations.map((r, i) => ({
    id: i + 1,
    operator: r.operator,
    date_start: new Date(dayStart + r.from * MIN).toISOString(),
    date_end: new Date(dayStart + (r.from + r.length) * MIN).toISOString(),
    status: r.status,
    createdAt: new Date(now - r.age * MIN).toISOString(),
  }))
  return {
    dayStart,
    q: {
      day: s.day,
      services: s.services,
      operator: s.operator,
      now,
      reservations,
      calendar: {
        settings: {
          timezone: s.tz,
          slotStepMinutes: s.step,
          minNoticeMinutes: s.notice,
          bookingHorizonDays: s.horizon,
          holdMinutes: s.hold,
          autoConfirm: false,
          cancellationEnabled: true,
          cancellationTimeLimit: 24,
        },
        opening: s.opening,
        closures,
        holidays,
        operators: s.operators,
      },
    },
  }
}

const BLOCKING = new Set(['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'COMPLETED', 'NO_SHOW'])
function blocks(r: ExistingReservation, now: number, hold: number): boolean {
  return BLOCKING.has(r.status) || (r.status === 'PENDING_CONFIRMATION' && Date.parse(r.createdAt) + hold * MIN > now)
}
function eligible(q: SlotQuery): number[] {
  return q.calendar.operators
    .filter((o) => o.active !== false)
    .sort((a, b) => (a.position ?? 1e9) - (b.position ?? 1e9) || a.id - b.id)
    .map((o) => o.id)
    .filter((id) => q.services.every((s) => s.operators.length === 0 || s.operators.includes(id)))
    .filter((id) => q.operator === 'any' || q.operator === id)
}
const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end

/** The slow, obvious slots. */
function oracle(q: SlotQuery): Slot[] {
  const tz = q.calendar.settings.timezone
  const now = q.now as number
  if (q.services.length === 0 || q.services.some((s) => s.active === false)) return []
  const duration = q.services.reduce((m, s) => m + s.time, 0) * MIN
  const step = q.calendar.settings.slotStepMinutes * MIN
  const today = wall(now, tz).slice(0, 10)
  if (q.day < today || q.day > addDays(today, q.calendar.settings.bookingHorizonDays)) return []
  const grid = dayGrid(q.day, tz)
  const dayEnd = dayGrid(addDays(q.day, 1), tz)[0]!.t
  const firstAtOrAfter = (hm: string) => (hm === '24:00' ? dayEnd : (grid.find((g) => g.hm >= hm)?.t ?? dayEnd))
  const weekday = DAYS_OF_WEEK[(new Date(`${q.day}T00:00:00Z`).getUTCDay() + 6) % 7]
  const closed = closedRanges(q.day, q.calendar.closures, q.calendar.holidays, tz)
  const ops = eligible(q)
  const found = new Map<number, number[]>()
  for (const row of q.calendar.opening) {
    if (row.day_of_week !== weekday || row.is_closed) continue
    for (const iv of row.intervals) {
      const o = firstAtOrAfter(iv.opening_time)
      const c = iv.closing_time === '00:00' ? dayEnd : firstAtOrAfter(iv.closing_time)
      for (let s = o; s + duration <= c; s += step) {
        const slot = { start: s, end: s + duration }
        if (s < now || s < now + q.calendar.settings.minNoticeMinutes * MIN) continue
        if (closed.some((r) => overlaps(r, slot))) continue
        const free = ops.filter(
          (id) =>
            !q.reservations.some(
              (r) =>
                r.operator === id &&
                blocks(r, now, q.calendar.settings.holdMinutes) &&
                overlaps({ start: Date.parse(r.date_start), end: Date.parse(r.date_end) }, slot),
            ),
        )
        if (free.length > 0) found.set(s, free)
      }
    }
  }
  return [...found.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, operators]) => ({
      start: new Date(s).toISOString(),
      end: new Date(s + duration).toISOString(),
      operators,
    }))
}

const RUNS = { numRuns: 300 }

describe('daySlots properties (random salons, days, reservations, closures, clocks)', () => {
  it('equals the slow, obvious computation', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { q } = build(s)
        expect(daySlots(q)).toEqual(oracle(q))
      }),
      RUNS,
    )
  })

  it('no slot overlaps a blocking reservation of an operator it lists, a closure or a holiday', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { q } = build(s)
        const closed = closedRanges(q.day, q.calendar.closures, q.calendar.holidays, s.tz)
        for (const slot of daySlots(q)) {
          const r = { start: Date.parse(slot.start), end: Date.parse(slot.end) }
          expect(closed.some((c) => overlaps(c, r))).toBe(false)
          for (const op of slot.operators) {
            const clash = q.reservations.filter(
              (x) =>
                x.operator === op &&
                blocks(x, q.now as number, s.hold) &&
                overlaps({ start: Date.parse(x.date_start), end: Date.parse(x.date_end) }, r),
            )
            expect(clash).toEqual([])
          }
        }
      }),
      RUNS,
    )
  })

  it('every slot lies inside one opening range, on the step grid from its opening, after the notice, with eligible operators', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { q } = build(s)
        const opening = openingRanges(q.day, q.calendar.opening, s.tz)
        const ok = eligible(q)
        const slots = daySlots(q)
        for (const slot of slots) {
          const start = Date.parse(slot.start)
          const end = Date.parse(slot.end)
          expect(end - start).toBe(q.services.reduce((m, x) => m + x.time, 0) * MIN)
          expect(
            opening.some((o) => o.start <= start && end <= o.end && (start - o.start) % (s.step * MIN) === 0),
          ).toBe(true)
          expect(start).toBeGreaterThanOrEqual((q.now as number) + s.notice * MIN)
          expect(slot.operators.length).toBeGreaterThan(0)
          expect(slot.operators.every((id) => ok.includes(id))).toBe(true)
          expect(slot.operators).toEqual(ok.filter((id) => slot.operators.includes(id))) // preference order
          expect(slot.start.endsWith('Z')).toBe(true)
          expect(wall(start, s.tz).slice(0, 10)).toBe(q.day)
        }
        const starts = slots.map((x) => Date.parse(x.start))
        expect(starts).toEqual([...new Set(starts)].sort((a, b) => a - b))
      }),
      RUNS,
    )
  })

  it('removing a reservation, a closure or a holiday never removes a slot or an operator (monotonic)', () => {
    fc.assert(
      fc.property(arbScenario, fc.nat(), (s, pick) => {
        const { q } = build(s)
        const before = daySlots(q)
        const variants: SlotQuery[] = []
        if (q.reservations.length)
          variants.push({ ...q, reservations: q.reservations.filter((_, i) => i !== pick % q.reservations.length) })
        if (q.calendar.closures.length)
          variants.push({
            ...q,
            calendar: {
              ...q.calendar,
              closures: q.calendar.closures.filter((_, i) => i !== pick % q.calendar.closures.length),
            },
          })
        if (q.calendar.holidays.length) variants.push({ ...q, calendar: { ...q.calendar, holidays: [] } })
        for (const v of variants) {
          const after = new Map(daySlots(v).map((x) => [x.start, x.operators]))
          for (const slot of before) {
            expect(after.has(slot.start)).toBe(true)
            expect(after.get(slot.start)).toEqual(expect.arrayContaining(slot.operators))
          }
        }
      }),
      RUNS,
    )
  })

  it('checkSlot agrees with daySlots for every slot and for random other starts', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.array(fc.integer({ min: -120, max: 1560 }), { minLength: 10, maxLength: 30 }),
        fc.boolean(),
        (s, offsets, odd) => {
          const { q, dayStart } = build(s)
          const { day: _day, ...rest } = q
          const slots = daySlots(q)
          const byStart = new Map(slots.map((x) => [Date.parse(x.start), x]))
          for (const slot of slots) {
            expect(checkSlot({ ...rest, start: slot.start })).toEqual({
              available: true,
              operators: slot.operators,
              end: slot.end,
            })
          }
          for (const m of offsets) {
            const t = dayStart + m * (odd ? 1 : 5) * MIN
            if (wall(t, s.tz).slice(0, 10) !== q.day) continue
            const answer = checkSlot({ ...rest, start: new Date(t) })
            const slot = byStart.get(t)
            if (slot) expect(answer).toEqual({ available: true, operators: slot.operators, end: slot.end })
            else expect(answer.available).toBe(false)
          }
        },
      ),
      RUNS,
    )
  })

  it('daysWithSlots lists exactly the days of the month that have a slot', () => {
    fc.assert(
      fc.property(arbScenario, fc.integer({ min: 0, max: 6 }), (s, extraHorizon) => {
        const { q } = build({ ...s, horizon: s.horizon * 8 + extraHorizon })
        const month = q.day.slice(0, 7)
        const { day: _day, ...rest } = q
        const days = daysWithSlots({ ...rest, month })
        const expected: string[] = []
        for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1))
          if (daySlots({ ...q, day: d }).length > 0) expected.push(d)
        expect(days).toEqual(expected)
      }),
      { numRuns: 60 },
    )
  })
})
