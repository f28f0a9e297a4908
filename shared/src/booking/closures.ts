import { DAY_PATTERN } from './opening'
import { addCalendarDays, startOfLocalDay } from './periods'
import { firstEndingAfter, mergeRanges } from './ranges'
import { occurrencesBetween, recurrenceOf, type Recurrence } from './recurrence'
import type { ClosureRule, HolidayRule, Range } from './types'
import { calendarDayOf, instantToWallClock, parseInstant, wallClockToInstant } from './zone'

const DAY_MS = 86_400_000
const DEFAULT_FREQ: Partial<Record<ClosureRule['closure_type'], string>> = {
  RECURRING_WEEKLY: 'FREQ=WEEKLY',
  RECURRING_MONTHLY: 'FREQ=MONTHLY',
  RECURRING_YEARLY: 'FREQ=YEARLY',
}

const isOn = (x: { is_active?: boolean | null }) => x.is_active !== false

function wallDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`)
}

/** What blocks the salon between two local days, prepared once and asked day by day. */
export interface ClosureIndex {
  /** A FULL_DAY closure or a holiday takes the whole local day. */
  isDayClosed(day: string): boolean
  /** The blocked instant ranges of a local day, clipped to it, merged and sorted. */
  rangesOf(day: string): Range[]
}

/**
 * Prepares the closures and holidays that can touch the local days `fromDay`..`toDay`
 * (RRULEs parsed once, occurrences expanded once for the whole window).
 * Closures and holidays count unless `is_active` is false.
 * - FULL_DAY: every local day from start_date's calendar date to end_date's, inclusive.
 * - PARTIAL_DAY: the instants [start_date, end_date).
 * - RECURRING_*: the window start_date..end_date, read as local wall-clock times in the salon
 *   zone, repeated by recurring_rule (DTSTART = that local start); each occurrence lasts the same
 *   wall-clock time. Without a rule the closure type gives the frequency; an invalid rule is
 *   skipped (see recurrence.ts for what is accepted).
 * - Holidays: their calendar day; recurring_yearly matches month and day every year
 *   (29 February only in leap years).
 * Bad dates are skipped rather than thrown: one broken row must not take bookings down.
 */
export function buildClosureIndex(
  closures: readonly ClosureRule[],
  holidays: readonly HolidayRule[],
  timeZone: string,
  fromDay: string,
  toDay: string,
): ClosureIndex {
  const fullDays: [string, string][] = []
  const timed: Range[] = []
  const windowStart = startOfLocalDay(fromDay, timeZone).getTime()
  const windowEnd = startOfLocalDay(addCalendarDays(toDay, 1), timeZone).getTime()

  for (const c of closures ?? []) {
    if (!c || !isOn(c)) continue
    if (c.closure_type === 'FULL_DAY') {
      const a = calendarDayOf(c.start_date)
      const b = calendarDayOf(c.end_date) ?? a
      if (a && b && a <= b) fullDays.push([a, b])
    } else if (c.closure_type === 'PARTIAL_DAY') {
      const start = parseInstant(c.start_date, timeZone)
      const end = parseInstant(c.end_date, timeZone)
      if (start < windowEnd && end > windowStart) timed.push({ start, end })
    } else if (c.closure_type in DEFAULT_FREQ) {
      const start = parseInstant(c.start_date, timeZone)
      const end = parseInstant(c.end_date, timeZone)
      if (!(end > start)) continue
      const wallStart = instantToWallClock(start, timeZone)
      const wallDuration = instantToWallClock(end, timeZone) - wallStart
      if (!(wallDuration > 0)) continue
      const text = (c.recurring_rule ?? '').trim() || DEFAULT_FREQ[c.closure_type]!
      const recurrence: Recurrence | null = recurrenceOf(text, wallStart)
      if (!recurrence) continue
      // Wall-clock bounds of the window, widened by a day for the zone offset.
      const from = wallDay(fromDay) - wallDuration - DAY_MS
      const to = wallDay(toDay) + 2 * DAY_MS
      for (const o of occurrencesBetween(recurrence, from, to)) {
        const range = { start: wallClockToInstant(o, timeZone), end: wallClockToInstant(o + wallDuration, timeZone) }
        if (range.start < windowEnd && range.end > windowStart) timed.push(range)
      }
    }
  }

  const fixedHolidays = new Set<string>()
  const yearlyHolidays = new Set<string>()
  for (const h of holidays ?? []) {
    if (!h || !isOn(h)) continue
    const day = calendarDayOf(h.date)
    if (!day) continue
    if (h.recurring_yearly) yearlyHolidays.add(day.slice(5))
    else fixedHolidays.add(day)
  }

  const blocked = mergeRanges(timed)

  const isDayClosed = (day: string) =>
    fixedHolidays.has(day) || yearlyHolidays.has(day.slice(5)) || fullDays.some(([a, b]) => a <= day && day <= b)

  const rangesOf = (day: string): Range[] => {
    if (!DAY_PATTERN.test(day)) return []
    const start = startOfLocalDay(day, timeZone).getTime()
    const end = startOfLocalDay(addCalendarDays(day, 1), timeZone).getTime()
    if (isDayClosed(day)) return [{ start, end }]
    if (day < fromDay || day > toDay) return buildClosureIndex(closures, holidays, timeZone, day, day).rangesOf(day)
    const out: Range[] = []
    for (let i = firstEndingAfter(blocked, start); i < blocked.length && blocked[i]!.start < end; i++) {
      out.push({ start: Math.max(blocked[i]!.start, start), end: Math.min(blocked[i]!.end, end) })
    }
    return out
  }

  return { isDayClosed, rangesOf }
}

/** Indexes of frozen closure and holiday lists, by zone and window (see closureIndexOf). */
const indexes = new WeakMap<readonly ClosureRule[], WeakMap<readonly HolidayRule[], Map<string, ClosureIndex>>>()
const INDEXES_PER_CALENDAR = 64

const frozen = (list: readonly object[]) => Object.isFrozen(list) && list.every((x) => !x || Object.isFrozen(x))

/**
 * `buildClosureIndex`, kept for lists that cannot change: when the closures and holidays (arrays
 * and rows) are frozen — as the server's copy of the calendar is — the index of a window is built
 * once and reused (expanding recurrences is the costly part of checking one slot). Anything not
 * frozen is indexed afresh, so the answer is always what buildClosureIndex gives.
 */
export function closureIndexOf(
  closures: readonly ClosureRule[],
  holidays: readonly HolidayRule[],
  timeZone: string,
  fromDay: string,
  toDay: string,
): ClosureIndex {
  if (!frozen(closures) || !frozen(holidays)) return buildClosureIndex(closures, holidays, timeZone, fromDay, toDay)
  let byHolidays = indexes.get(closures)
  if (!byHolidays) indexes.set(closures, (byHolidays = new WeakMap()))
  let byWindow = byHolidays.get(holidays)
  if (!byWindow) byHolidays.set(holidays, (byWindow = new Map()))
  const key = `${timeZone}|${fromDay}|${toDay}`
  let index = byWindow.get(key)
  if (!index) {
    if (byWindow.size >= INDEXES_PER_CALENDAR) byWindow.clear()
    byWindow.set(key, (index = buildClosureIndex(closures, holidays, timeZone, fromDay, toDay)))
  }
  return index
}

/**
 * The ranges of `day` ('YYYY-MM-DD', local) blocked by active closures and active holidays,
 * clipped to the day, merged and sorted. See buildClosureIndex for the rules.
 */
export function closedRanges(day: string, closures: ClosureRule[], holidays: HolidayRule[], timeZone: string): Range[] {
  if (!DAY_PATTERN.test(day)) return []
  return buildClosureIndex(closures, holidays, timeZone, day, day).rangesOf(day)
}
