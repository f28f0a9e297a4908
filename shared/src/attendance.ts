import { z } from './schemas/zod'
import type { ReservationStatus } from './enums/index'
import { formatTime } from './format'

/**
 * Issue 26 §5: the SMS reminders and the attendance link (docs/notifications.md "SMS reminders").
 * Pure: the texts of the SMS, the link's shape, the API's bodies and answers. The token itself is
 * signed on the server (cms/src/attendance/token.ts); the web page only carries it.
 */

/** A link's token: 21 bytes in base64url (purpose, reservation, expiry, 96-bit signature). */
export const ATTENDANCE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{28}$/

/** The web route a link opens: short, on our own origin. */
export const attendancePath = (token: string) => `/a/${token}`

export const attendanceTokenParams = z.object({ token: z.string().regex(ATTENDANCE_TOKEN_PATTERN) })

export const ATTENDANCE_ANSWERS = ['confirm', 'cancel'] as const
export type AttendanceAnswer = (typeof ATTENDANCE_ANSWERS)[number]

/** POST /api/attendance/:token. */
export const attendanceAnswerBody = z.object({ answer: z.enum(ATTENDANCE_ANSWERS) })

/** PUT /api/auth/me/sms-consent (the reserved area's switch). */
export const smsConsentBody = z.object({ sms_consent: z.boolean() })

/** GET /api/attendance/:token (and the POST's answer): what the link's page shows. */
export interface AttendanceSummary {
  status: ReservationStatus
  /** ISO instants. */
  date_start: string
  date_end: string
  /** The salon's IANA zone: every time is written in it. */
  timezone: string
  services: string[]
  /** The operator's first name; null for "qualsiasi operatore". */
  operator: string | null
  salon: { name: string; phone: string | null; address: string | null }
  /** The customer may still cancel it online (the salon's cancellation policy). */
  can_cancel: boolean
  /** Until when they may (null: no time limit, or cancelling online is off). */
  cancel_until: string | null
  /** When the customer confirmed they will come (null: not yet). */
  customer_confirmed_at: string | null
}

/** Statuses whose customer is told "ti aspettiamo" and may confirm attendance: the salon agreed to the time. */
export const ATTENDANCE_STATUSES: readonly ReservationStatus[] = ['APPROVED', 'CONFIRMED', 'MODIFIED']

// Typographic characters outside GSM-7's basic alphabet, and their plain look-alikes: one such
// character in a salon's name would turn the whole SMS into UCS-2 (70 characters a segment).
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  á: 'a',
  í: 'i',
  ó: 'o',
  ú: 'u',
  â: 'a',
  ê: 'e',
  î: 'i',
  ô: 'o',
  û: 'u',
  ë: 'e',
  ï: 'i',
  È: 'E',
  À: 'A',
  Ì: 'I',
  Ò: 'O',
  Ù: 'U',
}
const plain = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/./gu, (c) => PLAIN[c] ?? c)

const WEEKDAYS = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab']
const dayFormats = new Map<string, Intl.DateTimeFormat>()
/** The local calendar day of an instant in `timeZone`: [year, month, day, weekday 0–6]. */
function localDay(at: Date, timeZone: string): [number, number, number, number] {
  let f = dayFormats.get(timeZone)
  if (!f)
    dayFormats.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })),
    )
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]))
  const [y, m, d] = [Number(parts.year), Number(parts.month), Number(parts.day)]
  return [y, m, d, new Date(Date.UTC(y, m - 1, d)).getUTCDay()]
}

/**
 * When, as an SMS says it: "oggi alle 10:00", "domani alle 10:00", else "sab 28/11 alle 10:00" —
 * in the salon's zone, short (one segment).
 */
export function smsWhen(start: string | Date, timeZone: string, now: Date = new Date()): string {
  const at = new Date(start)
  const [y, m, d, wd] = localDay(at, timeZone)
  const [ny, nm, nd] = localDay(now, timeZone)
  const days = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(ny, nm - 1, nd)) / 86_400_000)
  const time = formatTime(at, timeZone)
  if (days === 0) return `oggi alle ${time}`
  if (days === 1) return `domani alle ${time}`
  return `${WEEKDAYS[wd]} ${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')} alle ${time}`
}

/** The longest SMS we aim for: one GSM-7 segment. */
export const SMS_ONE_SEGMENT = 160

/** The salon's name, plain and cut so that `rest` still fits one segment (never below 12 characters). */
function salonFitting(name: string, rest: number) {
  const clean = plain(name) || 'Il salone'
  const room = Math.max(12, SMS_ONE_SEGMENT - rest)
  return clean.length <= room ? clean : `${clean.slice(0, room - 1).trimEnd()}.`
}

export interface SmsTextInput {
  salon: string
  start: string | Date
  timeZone: string
  /** The attendance link (absolute). */
  link: string
  now?: Date
}

/** The reminder: "Salone Demo: ti aspettiamo sab 28/11 alle 10:00. Confermi o annulli qui: https://…/a/…". */
export function reminderSmsText(i: SmsTextInput): string {
  const rest = `: ti aspettiamo ${smsWhen(i.start, i.timeZone, i.now)}. Confermi o annulli qui: ${i.link}`
  return salonFitting(i.salon, rest.length) + rest
}

/** The booking's confirmation: "Salone Demo: confermato, ti aspettiamo sab 28/11 alle 10:00. Per annullare: https://…/a/…". */
export function confirmationSmsText(i: SmsTextInput): string {
  const rest = `: confermato, ti aspettiamo ${smsWhen(i.start, i.timeZone, i.now)}. Per annullare: ${i.link}`
  return salonFitting(i.salon, rest.length) + rest
}
