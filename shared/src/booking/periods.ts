import { instantToWallClock, wallClockToInstant } from './zone'

/** A half-open instant range [from, to). */
export interface Period {
  from: Date
  to: Date
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Local midnight of a `YYYY-MM-DD` day in `timeZone`, as an instant. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(wallClockToInstant(Date.UTC(y, m - 1, d), timeZone))
}

/**
 * Turns the `from`/`to` of a report query into instants. A date-only `to` includes the whole
 * day (in the salon's time zone); a missing bound is open.
 */
export function resolvePeriod(query: { from?: string; to?: string }, timeZone: string): { from?: Date; to?: Date } {
  const from = query.from
    ? DATE_ONLY.test(query.from)
      ? startOfLocalDay(query.from, timeZone)
      : new Date(query.from)
    : undefined
  let to: Date | undefined
  if (query.to) {
    to = DATE_ONLY.test(query.to) ? startOfLocalDay(addCalendarDays(query.to, 1), timeZone) : new Date(query.to)
  }
  return { from, to }
}

/** Months between two `YYYY-MM-01` days (no time zone involved). */
function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split('-').map(Number) as [number, number]
  const [yb, mb] = b.split('-').map(Number) as [number, number]
  return (yb - ya) * 12 + (mb - ma)
}

/** `YYYY-MM-01` plus `n` calendar months. */
export function addCalendarMonths(firstOfMonth: string, n: number): string {
  const [y, m] = firstOfMonth.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10)
}

/**
 * The period a `*Compare` report (and a dashboard KPI) compares `current` with, in the salon's
 * calendar (`timeZone`). It always ends where `current` begins. The rule:
 * 1. Both ends are local midnights on the 1st of a month (k whole calendar months, a year
 *    included): the k calendar months before — 1–31 March → 1–28/29 February, a quarter → the
 *    previous quarter, a year → the previous year.
 * 2. Both ends are local midnights (N whole local days — a day, a week, 1–15 March): the N local
 *    days before — the day before a local day (23 or 25 hours on the DST days), the week before
 *    a week (167 or 169 hours across a change).
 * 3. Otherwise (an end is not a local midnight): the same *wall-clock* length in the salon's
 *    time zone, ending where `current` begins — 18:00–20:00 local → 16:00–18:00 local, also when
 *    a DST change falls inside (so the instants may differ by an hour, the clock times do not).
 */
export function previousCalendarPeriod(current: Period, timeZone: string): Period {
  const fromDay = localDayOf(current.from, timeZone)
  const toDay = localDayOf(current.to, timeZone)
  const wholeDays =
    startOfLocalDay(fromDay, timeZone).getTime() === current.from.getTime() &&
    startOfLocalDay(toDay, timeZone).getTime() === current.to.getTime() &&
    toDay > fromDay
  if (wholeDays) {
    if (fromDay.endsWith('-01') && toDay.endsWith('-01')) {
      const months = monthsBetween(fromDay, toDay)
      return { from: startOfLocalDay(addCalendarMonths(fromDay, -months), timeZone), to: current.from }
    }
    const days = Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000)
    return { from: startOfLocalDay(addCalendarDays(fromDay, -days), timeZone), to: current.from }
  }
  const wallFrom = instantToWallClock(current.from.getTime(), timeZone)
  const wallTo = instantToWallClock(current.to.getTime(), timeZone)
  const length = wallTo - wallFrom
  return { from: new Date(wallClockToInstant(wallFrom - length, timeZone)), to: current.from }
}

export interface Comparison {
  current: { from: string; to: string; count: number }
  previous: { from: string; to: string; count: number }
  difference: number
  /** Change against the previous period in %, one decimal; null when the previous count is 0. */
  percentage: number | null
}

export function compareCounts(
  current: Period,
  currentCount: number,
  previous: Period,
  previousCount: number,
): Comparison {
  const difference = currentCount - previousCount
  return {
    current: { from: current.from.toISOString(), to: current.to.toISOString(), count: currentCount },
    previous: { from: previous.from.toISOString(), to: previous.to.toISOString(), count: previousCount },
    difference,
    percentage: changePercent(currentCount, previousCount),
  }
}

/**
 * The instant of a local wall-clock time (`HH:mm`, `24:00` = next midnight) on a `YYYY-MM-DD`
 * day in `timeZone`. A time repeated by the autumn change is its first occurrence; a time
 * skipped by the spring change is the moment the clocks jump (see zone.ts). Never depends on
 * the process time zone.
 */
export function localInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  return new Date(wallClockToInstant(Date.UTC(y, m - 1, d, hh, mm), timeZone))
}

/** The `YYYY-MM-DD` calendar day of an instant in `timeZone`. */
export function localDayOf(instant: Date, timeZone: string): string {
  return new Date(instantToWallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10)
}

/** `YYYY-MM-DD` plus `n` calendar days (no time zone involved). */
export function addCalendarDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** 0 = Monday … 6 = Sunday, the index into DAYS_OF_WEEK. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7
}

export interface Metrics {
  count: number
  total_price: number
  duration: number
}

/** The change from `previous` to `current` in %, one decimal; null when `previous` is 0 or unknown. */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null
  return Math.round(((current - previous) / previous) * 1000) / 10
}
const cents = (n: number) => Math.round(n * 100) / 100

/** Reservation metrics of a period against the previous one: difference and % per metric. */
export function compareMetrics(current: Period, a: Metrics, previous: Period, b: Metrics) {
  const keys = ['count', 'total_price', 'duration'] as const
  return {
    current: { from: current.from.toISOString(), to: current.to.toISOString(), ...a },
    previous: { from: previous.from.toISOString(), to: previous.to.toISOString(), ...b },
    difference: Object.fromEntries(keys.map((k) => [k, cents(a[k] - b[k])])) as unknown as Metrics,
    percentage: Object.fromEntries(keys.map((k) => [k, changePercent(a[k], b[k])])) as Record<
      keyof Metrics,
      number | null
    >,
  }
}

/**
 * The calendar day / week (Monday first) / month / year containing `now` in the salon's time
 * zone, as a half-open instant range — what the dashboard calls "this period".
 */
export function calendarPeriod(period: 'day' | 'week' | 'month' | 'year', now: Date, timeZone: string): Period {
  const today = localDayOf(now, timeZone)
  let first: string
  let next: string
  const [y, m] = today.split('-').map(Number) as [number, number]
  switch (period) {
    case 'day':
      first = today
      next = addCalendarDays(today, 1)
      break
    case 'week':
      first = addCalendarDays(today, -weekdayIndex(today))
      next = addCalendarDays(first, 7)
      break
    case 'month':
      first = `${today.slice(0, 7)}-01`
      next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
      break
    case 'year':
      first = `${y}-01-01`
      next = `${y + 1}-01-01`
      break
  }
  return { from: startOfLocalDay(first, timeZone), to: startOfLocalDay(next, timeZone) }
}
