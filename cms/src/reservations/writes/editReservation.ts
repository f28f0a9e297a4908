import type { Pool, PoolClient } from 'pg'
import { type EditBody, authorizeEdit, bookingAmounts, statusAfterMove } from '@salon/shared'
import { inTransaction, withRetries } from '../../platform'
import { salonCalendar } from '../../calendar'
import { assertMayBook, operatorOr400, servicesOr400 } from '../booking'
import { moveOperatorOr403, placeBooking, servicesOfBooking } from '../placement'
import { planFor } from '../plans'
import { type Actor, readReservation, recordEvent, setNote, setServices } from '../repository'
import { actorAndReservation } from '../reads'
import { refusal, staffOnlyOverride } from '../refusals'

/**
 * PATCH /api/reservations/:id/edit (and POST /:id/move, its customer-facing form): a new time,
 * operator, services or note. The engine decides who may change what (`authorizeEdit`), the
 * amounts (`bookingAmounts`: a move keeps the agreed price and duration, new services are priced
 * anew) and the status after a move (`statusAfterMove`); a new time is checked and claimed like a
 * confirm. If a concurrent booking took the time the whole edit rolls back (409 SLOT_TAKEN) and
 * the booking keeps what it had. One MOVED or EDITED event.
 * Tested by cms/tests/int/staff-edits.test.ts, reservation-writes.test.ts, my-bookings.test.ts
 * (the customer's move), operator-blocks.test.ts (a move onto a blocked time).
 */
export async function editReservation(pool: Pool, user: Actor, id: number, body: EditBody, now = new Date()) {
  return withRetries(() => inTransaction(pool, (db) => editInTransaction(db, user, id, body, now)))
}

/** The edit inside the caller's transaction (a series' "this and the following" moves several: writes/seriesScope.ts). */
export async function editInTransaction(db: PoolClient, user: Actor, id: number, body: EditBody, now: Date) {
  const { actor, current } = await actorAndReservation(db, user, id)
  const calendar = await salonCalendar(db, { consistency: 'committed' })
  const { settings } = calendar
  const servicesChanged = body.services !== undefined && body.services.join() !== current.snapshot.services.join()
  const timeChanged = body.date_start !== undefined || body.operator !== undefined
  const durationChanged = body.duration !== undefined && body.duration !== Number(current.snapshot.duration)
  const scope = {
    time: timeChanged,
    services: servicesChanged,
    note: body.note !== undefined,
    duration: durationChanged,
  }
  const verdict = authorizeEdit(actor, current.facts, scope, settings, now)
  if (!verdict.ok) throw refusal(verdict)
  if (body.operator !== undefined) operatorOr400(calendar, body.operator)
  if ((body.override_shift || body.override_hours) && verdict.as === 'CUSTOMER')
    throw staffOnlyOverride(body.override_hours ? 'override_hours' : 'override_shift')

  if (scope.note) await setNote(db, id, body.note || null, now)
  if (scope.time || scope.services || scope.duration) {
    // A customer moving their own booking books a new time: same e-mail rule as booking. A
    // move does not add a booking, so the open-booking cap does not apply.
    await assertMayBook(db, user, verdict.as !== 'CUSTOMER')
    const services = servicesChanged ? await servicesOr400(db, body.services!) : await servicesOfBooking(db, current)
    const start = new Date(body.date_start ?? current.snapshot.date_start!)
    const amounts = bookingAmounts(
      start,
      servicesChanged ? { services } : { agreed: current.snapshot },
      // A resize sets the length; new services without one take the catalogue's.
      body.duration,
    )
    const status = statusAfterMove(current.snapshot.status, verdict.as, settings)
    await placeBooking(db, calendar, {
      id,
      services,
      // Staff: as asked, else the same operator. The customer: anyone for an "any operator" booking.
      choice: moveOperatorOr403(actor, verdict.as, current, body.operator),
      keep: current.snapshot.operator,
      start,
      amounts,
      // New services bring their plan; a move or a resize keeps the one agreed.
      plan: planFor(services, servicesChanged ? null : current),
      status,
      as: verdict.as,
      now,
      overrideShift: body.override_shift === true || body.override_hours === true,
      overrideHours: body.override_hours === true,
    })
    if (servicesChanged) await setServices(db, id, body.services!)
  }
  await recordEvent(db, id, user, current.snapshot, now)
  const after = (await readReservation(db, id, false))!.snapshot
  return { id, status: after.status, operator: after.operator }
}
