import type { Pool, PoolClient } from 'pg'

type Db = PoolClient
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
      // drafts aside, or a card they made). Anyone else is answered as an id that does not exist.
      const whom = await customerOf(db, body)
      const field = body.client !== undefined ? 'client' : 'user'
      if (!whom || !mayBookCustomer(actor, verdict.as, { id: whom.userId ?? -1, clientOf: whom.clientOf }))
        throw fieldError(field, 'UNKNOWN_CUSTOMER', 'Cliente inesistente')
      const calendar = await salonCalendar(db, { consistency: 'committed' })
      operatorOr400(calendar, body.operator)
      const services = await servicesOr400(db, body.services)
      const start = new Date(body.date_start)
      const amounts = bookingAmounts(start, { services })
      const status = initialStatus(calendar.settings, verdict.as)
      const id = await insertDraft(db, whom.userId, body.note || null, now, whom.clientId)
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

/**
 * The person booked: an account (`user`, its card made when missing) or a card (`client`) — with
 * the operators whose agenda they are a client of (bookings, drafts aside; a card an operator made
 * counts for that operator's records). Undefined when there is no such person (or an erased one).
 */
async function customerOf(db: Db, body: BookBody) {
  const row =
    body.client !== undefined
      ? (
          await db.query(
            statement(sql`select c.id, c.user_id,
                  coalesce(array_agg(distinct r.operator_id) filter (where r.operator_id is not null), '{}')
                    || coalesce((select array_agg(o.id) from operators o where o.user_id = c.created_by_id), '{}') as client_of
             from clients c
             left join reservations r on r.client_id = c.id and r.status <> 'PENDING_CONFIRMATION'
            where c.id = ${body.client} and c.anonymised_at is null
            group by c.id`),
          )
        ).rows[0]
      : (
          await db.query(
            statement(sql`select null::int as id, u.id as user_id,
                  coalesce(array_agg(distinct r.operator_id) filter (where r.operator_id is not null), '{}') as client_of
             from users u
             left join reservations r on r.user_id = u.id and r.status <> 'PENDING_CONFIRMATION'
            where u.id = ${body.user}
            group by u.id`),
          )
        ).rows[0]
  if (!row) return undefined
  return {
    clientId: (row.id as number | null) ?? null,
    userId: (row.user_id as number | null) ?? null,
    clientOf: row.client_of as number[],
  }
}
