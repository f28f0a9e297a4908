import type { Pool } from 'pg'
import { type ConfirmBody, type ReservationStatus, bookingAmounts, initialStatus, isHoldExpired } from '@salon/shared'
import { inTransaction, notFound, sql, statement, withRetries } from '../../platform'
import { CALENDAR_VERSION, busyTimesNear, salonCalendar, servicesInOrder, servicesOfIds } from '../../calendar'
import { bookableOr400, conflict, mayBookFacts, mayBookOr403, operatorOr400, underBookingCapOr409 } from '../booking'
import { placeBooking } from '../placement'
import { planFor } from '../plans'
import { type Actor, loadedReservation, lockOwnDraft, ownBookings, writeConfirmed } from '../repository'

/**
 * POST /api/reservations/confirm: the customer's draft becomes a booking. Everything is decided on
 * what is committed, read inside the transaction: the draft and the customer, locked (one
 * customer's confirms run one at a time, so the open-booking cap cannot be raced); then, in one
 * statement, the calendar's version, the e-mail rule, the customer's open bookings, the services
 * and the busy times around the start, every operator's with their plans (`busyTimesNear`: a superset of the local day, narrowed to
 * the day and the candidates once the calendar says which); the salon's calendar is the committed
 * one of exactly that version (`salonCalendar`, a closure added a moment ago is seen) — the engine
 * checks, and the guarded write claims the time.
 * Tested by cms/tests/int/booking, fast-confirm, contention, calendar-version, abuse (the open-booking cap).
 */
export async function confirmSession(pool: Pool, user: Actor, body: ConfirmBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const draft = await lockOwnDraft(db, body.id, user.id)
      if (!draft) throw notFound()
      if (draft.snapshot.status !== 'PENDING_CONFIRMATION') throw conflict('SESSION_CONFIRMED')
      const facts = (
        await db.query(
          // Named: PostgreSQL parses and plans it once per connection (as the other hot statements).
          statement(
            sql`select ${CALENDAR_VERSION} as calendar_version, ${mayBookFacts(user.id)}, ${ownBookings(user.id, now)} as own_bookings,
                  ${servicesOfIds(body.services)} as services, ${busyTimesNear(body.date_start, body.id)} as near`,
            'salon.confirm-facts',
          ),
        )
      ).rows[0]
      const calendar = await salonCalendar(db, { consistency: 'committed', version: facts.calendar_version })
      const { settings } = calendar
      operatorOr400(calendar, body.operator)
      if (isHoldExpired(draft.createdAt, settings.holdMinutes, now)) throw conflict('SESSION_EXPIRED')
      mayBookOr403(user, facts)
      underBookingCapOr409(user, settings, now, body.id, facts.own_bookings)
      const services = bookableOr400(servicesInOrder(facts.services, body.services))
      const start = new Date(body.date_start)
      const amounts = bookingAmounts(start, { services })
      const status: ReservationStatus = initialStatus(settings)
      const note = body.note || null
      await placeBooking(db, calendar, {
        id: body.id,
        services,
        choice: body.operator,
        start,
        amounts,
        plan: planFor(services),
        status,
        as: 'CUSTOMER',
        now,
        near: facts.near,
        write: (time) => {
          // The booking as it will be written: its event is recorded by the same statement.
          const after = loadedReservation({
            id: body.id,
            user_id: draft.user,
            operator_id: time.operator,
            status,
            date_start: start,
            date_end: new Date(amounts.date_end),
            duration: amounts.duration,
            total_price: amounts.total_price,
            note,
            created_at: draft.createdAt,
            services: body.services,
          }).snapshot
          // "Qualsiasi operatore": remembered, so that the customer may later move it to anyone.
          const confirmed = {
            id: body.id,
            time,
            note,
            anyOperator: body.operator === 'any',
            services: body.services,
            now,
          }
          return writeConfirmed(db, confirmed, user, draft.snapshot, after)
        },
      })
      return { id: body.id }
    }),
  )
}
