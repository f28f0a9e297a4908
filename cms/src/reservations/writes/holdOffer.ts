import type { PoolClient } from 'pg'
import { type SalonCalendar, bookingAmounts } from '@salon/shared'
import { type OperatorChoice, servicesOr400 } from '../booking'
import { placeBooking } from '../placement'
import { planFor } from '../plans'
import { type Actor, insertDraft, recordEvent, setServices } from '../repository'

/** A time held for a waitlist offer: whose, what, with whom, when. */
export interface OfferHold {
  user: number
  client: number
  services: number[]
  operator: OperatorChoice
  start: Date
  /** Staff offering by hand (the event's actor); null: the queue. */
  actor: Actor | null
  now: Date
}

/**
 * The waitlist's hold (issue 27): the wizard's draft-and-hold with the time already in it — a
 * PENDING_CONFIRMATION draft of the customer, with services, operator and time, written by the
 * guarded write (`placeBooking`, the customer's slot rules, since the customer confirms it), held
 * until created_at + holdMinutes. The customer books it through the normal confirm (its own
 * draft: `busyTimesNear` leaves it out). Runs inside the caller's transaction; a taken time throws
 * the usual 409 (SLOT_TAKEN …), after which the caller rolls back to its savepoint.
 */
export async function holdOffer(db: PoolClient, calendar: SalonCalendar, h: OfferHold) {
  const services = await servicesOr400(db, h.services)
  const amounts = bookingAmounts(h.start, { services })
  const id = await insertDraft(db, h.user, null, h.now, h.client)
  const operator = await placeBooking(db, calendar, {
    id,
    services,
    choice: h.operator,
    start: h.start,
    amounts,
    plan: planFor(services),
    status: 'PENDING_CONFIRMATION',
    as: 'CUSTOMER',
    now: h.now,
  })
  await setServices(db, id, h.services)
  await recordEvent(db, id, h.actor, null, h.now)
  return { id, operator, end: amounts.date_end, duration: amounts.duration, price: amounts.total_price }
}
