/**
 * Formatting for what a customer reads — the public site and the booking e-mails — in the words of
 * GLOSSARY.md "Formats": Italian locale, euro, the salon's time zone. Intl only, no dependencies.
 */

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })

/** 25 → "25,00 €". */
export const formatPrice = (value: number) => euro.format(value)

/** 45 → "45 min", 60 → "1 h", 90 → "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes))
  if (total < 60) return `${total} min`
  const h = Math.floor(total / 60)
  const m = total % 60
  return m ? `${h} h ${m} min` : `${h} h`
}

const dayFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
const monthFormat = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayOfDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d, 12))
}

/** "2026-12-15" → "martedì 15 dicembre" (a calendar day: no time zone involved). */
export const formatDay = (day: string) => dayFormat.format(dayOfDate(day))

/** "2026-12" → "dicembre 2026". */
export const formatMonth = (month: string) => monthFormat.format(dayOfDate(`${month}-01`))

const timeFormats = new Map<string, Intl.DateTimeFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()
const cached = (cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  let f = cache.get(timeZone)
  if (!f) cache.set(timeZone, (f = new Intl.DateTimeFormat('it-IT', { ...options, timeZone })))
  return f
}

/** An instant (ISO text or Date) as `HH:mm` in the salon's time zone. */
export const formatTime = (iso: string | Date, timeZone: string) =>
  cached(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))

/** An instant as "martedì 24 novembre, 10:30" in the salon's time zone (GLOSSARY "Formats"). */
export function formatDateTime(iso: string | Date, timeZone: string) {
  const parts = cached(dateTimeFormats, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(iso),
  )
  return `${parts}, ${formatTime(iso, timeZone)}`
}
