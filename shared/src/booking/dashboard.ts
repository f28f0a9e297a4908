import { closureIndexOf } from './closures'
import { openingRanges } from './opening'
import { RESERVATION_STATUSES, type ReservationStatus } from '../enums/index'
import {
  addCalendarDays,
  addCalendarMonths,
  calendarPeriod,
  changePercent,
  localDayOf,
  previousCalendarPeriod,
  startOfLocalDay,
  type Period,
} from './periods'
import { intersectRanges, mergeRanges, subtractRanges } from './ranges'
import { salonDayOf, workingRangesOfDay } from './rota'
import type { Range, SalonCalendar } from './types'
import { dayCount, type DashboardFigures, type DashboardRangeKind, type Kpi } from './dashboardKinds'
import { CALENDAR_FEED_STATUSES, OCCURRING_STATUSES } from './status'

export * from './dashboardKinds'

export interface DashboardRange {
  period: DashboardRangeKind
  current: Period
  previous: Period
  /** First and last local day (`YYYY-MM-DD`, both included) of each period. */
  fromDay: string
  toDay: string
  previousFromDay: string
  previousToDay: string
}

/** Local days from `fromDay` to `toDay`, both included (empty when `toDay` < `fromDay`). */
export function localDaysBetween(fromDay: string, toDay: string): string[] {
  const out: string[] = []
  for (let d = fromDay; d <= toDay; d = addCalendarDays(d, 1)) out.push(d)
  return out
}

const lastDayOfMonth = (firstOfMonth: string) => addCalendarDays(addCalendarMonths(firstOfMonth, 1), -1)

function ofDays(
  period: DashboardRangeKind,
  fromDay: string,
  toDay: string,
  previousFromDay: string,
  previousToDay: string,
  timeZone: string,
): DashboardRange {
  const at = (day: string) => startOfLocalDay(day, timeZone)
  return {
    period,
    current: { from: at(fromDay), to: at(addCalendarDays(toDay, 1)) },
    previous: { from: at(previousFromDay), to: at(addCalendarDays(previousToDay, 1)) },
    fromDay,
    toDay,
    previousFromDay,
    previousToDay,
  }
}

/**
 * The current and the previous period of a dashboard query in the salon's calendar (`timeZone`),
 * as half-open instant ranges from local midnight to local midnight. `from`/`to` (`YYYY-MM-DD`)
 * are read for `custom` only and must be valid (the query schema checks them).
 */
export function dashboardRange(
  q: { period: DashboardRangeKind; from?: string; to?: string },
  now: Date,
  timeZone: string,
): DashboardRange {
  const today = localDayOf(now, timeZone)
  const lastDays = (n: number) => {
    const fromDay = addCalendarDays(today, -(n - 1))
    return ofDays(q.period, fromDay, today, addCalendarDays(fromDay, -n), addCalendarDays(fromDay, -1), timeZone)
  }
  switch (q.period) {
    case 'today':
      return lastDays(1)
    case '7d':
      return lastDays(7)
    case '30d':
      return lastDays(30)
    case 'mtd': {
      const first = `${today.slice(0, 7)}-01`
      const previousFirst = addCalendarMonths(first, -1)
      const sameDay = addCalendarDays(previousFirst, Number(today.slice(8, 10)) - 1)
      const previousLast = lastDayOfMonth(previousFirst)
      return ofDays('mtd', first, today, previousFirst, sameDay < previousLast ? sameDay : previousLast, timeZone)
    }
    case 'custom': {
      const fromDay = q.from ?? today
      const toDay = q.to ?? fromDay
      const n = dayCount(fromDay, toDay)
      return ofDays('custom', fromDay, toDay, addCalendarDays(fromDay, -n), addCalendarDays(fromDay, -1), timeZone)
    }
    default: {
      const current = calendarPeriod(q.period, now, timeZone)
      const previous = previousCalendarPeriod(current, timeZone)
      const lastDay = (p: Period) => localDayOf(new Date(p.to.getTime() - 1), timeZone)
      return {
        period: q.period,
        current,
        previous,
        fromDay: localDayOf(current.from, timeZone),
        toDay: lastDay(current),
        previousFromDay: localDayOf(previous.from, timeZone),
        previousToDay: lastDay(previous),
      }
    }
  }
}

/**
 * The salon's open time on each local day `fromDay`..`toDay` (epoch-ms ranges): the weekly opening
 * intervals (`openingRanges`, DST-correct) minus active closures and holidays (`closureIndexOf`),
 * overlapping intervals merged. A closed day has none.
 */
export function openRangesByDay(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays'>,
  timeZone: string,
  fromDay: string,
  toDay: string,
): Map<string, Range[]> {
  const out = new Map<string, Range[]>()
  if (!(fromDay <= toDay)) return out
  const closures = closureIndexOf(calendar.closures ?? [], calendar.holidays ?? [], timeZone, fromDay, toDay)
  for (const day of localDaysBetween(fromDay, toDay)) {
    out.set(
      day,
      closures.isDayClosed(day)
        ? []
        : subtractRanges(mergeRanges(openingRanges(day, calendar.opening ?? [], timeZone)), closures.rangesOf(day)),
    )
  }
  return out
}

const minutesOf = (ranges: readonly Range[]) => ranges.reduce((sum, r) => sum + (r.end - r.start) / 60_000, 0)

/** Minutes the salon is open on each local day `fromDay`..`toDay` (`openRangesByDay`, summed). */
export function openMinutesByDay(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays'>,
  timeZone: string,
  fromDay: string,
  toDay: string,
): Map<string, number> {
  const out = new Map<string, number>()
  for (const [day, ranges] of openRangesByDay(calendar, timeZone, fromDay, toDay)) out.set(day, minutesOf(ranges))
  return out
}

/** An operator's blocked time (training, leave…), ISO instants — time they are not available. */
export interface BlockedTime {
  operator: number
  date_start: string
  date_end: string
}

/**
 * Each active operator's open minutes in the local days `fromDay`..`toDay`: the time they work
 * (issue 23: their shifts within the salon's open time, minus closures and leave —
 * `workingRangesByDay`; without a rota, the salon's open time) minus the time the salon blocked for
 * them — only where it falls in working time, overlapping blocks counted once. An operator on
 * leave or off shift is not free capacity.
 */
export function openMinutesPerOperator(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays' | 'operators' | 'rota'>,
  timeZone: string,
  fromDay: string,
  toDay: string,
  blocks: readonly BlockedTime[] = [],
): Map<number, number> {
  const out = new Map<number, number>()
  if (!(fromDay <= toDay)) return out
  const closures = closureIndexOf(calendar.closures ?? [], calendar.holidays ?? [], timeZone, fromDay, toDay)
  // The salon's open time of each day, worked out once for every operator (the time zone
  // arithmetic is most of the cost: a year × 20 operators was ~90 ms a call; issue 28 §3).
  const days = localDaysBetween(fromDay, toDay)
  const salonDays = days.map((day) => salonDayOf(calendar, day, timeZone, closures))
  const salon = calendar.rota ? null : salonDays.flatMap((d) => (d.closed ? [] : subtractRanges(d.open, d.off)))
  for (const { id } of (calendar.operators ?? []).filter((o) => o.active !== false)) {
    const working =
      salon ?? days.flatMap((day, i) => workingRangesOfDay(calendar, id, day, timeZone, closures, salonDays[i]))
    const mine = blocks
      .filter((b) => b.operator === id)
      .map((b) => ({ start: Date.parse(b.date_start), end: Date.parse(b.date_end) }))
      .filter((r) => r.end > r.start)
    out.set(id, minutesOf(working) - (mine.length ? minutesOf(intersectRanges(working, mine)) : 0))
  }
  return out
}

/** The active operators' open minutes together (`openMinutesPerOperator`, summed): what occupancy divides by. */
export function operatorOpenMinutes(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays' | 'operators' | 'rota'>,
  timeZone: string,
  fromDay: string,
  toDay: string,
  blocks: readonly BlockedTime[] = [],
): number {
  let total = 0
  for (const minutes of openMinutesPerOperator(calendar, timeZone, fromDay, toDay, blocks).values()) total += minutes
  return total
}

/** A share as a percentage with one decimal (`0.4567` → 45.7); null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0) || !Number.isFinite(part)) return null
  return Math.round((part / whole) * 1000) / 10
}

/** Euros from integer cents (`12345` → 123.45), the one conversion of money sums. */
export const eurosOfCents = (cents: number) => cents / 100

/**
 * A KPI from two values. For money pass integer cents and `money: true`: the difference is taken
 * on the cents (exact) and everything is returned in euros.
 */
export function kpiOf(current: number | null, previous: number | null, money = false): Kpi {
  const difference = current === null || previous === null ? null : current - previous
  const out = (v: number | null) => (v === null ? null : money ? eurosOfCents(v) : v)
  return {
    current: out(current),
    previous: out(previous),
    difference: difference === null ? null : money ? eurosOfCents(difference) : Math.round(difference * 10) / 10,
    percentage: changePercent(current, previous),
  }
}

/**
 * Which reservations each figure of the dashboard counts, by status (docs/api.md
 * "GET /api/pages/dashboard-index"): the queries take these lists, so the rule lives here once.
 */
export const KPI_STATUSES = {
  /** Bookings, revenue, average ticket, the series, top services and operators: appointments that happen. */
  booked: OCCURRING_STATUSES,
  /** Occupancy's booked minutes: those and no-shows — the time was held. */
  occupying: CALENDAR_FEED_STATUSES,
  /** The cancellation rate divides cancelled bookings by every booking made (drafts aside). */
  cancelled: ['CANCELLED'],
  made: RESERVATION_STATUSES.filter((s) => s !== 'PENDING_CONFIRMATION'),
  /** The no-show rate divides no-shows by the appointments that were settled. */
  noShow: ['NO_SHOW'],
  settled: ['COMPLETED', 'NO_SHOW'],
  /** Bookings waiting for the salon's answer (the index's one-click list). */
  awaitingAnswer: ['PENDING'],
} as const satisfies Record<string, readonly ReservationStatus[]>

/** One period's counts as the queries give them; revenue in integer cents (exact). */
export interface PeriodCounts {
  bookings: number
  revenueCents: number
  bookedMinutes: number
  cancelled: number
  made: number
  noShows: number
  settled: number
  newCustomers: number
  /** Bookings won from the waitlist (issue 27); absent = 0. */
  waitlistWon?: number
}

/** The figures of one period: the counts, revenue in euros and the operators' open minutes. */
export function dashboardFigures(c: PeriodCounts, openMinutes: number): DashboardFigures {
  return {
    bookings: c.bookings,
    revenue: eurosOfCents(c.revenueCents),
    bookedMinutes: c.bookedMinutes,
    openMinutes,
    cancelled: c.cancelled,
    made: c.made,
    noShows: c.noShows,
    settled: c.settled,
    waitlistWon: c.waitlistWon ?? 0,
  }
}

/**
 * The seven KPIs of a period against the previous one. Money compared in cents; the average
 * ticket rounded to the cent; rates and occupancy as percentages with one decimal (null when
 * there is nothing to divide by).
 */
export function dashboardKpis(
  cur: PeriodCounts & { openMinutes: number },
  prev: PeriodCounts & { openMinutes: number },
) {
  const average = (c: PeriodCounts) => (c.bookings > 0 ? Math.round(c.revenueCents / c.bookings) : null)
  return {
    bookings: kpiOf(cur.bookings, prev.bookings),
    revenue: kpiOf(cur.revenueCents, prev.revenueCents, true),
    averageTicket: kpiOf(average(cur), average(prev), true),
    newCustomers: kpiOf(cur.newCustomers, prev.newCustomers),
    occupancy: kpiOf(percentOf(cur.bookedMinutes, cur.openMinutes), percentOf(prev.bookedMinutes, prev.openMinutes)),
    cancellationRate: kpiOf(percentOf(cur.cancelled, cur.made), percentOf(prev.cancelled, prev.made)),
    noShowRate: kpiOf(percentOf(cur.noShows, cur.settled), percentOf(prev.noShows, prev.settled)),
    waitlistWon: kpiOf(cur.waitlistWon ?? 0, prev.waitlistWon ?? 0),
  }
}
