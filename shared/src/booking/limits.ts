import type { ReservationStatus, Role } from '../enums/index'
import { MAX_OPEN_DRAFTS } from '../constants'
import { isBlocking, isOver } from './status'
import { parseInstant, toEpochMs } from './zone'

/**
 * Limits against abuse of the calendar (issue 10 §7): how many drafts and open bookings one
 * customer may hold, and whether an unverified address may book. Pure: the service reads the rows
 * and the settings, the engine decides.
 */
export type LimitReason = 'TOO_MANY_DRAFTS' | 'TOO_MANY_BOOKINGS' | 'EMAIL_NOT_VERIFIED'
export type LimitDecision = { ok: true } | { ok: false; status: 403 | 409 | 429; reason: LimitReason; limit?: number }

const ok: LimitDecision = { ok: true }

/** Staff (ADMIN, OPERATOR) book for themselves and for walk-ins: the customer limits do not apply. */
const isStaff = (role: Role) => role === 'ADMIN' || role === 'OPERATOR'

/** A new draft is refused (429) when the customer already holds `max` unexpired drafts. */
export function draftCapDecision(openDrafts: number, max: number = MAX_OPEN_DRAFTS): LimitDecision {
  return openDrafts >= max ? { ok: false, status: 429, reason: 'TOO_MANY_DRAFTS', limit: max } : ok
}

/** One of the customer's reservations, as the booking cap reads it. */
export interface OwnBookingFacts {
  id: number
  status: ReservationStatus
  /** ISO instant; null for a draft without a slot. */
  date_end: string | null
  createdAt: string
}

/**
 * An open booking: it blocks a slot (drafts never count — they are capped on their own), it is not
 * over (a COMPLETED or NO_SHOW booking keeps its time but is not the customer's any more) and it
 * has not ended yet. A booking in progress still counts until its end.
 */
export function isOpenBooking(r: OwnBookingFacts, now: Date | number, holdMinutes: number): boolean {
  if (r.status === 'PENDING_CONFIRMATION' || !r.date_end || isOver(r.status)) return false
  if (!isBlocking(r, now, holdMinutes)) return false
  const end = parseInstant(r.date_end, 'UTC')
  return Number.isNaN(end) || end > toEpochMs(now)
}

/**
 * Whether a customer may confirm one more booking: refused (409 TOO_MANY_BOOKINGS) when they
 * already hold `maxOpenBookings` open bookings (the one being confirmed, `excludeId`, not counted).
 * `maxOpenBookings` 0 = no cap; staff are exempt.
 */
export function bookingCapDecision(input: {
  role: Role
  bookings: readonly OwnBookingFacts[]
  maxOpenBookings: number
  holdMinutes: number
  now: Date | number
  excludeId?: number
}): LimitDecision {
  const { role, bookings, maxOpenBookings, holdMinutes, now, excludeId } = input
  if (isStaff(role) || !(maxOpenBookings > 0)) return ok
  const open = bookings.filter((b) => b.id !== excludeId && isOpenBooking(b, now, holdMinutes)).length
  return open >= maxOpenBookings ? { ok: false, status: 409, reason: 'TOO_MANY_BOOKINGS', limit: maxOpenBookings } : ok
}

/**
 * With `requireEmailVerification`, a customer (role USER) books, confirms and moves their own
 * bookings only once their address is confirmed (403 EMAIL_NOT_VERIFIED). Staff are exempt, and so
 * is staff acting on a customer's booking (`actingAsStaff`). Cancelling is never blocked.
 */
export function emailVerificationDecision(input: {
  role: Role
  required: boolean
  verified: boolean
  actingAsStaff?: boolean
}): LimitDecision {
  if (!input.required || input.verified || isStaff(input.role) || input.actingAsStaff) return ok
  return { ok: false, status: 403, reason: 'EMAIL_NOT_VERIFIED' }
}
