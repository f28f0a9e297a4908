import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator'
import {
  LEAVE_KIND_LABELS_IT,
  calendarEvent,
  calendarSequence,
  type CalendarReservation,
  type CalendarSalon,
  type LeaveKind,
} from '@salon/shared'
import { knownZone, PROD_ID, STATUSES, vtimezone, zonedTime } from './ics'

/**
 * The operator's calendar feed: one RFC 5545 VCALENDAR (METHOD:PUBLISH) with every appointment of
 * one operator, for a calendar app to subscribe to (Google Calendar "From URL", Apple Calendar
 * "New calendar subscription", Thunderbird "On the network"). Each event is the one the booking's
 * e-mails and "Aggiungi al calendario" file describe — same UID, times and texts
 * (`shared/src/calendar/event.ts`) — so an appointment already added from an e-mail is the same
 * entry, not a copy. What the operator also needs, and only they: who the customer is (name and
 * phone; never the customer's e-mail address). No database, no environment: the caller passes `now`.
 */

const LEAVE_EPOCH = Date.UTC(2026, 0, 1)

/** One appointment of the feed: the calendar facts, its change clock and the customer as the operator reads them. */
export interface FeedReservation extends CalendarReservation {
  /** When it last changed: the event's LAST-MODIFIED. */
  updatedAt: string | Date
  /** Its latest change event's id: the event's SEQUENCE (`calendarSequence`). */
  lastChange: number | string | null
  /** The customer: name and phone only (the feed has no field for an e-mail address, on purpose). */
  customer?: { name?: string | null; phone?: string | null } | null
}

export interface OperatorFeedInput {
  salon: CalendarSalon
  /** The operator's name as the salon writes it (`Giulia Bianchi`): the calendar's name says whose it is. */
  operatorName: string
  reservations: readonly FeedReservation[]
  /** DTSTAMP of every event: when the feed is made. */
  now: Date
  /** How often a calendar app should ask again (REFRESH-INTERVAL and X-PUBLISHED-TTL); default 15 minutes. */
  refreshSeconds?: number
  /** The operator's leave (issue 23): one busy event each, named by its kind ("Ferie"). */
  leave?: readonly FeedLeave[]
}

export interface FeedLeave {
  id: number
  kind: LeaveKind
  start: Date
  end: Date
  note: string | null
  updatedAt: Date
}

/** PT15M: Apple Calendar and Thunderbird honour it; Google Calendar refreshes on its own clock (hours). */
export const FEED_REFRESH_SECONDS = 15 * 60

const clean = (s: string | null | undefined) => (s ?? '').trim()

const wallClock = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(
    ms,
  )

/**
 * Whether the salon's clock shows this instant's wall time twice (the hour after a fall-back, e.g.
 * 02:30 on 2027-10-31 in Rome). RFC 5545 says such a TZID time is the first occurrence, but ical.js
 * (and so Thunderbird) read the second: such an event is written in UTC instead, right everywhere.
 */
export function isAmbiguousLocalTime(instant: Date, zone: string): boolean {
  const ms = instant.getTime()
  const wall = wallClock(ms, zone)
  return [30, 60, 120].some(
    (min) => wallClock(ms + min * 60_000, zone) === wall || wallClock(ms - min * 60_000, zone) === wall,
  )
}

/** `Salone Demo — Giulia Bianchi` (X-WR-CALNAME, the name a calendar app gives the subscription). */
export function feedName(salon: Pick<CalendarSalon, 'name'>, operatorName: string): string {
  return [clean(salon.name), clean(operatorName)].filter(Boolean).join(' — ') || 'Appuntamenti'
}

/** The customer's lines on top of the booking's own description ("Cliente: …", "Tel. cliente: …"). */
function customerLines(customer: FeedReservation['customer']): string[] {
  const lines: string[] = []
  if (clean(customer?.name)) lines.push(`Cliente: ${clean(customer?.name)}`)
  if (clean(customer?.phone)) lines.push(`Tel. cliente: ${clean(customer?.phone)}`)
  return lines
}

/** The `.ics` text (CRLF lines, folded at 75 octets) of an operator's feed. */
export function operatorFeedIcs(input: OperatorFeedInput): string {
  const { salon, operatorName, reservations, now } = input
  const refresh = input.refreshSeconds ?? FEED_REFRESH_SECONDS
  if (!Number.isSafeInteger(refresh) || refresh <= 0) throw new RangeError('refreshSeconds: a whole number > 0')
  if (Number.isNaN(now.getTime())) throw new RangeError('now: not a valid date')
  const zone = knownZone(salon.timeZone)
  const calendar = ical({
    prodId: { ...PROD_ID },
    method: ICalCalendarMethod.PUBLISH,
    name: feedName(salon, operatorName),
    // `name: null` keeps DTSTAMP in UTC (a calendar-wide name drops its `Z`, STACK-NOTES); each
    // event carries its own TZID and the generator writes the VTIMEZONE once.
    timezone: zone ? { name: null, generator: vtimezone } : null,
    ttl: refresh,
    // The zone Google Calendar shows a new subscription in.
    x: zone ? [{ key: 'X-WR-TIMEZONE', value: zone }] : [],
  })
  for (const r of reservations) {
    const event = calendarEvent(r, salon)
    const customer = customerLines(r.customer)
    const who = clean(r.customer?.name)
    const eventZone =
      zone && !isAmbiguousLocalTime(event.start, zone) && !isAmbiguousLocalTime(event.end, zone) ? zone : null
    const data: ICalEventData = {
      id: event.uid,
      sequence: calendarSequence(r.lastChange),
      stamp: now,
      lastModified: new Date(new Date(r.updatedAt).getTime()),
      start: zonedTime(event.start, eventZone),
      end: zonedTime(event.end, eventZone),
      timezone: eventZone,
      // The operator's calendar: whom first, then what (the booking's own title).
      summary: who ? `${who}: ${event.summary}` : event.summary,
      description: customer.length ? `${customer.join('\n')}\n${event.description}` : event.description,
      location: event.location || null,
      url: event.url,
      status: STATUSES[event.status],
    }
    calendar.createEvent(data)
  }
  for (const l of input.leave ?? []) {
    const eventZone = zone && !isAmbiguousLocalTime(l.start, zone) && !isAmbiguousLocalTime(l.end, zone) ? zone : null
    calendar.createEvent({
      id: `leave-${l.id}@${new URL(salon.publicUrl).hostname}`,
      // An edit of the leave moves its SEQUENCE on: seconds since 2026 of its last change.
      sequence: calendarSequence(Math.max(0, Math.floor((l.updatedAt.getTime() - LEAVE_EPOCH) / 1000))),
      stamp: now,
      lastModified: l.updatedAt,
      start: zonedTime(l.start, eventZone),
      end: zonedTime(l.end, eventZone),
      timezone: eventZone,
      summary: LEAVE_KIND_LABELS_IT[l.kind] ?? l.kind,
      description: clean(l.note) || null,
      status: ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}
