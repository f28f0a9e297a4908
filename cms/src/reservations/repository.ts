import type { PoolClient } from 'pg'
import {
  type PlanSegment,
  type FinalChange,
  type ReservationEventKind,
  type ReservationFacts,
  type ReservationSnapshot,
  type ReservationStatus,
  type Role,
  holdCutoff,
  reservationChanges,
  reservationEventKind,
} from '@salon/shared'
import { isoOf, param, raw, sql, statement, type Param, type Sql } from '../platform/edge'
import { reservationDoc } from './readBack'

/**
 * The one place with SQL on `reservations`, their service rows (`reservations_rels`) and their
 * history (`reservation_events`): the shape a reservation is read in, the one event INSERT, the one
 * replacement of the services, the writes of a time, a status, a note. The use cases (writes/) and
 * the reads (reads.ts) decide; this file only reads and writes rows. Statements are composed with
 * `sql` (platform/sqlBuilder.ts): values are numbered when a statement is built, never by hand.
 */

type Db = Pick<PoolClient, 'query'>
export type Actor = { id: number; user_role: Role }

export interface LoadedReservation {
  id: number
  user: number | null
  createdAt: Date
  /** Booked with "Qualsiasi operatore" (column any_operator): a customer's move may go to anyone. */
  anyOperator: boolean
  /** Its plan as agreed (issue 25: phases, stations, clean-up); null = one busy block. */
  plan: PlanSegment[] | null
  snapshot: ReservationSnapshot
  facts: ReservationFacts
}

export interface ReservationRow {
  id: number
  user_id: number | null
  operator_id: number | null
  status: ReservationStatus
  date_start: Date | null
  date_end: Date | null
  duration: string | number | null
  total_price: string | number | null
  note: string | null
  created_at: Date
  services: number[]
  any_operator?: boolean
  plan?: PlanSegment[] | null
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)

/** A row of the reservation shape (`RESERVATION`), or one about to be written, as the engine reads it. */
export function loadedReservation(row: ReservationRow): LoadedReservation {
  const snapshot: ReservationSnapshot = {
    status: row.status,
    date_start: iso(row.date_start),
    date_end: iso(row.date_end),
    operator: row.operator_id,
    services: row.services,
    duration: Number(row.duration ?? 0),
    total_price: Number(row.total_price ?? 0),
    note: row.note,
  }
  return {
    id: row.id,
    user: row.user_id,
    createdAt: new Date(row.created_at),
    anyOperator: row.any_operator === true,
    plan: row.plan ?? null,
    snapshot,
    facts: { user: row.user_id, operator: row.operator_id, status: row.status, date_start: snapshot.date_start },
  }
}

/** The one SELECT shape of a reservation (alias `r`) with its services in booked order. */
const RESERVATION = sql`select r.id, r.user_id, r.operator_id, r.status, r.date_start, r.date_end, r.duration, r.total_price, r.note,
              r.created_at, r.any_operator, r.plan,
              coalesce((select array_agg(services_id order by "order") from reservations_rels
                         where parent_id = r.id and path = 'services' and services_id is not null), '{}') as services
         from reservations r`

const one = (rows: ReservationRow[]) => (rows[0] ? loadedReservation(rows[0]) : undefined)

/** A reservation with its services (row locked for the transaction unless `lock` is false), or undefined. */
export async function readReservation(db: Db, id: number, lock = true): Promise<LoadedReservation | undefined> {
  const text = sql`${RESERVATION} where r.id = ${id}${raw(lock ? ' for update of r' : '')}`
  return one((await db.query(statement(text))).rows)
}

/**
 * The customer's draft `id` and the customer `userId`, both rows locked (draft first, then customer —
 * the order every confirm takes them in), with the draft's services; nothing when the draft does
 * not exist or is another customer's (their users row is then not locked either).
 */
export async function lockOwnDraft(db: Db, id: number, userId: number) {
  const text = sql`${RESERVATION} join users u on u.id = r.user_id where r.id = ${id} and r.user_id = ${userId} for update of r, u`
  return one((await db.query(statement(text, 'salon.confirm-lock'))).rows)
}

/** The customer's draft `id` as committed, without a lock (confirm's refusal check); nothing when not theirs. */
export async function readOwnDraft(db: Db, id: number, userId: number) {
  const text = sql`${RESERVATION} where r.id = ${id} and r.user_id = ${userId}`
  return one((await db.query(statement(text, 'salon.confirm-read'))).rows)
}

/** A new draft (no time yet) of `user`; its id. */
export async function insertDraft(
  db: Db,
  user: number | null,
  note: string | null,
  now: Date,
  client: number | null = null,
): Promise<number> {
  const at = param(now)
  // A booking for an account gets its card from the database (trigger reservations_client_of_user).
  const { rows } = await db.query(
    statement(sql`insert into reservations (user_id, client_id, status, duration, total_price, note, created_at, updated_at)
       values (${user}, ${client}, 'PENDING_CONFIRMATION', 0, 0, ${note}, ${at}, ${at}) returning id`),
  )
  return rows[0].id as number
}

/** How many drafts `userId` holds, after locking their users row (one customer's session requests run one at a time). */
export async function lockCustomerAndCountDrafts(db: Db, userId: number): Promise<number> {
  await db.query(statement(sql`select id from users where id = ${userId} for update`))
  const count = sql`select count(*)::int as n from reservations where user_id = ${userId} and status = 'PENDING_CONFIRMATION'`
  return (await db.query(statement(count))).rows[0].n as number
}

/** Drafts that were never confirmed stop existing once their hold has passed (of one user, or all). */
export async function removeExpiredHolds(db: Db, holdMinutes: number, now: Date, userId?: number) {
  const user = param(userId ?? null)
  const { rowCount } = await db.query(
    statement(sql`delete from reservations where status = 'PENDING_CONFIRMATION' and created_at < ${holdCutoff(now, holdMinutes)}
       and (${user}::int is null or user_id = ${user})`),
  )
  return rowCount ?? 0
}

/**
 * The not-yet-ended bookings of the user `user` at `now` (drafts aside), as one JSON array — what
 * the open-booking cap is decided on (read after the users row lock: booking.ts assertUnderBookingCap).
 */
export const ownBookings = (user: unknown, now: unknown) =>
  sql`(select coalesce(json_agg(json_build_object('id', id, 'status', status, 'date_end', date_end,
                     'created_at', created_at)), '[]'::json)
              from reservations where user_id = ${user} and status <> 'PENDING_CONFIRMATION' and date_end > ${now})`

/** A booked time as it is written: operator, start, end, agreed length and price, status. */
export interface BookedTime {
  operator: number
  start: Date
  end: string
  duration: number
  price: number
  status: ReservationStatus
  /** Staff placed it outside the operator's shift (or leave) on purpose (issue 23). */
  shiftOverride?: boolean
  /** Its plan (issue 25; phases.ts `storedPlan`): null = one busy block. The database derives its stretches. */
  plan: PlanSegment[] | null
}

const timeUpdate = (id: Param, t: BookedTime, now: unknown, more: Sql = raw('')) =>
  sql`update reservations set operator_id = ${t.operator}, date_start = ${t.start}, date_end = ${t.end}, duration = ${t.duration},
                            total_price = ${t.price}, status = ${t.status}, shift_override = ${t.shiftOverride === true},
                            plan = ${t.plan === null ? null : JSON.stringify(t.plan)}::jsonb, updated_at = ${now}${more}
                      where id = ${id}`

/** The reservation's services become `serviceIds`, in that order: two CTEs of one statement. */
const servicesReplacement = (id: Param, serviceIds: number[]) =>
  sql`gone as (delete from reservations_rels where parent_id = ${id} and path = 'services'),
                   rels as (insert into reservations_rels (parent_id, path, services_id, "order")
                            select ${id}, 'services', sid, ord from unnest(${serviceIds}::int[]) with ordinality as t(sid, ord))`

/**
 * Writes the time `t` (the guarded write: 23P01 when a busy stretch overlaps one of another booking
 * of that operator, or a station kind would be held more times than it has).
 */
export async function writeTime(db: Db, id: number, t: BookedTime, now: Date) {
  await db.query(statement(timeUpdate(param(id), t, now)))
}

/** The reservation's services become `serviceIds`, in that order (one statement). */
export async function setServices(db: Db, id: number, serviceIds: number[]) {
  await db.query(statement(sql`with ${servicesReplacement(param(id), serviceIds)} select 1`, 'salon.set-services'))
}

export async function setStatus(db: Db, id: number, to: ReservationStatus, now: Date) {
  await db.query(statement(sql`update reservations set status = ${to}, updated_at = ${now} where id = ${id}`))
}

/** The status `to` back, and the end `restoreEnd` when one was freed (the guarded write: 23P01 when taken since). */
export async function restoreStatus(db: Db, id: number, to: ReservationStatus, restoreEnd: string | null, now: Date) {
  await db.query(
    statement(sql`update reservations set status = ${to}, date_end = coalesce(${restoreEnd}::timestamptz, date_end), updated_at = ${now}
       where id = ${id}`),
  )
}

/** The booking ends now: the rest of its time is free. */
export async function endNow(db: Db, id: number, now: Date) {
  const at = param(now)
  await db.query(statement(sql`update reservations set date_end = ${at}, updated_at = ${at} where id = ${id}`))
}

export async function setNote(db: Db, id: number, note: string | null, now: Date) {
  await db.query(statement(sql`update reservations set note = ${note}, updated_at = ${now} where id = ${id}`))
}

/** The columns of one event, each a value or an SQL expression over the statement's source rows. */
interface EventColumns {
  reservation: unknown
  actorId: unknown
  actorRole: unknown
  kind: unknown
  from: unknown
  to: unknown
  changes: unknown
  at: unknown
}

/** The one INSERT of `reservation_events`: one row, or one per row of `source` (` from …`). */
const eventInsert = (e: EventColumns, source: Sql = raw('')) =>
  sql`insert into reservation_events (reservation_id, actor_id, actor_role, kind, from_status, to_status, changes, created_at)
                   select ${e.reservation}, ${e.actorId}, ${e.actorRole}, ${e.kind}, ${e.from}, ${e.to}, ${e.changes}, ${e.at}${source}`

/** Who changed what, `before` → `after`, as an event records it (kind: the engine's, unless given). */
function eventOf(
  actor: Actor | null,
  before: ReservationSnapshot | null,
  after: ReservationSnapshot,
  kind?: ReservationEventKind,
) {
  return {
    actorId: actor?.id ?? null,
    actorRole: actor?.user_role ?? null,
    kind: kind ?? reservationEventKind(before, after),
    from: before?.status ?? null,
    to: after.status,
    changes: JSON.stringify(reservationChanges(before, after)),
  }
}

/**
 * Records the change `before` → now of reservation `id` as one event, inside the writing
 * transaction (`written`: the row as the write left it, else read here). Nothing changed, nothing
 * recorded.
 */
export async function recordEvent(
  db: Db,
  id: number,
  actor: Actor | null,
  before: ReservationSnapshot | null,
  now: Date,
  written?: ReservationSnapshot,
  kind?: ReservationEventKind,
) {
  const after = written ?? (await readReservation(db, id, false))!.snapshot
  if (before && Object.keys(reservationChanges(before, after)).length === 0) return
  await db.query(
    statement(eventInsert({ reservation: id, ...eventOf(actor, before, after, kind), at: now }), 'salon.event'),
  )
}

/**
 * A customer's confirm in one statement, under the operator's lock: the time, the services and the
 * event (from `before`, the draft, to the booking as written).
 */
export async function writeConfirmed(
  db: Db,
  c: { id: number; time: BookedTime; note: string | null; anyOperator: boolean; services: number[]; now: Date },
  actor: Actor,
  before: ReservationSnapshot,
  after: ReservationSnapshot,
) {
  const id = param(c.id)
  const now = param(c.now)
  const update = timeUpdate(id, c.time, now, sql`, note = ${c.note}, any_operator = ${c.anyOperator}`)
  const event = eventInsert({ reservation: raw('id'), ...eventOf(actor, before, after), at: now }, raw(' from w'))
  const text = sql`with w as (${update} returning ${DOC_COLUMNS}),
                   ${servicesReplacement(id, c.services)},
                   ev as (${event})
                   select * from w`
  const { rows } = await db.query(statement(text, 'salon.confirm-write'))
  return reservationDoc(rows[0]!, c.services)
}

/** The columns `reservationDoc` (readBack.ts) takes, as a RETURNING list of `reservations`. */
const DOC_COLUMNS = raw(
  `id, note, user_id, client_id, operator_id, any_operator, ${isoOf('date_start')} as date_start,
   ${isoOf('date_end')} as date_end, duration, total_price, status, ${isoOf('customer_confirmed_at')} as customer_confirmed_at,
   ${isoOf('updated_at')} as updated_at, ${isoOf('created_at')} as created_at`,
)

/**
 * Bookings the engine says are done (`statuses`, ended by `endedBefore`) become COMPLETED, each
 * with its STATUS_CHANGED event (actor: none), in one statement; rows another transaction holds
 * are skipped. How many.
 */
export async function completeDue(db: Db, statuses: ReservationStatus[], endedBefore: Date, now: Date) {
  const at = param(now)
  const changes = raw(`jsonb_build_object('status', jsonb_build_object('from', from_status, 'to', 'COMPLETED'))`)
  const event = {
    reservation: raw('id'),
    actorId: null,
    actorRole: null,
    kind: 'STATUS_CHANGED',
    from: raw('from_status'),
  }
  const { rowCount } = await db.query(
    statement(sql`with due as (
       select id, status from reservations
        where status = any(${statuses}::enum_reservations_status[]) and date_end <= ${endedBefore}
        order by date_end limit 500 for update skip locked),
     done as (
       update reservations r set status = 'COMPLETED', updated_at = ${at} from due where r.id = due.id
       returning r.id, due.status as from_status)
     ${eventInsert({ ...event, to: 'COMPLETED', changes, at }, raw(' from done'))}`),
  )
  return rowCount ?? 0
}

/** Reservations written without a screen (the demo seed, an import) get their IMPORTED event. */
export async function recordImportedReservations(db: Db) {
  const source = raw(` from reservations r
      where not exists (select 1 from reservation_events e where e.reservation_id = r.id)`)
  const columns = { reservation: raw('r.id'), actorId: null, actorRole: null, kind: 'IMPORTED', from: null }
  const { rowCount } = await db.query(
    statement(
      eventInsert({ ...columns, to: raw('r.status'), changes: raw(`'{}'::jsonb`), at: raw('r.created_at') }, source),
    ),
  )
  return rowCount ?? 0
}

/**
 * The last change of each reservation into a final status (the one an undo takes back), from its
 * history: the latest status change into the status it still has, with the end it had before
 * staff freed the rest, if they did. Reservations in no final status are absent.
 */
export async function finalChanges(db: Db, ids: number[]): Promise<Map<number, FinalChange>> {
  const out = new Map<number, FinalChange>()
  if (!ids.length) return out
  const { rows } = await db.query(
    statement(sql`select r.id, e.from_status, e.to_status, e.created_at, (e.actor_id is not null and e.actor_id = r.user_id) as by_customer,
            (select f.changes -> 'date_end' ->> 'from' from reservation_events f
              where f.reservation_id = r.id and f.kind = 'FREED' and f.id > e.id order by f.id limit 1) as restore_end
       from reservations r
       join lateral (select * from reservation_events e where e.reservation_id = r.id and e.to_status = r.status::text
                       and e.kind = 'STATUS_CHANGED' and e.from_status is distinct from e.to_status
                     order by e.id desc limit 1) e on true
      where r.id = any(${ids}::int[]) and r.status in ('COMPLETED', 'NO_SHOW', 'CANCELLED', 'REJECTED')`),
  )
  for (const r of rows)
    out.set(r.id, {
      from: r.from_status,
      to: r.to_status,
      at: new Date(r.created_at).toISOString(),
      byCustomer: !!r.by_customer,
      restoreEnd: r.restore_end ? new Date(r.restore_end).toISOString() : null,
    })
  return out
}

/** The events of one reservation, oldest first (the caller has checked who may read them). */
export async function readEvents(db: Db, id: number) {
  const { rows } = await db.query(
    statement(sql`select e.id, e.kind, e.from_status, e.to_status, e.changes, e.created_at, e.actor_id, e.actor_role,
            nullif(trim(concat_ws(' ', u.name, u.surname)), '') as actor_name
       from reservation_events e left join users u on u.id = e.actor_id
      where e.reservation_id = ${id} order by e.id`),
  )
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    from: r.from_status,
    to: r.to_status,
    changes: r.changes,
    at: new Date(r.created_at).toISOString(),
    actor: r.actor_id ? { id: r.actor_id, role: r.actor_role, name: r.actor_name } : null,
  }))
}

/**
 * Held drafts with a time (waitlist offers, issue 27) of `operator` within [from, to) whose hold has
 * ended: deleted (as `expire-drafts` would a minute later). How many. The guarded write calls it
 * when the exclusion constraint refuses a time the engine found free (placement.ts).
 */
export async function removeStaleTimedHolds(
  db: Db,
  operator: number,
  from: Date,
  to: Date,
  holdMinutes: number,
  now: Date,
) {
  const { rowCount } = await db.query(
    statement(sql`delete from reservations
      where operator_id = ${operator} and status = 'PENDING_CONFIRMATION' and date_start is not null and date_end is not null
        and tstzrange(date_start, date_end, '[)') && tstzrange(${from}, ${to}, '[)')
        and created_at < ${holdCutoff(now, holdMinutes)}`),
  )
  return rowCount ?? 0
}
