import { BLOCKING_STATUSES, OVER_STATUSES, type ReservationStatus } from '../enums/index'
import { CONFIG_DEFAULTS } from '../constants'
import type { BookingSettings } from './types'
import { parseInstant, toEpochMs } from './zone'

/** PRODUCT.md "Status flow". Anything not listed is refused with 409; final statuses lead nowhere. */
export const STATUS_TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = Object.freeze({
  PENDING_CONFIRMATION: Object.freeze(['PENDING', 'CONFIRMED', 'CANCELLED'] as const),
  PENDING: Object.freeze(['APPROVED', 'CONFIRMED', 'REJECTED', 'PENDING_PAYMENT', 'CANCELLED'] as const),
  PENDING_PAYMENT: Object.freeze(['CONFIRMED', 'CANCELLED'] as const),
  APPROVED: Object.freeze(['CONFIRMED', 'MODIFIED', 'CANCELLED'] as const),
  CONFIRMED: Object.freeze(['COMPLETED', 'NO_SHOW', 'MODIFIED', 'CANCELLED'] as const),
  MODIFIED: Object.freeze(['CONFIRMED', 'CANCELLED'] as const),
  REJECTED: Object.freeze([] as const),
  CANCELLED: Object.freeze([] as const),
  COMPLETED: Object.freeze([] as const),
  NO_SHOW: Object.freeze([] as const),
})

export function canTransition(from: ReservationStatus, to: ReservationStatus): boolean {
  if (!Object.prototype.hasOwnProperty.call(STATUS_TRANSITIONS, from)) return false
  return STATUS_TRANSITIONS[from].includes(to)
}

/**
 * A legal move for this reservation: the status flow, and a draft without a time (a booking
 * session never confirmed) can only be dropped — never turned into a booking of nothing.
 */
export function canMoveReservation(
  r: { status: ReservationStatus; date_start: string | null | undefined },
  to: ReservationStatus,
): boolean {
  if (!r.date_start && to !== 'CANCELLED') return false
  return canTransition(r.status, to)
}

const OVER: ReadonlySet<string> = new Set(OVER_STATUSES)

/** Served or missed: final, but the booking keeps the time it held (`OVER_STATUSES`). */
export const isOver = (status: ReservationStatus) => OVER.has(status)

/** The salon's no-show grace in minutes (config `noShowGraceMinutes`; unreadable → the default). */
export function noShowGraceOf(settings: { noShowGraceMinutes?: number | null }): number {
  const n = Number(settings.noShowGraceMinutes)
  return settings.noShowGraceMinutes === null ||
    settings.noShowGraceMinutes === undefined ||
    !Number.isFinite(n) ||
    n < 0
    ? CONFIG_DEFAULTS.noShowGraceMinutes
    : n
}

/**
 * The clock's part of the status flow: an appointment is COMPLETED from its start on, NO_SHOW from
 * its start + the salon's grace (a customer ten minutes late is late, not absent). Other statuses
 * do not depend on the time. `from`: the first instant the status may be set (ISO), absent when
 * the start cannot be read (then it is refused: a booking of unknown time cannot have happened).
 */
export function statusTimeDecision(
  r: { date_start: string | null | undefined },
  to: ReservationStatus,
  settings: { noShowGraceMinutes?: number | null; timezone?: string },
  now: Date | number,
): { ok: true } | { ok: false; from?: string } {
  if (to !== 'COMPLETED' && to !== 'NO_SHOW') return { ok: true }
  const start = r.date_start ? parseInstant(r.date_start, settings.timezone ?? 'UTC') : NaN
  if (Number.isNaN(start)) return { ok: false }
  const from = start + (to === 'NO_SHOW' ? noShowGraceOf(settings) * 60_000 : 0)
  return toEpochMs(now) >= from ? { ok: true } : { ok: false, from: new Date(from).toISOString() }
}

/** Appointments that happen or happened: what the dashboard counts as booked work and revenue. */
export const OCCURRING_STATUSES = [
  'PENDING',
  'APPROVED',
  'CONFIRMED',
  'PENDING_PAYMENT',
  'MODIFIED',
  'COMPLETED',
] as const satisfies readonly ReservationStatus[]

/**
 * The appointments of an operator's calendar feed: the times the salon counts as their work, and
 * the no-shows, which happened as planned on the operator's side. Drafts are not appointments yet;
 * refused and cancelled ones leave the feed (a calendar app drops them at its next refresh).
 */
export const CALENDAR_FEED_STATUSES = [...OCCURRING_STATUSES, 'NO_SHOW'] as const satisfies readonly ReservationStatus[]

const ALWAYS_BLOCKING: ReadonlySet<string> = new Set(BLOCKING_STATUSES.filter((s) => s !== 'PENDING_CONFIRMATION'))

/**
 * Blocking: PENDING, APPROVED, CONFIRMED, PENDING_PAYMENT, MODIFIED, and PENDING_CONFIRMATION
 * while createdAt + holdMinutes > now. A hold whose createdAt cannot be read keeps blocking:
 * a stale hold costs a slot, a wrongly released one costs a double booking.
 */
export function isBlocking(
  r: { status: ReservationStatus; createdAt: string },
  now: Date | number,
  holdMinutes: number,
): boolean {
  if (r.status === 'PENDING_CONFIRMATION') {
    const created = parseInstant(r.createdAt, 'UTC')
    if (Number.isNaN(created)) return true
    // isHoldExpired, without a Date: the engine asks this for every booking and station use.
    return created + (Number(holdMinutes) || 0) * 60_000 > toEpochMs(now)
  }
  return ALWAYS_BLOCKING.has(r.status)
}

/** When a booking session (draft) opened at `createdAt` stops being held: `createdAt + holdMinutes`. */
export function holdExpiresAt(createdAt: Date | number, holdMinutes: number): Date {
  return new Date(toEpochMs(createdAt) + (Number(holdMinutes) || 0) * 60_000)
}

/** Whether that hold has passed at `now` (the instant of expiry counts as passed). */
export function isHoldExpired(createdAt: Date | number, holdMinutes: number, now: Date | number): boolean {
  return holdExpiresAt(createdAt, holdMinutes).getTime() <= toEpochMs(now)
}

/** Drafts opened before this instant have expired at `now` (for removing them in bulk). */
export function holdCutoff(now: Date | number, holdMinutes: number): Date {
  return new Date(toEpochMs(now) - (Number(holdMinutes) || 0) * 60_000)
}

/**
 * The status a new booking starts in. Booked by the salon itself (ADMIN, OPERATOR): CONFIRMED — it
 * has agreed to the time. Booked by the customer: CONFIRMED when the salon confirms automatically
 * (`autoConfirm`), else PENDING until the salon confirms it.
 */
export function initialStatus(
  settings: { autoConfirm?: boolean | null },
  bookedAs: 'ADMIN' | 'OPERATOR' | 'CUSTOMER' = 'CUSTOMER',
): 'CONFIRMED' | 'PENDING' {
  return bookedAs !== 'CUSTOMER' || settings.autoConfirm === true ? 'CONFIRMED' : 'PENDING'
}

export type CancellationDecision =
  { allowed: true } | { allowed: false; reason: 'CANCELLATION_DISABLED' | 'TOO_LATE_TO_CANCEL' }

/**
 * Customer cancellation policy: cancellationEnabled and now <= date_start - cancellationTimeLimit
 * hours (exactly at the limit is allowed). A start that cannot be read is treated as too late.
 */
export function customerMayCancel(
  r: { date_start: string | null },
  settings: BookingSettings,
  now: Date | number,
): CancellationDecision {
  if (!settings.cancellationEnabled) return { allowed: false, reason: 'CANCELLATION_DISABLED' }
  if (r.date_start === null || r.date_start === undefined) return { allowed: true } // a draft holds no slot yet
  const start = parseInstant(r.date_start, settings.timezone)
  const limitMs = (Number(settings.cancellationTimeLimit) || 0) * 3_600_000
  if (Number.isNaN(start) || toEpochMs(now) > start - limitMs) return { allowed: false, reason: 'TOO_LATE_TO_CANCEL' }
  return { allowed: true }
}

/**
 * Which bookings the salon's "complete past bookings" setting turns COMPLETED (config
 * `autoCompleteHours`, 0 = off): those whose status may become COMPLETED (a confirmed booking —
 * the status flow decides) and whose end is at least `graceHours` ago. null when off.
 */
export function autoCompletion(
  graceHours: number,
  now: Date,
): { statuses: ReservationStatus[]; endedBefore: Date } | null {
  if (!Number.isFinite(graceHours) || graceHours <= 0) return null
  const statuses = (Object.keys(STATUS_TRANSITIONS) as ReservationStatus[]).filter((s) => canTransition(s, 'COMPLETED'))
  return { statuses, endedBefore: new Date(now.getTime() - graceHours * 3_600_000) }
}
