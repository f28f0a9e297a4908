/**
 * Times on the booking screens on the salon's clock (`config.timezone`, whatever the browser's
 * zone) and in the dashboard's language: "Saturday 5 December 2026, 10:00–11:15" /
 * "sabato 5 dicembre 2026, 10:00–11:15".
 */
import { STAFF_HORIZON_DAYS } from '@salon/shared'
import { addCalendarDays, localDayOf } from '@salon/shared/booking/periods'
import { CONFIG_DEFAULTS } from '@salon/shared/constants'
import { getLocale, INTL_LOCALE, type Locale } from '../../i18n/locale'
import { tr } from '../../i18n/translate'
import { dateFormat, formatClock } from '../../lib/format'

const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }

export const timeOf = (iso: string, locale: Locale = getLocale(), timeZone: string = CONFIG_DEFAULTS.timezone) =>
  formatClock(iso, INTL_LOCALE[locale], timeZone)

export function formatWhen(
  start: string | null,
  end: string | null,
  locale: Locale = getLocale(),
  timeZone: string = CONFIG_DEFAULTS.timezone,
): string {
  if (!start) return tr('booking.noTimeDraft', undefined, locale)
  const day = dateFormat(INTL_LOCALE[locale], { ...LONG_DAY, timeZone }).format(new Date(start))
  return `${day}, ${timeOf(start, locale, timeZone)}${end ? `–${timeOf(end, locale, timeZone)}` : ''}`
}

const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }

/**
 * A booking's start as the lists write it, in the language's words and on the salon's clock:
 * "mar 24 dic 2026, 19:00" / "Tue 24 Dec 2026, 19:00" (never `2026-12-24 19:00:00`).
 */
export function formatListWhen(
  start: string,
  locale: Locale = getLocale(),
  timeZone: string = CONFIG_DEFAULTS.timezone,
): string {
  // en-GB puts no comma after the weekday ("Tue 24 Dec 2026"); Italian none either ("mar 24 dic 2026").
  const day = dateFormat(INTL_LOCALE[locale], { ...SHORT_DAY, timeZone })
    .format(new Date(start))
    .replace(',', '')
  return `${day}, ${timeOf(start, locale, timeZone)}`
}

/** The days the salon may book on: from the salon's today to the staff horizon (a year; the engine's rule). */
export function staffBookingDays(timeZone: string, now = new Date()): { min: string; max: string } {
  const today = localDayOf(now, timeZone)
  return { min: today, max: addCalendarDays(today, STAFF_HORIZON_DAYS) }
}

/** The salon's day `YYYY-MM-DD` of an instant (today when there is none). */
export function dayOf(iso: string | null, timeZone: string, now = new Date()): string {
  return localDayOf(iso ? new Date(iso) : now, timeZone)
}
