import type { Pool, PoolClient } from 'pg'
import {
  type BookSlotsQuery,
  type BookingActor,
  type MoveSlotsQuery,
  authorizeBooking,
  authorizeEdit,
  bookingAmounts,
  daySlots,
  maySeeAsStaff,
  slotSettingsFor,
} from '@salon/shared'
import { notFound, sql, statement } from '../platform'
import { localDays, salonCalendar } from '../calendar'
import { busyAndStations, planFor } from './plans'
import { candidates, dayAvailability, operatorOr400, servicesOr400, type OperatorChoice } from './booking'
import { moveOperatorOr403, servicesOfBooking } from './placement'
import { type Actor, readEvents, readReservation } from './repository'
import { refusal } from './refusals'

/**
 * The reads beside the writes: who is asking, a reservation with its asker, its history, and the
 * free starts offered to a move or a staff booking. Tested by cms/tests/int/reservation-writes
 * (history, book slots), staff-edits and my-bookings (move slots).
 */

/** Who is asking, as the engine reads it: role, user id and the operator records linked to the user. */
export async function loadActor(db: Pick<PoolClient, 'query'>, user: Actor): Promise<BookingActor> {
  const { rows } = await db.query(statement(sql`select id from operators where user_id = ${user.id} order by id`))
  return { role: user.user_role, userId: user.id, operatorIds: rows.map((r: { id: number }) => r.id) }
}

/** Who is asking and the reservation (locked for the transaction unless `lock` is false); 404 when it does not exist. */
export async function actorAndReservation(db: Pick<PoolClient, 'query'>, user: Actor, id: number, lock = true) {
  const actor = await loadActor(db, user)
  const current = await readReservation(db, id, lock)
  if (!current) throw notFound()
  return { actor, current }
}

/** A booking's history for the staff who may see it (admins, its operator); 404 for anyone else. */
export async function reservationEvents(pool: Pool, user: Actor, id: number) {
  const { actor, current } = await actorAndReservation(pool, user, id, false)
  if (!maySeeAsStaff(actor, current.facts)) throw notFound()
  return { id, events: await readEvents(pool, id) }
}

/**
 * GET /api/reservations/:id/move-slots: the free starts of a day for this booking — its services
 * and agreed duration, the chosen operator (default: the current one), and the booking itself not
 * counted as busy, so a shift that overlaps its own current time is offered. Only for someone who
 * may move it now; staff see the slots staff may book (no minimum notice).
 */
export async function moveSlots(pool: Pool, user: Actor, id: number, q: MoveSlotsQuery, now = new Date()) {
  const calendar = await salonCalendar(pool, { consistency: 'cached', now: now.getTime() })
  const { settings } = calendar
  if (q.operator !== undefined) operatorOr400(calendar, q.operator)
  const { actor, current } = await actorAndReservation(pool, user, id, false)
  const servicesChanged = q.services !== undefined && q.services.join() !== current.snapshot.services.join()
  const verdict = authorizeEdit(
    actor,
    current.facts,
    { time: true, services: servicesChanged, note: false },
    settings,
    now,
  )
  if (!verdict.ok) throw refusal(verdict)
  const services = servicesChanged ? await servicesOr400(pool, q.services!) : await servicesOfBooking(pool, current)
  // New services: the catalogue's duration and price (as the edit will charge); else the agreed ones.
  const amounts = bookingAmounts(now, servicesChanged ? { services } : { agreed: current.snapshot })
  const operator: OperatorChoice = moveOperatorOr403(actor, verdict.as, current, q.operator)
  const tz = settings.timezone
  const { from, to } = localDays(tz, q.date)
  // New services bring their plan; a move keeps the one agreed (issue 25).
  const plan = planFor(services, servicesChanged ? null : current)
  const { reservations, stationUses } = await busyAndStations(
    pool,
    candidates(services, calendar, operator),
    plan,
    from,
    to,
    tz,
    id,
  )
  const rules = { ...calendar, settings: slotSettingsFor(verdict.as, settings) }
  const slots = daySlots({
    day: q.date,
    services,
    operator,
    calendar: rules,
    reservations,
    now,
    durationMinutes: amounts.duration,
    plan,
    stationUses,
  })
  return {
    id,
    date: q.date,
    timezone: tz,
    operator,
    duration: amounts.duration,
    total_price: amounts.total_price,
    slots,
  }
}

/**
 * GET /api/reservations/book-slots: the free starts of a day as this staff member may book them
 * (`authorizeBooking`: an operator only in their own agenda; staff slot rules).
 */
export async function bookSlots(pool: Pool, user: Actor, q: BookSlotsQuery, now = new Date()) {
  const verdict = authorizeBooking(await loadActor(pool, user), q.operator)
  if (!verdict.ok) throw refusal(verdict)
  return dayAvailability(pool, q, now, verdict.as)
}
