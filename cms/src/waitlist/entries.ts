import type { Pool, PoolClient } from 'pg'
import {
  type WaitlistEntryBody,
  type WaitlistEntryItem,
  type WaitlistOfferBody,
  type WaitlistOfferDetail,
  invalidWaitlistDays,
} from '@salon/shared'
import { FIELD_MESSAGES, fieldMessage } from '@salon/shared/messages'
import { HttpError, fieldError, inTransaction, notFound } from '../platform'
import { salonCalendar } from '../calendar'
import { loadActor, operatorOr400, servicesOr400 } from '../reservations'
import {
  type Actor,
  cardOfUser,
  entriesOfDay,
  entriesOfUser,
  insertEntry,
  lockEntry,
  readCard,
  readEntry,
  readOffer,
  removeEntry,
  withdrawOpenOffers,
} from './repository'
import { makeOffer } from './offers'

/**
 * The waitlist's use cases behind its endpoints (docs/api.md "Waitlist"). Customers reach their
 * own entries and offers only (others' ids answer 404); staff (ADMIN, OPERATOR) every one.
 */

const isStaff = (user: Actor) => user.user_role === 'ADMIN' || user.user_role === 'OPERATOR'

const closed = () =>
  new HttpError(409, 'WAITLIST_CLOSED', 'Questa richiesta non è più in lista d’attesa.', { reason: 'WAITLIST_CLOSED' })

/** A scan soon (the queue's key collapses repeated ones), in the caller's transaction. */
const scanSoon = (db: PoolClient) =>
  db.query(
    `select graphile_worker.add_job('waitlist-scan', '{}'::json, queue_name := 'waitlist', job_key := 'waitlist-scan',
                                    job_key_mode := 'preserve_run_at', max_attempts := 5)`,
  )

/** POST /api/waitlist: a customer for their own card, staff for the card they name (`client`). */
export async function createEntry(pool: Pool, user: Actor, body: WaitlistEntryBody, now = new Date()) {
  const staff = isStaff(user)
  if (!staff && body.client !== undefined)
    throw fieldError('client', 'FIELD_NOT_ACCEPTED', FIELD_MESSAGES.FIELD_NOT_ACCEPTED)
  if (staff && body.client === undefined) throw fieldError('client', 'UNKNOWN_CUSTOMER', 'Indica il cliente')
  const calendar = await salonCalendar(pool, { consistency: 'committed' })
  const { timezone, bookingHorizonDays } = calendar.settings
  if (invalidWaitlistDays(body.days, now, timezone, Number(bookingHorizonDays)).length)
    throw fieldError('days', 'WAITLIST_DAY_PAST', fieldMessage('WAITLIST_DAY_PAST'))
  await servicesOr400(pool, body.services)
  operatorOr400(calendar, body.operator)
  const id = await inTransaction(pool, async (db) => {
    const card = staff ? await readCard(db, body.client!) : { id: await cardOfUser(db, user.id), user_id: user.id }
    if (!card?.id) throw fieldError('client', 'UNKNOWN_CUSTOMER', 'Cliente inesistente')
    const entry = await insertEntry(db, {
      userId: card.user_id,
      clientId: card.id,
      operatorId: body.operator === 'any' ? null : body.operator,
      services: body.services,
      days: body.days,
      from: body.from,
      to: body.to,
      createdBy: user.id,
    })
    // A time already free is offered at once (the queue decides, as for a freed one).
    if (card.user_id) await scanSoon(db)
    return entry
  })
  return entryFor(user, (await readEntry(pool, id))!.item)
}

/** What a reader sees of an entry: staff the card too, the customer their own entry. */
const entryFor = (user: Actor, item: WaitlistEntryItem): WaitlistEntryItem => {
  if (isStaff(user)) return item
  const { client: _client, ...own } = item
  return own
}

/** GET /api/waitlist/mine. */
export async function myEntries(pool: Pool, user: Actor) {
  return { docs: await entriesOfUser(pool, user.id) }
}

/** DELETE /api/waitlist/{id}: the owner or staff; an OPEN offer is withdrawn and its hold released. */
export async function deleteEntry(pool: Pool, user: Actor, id: number) {
  return inTransaction(pool, async (db) => {
    const entry = await lockEntry(db, id)
    if (!entry || (!isStaff(user) && entry.user_id !== user.id)) throw notFound()
    if (entry.status === 'ACTIVE') await removeEntry(db, id)
    else if (entry.status !== 'REMOVED') throw closed()
    return { id, status: 'REMOVED' as const }
  })
}

/** GET /api/waitlist?day= (staff): an operator sees the entries for them or for anyone. */
export async function dayEntries(pool: Pool, user: Actor, day: string) {
  const actor = await loadActor(pool, user)
  const mine = user.user_role === 'ADMIN' ? null : [...actor.operatorIds]
  return { day, docs: await entriesOfDay(pool, day, mine) }
}

/**
 * POST /api/waitlist/{id}/offer (staff): this time, held and sent as the queue's offers are. An
 * OPEN offer of the entry is withdrawn first; a time that is not free answers the booking's 409.
 */
export async function offerByHand(pool: Pool, user: Actor, id: number, body: WaitlistOfferBody, now = new Date()) {
  const offer = await inTransaction(pool, async (db) => {
    const entry = await lockEntry(db, id)
    if (!entry) throw notFound()
    if (entry.status !== 'ACTIVE') throw closed()
    if (entry.user_id === null)
      throw new HttpError(
        409,
        'UNKNOWN_CUSTOMER',
        'Questa persona non ha un account: chiamala per fissare l’appuntamento.',
        {
          reason: 'UNKNOWN_CUSTOMER',
        },
      )
    const calendar = await salonCalendar(db, { consistency: 'committed' })
    const operator = body.operator ?? entry.operator_id ?? 'any'
    operatorOr400(calendar, operator)
    // An operator offers times in their own agenda only (as they book).
    if (user.user_role === 'OPERATOR' && !(await loadActor(db, user)).operatorIds.includes(operator as number))
      throw new HttpError(403, 'OWN_CALENDAR_ONLY', 'Puoi proporre solo orari della tua agenda.', {
        reason: 'OWN_CALENDAR_ONLY',
        errors: [
          { path: 'operator', message: 'Puoi proporre solo orari della tua agenda.', code: 'OWN_CALENDAR_ONLY' },
        ],
      })
    await withdrawOpenOffers(db, id)
    const start = new Date(body.date_start)
    const made = await makeOffer(db, calendar, { ...entry, user_id: entry.user_id }, { start, operator }, user, now)
    if ('refused' in made) throw made.refused
    return made.id
  })
  return (await readOffer(pool, offer))!.item
}

/** GET /api/waitlist/offers/{id}: the offer's customer (or staff); what the one-tap page shows. */
export async function offerDetail(pool: Pool, user: Actor, id: number): Promise<WaitlistOfferDetail> {
  const row = await readOffer(pool, id)
  if (!row || (!isStaff(user) && row.user_id !== user.id)) throw notFound()
  const total = row.services.reduce((sum, s) => sum + s.price, 0)
  return {
    ...row.item,
    entry: row.entry,
    services: row.services,
    total_price: Math.round(total * 100) / 100,
    operator_choice: row.operator_id ?? 'any',
  }
}
