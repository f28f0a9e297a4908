import { dateFormat, formatCalendarDay, formatClock } from '../../lib/format'
import type { WaitlistEntryItem } from '@salon/shared/schemas/waitlist'

/**
 * The waitlist's words for time: "2 days ago · 24 Nov, 10:15" (relative, then the date on the
 * salon's clock), a day as "Sat 5 Dec", a client's name. Pure: `now`, the language and the zone
 * are parameters.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 days ago" / "3 giorni fa"; "now" under a minute. */
export function relativeSince(iso: string, now: Date, intl: string): string {
  const diff = Date.parse(iso) - now.getTime()
  const rtf = new Intl.RelativeTimeFormat(intl, { numeric: 'auto' })
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit)
  }
  return rtf.format(0, 'minute')
}

/** "24 Nov, 10:15" on the salon's clock. */
export const shortWhen = (iso: string, intl: string, timeZone: string) =>
  dateFormat(intl, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  )

/** "2 days ago · 24 Nov, 10:15". */
export const sinceText = (iso: string, now: Date, intl: string, timeZone: string) =>
  `${relativeSince(iso, now, intl)} · ${shortWhen(iso, intl, timeZone)}`

/** "Sat 5 Dec" / "sab 5 dic". */
export const dayLabel = (day: string, intl: string) =>
  formatCalendarDay(day, intl, { weekday: 'short', day: 'numeric', month: 'short' })

/** "Saturday 5 December 2026" / "sabato 5 dicembre 2026" (the page's heading). */
export const longDay = (day: string, intl: string) =>
  formatCalendarDay(day, intl, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

export const clockOf = formatClock

/** The client's name as the list shows it (a card without a name: its number). */
export const entryName = (e: WaitlistEntryItem, fallback: (id: number) => string) =>
  e.client?.name?.trim() || fallback(e.client?.id ?? e.id)
