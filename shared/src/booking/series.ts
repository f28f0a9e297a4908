import { SERIES_ALTERNATIVES_MAX, SERIES_OCCURRENCES_MAX, type SeriesOccurrence } from '../schemas/series'
import { addCalendarDays, localDayOf } from './periods'
import { planOf } from './phases'
import { isOpenBooking, type LimitDecision, type OwnBookingFacts } from './limits'
import type { Role } from '../enums/index'
import { checkSlot, daySlots, pickOperator, type SlotQuery } from './slots'
import type { ExistingReservation, Slot, UnavailableReason } from './types'
import { instantToWallClock, wallClockToInstant } from './zone'

/**
 * Repeating appointments (issue 27 §4; GLOSSARY "repeating appointment"): the occurrences of a
 * series, the caller's accepted alternatives and skips, the check of every occurrence with the same
 * rules as one booking (`checkSlot`), the nearest free alternatives of a conflict, and the shift of
 * "this and the following" by one move. Pure: `now` and the time zone are parameters. The server
 * (cms/src/reservations/writes/bookSeries.ts) reads the calendar and the busy times, asks here, and
 * writes the occurrences with the guarded write.
 */

const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

/** How the caller asks for the series: the first start, every N weeks, `count` times or up to `until` (a local day, included). */
export interface SeriesRule {
  start: Date | string
  everyWeeks: number
  count?: number
  until?: string
  timeZone: string
}

export type SeriesOccurrencesResult =
  | { ok: true; starts: Date[] }
  | { ok: false; field: 'count' | 'until' | 'every_weeks'; reason: 'TOO_MANY' | 'TOO_FEW' | 'INVALID'; limit?: number }

/**
 * The starts of a series: the same wall-clock time of the salon's zone (`timeZone`) every
 * `everyWeeks` weeks from `start` — across a DST change 10:00 stays 10:00 — `count` in all, or every
 * one whose local day is on or before `until`. A series has 2 to SERIES_OCCURRENCES_MAX occurrences:
 * an `until` giving more (or fewer) is refused naming `until`.
 */
export function seriesOccurrences(rule: SeriesRule): SeriesOccurrencesResult {
  const first = new Date(rule.start)
  const every = Math.floor(rule.everyWeeks)
  if (!Number.isFinite(first.getTime())) return { ok: false, field: 'count', reason: 'INVALID' }
  if (!(every >= 1)) return { ok: false, field: 'every_weeks', reason: 'INVALID' }
  const wall = instantToWallClock(first.getTime(), rule.timeZone)
  const at = (i: number) => new Date(wallClockToInstant(wall + i * every * WEEK_MS, rule.timeZone))
  if (rule.count !== undefined) {
    const count = Math.floor(rule.count)
    if (count > SERIES_OCCURRENCES_MAX)
      return { ok: false, field: 'count', reason: 'TOO_MANY', limit: SERIES_OCCURRENCES_MAX }
    if (!(count >= 2)) return { ok: false, field: 'count', reason: 'TOO_FEW', limit: 2 }
    return { ok: true, starts: Array.from({ length: count }, (_, i) => at(i)) }
  }
  if (rule.until === undefined) return { ok: false, field: 'count', reason: 'INVALID' }
  const starts: Date[] = []
  for (let i = 0; ; i++) {
    const start = at(i)
    if (localDayOf(start, rule.timeZone) > rule.until) break
    if (starts.length === SERIES_OCCURRENCES_MAX)
      return { ok: false, field: 'until', reason: 'TOO_MANY', limit: SERIES_OCCURRENCES_MAX }
    starts.push(start)
  }
  if (starts.length < 2) return { ok: false, field: 'until', reason: 'TOO_FEW', limit: 2 }
  return { ok: true, starts }
}

/** One occurrence as it will be checked: its index in the series, its start, who (a replacement may name someone), skipped or not. */
export interface PlannedOccurrence {
  index: number
  start: Date
  operator?: number
  skipped: boolean
}

export type PlanChoicesResult =
  | { ok: true; occurrences: PlannedOccurrence[] }
  | { ok: false; field: 'replace' | 'skip'; reason: 'UNKNOWN_INDEX' | 'REPLACED_AND_SKIPPED' | 'ALL_SKIPPED' }

/**
 * The caller's choices applied: `replace` puts occurrence `index` at an accepted alternative (and,
 * when given, with that operator); `skip` leaves occurrences out. An index the series does not
 * have, one both replaced and skipped, or nothing left to book is refused naming the field.
 */
export function planOccurrences(
  starts: Date[],
  replace: { index: number; date_start: string; operator?: number }[] = [],
  skip: number[] = [],
): PlanChoicesResult {
  const skipped = new Set(skip)
  for (const i of skipped)
    if (!(i >= 0 && i < starts.length)) return { ok: false, field: 'skip', reason: 'UNKNOWN_INDEX' }
  const replaced = new Map<number, { date_start: string; operator?: number }>()
  for (const r of replace) {
    if (!(r.index >= 0 && r.index < starts.length) || replaced.has(r.index))
      return { ok: false, field: 'replace', reason: 'UNKNOWN_INDEX' }
    if (skipped.has(r.index)) return { ok: false, field: 'replace', reason: 'REPLACED_AND_SKIPPED' }
    replaced.set(r.index, r)
  }
  if (skipped.size >= starts.length) return { ok: false, field: 'skip', reason: 'ALL_SKIPPED' }
  const occurrences = starts.map((start, index): PlannedOccurrence => {
    const r = replaced.get(index)
    return r
      ? {
          index,
          start: new Date(r.date_start),
          ...(r.operator !== undefined ? { operator: r.operator } : {}),
          skipped: false,
        }
      : { index, start, skipped: skipped.has(index) }
  })
  return { ok: true, occurrences }
}

/** What checking a series needs besides the occurrences: one booking's slot query without day and start. */
export type SeriesQuery = Omit<SlotQuery, 'day' | 'operator'> & {
  /** The series' operator choice (a replacement may name its own). */
  operator: number | 'any'
}

/** Each occurrence checked, plus whom an available one goes to (the guarded write may still pick another). */
export interface CheckedOccurrence extends SeriesOccurrence {
  /** Who gets it (available only): the replacement's or the series' operator, else the one "any" picks. */
  operator: number | null
  /** The operator choice it is written with. */
  choice: number | 'any'
}

/**
 * Every occurrence checked with the rules of one booking (`checkSlot`: the same grid, opening,
 * closures, shifts, busy times, stations, notice and horizon as the caller's role gets), in order;
 * an available one is then counted as busy for the next ones (a replacement may land near another).
 * A conflict lists up to SERIES_ALTERNATIVES_MAX nearest free starts (`nearestAlternatives`),
 * preferring the operator the series' other occurrences got.
 */
export function checkSeries(q: SeriesQuery, occurrences: PlannedOccurrence[]): CheckedOccurrence[] {
  const tz = q.calendar.settings.timezone
  const reservations: ExistingReservation[] = [...q.reservations]
  const out: CheckedOccurrence[] = []
  let usual: number | undefined
  const minutes = q.durationMinutes ?? planOf(q.services).customerMinutes
  for (const o of occurrences) {
    const choice = o.operator ?? q.operator
    const base = { index: o.index, date_start: o.start.toISOString(), skipped: o.skipped, choice }
    if (o.skipped) {
      out.push({
        ...base,
        date_end: o.start.toISOString(),
        available: false,
        reason: null,
        alternatives: [],
        operator: null,
      })
      continue
    }
    const check = checkSlot({ ...q, operator: choice, reservations, start: o.start })
    if (check.available) {
      const day = reservations.filter((r) => localDayOf(new Date(r.date_start), tz) === localDayOf(o.start, tz))
      const operator =
        usual !== undefined && check.operators.includes(usual)
          ? usual
          : pickOperator(check.operators, day, q.now, q.calendar.settings.holdMinutes)!
      usual ??= operator
      reservations.push({
        operator,
        date_start: o.start.toISOString(),
        date_end: check.end,
        status: 'CONFIRMED',
        createdAt: new Date(0).toISOString(),
        plan: q.plan ?? null,
      })
      out.push({ ...base, date_end: check.end, available: true, reason: null, alternatives: [], operator })
      continue
    }
    const alternatives = nearestAlternatives({ ...q, operator: choice, reservations }, o.start, usual)
    out.push({
      ...base,
      date_end: new Date(o.start.getTime() + minutes * 60_000).toISOString(),
      available: false,
      reason: check.reason satisfies UnavailableReason,
      alternatives,
      operator: null,
    })
  }
  return out
}

/** The days around a conflict that alternatives come from, after its own: ±1, ±2, ±3 days. */
const AROUND = [-1, 1, -2, 2, -3, 3]

/**
 * The nearest free starts to `start` (a conflict): first that day's, nearest first; then on the
 * days before and after (±1, ±2, ±3) the free start nearest to the same time of day — at most
 * `max`. Each with whom: `prefer` when free then, else the first free operator.
 */
export function nearestAlternatives(
  q: Omit<SlotQuery, 'day'>,
  start: Date,
  prefer?: number,
  max = SERIES_ALTERNATIVES_MAX,
): { date_start: string; operator: number }[] {
  const tz = q.calendar.settings.timezone
  const day = localDayOf(start, tz)
  const wall = instantToWallClock(start.getTime(), tz)
  const timeOfDay = (t: number) => ((instantToWallClock(t, tz) % DAY_MS) + DAY_MS) % DAY_MS
  const who = (s: Slot) => (prefer !== undefined && s.operators.includes(prefer) ? prefer : s.operators[0]!)
  const ranked = (slots: Slot[], distance: (s: Slot) => number) =>
    slots
      .filter((s) => s.operators.length > 0)
      .map((s) => ({ s, d: distance(s), pref: prefer !== undefined && s.operators.includes(prefer) ? 0 : 1 }))
      .sort((a, b) => a.d - b.d || a.pref - b.pref || Date.parse(a.s.start) - Date.parse(b.s.start))
      .map((x) => x.s)
  const out: { date_start: string; operator: number }[] = []
  const sameDay = ranked(
    daySlots({ ...q, day }).filter((s) => Date.parse(s.start) !== start.getTime()),
    (s) => Math.abs(Date.parse(s.start) - start.getTime()),
  )
  for (const s of sameDay) {
    if (out.length >= max) return out
    out.push({ date_start: s.start, operator: who(s) })
  }
  const time = ((wall % DAY_MS) + DAY_MS) % DAY_MS
  for (const offset of AROUND) {
    if (out.length >= max) break
    const best = ranked(daySlots({ ...q, day: addCalendarDays(day, offset) }), (s) =>
      Math.abs(timeOfDay(Date.parse(s.start)) - time),
    )[0]
    if (best) out.push({ date_start: best.start, operator: who(best) })
  }
  return out
}

/**
 * "This and the following" moved: occurrence `from` goes to `to`, and each later one moves by the
 * same change of the salon's wall clock (one hour later stays one hour later across a DST change;
 * two days later stays two days later). The new starts, in the order given.
 */
export function shiftFollowing(starts: Date[], from: Date, to: Date, timeZone: string): Date[] {
  const delta = instantToWallClock(to.getTime(), timeZone) - instantToWallClock(from.getTime(), timeZone)
  return starts.map((s) => new Date(wallClockToInstant(instantToWallClock(s.getTime(), timeZone) + delta, timeZone)))
}

/**
 * The open-booking cap (`config.maxOpenBookings`) for a customer's series: every occurrence is an
 * open booking, so the customer's open bookings plus the `adding` occurrences may not exceed the
 * cap (409 TOO_MANY_BOOKINGS, nothing written). Why every one: the cap is what stops one account
 * from booking the salon out, and a series of 26 would otherwise slip past it; a salon that lets
 * customers book series raises the cap (or sets 0, no cap). Staff are exempt, as for one booking.
 */
export function seriesCapDecision(input: {
  role: Role
  bookings: readonly OwnBookingFacts[]
  maxOpenBookings: number
  holdMinutes: number
  now: Date | number
  adding: number
}): LimitDecision {
  const { role, bookings, maxOpenBookings, holdMinutes, now, adding } = input
  if (role === 'ADMIN' || role === 'OPERATOR' || !(maxOpenBookings > 0)) return { ok: true }
  const open = bookings.filter((b) => isOpenBooking(b, now, holdMinutes)).length
  return open + adding > maxOpenBookings
    ? { ok: false, status: 409, reason: 'TOO_MANY_BOOKINGS', limit: maxOpenBookings }
    : { ok: true }
}
