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

const STATUSES = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
} as const

/** The VTIMEZONE of an IANA zone, or null when the bundled database does not know it. */
export const vtimezone = (timeZone: string): string | null => getVtimezoneComponent(timeZone)

/** The `.ics` text (CRLF lines, folded at 75 octets) of one reservation. */
export function reservationIcs(input: ReservationIcsInput): string {
  const { reservation, salon, method, sequence, now, attendee } = input
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError('sequence: a whole number ≥ 0')
  if (Number.isNaN(now.getTime())) throw new RangeError('now: not a valid date')
  if (method !== 'PUBLISH' && (!attendee?.email || !salon.email)) {
    throw new Error(`${method} needs an attendee and the salon's e-mail as organizer (RFC 5546)`)
  }
  const event = calendarEvent(reservation, salon)
  // Local times with TZID + VTIMEZONE when the zone is known, so a calendar shows the salon's clock
  // even after a DST rule change; otherwise UTC, which is still the right instant everywhere.
  const zone = vtimezone(event.timeZone) ? event.timeZone : null

  // `timezone.name: null` keeps DTSTAMP in UTC; the per-event timezone writes DTSTART/DTEND with
  // TZID. The times are TZDates: a plain Date would be written in the server's own clock.
  const calendar = ical({
    prodId: { company: 'salon-booking', product: 'reservations', language: 'IT' },
    method: METHODS[method],
    timezone: zone ? { name: null, generator: vtimezone } : null,
  })
  const data: ICalEventData = {
    id: event.uid,
    sequence,
    stamp: now,
    start: zone ? new TZDate(event.start.getTime(), zone) : event.start,
    end: zone ? new TZDate(event.end.getTime(), zone) : event.end,
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
  return calendar.toString()
}
