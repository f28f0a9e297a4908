import fc from 'fast-check'
import { DAYS_OF_WEEK, RESERVATION_STATUSES } from '../enums/index'
import type { PlanSegment } from './phases'
import type { SlotQuery } from './slots'
import { wallDateTime } from './test-fixtures'

/**
 * Random salons for the phases-and-stations property test (slots.phases.property.test.ts; not
 * exported from the package): opening hours, a closure, station kinds with their counts, services
 * with random phases and clean-ups, a move's stored plan and length, bookings with and without
 * busy ranges, station uses, one-day shifts — on random days, DST days of three zones included.
 */

export const MIN = 60_000
export const H = 60 * MIN
const ZONES = ['Europe/Rome', 'UTC', 'America/New_York'] as const
const DST_DAYS = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01']
const hhmm = (m: number) =>
  m === 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const arbInterval = fc
  .tuple(fc.integer({ min: 0, max: 250 }), fc.integer({ min: 6, max: 150 }))
  .map(([start, length]) => ({
    opening_time: hhmm(start * 5),
    closing_time: hhmm(Math.min(1440, (start + length) * 5)),
  }))
/** `arb` in `percent` % of the cases, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>, percent: number) =>
  fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary: arb })
/** No station, a kind the salon may have (1–3), or one it never has (4). */
const arbStation = fc.oneof(
  { weight: 8, arbitrary: fc.constant(null) },
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 3 }) },
  { weight: 1, arbitrary: fc.constant(4) },
)
const arbPhase = fc.record({
  minutes: fc.constantFrom(5, 10, 15, 20, 30, 40, 45, 50),
  operator_busy: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 2, arbitrary: fc.constant(false) }),
  station: arbStation,
})
/** A stretch of the day (minutes from its start) held by a booking of some status and age. */
const arbTimed = fc.record({
  from: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -24, max: 300 }).map((m) => m * 5) },
    { weight: 1, arbitrary: fc.integer({ min: -120, max: 1500 }) },
  ),
  length: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 24 }).map((m) => m * 5) },
    { weight: 1, arbitrary: fc.integer({ min: 5, max: 180 }) },
  ),
  status: fc.oneof(
    { weight: 2, arbitrary: fc.constant('CONFIRMED' as const) },
    { weight: 3, arbitrary: fc.constantFrom(...RESERVATION_STATUSES) },
  ),
  age: fc.integer({ min: 0, max: 30 }),
})

/**
 * Where a booking (or a station use) starts, instead of `timed.from`: a few minutes after the
 * previous one of the same operator (station) ends, or some minutes after the salon first opens
 * (a day packed where the slots are).
 */
const arbPlacement = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.record({ gap: fc.constantFrom(0, 5, 10, 15, 20, 30, 45, 60) }) },
  { weight: 2, arbitrary: fc.record({ fromOpening: fc.integer({ min: -6, max: 60 }).map((m) => m * 5) }) },
)

export const arbScenario = fc.record({
  tz: fc.constantFrom(...ZONES),
  day: fc.oneof(
    fc.constantFrom(...DST_DAYS),
    fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n)),
  ),
  step: fc.constantFrom(5, 5, 10, 10, 15, 20, 30),
  notice: fc.integer({ min: 0, max: 120 }),
  hold: fc.integer({ min: 0, max: 20 }),
  nowOffset: fc.oneof(
    { weight: 3, arbitrary: fc.constant(-2880) },
    { weight: 1, arbitrary: fc.integer({ min: -600, max: 900 }) },
  ),
  opening: fc.array(arbInterval, { minLength: 1, maxLength: 2 }),
  closure: sometimes(
    fc.record({ from: fc.integer({ min: 0, max: 1400 }), length: fc.integer({ min: 5, max: 120 }) }),
    30,
  ),
  stations: fc
    .tuple(...[1, 2, 3].map(() => fc.option(fc.integer({ min: 1, max: 3 }), { freq: 6 })))
    .map((counts) => counts.flatMap((count, i) => (count === null ? [] : [{ id: i + 1, count }]))),
  services: fc.array(
    fc.record({
      time: fc.constantFrom(10, 20, 30, 45, 60),
      phases: fc.option(fc.array(arbPhase, { minLength: 1, maxLength: 3 }), { freq: 3 }),
      cleanup: fc.option(fc.constantFrom(0, 5, 10, 15, 20)),
      operators: fc.oneof(
        { weight: 5, arbitrary: fc.constant([] as number[]) },
        { weight: 1, arbitrary: fc.subarray([1, 2, 3], { minLength: 1 }) },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  positions: fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3)),
  operator: fc.oneof(
    { weight: 3, arbitrary: fc.constant('any' as const) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
  ),
  reservations: fc.array(
    fc.record({
      operator: fc.integer({ min: 1, max: 3 }),
      timed: arbTimed,
      at: arbPlacement,
      busy: sometimes(
        fc.array(
          fc.record({
            offset: fc.integer({ min: -4, max: 40 }).map((m) => m * 5),
            length: fc.integer({ min: 1, max: 18 }).map((m) => m * 5),
          }),
          { maxLength: 3 },
        ),
        40,
      ),
    }),
    { maxLength: 16 },
  ),
  uses: fc.array(fc.record({ station: fc.integer({ min: 1, max: 4 }), timed: arbTimed, at: arbPlacement }), {
    maxLength: 10,
  }),
  move: sometimes(
    fc.record({
      plan: fc.option(
        fc.array(
          fc.record({
            minutes: fc.oneof(
              fc.integer({ min: 1, max: 12 }).map((m) => m * 5),
              fc.integer({ min: 1, max: 60 }),
            ),
            operator_busy: fc.boolean(),
            station: arbStation,
            cleanup: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
      ),
      duration: sometimes(fc.integer({ min: 5, max: 240 }), 50),
    }),
    35,
  ),
  shifts: fc.tuple(...[1, 2, 3].map(() => sometimes(fc.array(arbInterval, { maxLength: 2 }), 20))),
})
export type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never

/** The instants of a local day, every 5 minutes, with their wall clock (Intl only). */
export function dayGrid(day: string, tz: string): { t: number; hm: string }[] {
  const out: { t: number; hm: string }[] = []
  for (let t = Date.parse(`${day}T00:00:00Z`) - 15 * H; t < Date.parse(`${day}T00:00:00Z`) + 39 * H; t += 5 * MIN) {
    const w = wallDateTime(t, tz)
    if (w.startsWith(day)) out.push({ t, hm: w.slice(11) })
  }
  return out
}

export function build(s: Scenario): { q: SlotQuery; dayStart: number } {
  const dayStart = dayGrid(s.day, s.tz)[0]!.t
  const now = dayStart + s.nowOffset * MIN
  const iso = (m: number) => new Date(dayStart + m * MIN).toISOString()
  let t = 0
  const plan: PlanSegment[] | null | undefined = !s.move
    ? undefined
    : s.move.plan &&
      s.move.plan.map((x, i) => {
        const seg = {
          from: t,
          to: (t += x.minutes),
          operator_busy: x.operator_busy,
          station: x.station,
          cleanup: i > 0 && x.cleanup,
        }
        return seg
      })
  const exceptions = s.shifts.flatMap((iv, i) => (iv ? [{ operator: i + 1, date: s.day, intervals: iv }] : []))
  const q: SlotQuery = {
    day: s.day,
    services: s.services.map((x, i) => ({
      id: i + 1,
      time: x.time,
      price: 10,
      operators: x.operators,
      phases: x.phases,
      cleanup_minutes: x.cleanup,
    })),
    operator: s.operator,
    now,
    reservations: [],
    stationUses: [],
    ...(plan !== undefined ? { plan } : {}),
    ...(s.move?.duration ? { durationMinutes: s.move.duration } : {}),
    calendar: {
      settings: {
        timezone: s.tz,
        slotStepMinutes: s.step,
        minNoticeMinutes: s.notice,
        bookingHorizonDays: 3,
        holdMinutes: s.hold,
        autoConfirm: false,
        cancellationEnabled: true,
        cancellationTimeLimit: 24,
      },
      opening: DAYS_OF_WEEK.map((day_of_week) => ({ day_of_week, is_closed: false, intervals: s.opening })),
      closures: s.closure
        ? [
            {
              closure_type: 'PARTIAL_DAY',
              start_date: iso(s.closure.from),
              end_date: iso(s.closure.from + s.closure.length),
              is_active: true,
            },
          ]
        : [],
      holidays: [],
      operators: [1, 2, 3].map((id, i) => ({ id, position: s.positions[i] })),
      stations: s.stations,
      ...(exceptions.length ? { rota: { patterns: [], exceptions, leave: [] } } : {}),
    },
  }
  const opens = Math.min(
    ...s.opening.map((i) => Number(i.opening_time.slice(0, 2)) * 60 + Number(i.opening_time.slice(3))),
  )
  const lastEnd = new Map<string, number>()
  const place = (key: string, r: { timed: { from: number; length: number }; at: (typeof s.uses)[number]['at'] }) => {
    const previous = lastEnd.get(key)
    let from = r.timed.from
    if (r.at && 'fromOpening' in r.at) from = opens + r.at.fromOpening
    else if (r.at && previous !== undefined) from = previous + r.at.gap
    lastEnd.set(key, from + r.timed.length)
    return from
  }
  q.reservations = s.reservations.map((r, i) => {
    const from = place(`o${r.operator}`, r)
    return {
      id: i + 1,
      operator: r.operator,
      date_start: iso(from),
      date_end: iso(from + r.timed.length),
      status: r.timed.status,
      createdAt: new Date(now - r.timed.age * MIN).toISOString(),
      ...(r.busy
        ? { busy: r.busy.map((b) => ({ start: iso(from + b.offset), end: iso(from + b.offset + b.length) })) }
        : {}),
    }
  })
  q.stationUses = s.uses.map((u) => {
    const from = place(`s${u.station}`, u)
    return {
      station: u.station,
      start: iso(from),
      end: iso(from + u.timed.length),
      status: u.timed.status,
      createdAt: new Date(now - u.timed.age * MIN).toISOString(),
    }
  })
  return { q, dayStart }
}
