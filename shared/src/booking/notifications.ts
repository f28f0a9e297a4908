import { LIVE_STATUSES, type ReservationStatus } from '../enums/index'
import { CONFIG_DEFAULTS } from '../constants'
import type { ReservationChanges, ReservationEventKind } from './events'
import { instantToWallClock, parseInstant, toEpochMs, wallClockToInstant } from './zone'

/**
 * Which booking e-mails a reservation event sends, and when the reminders go out. Pure: the mail
 * worker reads an event row and the settings (`config`), asks here whom to tell what, and renders
 * the mail with `reservationMail` (cms/src/notifications/reservationMails.ts). docs/notifications.md has
 * the table in words.
 */

export const NOTIFICATION_KINDS = [
  'RECEIVED',
  'CONFIRMED',
  'REJECTED',
  'CANCELLED',
  'MOVED',
  'MODIFIED',
  'REMINDER',
  'SALON_NEW_BOOKING',
  'SALON_CANCELLED',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The customer of the reservation, or the salon's own address (`config.email`). */
export type NotificationRecipient = 'CUSTOMER' | 'SALON'

export interface Notification {
  to: NotificationRecipient
  kind: NotificationKind
}

/** The notification settings of `config` (missing values read as CONFIG_DEFAULTS). */
export interface NotificationSettings {
  mailCustomerBookings?: boolean | null
  mailCustomerChanges?: boolean | null
  /** Numbers, or the numeric strings a `numeric` column gives when read with SQL. */
  reminderHours?: number | string | null
  secondReminderHours?: number | string | null
  mailSalonNewBookings?: boolean | null
  mailSalonCancellations?: boolean | null
  autoCompleteHours?: number | string | null
  /** The salon's IANA time zone (`config.timezone`), for the reminders. */
  timezone?: string | null
}

/** One `reservation_events` row as the notifications read it. */
export interface NotificationEvent {
  kind: ReservationEventKind
  from: ReservationStatus | null
  to: ReservationStatus
  /** Who made the change (null: the system, e.g. an import or a scheduled job). */
  actorRole: 'USER' | 'OPERATOR' | 'ADMIN' | null
  /** The actor is the reservation's own customer. */
  byCustomer: boolean
  changes: ReservationChanges
}

const flag = (value: boolean | null | undefined, fallback: boolean) => (typeof value === 'boolean' ? value : fallback)

/** Whether the settings let this mail go (each kind has one switch; REMINDER has its hours). */
export function notificationEnabled(n: Notification, settings: NotificationSettings): boolean {
  switch (n.kind) {
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'REJECTED':
      return flag(settings.mailCustomerBookings, CONFIG_DEFAULTS.mailCustomerBookings)
    case 'CANCELLED':
    case 'MOVED':
    case 'MODIFIED':
      return flag(settings.mailCustomerChanges, CONFIG_DEFAULTS.mailCustomerChanges)
    case 'REMINDER':
      return true
    case 'SALON_NEW_BOOKING':
      return flag(settings.mailSalonNewBookings, CONFIG_DEFAULTS.mailSalonNewBookings)
    case 'SALON_CANCELLED':
      return flag(settings.mailSalonCancellations, CONFIG_DEFAULTS.mailSalonCancellations)
  }
}

/** The salon has agreed to the time. */
const AGREED: ReadonlySet<ReservationStatus> = new Set(['APPROVED', 'CONFIRMED', 'MODIFIED'])
/** Waiting for the salon (or a payment): the customer is told it was received, not confirmed. */
const WAITING: ReadonlySet<ReservationStatus> = new Set(['PENDING', 'PENDING_PAYMENT'])

/** A booking still waiting for the salon (or for payment): its mails say so and carry no calendar file. */
export const isWaiting = (status: ReservationStatus) => WAITING.has(status)
/** Done: the appointment happened (or did not); nobody is told. */
const DONE: ReadonlySet<ReservationStatus> = new Set(['COMPLETED', 'NO_SHOW'])
/** Edits the customer would notice without a move: what they pay, how long it lasts, the note. */
const NOTICEABLE_EDITS = ['total_price', 'duration', 'date_end', 'note'] as const

/**
 * The mails one reservation event sends, customer's first, already filtered by the settings.
 *
 * - A draft (PENDING_CONFIRMATION) never mails, nor does a draft that is dropped, an import, or an
 *   appointment marked COMPLETED / NO_SHOW.
 * - A new booking (the customer confirmed the draft, or it was booked in): waiting for the salon →
 *   RECEIVED; already agreed (auto-confirm, or booked by staff) → CONFIRMED; plus SALON_NEW_BOOKING
 *   unless the salon made it itself (staff booking a customer in already know).
 * - The salon approves or confirms a waiting booking (or re-confirms a MODIFIED one) → CONFIRMED;
 *   APPROVED → CONFIRMED sends nothing more (the customer was told at the approval).
 * - REJECTED → REJECTED. CANCELLED → CANCELLED to the customer even when they cancelled it
 *   themself (a short confirmation whose CANCEL file drops the calendar entry), and
 *   SALON_CANCELLED when it was the customer. An edit of a booking already cancelled or rejected
 *   sends nothing (they were told once).
 * - UNDONE (staff took back a final status): from CANCELLED or REJECTED → CONFIRMED (or RECEIVED
 *   when it is waiting again); from COMPLETED or NO_SHOW → nothing. FREED → nothing.
 * - A move (time, operator or services) → MOVED (or CONFIRMED when the same write also confirmed
 *   a waiting booking: one mail with the new time). Status MODIFIED, or a staff edit of the price,
 *   the duration or the note → MODIFIED. A customer's own edit of their note sends nothing.
 */
export function notificationsFor(event: NotificationEvent, settings: NotificationSettings): Notification[] {
  const out: Notification[] = []
  const customer = (kind: NotificationKind) => out.push({ to: 'CUSTOMER', kind })
  const salon = (kind: NotificationKind) => out.push({ to: 'SALON', kind })
  const { kind, from, to } = event
  const byStaff = !event.byCustomer && (event.actorRole === 'OPERATOR' || event.actorRole === 'ADMIN')
  const fromDraft = from === null || from === 'PENDING_CONFIRMATION'

  if (kind === 'CREATED' || kind === 'IMPORTED' || to === 'PENDING_CONFIRMATION' || DONE.has(to)) return out

  if (kind === 'UNDONE') {
    // A cancellation or refusal taken back: the customer was told it was off, so they are told it
    // stands again (with the calendar file). A completion or no-show taken back told nobody.
    if (from === 'CANCELLED' || from === 'REJECTED') customer(AGREED.has(to) ? 'CONFIRMED' : 'RECEIVED')
    return out.filter((n) => notificationEnabled(n, settings))
  }

  if (to === 'CANCELLED' || to === 'REJECTED') {
    // A draft dropped: nothing was ever booked. A booking already called off and edited (a staff
    // note): the customer was told once.
    if (fromDraft || from === to) return out
    if (to === 'REJECTED') customer('REJECTED')
    else {
      customer('CANCELLED')
      if (event.byCustomer) salon('SALON_CANCELLED')
    }
  } else if (kind === 'CONFIRMED' || kind === 'BOOKED' || fromDraft) {
    customer(AGREED.has(to) ? 'CONFIRMED' : 'RECEIVED')
    if (!byStaff) salon('SALON_NEW_BOOKING')
  } else if (AGREED.has(to) && to !== 'MODIFIED' && from !== null && (WAITING.has(from) || from === 'MODIFIED')) {
    customer('CONFIRMED')
  } else if (kind === 'MOVED') {
    customer('MOVED')
  } else if (to === 'MODIFIED' && from !== 'MODIFIED') {
    customer('MODIFIED')
  } else if (kind === 'EDITED' && !event.byCustomer && NOTICEABLE_EDITS.some((k) => event.changes[k])) {
    customer('MODIFIED')
  }
  return out.filter((n) => notificationEnabled(n, settings))
}

export type IcsMethodForMail = 'REQUEST' | 'CANCEL'

/**
 * The calendar file a mail carries (RFC 5546 method for `reservationIcs`), or null for none:
 * CONFIRMED, MOVED, MODIFIED → REQUEST (adds or updates the entry); CANCELLED, REJECTED → CANCEL
 * (removes it; harmless when the calendar never had it). RECEIVED → none: a pending booking is not
 * yet agreed and should not sit in the customer's calendar as if it were. With `status`, a MOVED or
 * MODIFIED mail about a booking still waiting for the salon carries none for the same reason.
 * REMINDER and the salon's mails carry none.
 */
export function icsMethodFor(kind: NotificationKind, status?: ReservationStatus | null): IcsMethodForMail | null {
  switch (kind) {
    case 'CONFIRMED':
      return 'REQUEST'
    case 'MOVED':
    case 'MODIFIED':
      return status && WAITING.has(status) ? null : 'REQUEST'
    case 'CANCELLED':
    case 'REJECTED':
      return 'CANCEL'
    default:
      return null
  }
}

/** Statuses whose appointment is still ahead and holds its time: they get reminders. */
export const REMINDED_STATUSES: readonly ReservationStatus[] = LIVE_STATUSES.filter((s) => s !== 'PENDING_CONFIRMATION')
const REMINDED: ReadonlySet<ReservationStatus> = new Set(REMINDED_STATUSES)

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/**
 * `hours` before `start`: a whole number of days goes back that many calendar days to the same
 * local clock time in `timeZone` (a "24 h" reminder of a 10:00 appointment arrives at 10:00 the day
 * before, even across a daylight-saving change, when that is 23 or 25 elapsed hours); any other
 * number is elapsed hours. A local time skipped by the spring change resolves to the moment the
 * clocks jump (zone.ts).
 */
export function hoursBefore(start: Date | number, hours: number, timeZone: string): Date {
  const t = toEpochMs(start)
  if (hours % 24 === 0) {
    const wall = instantToWallClock(t, timeZone) - (hours / 24) * DAY_MS
    return new Date(wallClockToInstant(wall, timeZone))
  }
  return new Date(t - hours * HOUR_MS)
}

export interface Reminder {
  /** 1: the first reminder (`reminderHours`), 2: the second (`secondReminderHours`). */
  index: 1 | 2
  at: Date
}

/**
 * Hours from a setting: a whole number above 0, else 0 (off); missing → the default. Numeric
 * strings count (PostgreSQL `numeric` columns read with SQL arrive as "24").
 */
const hoursOf = (v: number | string | null | undefined, fallback: number) => {
  if (v === null || v === undefined || v === '') return fallback
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

/**
 * The reminders of a booking still due at `now`, earliest first. None for a booking that does not
 * hold its time (drafts, cancelled, rejected, done) or has no readable start. Each reminder is
 * `start − hours` (see `hoursBefore`); a reminder whose time has passed is skipped, not sent late —
 * a booking made 10 hours ahead with reminders at 24 and 2 hours gets only the second one. A
 * second reminder that would not come after the first (only possible across a DST change) is
 * skipped too. The two settings are independent: the second may be on with the first off.
 * `timeZone` defaults to `settings.timezone`, then Europe/Rome.
 */
/**
 * Whether a reminder recorded for the appointment starting at `remindedStart` may still go out at
 * `now`. Its send may have been retried for hours (the mail server down): by then the booking may
 * have been cancelled, moved, or begun — a late or stale reminder only confuses. It goes out while
 * the booking still gets reminders, still starts at that time, and has not started.
 */
export function reminderStillWanted(
  reservation: { status: ReservationStatus; date_start: string | Date | null } | null | undefined,
  remindedStart: string,
  now: Date | number,
): boolean {
  if (!reservation || !REMINDED.has(reservation.status) || reservation.date_start === null) return false
  const start = new Date(reservation.date_start).getTime()
  return start === new Date(remindedStart).getTime() && start > toEpochMs(now)
}

export function reminderSchedule(
  reservation: { status: ReservationStatus; date_start: string | Date | null },
  settings: NotificationSettings,
  now: Date | number,
  timeZone: string = settings.timezone || CONFIG_DEFAULTS.timezone,
): Reminder[] {
  if (!REMINDED.has(reservation.status) || reservation.date_start === null) return []
  const start =
    reservation.date_start instanceof Date
      ? reservation.date_start.getTime()
      : parseInstant(reservation.date_start, timeZone)
  if (!Number.isFinite(start)) return []
  const nowMs = toEpochMs(now)
  const first = hoursOf(settings.reminderHours, CONFIG_DEFAULTS.reminderHours)
  const second = hoursOf(settings.secondReminderHours, CONFIG_DEFAULTS.secondReminderHours)
  const firstAt = first > 0 ? hoursBefore(start, first, timeZone) : null
  const secondAt = second > 0 ? hoursBefore(start, second, timeZone) : null
  const out: Reminder[] = []
  if (firstAt && firstAt.getTime() > nowMs && firstAt.getTime() < start) out.push({ index: 1, at: firstAt })
  if (
    secondAt &&
    secondAt.getTime() > nowMs &&
    secondAt.getTime() < start &&
    (!firstAt || secondAt.getTime() > firstAt.getTime())
  )
    out.push({ index: 2, at: secondAt })
  return out
}
