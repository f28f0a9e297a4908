import type { Pool } from 'pg'
import { type BookBody, authorizeBooking, bookingAmounts, initialStatus, mayBookCustomer } from '@salon/shared'
import { fieldError, inTransaction, sql, statement, withRetries } from '../../platform'
import { salonCalendar } from '../../calendar'
import { operatorOr400, servicesOr400 } from '../booking'
import { placeBooking } from '../placement'
import { type Actor, insertDraft, recordEvent, setServices } from '../repository'
import { loadActor } from '../reads'
import { refusal } from '../refusals'

/**
 * POST /api/reservations/book: the salon books a customer in (dashboard, phone, walk-in). The
 * engine decides who may (`authorizeBooking`: admins anywhere, an operator in their own agenda;
 * `mayBookCustomer`: an operator books only themselves or a client of their own agenda),
 * the status (`initialStatus`: CONFIRMED) and the slot rules for staff (`slotSettingsFor`); the
 * time is claimed by the same guarded write as a customer's confirm. One BOOKED event.
 * Tested by cms/tests/int/staff-edits.test.ts, reservation-writes.test.ts, notifications.test.ts.
 */
export async function bookForCustomer(pool: Pool, user: Actor, body: BookBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const actor = await loadActor(db, user)
      const verdict = authorizeBooking(actor, body.operator)
      if (!verdict.ok) throw refusal(verdict)
      // Whom: an admin anyone; an operator themselves or a client of their own agenda (its bookings,
      // drafts aside). Anyone else is answered as an id that does not exist.
      const customer = (
        await db.query(
          statement(sql`select u.id,
                  coalesce(array_agg(distinct r.operator_id) filter (where r.operator_id is not null), '{}') as client_of
             from users u
             left join reservations r on r.user_id = u.id and r.status <> 'PENDING_CONFIRMATION'
            where u.id = ${body.user}
            group by u.id`),
        )
      ).rows[0] as { id: number; client_of: number[] } | undefined
      if (!customer || !mayBookCustomer(actor, verdict.as, { id: customer.id, clientOf: customer.client_of }))
        throw fieldError('user', 'UNKNOWN_CUSTOMER', 'Cliente inesistente')
      const calendar = await salonCalendar(db, { consistency: 'committed' })
      operatorOr400(calendar, body.operator)
      const services = await servicesOr400(db, body.services)
      const start = new Date(body.date_start)
      const amounts = bookingAmounts(start, { services })
      const status = initialStatus(calendar.settings, verdict.as)
      const id = await insertDraft(db, body.user, body.note || null, now)
      await placeBooking(db, calendar, {
        id,
        services,
        choice: body.operator,
        start,
        amounts,
        status,
        as: verdict.as,
        now,
        overrideShift: body.override_shift === true,
      })
      await setServices(db, id, body.services)
      await recordEvent(db, id, user, null, now)
      return { id }
    }),
  )
}
