import type { CrudFilter, CrudSort } from '@refinedev/core'
import { addCalendarDays, localInstant } from '@salon/shared/booking/periods'
import { CONFIG_DEFAULTS } from '@salon/shared/constants'

/**
 * Which bookings the list starts from: those not over yet, nearest first (the default: what the
 * salon has to do next), those over, most recent first, or every one, newest first.
 */
export const BOOKING_PERIODS = ['upcoming', 'past', 'all'] as const
export type BookingPeriod = (typeof BOOKING_PERIODS)[number]
export const DEFAULT_PERIOD: BookingPeriod = 'upcoming'

/** The URL's `f_period` as a period (anything else: the default). */
export const periodOf = (value: string | null): BookingPeriod =>
  BOOKING_PERIODS.includes(value as BookingPeriod) ? (value as BookingPeriod) : DEFAULT_PERIOD

/** The server's order for a period: upcoming ascending by start, past and all descending. */
export const periodSort = (period: BookingPeriod): CrudSort[] => [
  { field: 'date_start', order: period === 'upcoming' ? 'asc' : 'desc' },
]

export interface BookingFilterState {
  /** Upcoming (not ended at `now`), past (ended), or all. */
  period: BookingPeriod
  /** Local days `YYYY-MM-DD`, inclusive; empty = open. */
  from: string
  to: string
  status: string[]
  operator: number | null
  q: string
  /** Show booking sessions that were never confirmed. */
  drafts: boolean
}

/**
 * The bookings list's filter bar as Refine filters (→ Payload `where`): the server filters and
 * sorts, so the pages are right whatever their number. Days are the browser's
 * local days (the salon's own screen): from 00:00 of `from` to 00:00 after `to`. The text
 * searches the customer's name, surname and e-mail and the note.
 */
export function bookingFilters(
  s: BookingFilterState,
  now: Date = new Date(),
  timeZone: string = CONFIG_DEFAULTS.timezone,
): CrudFilter[] {
  const out: CrudFilter[] = []
  // An appointment under way is still upcoming: it ends, not starts, after now.
  if (s.period === 'upcoming') out.push({ field: 'date_end', operator: 'gte', value: now.toISOString() })
  if (s.period === 'past') out.push({ field: 'date_end', operator: 'lt', value: now.toISOString() })
  const midnight = (day: string) => localInstant(day, '00:00', timeZone).toISOString()
  if (s.from) out.push({ field: 'date_start', operator: 'gte', value: midnight(s.from) })
  if (s.to) out.push({ field: 'date_start', operator: 'lt', value: midnight(addCalendarDays(s.to, 1)) })
  if (s.status.length) out.push({ field: 'status', operator: 'in', value: s.status })
  else if (!s.drafts) out.push({ field: 'status', operator: 'ne', value: 'PENDING_CONFIRMATION' })
  if (s.operator) out.push({ field: 'operator', operator: 'eq', value: s.operator })
  if (s.q) {
    out.push({
      operator: 'or',
      value: [
        { field: 'user.name', operator: 'contains', value: s.q },
        { field: 'user.surname', operator: 'contains', value: s.q },
        { field: 'user.email', operator: 'contains', value: s.q },
        { field: 'note', operator: 'contains', value: s.q },
      ],
    })
  }
  return out
}
