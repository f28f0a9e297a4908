/**
 * Formatting for what a customer reads — the public site and the booking e-mails — in the words of
 * GLOSSARY.md "Formats": Italian locale, euro, the salon's time zone.
 *
 * The same text Intl writes (format.test.ts compares them over thousands of values), by table:
 * a page's first Intl call sets up ICU, 15–50 ms on this machine and 4× that on a phone, and these
 * run while `/` and `/reserve` hydrate. Times in the salon's zone use the zone's offsets
 * (booking/zone.ts: a table the server sends, Intl where there is none).
 */
import { instantToWallClock } from './booking/zone'

const NBSP = '\u00a0'
/** Past this a price goes to Intl (no price comes near it; whole cents stay exact far beyond). */
const BY_TABLE_BELOW = 1e13
let euroIntl: Intl.NumberFormat | undefined

/** 25 → "25,00 €", 12345 → "12.345,00 €" (as Intl's it-IT: 4 digits are not grouped). */
export function formatPrice(value: number): string {
  const size = Math.abs(value)
  if (!(size < BY_TABLE_BELOW)) {
    euroIntl ??= new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })
    return euroIntl.format(value)
  }
  // Intl rounds the shortest decimal that reads back as the number (String(1.005) = "1.005"),
  // half away from zero: 1.005 → 1,01 although the double is a hair below 1.005.
  let cents = 0
  if (size >= 1e-6) {
    const [whole = '0', fraction = ''] = String(size).split('.')
    cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'))
    if (fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1
  } // below a millionth String() writes an exponent; it is 0,00 € anyway
  const euros = String(Math.floor(cents / 100))
  const grouped = euros.length < 5 ? euros : euros.replace(/\B(?=(\d{3})+$)/g, '.')
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  return `${sign}${grouped},${String(cents % 100).padStart(2, '0')}${NBSP}€`
}

/** 45 → "45 min", 60 → "1 h", 90 → "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes))
  if (total < 60) return `${total} min`
  const h = Math.floor(total / 60)
  const m = total % 60
  return m ? `${h} h ${m} min` : `${h} h`
}

/** Sunday first, as `getUTCDay`. */
export const WEEKDAYS_IT = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'] as const
export const MONTHS_IT = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const

/** A Date whose UTC fields are the given wall clock; RangeError (as Intl) when it is no date. */
function utcDate(ms: number): Date {
  const d = new Date(ms)
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value')
  return d
}

const dayOfDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return utcDate(Date.UTC(y, m - 1, d, 12))
}

/** "martedì 15 dicembre" of a Date read in UTC. */
const longDay = (d: Date) => `${WEEKDAYS_IT[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS_IT[d.getUTCMonth()]}`

/** "2026-12-15" → "martedì 15 dicembre" (a calendar day: no time zone involved). */
export const formatDay = (day: string) => longDay(dayOfDate(day))

/** "2026-12" → "dicembre 2026". */
export function formatMonth(month: string) {
  const d = dayOfDate(`${month}-01`)
  return `${MONTHS_IT[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** The wall clock of an instant in `timeZone`, as a Date read in UTC. */
const wallOf = (iso: string | Date, timeZone: string) =>
  utcDate(instantToWallClock(utcDate(new Date(iso).getTime()).getTime(), timeZone))

const two = (n: number) => (n < 10 ? `0${n}` : String(n))
const hhmm = (wall: Date) => `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`

/** An instant (ISO text or Date) as `HH:mm` in the salon's time zone. */
export const formatTime = (iso: string | Date, timeZone: string) => hhmm(wallOf(iso, timeZone))

/** An instant as "martedì 24 novembre, 10:30" in the salon's time zone (GLOSSARY "Formats"). */
export function formatDateTime(iso: string | Date, timeZone: string) {
  const wall = wallOf(iso, timeZone)
  return `${longDay(wall)}, ${hhmm(wall)}`
}
