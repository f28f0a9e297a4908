import type { ReservationStatus } from '../enums/index'

/**
 * What happened to a reservation, one row of `reservation_events` per change. The dashboard shows
 * them as the booking's history; the notifications read them to know whom to tell what.
 *
 * - CREATED: a customer opened a booking session (a draft holding no time yet).
 * - CONFIRMED: the customer confirmed the draft: it now holds a time.
 * - BOOKED: the salon booked a customer in (dashboard, phone, walk-in).
 * - MOVED: the time, the operator or the services changed (the status may change with it).
 * - STATUS_CHANGED: only the status changed (approved, cancelled, completed…).
 * - EDITED: anything else (the note).
 * - IMPORTED: the reservation came in with the demo data or an import, not through a screen.
 * - UNDONE: staff took back a final status set by mistake (the previous status, and end, again).
 * - FREED: staff freed the rest of an appointment over before its end (its end became then).
 */
export const RESERVATION_EVENT_KINDS = [
  'CREATED',
  'CONFIRMED',
  'BOOKED',
  'MOVED',
  'STATUS_CHANGED',
  'EDITED',
  'IMPORTED',
  'UNDONE',
  'FREED',
] as const
export type ReservationEventKind = (typeof RESERVATION_EVENT_KINDS)[number]

/** The parts of a reservation an event compares. Instants as ISO strings; services in booking order. */
export interface ReservationSnapshot {
  status: ReservationStatus
  date_start: string | null
  date_end: string | null
  operator: number | null
  services: number[]
  duration: number
  total_price: number
  note: string | null
}

export type ReservationChanges = Partial<{
  [K in keyof ReservationSnapshot]: { from: ReservationSnapshot[K] | null; to: ReservationSnapshot[K] }
}>

const FIELDS = [
  'status',
  'date_start',
  'date_end',
  'operator',
  'services',
  'duration',
  'total_price',
  'note',
] as const satisfies readonly (keyof ReservationSnapshot)[]

const instant = (v: string | null) => (v === null ? null : new Date(v).getTime())
const sameValue = (k: keyof ReservationSnapshot, a: unknown, b: unknown) => {
  if (k === 'services') return JSON.stringify(a ?? []) === JSON.stringify(b ?? [])
  if (k === 'date_start' || k === 'date_end') return instant(a as string | null) === instant(b as string | null)
  if (k === 'duration' || k === 'total_price') return Number(a ?? 0) === Number(b ?? 0)
  return (a ?? null) === (b ?? null)
}

/** Field by field, what a write changed ({} when nothing did). A creation lists every field set. */
export function reservationChanges(before: ReservationSnapshot | null, after: ReservationSnapshot): ReservationChanges {
  const out: Record<string, { from: unknown; to: unknown }> = {}
  for (const k of FIELDS) {
    const from = before ? before[k] : null
    const to = after[k]
    if (before ? !sameValue(k, from, to) : to !== null && !(Array.isArray(to) && to.length === 0))
      out[k] = { from: from ?? null, to }
  }
  return out as ReservationChanges
}

/** The kind of event a write is, read from the reservation before (null: it did not exist) and after. */
export function reservationEventKind(
  before: ReservationSnapshot | null,
  after: ReservationSnapshot,
): ReservationEventKind {
  if (!before) return after.status === 'PENDING_CONFIRMATION' ? 'CREATED' : 'BOOKED'
  if (before.status === 'PENDING_CONFIRMATION' && after.status !== 'PENDING_CONFIRMATION' && after.date_start)
    return 'CONFIRMED'
  const changes = reservationChanges(before, after)
  if (changes.date_start || changes.operator || changes.services) return 'MOVED'
  if (changes.status) return 'STATUS_CHANGED'
  return 'EDITED'
}

/** One recorded change, as the customer's list reads it to mark changes the salon made. */
export interface EventFacts {
  kind: ReservationEventKind
  actorId: number | null
  actorRole: string | null
  /** The fields the event changed (`changes` keys). */
  changed: string[]
  at: string
}

/**
 * Whether an event is the salon changing the appointment the customer knows — its time, operator,
 * services (MOVED) or its length (an edit of the end: a resize in the agenda) — made by staff who
 * are not the customer themself. Bookings the salon made, notes and status changes are not.
 */
export function isSalonChange(e: EventFacts, customerId: number | null): boolean {
  if (e.actorRole !== 'ADMIN' && e.actorRole !== 'OPERATOR') return false
  if (e.actorId !== null && e.actorId === customerId) return false
  return e.kind === 'MOVED' || (e.kind === 'EDITED' && e.changed.includes('date_end'))
}

/** When the salon last changed the appointment (`isSalonChange`), or null. */
export function lastSalonChange(events: readonly EventFacts[], customerId: number | null): string | null {
  let last: string | null = null
  for (const e of events) if (isSalonChange(e, customerId) && (last === null || e.at > last)) last = e.at
  return last
}
