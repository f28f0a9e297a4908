import type { Pool, PoolClient } from 'pg'
import type { Role, WaitlistEntryItem, WaitlistOfferItem } from '@salon/shared'
import { isoOf } from '../platform'

/**
 * The one place with SQL on `waitlist_entries` and `waitlist_offers` (migration …_waitlist): the
 * shapes entries and offers are read in, their writes. The use cases (entries.ts, offers.ts,
 * scan.ts) decide.
 */

type Db = Pick<Pool | PoolClient, 'query'>

const named = (alias: string) =>
  `case when ${alias}.id is null then null
        else json_build_object('id', ${alias}.id, 'name', trim(concat_ws(' ', ${alias}.name, ${alias}.surname))) end`

/** One offer as JSON (alias `o`), the contract's waitlistOfferItem. */
const OFFER_JSON = `json_build_object('id', o.id, 'status', o.status, 'date_start', ${isoOf('o.date_start')},
    'date_end', ${isoOf('o.date_end')}, 'operator', ${named('oo')}, 'reservation', o.reservation_id,
    'expires_at', ${isoOf('o.expires_at')}, 'created_at', ${isoOf('o.created_at')},
    'decided_at', ${isoOf('o.decided_at')}, 'by_hand', o.by_hand)`

/** The entries' item shape (alias `e`), with the card when `withClient`. */
const entrySelect = (withClient: boolean) => `
  select e.id, e.status, e.user_id, e.client_id,
         coalesce((select json_agg(json_build_object('id', s.id, 'name', s.title, 'duration', s.time::int) order by t.ord)
                     from unnest(e.services) with ordinality as t(sid, ord) join services s on s.id = t.sid), '[]') as services,
         (select ${named('op')} from operators op where op.id = e.operator_id) as operator,
         (select array_agg(to_char(d, 'YYYY-MM-DD') order by d) from unnest(e.days) as d) as days,
         to_char(e.from_time, 'HH24:MI') as "from", to_char(e.to_time, 'HH24:MI') as "to",
         ${isoOf('e.created_at')} as created_at,
         coalesce((select json_agg(${OFFER_JSON} order by o.created_at desc, o.id desc)
                     from waitlist_offers o left join operators oo on oo.id = o.operator_id
                    where o.entry_id = e.id), '[]') as offers
         ${
           withClient
             ? `, json_build_object('id', c.id, 'name', trim(concat_ws(' ', c.name, c.surname)),
                  'phone', coalesce(nullif(trim(u.phone_number), ''), nullif(trim(c.phone_number), '')),
                  'has_account', e.user_id is not null) as client`
             : ''
         }
    from waitlist_entries e
    join clients c on c.id = e.client_id
    left join users u on u.id = e.user_id`

interface EntryRow extends Omit<WaitlistEntryItem, 'client'> {
  user_id: number | null
  client_id: number
  client?: WaitlistEntryItem['client']
}

const item = ({ user_id: _u, client_id: _c, ...rest }: EntryRow): WaitlistEntryItem => rest

/** One entry with its owner's ids (undefined when it does not exist). */
export async function readEntry(db: Db, id: number) {
  const { rows } = await db.query<EntryRow>(`${entrySelect(true)} where e.id = $1`, [id])
  const row = rows[0]
  return row ? { item: item(row), userId: row.user_id, clientId: row.client_id } : undefined
}

/** The customer's ACTIVE entries and those ended in the last `days` days, newest first. */
export async function entriesOfUser(db: Db, userId: number, days = 7) {
  const { rows } = await db.query<EntryRow>(
    `${entrySelect(false)} where e.user_id = $1
        and (e.status = 'ACTIVE' or e.ended_at > now() - make_interval(days => $2))
      order by e.created_at desc, e.id desc`,
    [userId, days],
  )
  return rows.map(item)
}

/** The entries asking for `day` (any status but REMOVED), in line order; `operatorIds` narrows to an operator's own. */
export async function entriesOfDay(db: Db, day: string, operatorIds: number[] | null) {
  const { rows } = await db.query<EntryRow>(
    `${entrySelect(true)} where $1::date = any(e.days) and e.status <> 'REMOVED'
        and ($2::int[] is null or e.operator_id is null or e.operator_id = any($2::int[]))
      order by e.created_at, e.id`,
    [day, operatorIds],
  )
  return rows.map(item)
}

export interface NewEntry {
  userId: number | null
  clientId: number
  operatorId: number | null
  services: number[]
  days: string[]
  from: string
  to: string
  createdBy: number
}

export async function insertEntry(db: Db, e: NewEntry): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into waitlist_entries (user_id, client_id, operator_id, services, days, from_time, to_time, created_by_id)
     values ($1, $2, $3, $4::int[], $5::date[], $6::time, $7::time, $8) returning id`,
    [e.userId, e.clientId, e.operatorId, e.services, e.days, e.from, e.to, e.createdBy],
  )
  return rows[0]!.id
}

/** The card of an account (every account has one), or undefined. */
export async function cardOfUser(db: Db, userId: number) {
  const { rows } = await db.query<{ id: number }>(
    'select id from clients where user_id = $1 and anonymised_at is null',
    [userId],
  )
  return rows[0]?.id
}

/** A card (not erased) with its account, if any. */
export async function readCard(db: Db, clientId: number) {
  const { rows } = await db.query<{ id: number; user_id: number | null }>(
    'select id, user_id from clients where id = $1 and anonymised_at is null',
    [clientId],
  )
  return rows[0]
}

/** Locks an entry; its status and owner. */
export async function lockEntry(db: Db, id: number) {
  const { rows } = await db.query<{
    id: number
    status: WaitlistEntryItem['status']
    user_id: number | null
    client_id: number
    operator_id: number | null
    services: number[]
  }>('select id, status, user_id, client_id, operator_id, services from waitlist_entries where id = $1 for update', [
    id,
  ])
  return rows[0]
}

/** The entry leaves the list (REMOVED); its OPEN offer is WITHDRAWN and its held draft deleted. */
export async function removeEntry(db: Db, id: number) {
  await withdrawOpenOffers(db, id)
  await db.query(`update waitlist_entries set status = 'REMOVED', ended_at = now() where id = $1`, [id])
}

/** The entry's OPEN offer, if any, becomes WITHDRAWN and its draft (still a draft) goes. */
export async function withdrawOpenOffers(db: Db, entryId: number) {
  await db.query(
    `with o as (update waitlist_offers set status = 'WITHDRAWN', decided_at = now()
                 where entry_id = $1 and status = 'OPEN' returning reservation_id)
     delete from reservations r using o where r.id = o.reservation_id and r.status = 'PENDING_CONFIRMATION'`,
    [entryId],
  )
}

export interface NewOffer {
  entryId: number
  reservationId: number
  start: Date
  end: string
  operatorId: number
  expiresAt: Date
  byHand: boolean
  now: Date
}

/** The offer row and its follow-up at `expires_at` (job `waitlist-offer-expired`), in the caller's transaction. */
export async function insertOffer(db: Db, o: NewOffer): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `with o as (
       insert into waitlist_offers (entry_id, reservation_id, date_start, date_end, operator_id, expires_at, by_hand, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id)
     select o.id, graphile_worker.add_job('waitlist-offer-expired', json_build_object('offer', o.id),
              queue_name := 'waitlist', run_at := $6, job_key := 'waitlist-offer:' || o.id, max_attempts := 10)
       from o`,
    [o.entryId, o.reservationId, o.start, o.end, o.operatorId, o.expiresAt, o.byHand, o.now],
  )
  return rows[0]!.id
}

/** One offer as the contract's item, with what the offer page needs; undefined when it does not exist. */
export async function readOffer(db: Db, id: number) {
  const { rows } = await db.query<{
    item: WaitlistOfferItem
    entry: number
    user_id: number | null
    operator_id: number | null
    services: { id: number; name: string; duration: number; price: number }[]
  }>(
    `select ${OFFER_JSON} as item, e.id as entry, e.user_id, e.operator_id,
            coalesce((select json_agg(json_build_object('id', s.id, 'name', s.title, 'duration', s.time::int,
                                                       'price', s.price::float8) order by t.ord)
                        from unnest(e.services) with ordinality as t(sid, ord) join services s on s.id = t.sid), '[]') as services
       from waitlist_offers o join waitlist_entries e on e.id = o.entry_id
       left join operators oo on oo.id = o.operator_id
      where o.id = $1`,
    [id],
  )
  return rows[0]
}

/** `waitlist-offer-expired`: an OPEN offer past its hold becomes EXPIRED and its draft goes. Whether it did. */
export async function expireOffer(db: Db, id: number, now: Date) {
  const { rowCount } = await db.query(
    `with o as (update waitlist_offers set status = 'EXPIRED', decided_at = $2
                 where id = $1 and status = 'OPEN' and expires_at <= $2 returning reservation_id)
     delete from reservations r using o where r.id = o.reservation_id and r.status = 'PENDING_CONFIRMATION'`,
    [id, now],
  )
  const { rows } = await db.query<{ status: string }>('select status from waitlist_offers where id = $1', [id])
  return { expired: rows[0]?.status === 'EXPIRED', removedDraft: (rowCount ?? 0) > 0 }
}

/** Every OPEN offer whose hold has ended (the scan's safety net: a follow-up job lost). */
export async function expireDueOffers(db: Db, now: Date) {
  await db.query(
    `with o as (update waitlist_offers set status = 'EXPIRED', decided_at = $1
                 where status = 'OPEN' and expires_at <= $1 returning reservation_id)
     delete from reservations r using o where r.id = o.reservation_id and r.status = 'PENDING_CONFIRMATION'`,
    [now],
  )
}

/** ACTIVE entries whose every day is before `today` (local) become EXPIRED. How many. */
export async function expirePastEntries(db: Db, today: string) {
  const { rowCount } = await db.query(
    `update waitlist_entries set status = 'EXPIRED', ended_at = now()
      where status = 'ACTIVE' and $1::date > all(days)`,
    [today],
  )
  return rowCount ?? 0
}

/**
 * What the scan reads: ACTIVE entries with an account that may book online (not blocked by the
 * salon; a verified address when the salon asks for one: else their confirm would be refused), in
 * line order, with every offer they had.
 */
export async function scanFacts(db: Db) {
  const { rows: entries } = await db.query<{
    id: number
    user_id: number
    client_id: number
    operator_id: number | null
    services: number[]
    days: string[]
    from: string
    to: string
    created_at: Date
  }>(
    `select id, user_id, client_id, operator_id, services,
            (select array_agg(to_char(d, 'YYYY-MM-DD') order by d) from unnest(days) as d) as days,
            to_char(from_time, 'HH24:MI') as "from", to_char(to_time, 'HH24:MI') as "to", created_at
       from waitlist_entries e
      where status = 'ACTIVE' and user_id is not null
        and not exists (select 1 from clients c where c.id = e.client_id and c.blocked_online)
        and (not coalesce((select require_email_verification from config order by id limit 1), false)
             or exists (select 1 from users u where u.id = e.user_id and u.email_verified_at is not null))
      order by created_at, id`,
  )
  const { rows: offers } = await db.query<{ entry_id: number; date_start: Date; status: 'OPEN' }>(
    `select o.entry_id, o.date_start, o.status from waitlist_offers o
       join waitlist_entries e on e.id = o.entry_id where e.status = 'ACTIVE'`,
  )
  return { entries, offers }
}

/** Who acts (a signed-in user). */
export type Actor = { id: number; user_role: Role }
