import { addCalendarDays } from './periods'
import type { HolidayRule } from './types'
import { calendarDayOf } from './zone'

export interface UpcomingHoliday {
  id?: number | string
  name: string
  /** The next day it falls on ('YYYY-MM-DD', the salon's calendar day). */
  date: string
  recurring_yearly: boolean
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/**
 * The active holidays that fall on `today` ('YYYY-MM-DD', local) or within `horizonDays` after it,
 * in date order: a fixed one on its day, a yearly one on its next month and day (29 February only
 * in leap years, as the booking engine closes it: closures.ts). Inactive and malformed ones are left out.
 */
export function upcomingHolidays(
  holidays: readonly (HolidayRule & { id?: number | string; name?: string | null })[],
  today: string,
  horizonDays = 365,
): UpcomingHoliday[] {
  const last = addCalendarDays(today, horizonDays)
  const year = Number(today.slice(0, 4))
  const out: UpcomingHoliday[] = []
  for (const h of holidays) {
    if (!h || h.is_active === false) continue
    const day = calendarDayOf(h.date)
    if (!day) continue
    let date: string | null = day
    if (h.recurring_yearly) {
      const md = day.slice(5)
      date = null
      for (let y = year; y <= year + 8 && !date; y++) {
        if (md === '02-29' && !isLeap(y)) continue
        const candidate = `${String(y).padStart(4, '0')}-${md}`
        if (candidate >= today) date = candidate
      }
    }
    if (!date || date < today || date > last) continue
    out.push({
      ...(h.id !== undefined ? { id: h.id } : {}),
      name: h.name ?? '',
      date,
      recurring_yearly: !!h.recurring_yearly,
    })
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name)))
}
