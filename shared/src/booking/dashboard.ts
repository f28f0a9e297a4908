import { closureIndexOf } from './closures'
import { openingRanges } from './opening'
import {
  addCalendarDays,
  calendarPeriod,
  localDayOf,
  previousCalendarPeriod,
  startOfLocalDay,
  type Period,
} from './periods'
import { mergeRanges, subtractRanges } from './ranges'
import type { ReservationStatus } from '../enums/index'
import type { SalonCalendar } from './types'

/**
 * The dashboard index's periods (docs/api.md "GET /api/pages/dashboard-index", admin/README.md):
 * - `today`: today's local day; `7d` / `30d`: the 7 / 30 local days ending today (today included);
 *   `custom`: the local days `from`..`to` (both included). Each is compared with the same number of
 *   local days right before it.
 * - `mtd` (this month): the 1st of this month up to today included, compared with the same days of
 *   the previous month (1st … same day of the month, cut at that month's last day: on 31 March,
 *   1–28 February).
 * - `day` / `week` / `month` / `year` (kept from the first version of the API): the calendar day /
 *   week / month / year containing today, compared as `previousCalendarPeriod` says.
 */
export const DASHBOARD_RANGES = ['today', '7d', '30d', 'mtd', 'custom', 'day', 'week', 'month', 'year'] as const
export type DashboardRangeKind = (typeof DASHBOARD_RANGES)[number]

/** The longest custom range, in local days. */
export const DASHBOARD_MAX_DAYS = 366

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

/** Number of local days from `fromDay` to `toDay`, both included. */
export function dayCount(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000) + 1
}

const lastDayOfMonth = (firstOfMonth: string) => addCalendarDays(addMonths(firstOfMonth, 1), -1)
function addMonths(firstOfMonth: string, n: number): string {
  const [y, m] = firstOfMonth.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10)
}

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
      const previousFirst = addMonths(first, -1)
      const sameDay = addCalendarDays(previousFirst, Number(today.slice(8, 10)) - 1)
      const previousLast = lastDayOfMonth(previousFirst)
      return ofDays('mtd', first, today, previousFirst, sameDay < previousLast ? sameDay : previousLast, timeZone)
    }
    case 'custom': {
      const fromDay = q.from ?? today
      const toDay = q.to ?? fromDay
      const n = dayCount(fromDay, toDay)
      return ofDays(
        'custom',
        fromDay,
        toDay,
        addCalendarDays(fromDay, -n),
        addCalendarDays(fromDay, -1),
        timeZone,
      )
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
 * Minutes the salon is open on each local day `fromDay`..`toDay`: the weekly opening intervals
 * (`openingRanges`, DST-correct) minus active closures and holidays (`closureIndexOf`), overlapping
 * intervals counted once.
 */
export function openMinutesByDay(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays'>,
  timeZone: string,
  fromDay: string,
  toDay: string,
): Map<string, number> {
  const out = new Map<string, number>()
  if (!(fromDay <= toDay)) return out
  const closures = closureIndexOf(calendar.closures ?? [], calendar.holidays ?? [], timeZone, fromDay, toDay)
  for (const day of localDaysBetween(fromDay, toDay)) {
    if (closures.isDayClosed(day)) {
      out.set(day, 0)
      continue
    }
    const open = subtractRanges(mergeRanges(openingRanges(day, calendar.opening ?? [], timeZone)), closures.rangesOf(day))
    out.set(
      day,
      open.reduce((sum, r) => sum + (r.end - r.start) / 60_000, 0),
    )
  }
  return out
}

/**
 * The operators' open minutes in the local days `fromDay`..`toDay`: every active operator works
 * the salon's open time (there is no per-operator timetable yet), so it is the salon's open
 * minutes times the number of active operators. This is what occupancy divides by.
 */
export function operatorOpenMinutes(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays' | 'operators'>,
  timeZone: string,
  fromDay: string,
  toDay: string,
): number {
  const operators = (calendar.operators ?? []).filter((o) => o.active !== false).length
  let salon = 0
  for (const minutes of openMinutesByDay(calendar, timeZone, fromDay, toDay).values()) salon += minutes
  return salon * operators
}

/** A share as a percentage with one decimal (`0.4567` → 45.7); null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0) || !Number.isFinite(part)) return null
  return Math.round((part / whole) * 1000) / 10
}

/** The change from `previous` to `current` in %, one decimal; null when `previous` is 0 or unknown. */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null
  return Math.round(((current - previous) / previous) * 1000) / 10
}

/** Euros from integer cents (`12345` → 123.45), the one conversion of money sums. */
export const eurosOfCents = (cents: number) => cents / 100

/** A KPI of the dashboard: the value in both periods and how it moved. */
export interface Kpi {
  current: number | null
  previous: number | null
  /** current − previous (percentage points for rates); null when either is unknown. */
  difference: number | null
  /** Relative change in %, one decimal; null when the previous value is 0 or unknown. */
  percentage: number | null
}

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

/** A booking as the dashboard index lists it (today's agenda, bookings to answer). */
export interface DashboardBooking {
  id: number
  /** ISO instants. */
  date_start: string
  date_end: string | null
  status: ReservationStatus
  /** Customer's name and surname; null for a booking without a customer account. */
  customer: string | null
  operator: string | null
  /** Service titles in the booking's order. */
  services: string[]
  /** Euros. */
  total_price: number
}

export interface DashboardPeriodInfo {
  from: string
  to: string
  fromDay: string
  toDay: string
}

/** Raw figures behind the KPIs of one period (minutes, counts, euros). */
export interface DashboardFigures {
  bookings: number
  revenue: number
  bookedMinutes: number
  openMinutes: number
  cancelled: number
  /** Bookings with a time in the period, drafts excluded: what the cancellation rate divides by. */
  made: number
  noShows: number
  /** COMPLETED + NO_SHOW: what the no-show rate divides by. */
  settled: number
}

/** The answer of `GET /api/pages/dashboard-index` (docs/api.md). */
export interface DashboardIndex {
  period: DashboardRangeKind
  timezone: string
  range: DashboardPeriodInfo
  previousRange: DashboardPeriodInfo
  kpis: {
    bookings: Kpi
    /** Euros. */
    revenue: Kpi
    /** Euros per booking. */
    averageTicket: Kpi
    newCustomers: Kpi
    /** % of the operators' open minutes booked. */
    occupancy: Kpi
    /** % of the bookings made for the period that were cancelled. */
    cancellationRate: Kpi
    /** % of the settled appointments (completed or no-show) that were no-shows. */
    noShowRate: Kpi
  }
  figures: { current: DashboardFigures; previous: DashboardFigures }
  /** Every local day of the period, zeros included. Revenue in euros. */
  series: { day: string; bookings: number; revenue: number }[]
  statusBreakdown: { status: ReservationStatus; count: number }[]
  topServices: { id: number; title: string; count: number; revenue: number }[]
  topOperators: {
    id: number
    name: string
    count: number
    revenue: number
    bookedMinutes: number
    occupancy: number | null
  }[]
  today: { day: string; agenda: DashboardBooking[] }
  pending: { total: number; items: DashboardBooking[] }
  /** First version's fields, kept for existing clients. */
  reservations: unknown
  newCustomers: unknown
}
