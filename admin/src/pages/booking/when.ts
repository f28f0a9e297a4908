/**
 * Times on the booking screens, in the browser's zone (the salon's own screen) and in the
 * dashboard's language: "Saturday 5 December 2026, 10:00–11:15" / "sabato 5 dicembre 2026, 10:00–11:15".
 */
import { STAFF_HORIZON_DAYS } from '@salon/shared'
import { getLocale, INTL_LOCALE, type Locale } from '../../i18n/locale'
import { tr } from '../../i18n/translate'

const formats = new Map<Locale, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>()
const formatsOf = (locale: Locale) => {
  let f = formats.get(locale)
  if (!f) {
    const intl = INTL_LOCALE[locale]
    f = {
      day: new Intl.DateTimeFormat(intl, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      time: new Intl.DateTimeFormat(intl, { hour: '2-digit', minute: '2-digit' }),
    }
    formats.set(locale, f)
  }
  return f
}

export const timeOf = (iso: string, locale: Locale = getLocale()) => formatsOf(locale).time.format(new Date(iso))

export function formatWhen(start: string | null, end: string | null, locale: Locale = getLocale()): string {
  if (!start) return tr('booking.noTimeDraft', undefined, locale)
  const s = new Date(start)
  return `${formatsOf(locale).day.format(s)}, ${timeOf(start, locale)}${end ? `–${timeOf(end, locale)}` : ''}`
}

/** The days the salon may book on: from today to the staff horizon (a year; the engine's rule). */
export function staffBookingDays(now = new Date()): { min: string; max: string } {
  const last = new Date(now)
  last.setDate(last.getDate() + STAFF_HORIZON_DAYS)
  return { min: dayOf(null, now), max: dayOf(null, last) }
}

/** The local day `YYYY-MM-DD` of an instant (today when there is none). */
export function dayOf(iso: string | null, now = new Date()): string {
  const d = iso ? new Date(iso) : now
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}
