import type { Pool } from 'pg'
import { addCalendarDays, bookableDays, bookingTotals, firstFreeDay, type FirstFreeQuery } from '@salon/shared'
import { localDays, salonCalendar } from '../calendar/edge'
import { busyForNew, offeredServicesOr400, operatorOr400 } from './booking'

/**
 * The windows the busy times are read in: the first week (most answers), then four weeks, then
 * the rest of the horizon — a salon booked solid for a month reads three ranges, not thirty days.
 */
const WINDOWS_DAYS = [7, 28] as const

/**
 * GET /api/reservations/first-free: the first local day from `from` (default today in the salon's
 * zone) within the booking horizon with at least one free start for these services and operator,
 * and its free starts — the same rules and engine as time-availability-day and availability-month
 * (customers' rules), the calendar read once, the busy times read window by window until a day is
 * found. `day: null` (and no slots) when nothing is free up to the horizon.
 */
export async function firstFreeAvailability(db: Pool, q: FirstFreeQuery, now = new Date()) {
  const calendar = await salonCalendar(db, { consistency: 'cached', now: now.getTime() })
  const services = await offeredServicesOr400(db, q.services, now)
  operatorOr400(calendar, q.operator)
  const tz = calendar.settings.timezone
  const { today, lastBookableDay: last } = bookableDays(now, calendar.settings)
  const totals = bookingTotals(services)
  let start = q.from && q.from > today ? q.from : today
  for (let w = 0; start <= last; w++) {
    const span = WINDOWS_DAYS[w]
    const end = span === undefined || addCalendarDays(start, span - 1) > last ? last : addCalendarDays(start, span - 1)
    const { from, to } = localDays(tz, start, end)
    const { reservations, stationUses } = await busyForNew(db, services, calendar, q.operator, from, to)
    const found = firstFreeDay({
      services,
      operator: q.operator,
      calendar,
      reservations,
      stationUses,
      now,
      from: start,
      to: end,
    })
    if (found.day) return { day: found.day, timezone: tz, ...totals, slots: found.slots }
    start = addCalendarDays(end, 1)
  }
  return { day: null, timezone: tz, ...totals, slots: [] }
}
