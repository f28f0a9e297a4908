import type { Pool, PoolClient } from 'pg'
import {
  type BookBody,
  type SalonCalendar,
  type ServiceInfo,
  authorizeBooking,
  bookingAmounts,
  initialStatus,
  mayBookCustomer,
} from '@salon/shared'
import { fieldError, inTransaction, sql, statement, withRetries } from '../../platform'
import { salonCalendar } from '../../calendar'
import { type OperatorChoice, operatorOr400, servicesOr400 } from '../booking'
import { placeBooking } from '../placement'
import { planFor } from '../plans'
import { type Actor, insertDraft, recordEvent, setServices } from '../repository'
import { loadActor } from '../reads'
import { refusal } from '../refusals'

type Db = PoolClient

/**
 * POST /api/reservations/book: the salon books a customer in (dashboard, phone, walk-in). The
 * engine decides who may (`authorizeBooking`: admins anywhere, an operator in their own agenda;
 * `mayBookCustomer`: an operator books only themselves or a client of their own agenda),
 * the status (`initialStatus`: CONFIRMED) and the slot rules for staff (`slotSettingsFor`); the
 * time is claimed by the same guarded write as a customer's confirm. One BOOKED event.
 * Tested by cms/tests/int/staff-edits.test.ts, reservation-writes.test.ts, notifications.test.ts.
 */
export function bookForCustomer(pool: Pool, user: Actor, body: BookBody, now = new Date()) {
  return bookAtDesk(
    pool,
    user,
    {
      ...body,
      operator: body.operator ?? 'any',
      overrideShift: body.override_shift === true || body.override_hours === true,
      overrideHours: body.override_hours === true,
      start: () => new Date(body.date_start),
    },
    now,
  )
}

/** A booking the salon makes: for whom, what, with whom, and when (`start`, read inside the transaction). */
export interface DeskBooking {
  user?: number
  client?: number
  services: number[]
  operator: OperatorChoice
  note?: string
  overrideShift: boolean
  overrideHours: boolean
  start: (ctx: { db: Db; calendar: SalonCalendar; services: ServiceInfo[]; now: Date }) => Date | Promise<Date>
}

/** The desk's bookings (`book`, `walk-in`): one transaction, one BOOKED event. */
export async function bookAtDesk(pool: Pool, user: Actor, input: DeskBooking, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const actor = await loadActor(db, user)
      const verdict = authorizeBooking(actor, input.operator)
      if (!verdict.ok) throw refusal(verdict)
      // Whom: an admin anyone; an operator themselves or a client of their own agenda (its bookings,
      // drafts aside, or a card they made). Anyone else is answered as an id that does not exist.
      const whom = input.user === undefined && input.client === undefined ? ANONYMOUS : await customerOf(db, input)
      if (
        whom !== ANONYMOUS &&
        (!whom || !mayBookCustomer(actor, verdict.as, { id: whom.userId ?? -1, clientOf: whom.clientOf }))
      )
        throw fieldError(input.client !== undefined ? 'client' : 'user', 'UNKNOWN_CUSTOMER', 'Cliente inesistente')
      const calendar = await salonCalendar(db, { consistency: 'committed' })
      operatorOr400(calendar, input.operator)
      const services = await servicesOr400(db, input.services)
      const start = await input.start({ db, calendar, services, now })
      const amounts = bookingAmounts(start, { services })
      const status = initialStatus(calendar.settings, verdict.as)
      const id = await insertDraft(db, whom.userId, input.note || null, now, whom.clientId)
      await placeBooking(db, calendar, {
        id,
        services,
        choice: input.operator,
        start,
        amounts,
        plan: planFor(services),
        status,
        as: verdict.as,
        now,
        overrideShift: input.overrideShift,
        overrideHours: input.overrideHours,
      })
      await setServices(db, id, input.services)
      await recordEvent(db, id, user, null, now)
      return { id }
    }),
  )
}

/** A walk-in nobody named: the booking has neither a card nor an account. */
const ANONYMOUS = { clientId: null, userId: null, clientOf: [] as number[] }

/**
 * The person booked: an account (`user`, its card made when missing) or a card (`client`) — with
 * the operators whose agenda they are a client of (bookings, drafts aside; a card an operator made
 * counts for that operator's records). Undefined when there is no such person (or an erased one).
 */
export async function customerOf(db: Db, body: { user?: number; client?: number }) {
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
