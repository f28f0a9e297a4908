import { TZDate } from '@date-fns/tz'
import { addDays, format } from 'date-fns'

/** A half-open instant range [from, to). */
export interface Period {
  from: Date
  to: Date
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Local midnight of a `YYYY-MM-DD` day in `timeZone`, as an instant. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime())
}

/**
 * Turns the `from`/`to` of a report query into instants. A date-only `to` includes the whole
 * day (in the salon's time zone); a missing bound is open.
 */
export function resolvePeriod(
  query: { from?: string; to?: string },
  timeZone: string,
): { from?: Date; to?: Date } {
  const from = query.from
    ? DATE_ONLY.test(query.from)
      ? startOfLocalDay(query.from, timeZone)
      : new Date(query.from)
    : undefined
  let to: Date | undefined
  if (query.to) {
    if (DATE_ONLY.test(query.to)) {
      const [y, m, d] = query.to.split('-').map(Number) as [number, number, number]
      to = new Date(addDays(new TZDate(y, m - 1, d, timeZone), 1).getTime())
    } else to = new Date(query.to)
  }
  return { from, to }
}

/** The period of equal length that ends where `current` begins. */
export function previousPeriod(current: Period): Period {
  const length = current.to.getTime() - current.from.getTime()
  return { from: new Date(current.from.getTime() - length), to: new Date(current.from.getTime()) }
}

export interface Comparison {
  current: { from: string; to: string; count: number }
  previous: { from: string; to: string; count: number }
  difference: number
  /** Change against the previous period in %, one decimal; null when the previous count is 0. */
  percentage: number | null
}

export function compareCounts(current: Period, currentCount: number, previous: Period, previousCount: number): Comparison {
  const difference = currentCount - previousCount
  return {
    current: { from: current.from.toISOString(), to: current.to.toISOString(), count: currentCount },
    previous: { from: previous.from.toISOString(), to: previous.to.toISOString(), count: previousCount },
    difference,
    percentage: previousCount === 0 ? null : Math.round((difference / previousCount) * 1000) / 10,
  }
}

/** The instant of a local wall-clock time (`HH:mm`) on a `YYYY-MM-DD` day in `timeZone`. */
export function localInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime())
}

/** The `YYYY-MM-DD` calendar day of an instant in `timeZone`. */
export function localDayOf(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd')
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
