import type { ReservationStatus } from '../enums/index'
import { RESERVATION_STATUS_LABELS } from '../glossary'
import { ROUTE_NAMES } from '../routes'

/**
 * One booking as a calendar event: the facts both the `.ics` generator (cms) and the Google
 * Calendar link (web) start from, and the Italian texts they share, so that a customer reads the
 * same title and description whichever button they press. Pure: no clock, no environment.
 */

/** The reservation facts a calendar event needs. Instants are ISO-8601 strings (with Z or offset) or Dates. */
export interface CalendarReservation {
  id: number
  start: string | Date
  end: string | Date
  status: ReservationStatus
  /** Service titles in the booked order. */
  services: readonly string[]
  /** The operator's name as customers read it (null for a booking without one yet). */
  operator?: string | null
  note?: string | null
}

/** The salon as the calendar event shows it. */
export interface CalendarSalon {
  name: string
  address?: string | null
  phone?: string | null
  email?: string | null
  /** IANA time zone of the salon (`config.timezone`). */
  timeZone: string
  /** The public origin (SERVER_URL), e.g. `https://salone.example`, without a trailing slash. */
  publicUrl: string
}

/** RFC 5545 STATUS of a VEVENT. */
export type CalendarEventStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'

/**
 * Confirmed, or done (COMPLETED, NO_SHOW: the time was fixed) → CONFIRMED; refused or cancelled →
 * CANCELLED; everything still waiting for the salon or the customer → TENTATIVE.
 */
export function calendarStatus(status: ReservationStatus): CalendarEventStatus {
  switch (status) {
    case 'CONFIRMED':
    case 'COMPLETED':
    case 'NO_SHOW':
      return 'CONFIRMED'
    case 'CANCELLED':
    case 'REJECTED':
      return 'CANCELLED'
    default:
      return 'TENTATIVE'
  }
}

/** A valid instant or a RangeError naming the field (a calendar file with a wrong time is worse than none). */
export function instantOf(value: string | Date, field: string): Date {
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value)
  if (Number.isNaN(d.getTime())) throw new RangeError(`${field}: not a valid date-time (${String(value)})`)
  return d
}

const clean = (s: string | null | undefined) => (s ?? '').trim()

/** `Taglio donna, Piega — Salone Demo` (the glossary's "appuntamento" when no service is known). */
export function eventSummary(reservation: CalendarReservation, salon: CalendarSalon): string {
  const services = reservation.services.map(clean).filter(Boolean).join(', ') || 'Appuntamento'
  const name = clean(salon.name)
  return name ? `${services} — ${name}` : services
}

/** The customer's bookings page: "I miei appuntamenti". */
export const myBookingsUrl = (salon: Pick<CalendarSalon, 'publicUrl'>) =>
  `${salon.publicUrl.replace(/\/+$/, '')}${ROUTE_NAMES.reservedArea}`

/** Where the event happens: the address, or the salon's name when no address is set. */
export function eventLocation(salon: CalendarSalon): string {
  return clean(salon.address) || clean(salon.name)
}

/** The event's description, one fact per line, in Italian. */
export function eventDescription(reservation: CalendarReservation, salon: CalendarSalon): string {
  const services = reservation.services.map(clean).filter(Boolean)
  const lines: string[] = []
  if (services.length) lines.push(`${services.length > 1 ? 'Servizi' : 'Servizio'}: ${services.join(', ')}`)
  if (clean(reservation.operator)) lines.push(`Con: ${clean(reservation.operator)}`)
  lines.push(`Stato: ${RESERVATION_STATUS_LABELS[reservation.status].it}`)
  if (clean(reservation.note)) lines.push(`Note: ${clean(reservation.note)}`)
  if (clean(salon.name)) lines.push('', clean(salon.name))
  if (clean(salon.address)) lines.push(clean(salon.address))
  if (clean(salon.phone)) lines.push(`Tel. ${clean(salon.phone)}`)
  lines.push('', `I miei appuntamenti: ${myBookingsUrl(salon)}`)
  return lines.join('\n')
}

/**
 * A UID that stays the same for a reservation forever, so that every file and e-mail about it
 * updates one calendar entry: `reservation-<id>@<host of the public URL>`.
 */
export function reservationUid(id: number, publicUrl: string): string {
  return `reservation-${id}@${new URL(publicUrl).hostname}`
}

/**
 * Where SEQUENCE numbers start: above every number the first version issued (whole seconds since
 * 2026-01-01, below 30 million until mid-December 2026), because a calendar app ignores an update
 * whose SEQUENCE is lower than the copy it holds.
 */
export const CALENDAR_SEQUENCE_BASE = 30_000_000

/**
 * The SEQUENCE of a reservation's calendar event: {@link CALENDAR_SEQUENCE_BASE} + the id of its
 * latest recorded change (the `reservation_events` row every change writes; 0 when none). Event
 * ids only grow and every change records one, so each change gets a higher number — two changes in
 * the same second too, which the clock-derived number of the first version could not tell apart
 * (the second one was then ignored by calendar apps). Throws unless `lastChange` is a whole number
 * ≥ 0 that keeps the result an RFC 5545 INTEGER (below 2^31).
 */
export function calendarSequence(lastChange: number | string | null | undefined): number {
  const n = Number(lastChange ?? 0)
  if (!Number.isSafeInteger(n) || n < 0 || CALENDAR_SEQUENCE_BASE + n >= 2 ** 31)
    throw new RangeError(`lastChange: ${String(lastChange)}`)
  return CALENDAR_SEQUENCE_BASE + n
}

/** Everything a calendar event of this reservation says, computed once for every format. */
export interface CalendarEvent {
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  location: string
  status: CalendarEventStatus
  url: string
  timeZone: string
}

export function calendarEvent(reservation: CalendarReservation, salon: CalendarSalon): CalendarEvent {
  const start = instantOf(reservation.start, 'start')
  const end = instantOf(reservation.end, 'end')
  if (end.getTime() <= start.getTime()) throw new RangeError('end: must be after start')
  return {
    uid: reservationUid(reservation.id, salon.publicUrl),
    start,
    end,
    summary: eventSummary(reservation, salon),
    description: eventDescription(reservation, salon),
    location: eventLocation(salon),
    status: calendarStatus(reservation.status),
    url: myBookingsUrl(salon),
    timeZone: salon.timeZone,
  }
}
