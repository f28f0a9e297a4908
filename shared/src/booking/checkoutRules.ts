import type { ReservationStatus } from '../enums/index'
import { type ActionFlag, type Decision, type ReservationFacts, capacitiesOf, flagOf } from './permissions'
import type { BookingActor } from './permissions'
import { parseInstant, toEpochMs } from './zone'

/**
 * Checkout (issue 24, docs/api.md "Checkout"): who may record what a visit was paid, and when.
 * One rule for `POST /api/reservations/:id/checkout` and the agenda's `actions.checkout`, so a
 * screen never offers what the server refuses.
 */

/** The statuses a booking may be checked out from: still happening, or completed without a payment. */
export const CHECKOUT_STATUSES = [
  'PENDING',
  'APPROVED',
  'CONFIRMED',
  'MODIFIED',
  'COMPLETED',
] as const satisfies readonly ReservationStatus[]
const CHECKOUT: ReadonlySet<string> = new Set(CHECKOUT_STATUSES)

/**
 * Staff only — an ADMIN any booking, an OPERATOR a booking of their own agenda (anyone else,
 * customers included, 403 FORBIDDEN_ROLE); once per booking (409 ALREADY_PAID when a checkout
 * exists); from a status of `CHECKOUT_STATUSES` (else 409 ILLEGAL_TRANSITION); from the
 * appointment's start on (409 NOT_STARTED, `params.from` = the start).
 */
export function authorizeCheckout(
  actor: BookingActor,
  r: ReservationFacts,
  paid: boolean,
  now: Date | number,
): Decision {
  const c = capacitiesOf(actor, r)
  if (!c.admin && !c.operator) return { ok: false, status: 403, reason: 'FORBIDDEN_ROLE' }
  if (paid) return { ok: false, status: 409, reason: 'ALREADY_PAID' }
  if (!CHECKOUT.has(r.status) || !r.date_start) return { ok: false, status: 409, reason: 'ILLEGAL_TRANSITION' }
  const start = parseInstant(r.date_start, 'UTC')
  if (Number.isNaN(start)) return { ok: false, status: 409, reason: 'ILLEGAL_TRANSITION' }
  if (toEpochMs(now) < start)
    return { ok: false, status: 409, reason: 'NOT_STARTED', params: { from: new Date(start).toISOString() } }
  return { ok: true, as: c.admin ? 'ADMIN' : 'OPERATOR' }
}

/** The agenda's checkout button: `authorizeCheckout` as a flag (reasons NOT_STARTED, ALREADY_PAID, FINAL_STATUS, NOT_ALLOWED). */
export const checkoutAction = (
  actor: BookingActor,
  r: ReservationFacts,
  paid: boolean,
  now: Date | number,
): ActionFlag => flagOf(authorizeCheckout(actor, r, paid, now), () => undefined)
