import { localDayOf, localInstant } from '@salon/shared/booking/periods'
import { formatTime } from '@salon/shared/format'
import { isCalendarDay, isHhmm } from '@salon/shared/calendarDay'

/**
 * Forms hold a salon-local day and `HH:mm`; the API stores instants. Both ways go through the
 * salon's time zone (the config's), never the browser's: an owner abroad, or a laptop left on
 * another zone, still closes and books the salon's own hours.
 */

/**
 * A salon-local day and `HH:mm` as a form holds them → an ISO instant (`24:00` = the next
 * midnight), or undefined when either cannot be read (the time by the shared `hhmm` rule).
 */
export function salonInstant(day: string, time: string, timeZone: string): string | undefined {
  if (!isCalendarDay(day) || !isHhmm(time)) return undefined
  return localInstant(day, time, timeZone).toISOString()
}

/** The form fields of an instant: its salon-local day and `HH:mm`. */
export const salonFields = (iso: string, timeZone: string) => ({
  day: localDayOf(new Date(iso), timeZone),
  time: formatTime(iso, timeZone),
})
