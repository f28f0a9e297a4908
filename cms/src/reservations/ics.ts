import { TZDate } from '@date-fns/tz'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalEventData,
} from 'ical-generator'
import { calendarEvent, type CalendarReservation, type CalendarSalon } from '@salon/shared'

/**
 * RFC 5545 calendar files of one reservation — the download of the thank-you page (PUBLISH) and,
 * unchanged, the attachments of booking e-mails (REQUEST for a new or changed booking, CANCEL for
 * a cancelled one; RFC 5546). Texts come from `shared/src/calendar/event.ts`, so the file and the
 * Google Calendar link say the same thing. No database, no environment: the caller passes `now`.
 */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

export interface ReservationIcsInput {
  reservation: CalendarReservation
  salon: CalendarSalon
  method: IcsMethod
  /** Must grow with every change of the reservation (see `calendarSequence`). */
  sequence: number
  /** DTSTAMP: when this file is made. */
  now: Date
  /** The customer. Required by REQUEST and CANCEL (RFC 5546: the ATTENDEE the message is for). */
  attendee?: { email: string; name?: string | null } | null
}

const METHODS: Record<IcsMethod, ICalCalendarMethod> = {
  PUBLISH: ICalCalendarMethod.PUBLISH,
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
}

/** RFC 5545 STATUS of an event as ical-generator names it (shared with the operator's feed). */
export const STATUSES = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
} as const

/** The VTIMEZONE of an IANA zone, or null when the bundled database does not know it. */
export const vtimezone = (timeZone: string): string | null => getVtimezoneComponent(timeZone)

/** PRODID of every calendar file we make. */
export const PROD_ID = { company: 'salon-booking', product: 'reservations', language: 'IT' } as const

/**
 * The zone an event's times are written in: the salon's when the bundled database knows it (local
 * times with TZID + VTIMEZONE, so a calendar shows the salon's clock even after a DST rule change),
 * otherwise null — UTC, which is still the right instant everywhere.
 */
export const knownZone = (timeZone: string): string | null => (vtimezone(timeZone) ? timeZone : null)

/** An instant as ical-generator must get it: a TZDate in `zone` (a plain Date would be written in the server's clock), or UTC. */
export const zonedTime = (instant: Date, zone: string | null): Date =>
  zone ? new TZDate(instant.getTime(), zone) : instant

/** The `.ics` text (CRLF lines, folded at 75 octets) of one reservation. */
export function reservationIcs(input: ReservationIcsInput): string {
  const { reservation, sequence, ...rest } = input
  return reservationsIcs({ ...rest, events: [{ reservation, sequence }] })
}

/**
 * The `.ics` text of several reservations, one VEVENT each with its own UID and SEQUENCE — a
 * repeating appointment's mail (issue 27): each occurrence can later be moved or cancelled on its
 * own, and its own REQUEST or CANCEL (same UID, higher SEQUENCE) updates just that event in the
 * customer's calendar. One RRULE event would need RECURRENCE-ID exceptions for that, which calendar
 * apps handle inconsistently (docs/notifications.md "Repeating appointments").
 */
export function reservationsIcs(
  input: Omit<ReservationIcsInput, 'reservation' | 'sequence'> & {
    events: { reservation: CalendarReservation; sequence: number }[]
  },
): string {
  const { salon, method, now, attendee, events } = input
  if (Number.isNaN(now.getTime())) throw new RangeError('now: not a valid date')
  if (method !== 'PUBLISH' && (!attendee?.email || !salon.email)) {
    throw new Error(`${method} needs an attendee and the salon's e-mail as organizer (RFC 5546)`)
  }
  const zone = knownZone(salon.timeZone)
  // `timezone.name: null` keeps DTSTAMP in UTC; the per-event timezone writes DTSTART/DTEND with
  // TZID. The times are TZDates: a plain Date would be written in the server's own clock.
  const calendar = ical({
    prodId: { ...PROD_ID },
    method: METHODS[method],
    timezone: zone ? { name: null, generator: vtimezone } : null,
  })
  for (const { reservation, sequence } of events) {
    if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError('sequence: a whole number ≥ 0')
    const event = calendarEvent(reservation, salon)
    const data: ICalEventData = {
      id: event.uid,
      sequence,
      stamp: now,
      start: zonedTime(event.start, zone),
      end: zonedTime(event.end, zone),
      timezone: zone,
      summary: event.summary,
      description: event.description,
      location: event.location || null,
      url: event.url,
      status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : STATUSES[event.status],
      organizer: salon.email ? { name: salon.name, email: salon.email } : null,
    }
    const vevent = calendar.createEvent(data)
    if (attendee?.email) {
      vevent.createAttendee({
        email: attendee.email,
        name: attendee.name || null,
        role: ICalAttendeeRole.REQ,
        // The customer booked it: nothing to accept or decline.
        status: method === 'REQUEST' ? ICalAttendeeStatus.ACCEPTED : null,
        rsvp: false,
      })
    }
  }
  return calendar.toString()
}
