/**
 * The dashboard index's vocabulary: period kinds, limits and the answer's shape. No imports but
 * types, so the dashboard's screen can read it without the engine (rrule, zones) in its bundle.
 */
import type { ReservationStatus } from '../enums/index'

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

/** Number of local days from `fromDay` to `toDay`, both included. */
export function dayCount(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000) + 1
}

/** A KPI of the dashboard: the value in both periods and how it moved. */
export interface Kpi {
  current: number | null
  previous: number | null
  /** current − previous (percentage points for rates); null when either is unknown. */
  difference: number | null
  /** Relative change in %, one decimal; null when the previous value is 0 or unknown. */
  percentage: number | null
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
  /** Bookings with a time in the period won from the waitlist (an offer TAKEN), not cancelled or rejected. */
  waitlistWon: number
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
    /** Bookings won from the waitlist (issue 27). */
    waitlistWon: Kpi
  }
  figures: { current: DashboardFigures; previous: DashboardFigures }
  /** Every local day of the period, zeros included. Revenue in euros. */
  series: { day: string; bookings: number; revenue: number }[]
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
}
