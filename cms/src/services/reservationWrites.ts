import type { Pool, PoolClient } from 'pg'
import {
  type ActingAs,
  type BookBody,
  type BookSlotsQuery,
  type BookingActor,
  type ConfirmBody,
  type Decision,
  type EditBody,
  type ExistingReservation,
  type MoveSlotsQuery,
  type FinalChange,
  type ReservationEventKind,
  type ReservationFacts,
  type ReservationSnapshot,
  type ReservationStatus,
  type Role,
  type SalonCalendar,
  type ServiceInfo,
  addCalendarDays,
  autoCompletion,
  authorizeBooking,
  authorizeEdit,
  authorizeFreeRest,
  authorizeTransition,
  authorizeUndo,
  bookingAmounts,
  checkSlot,
  daySlots,
  draftCapDecision,
  holdExpiresAt,
  initialStatus,
  isHoldExpired,
  localDayOf,
  maySeeAsStaff,
  moveOperatorChoice,
  pickOperator,
  reservationChanges,
  reservationEventKind,
  slotSettingsFor,
  startOfLocalDay,
  statusAfterMove,
} from '@salon/shared'
import { HttpError, fieldError, notFound } from '../lib/errors'
import { pgErrorCode } from '../lib/pgErrors'
import { RetryLater, withRetries } from '../lib/retry'
import { inTransaction } from '../lib/transaction'
import {
  UNAVAILABLE_MESSAGES,
  assertMayBook,
  bookableOr400,
  candidates,
  conflict,
  dayAvailability,
  limitRefusal,
  mayBookFacts,
  mayBookOr403,
  operatorOr400,
  ownBookings,
  removeExpiredHolds,
  servicesOr400,
  underBookingCapOr409,
  type OperatorChoice,
} from './booking'
import {
  CALENDAR_VERSION,
  blockingWithin,
  busyTimesNear,
  calendarInTransaction,
  loadBlocking,
  loadCalendar,
  loadServices,
  readCalendar,
  readSettings,
  servicesInOrder,
  servicesOfIds,
} from './calendar'

/**
 * The one way a reservation changes. Every create, confirm, booking by the salon, move, edit and
 * status change passes through here: the facts are loaded inside one transaction, the engine
 * (`shared/src/booking`) decides, the write happens under the exclusion guard, and one row of
 * `reservation_events` records who changed what — in the same transaction, so a change and its
 * event exist together or not at all. Payload's REST writes on `reservations` are closed
 * (collections/Reservations.ts); the seed records its rows as IMPORTED.
 */

type Actor = { id: number; user_role: Role }

/** First key of the per-operator-day advisory locks (second key: the local day's number). */
const OPERATOR_DAY_LOCK = 0x53410000

/** Who is asking, as the engine reads it: role, user id and the operator records linked to the user. */
export async function loadActor(db: Pick<PoolClient, 'query'>, user: Actor): Promise<BookingActor> {
  const { rows } = await db.query('select id from operators where user_id = $1 order by id', [user.id])
  return { role: user.user_role, userId: user.id, operatorIds: rows.map((r: { id: number }) => r.id) }
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)

interface LoadedReservation {
  id: number
  user: number | null
  createdAt: Date
  /** Booked with "Qualsiasi operatore" (column any_operator): a customer's move may go to anyone. */
  anyOperator: boolean
  snapshot: ReservationSnapshot
  facts: ReservationFacts
}

interface ReservationRow {
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
}

function loadedReservation(row: ReservationRow): LoadedReservation {
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
    snapshot,
    facts: { user: row.user_id, operator: row.operator_id, status: row.status, date_start: snapshot.date_start },
  }
}

/** A reservation with its services (row locked for the transaction unless `lock` is false), or undefined. */
async function readReservation(
  db: Pick<PoolClient, 'query'>,
  id: number,
  lock = true,
): Promise<LoadedReservation | undefined> {
  const row = (
    await db.query(
      `select r.id, r.user_id, r.operator_id, r.status, r.date_start, r.date_end, r.duration, r.total_price, r.note,
              r.created_at, r.any_operator,
              coalesce((select array_agg(services_id order by "order") from reservations_rels
                         where parent_id = r.id and path = 'services' and services_id is not null), '{}') as services
         from reservations r where r.id = $1${lock ? ' for update of r' : ''}`,
      [id],
    )
  ).rows[0] as ReservationRow | undefined
  return row ? loadedReservation(row) : undefined
}

/** The actor and what changed, as `recordEvent` writes them (actor id, role, kind, from status, changes). */
function eventRow(actor: Actor | null, before: ReservationSnapshot | null, after: ReservationSnapshot) {
  return [
    actor?.id ?? null,
    actor?.user_role ?? null,
    reservationEventKind(before, after),
    before?.status ?? null,
    JSON.stringify(reservationChanges(before, after)),
  ] as const
}

/**
 * Records the change `before` → now of reservation `id` as one event, inside the writing
 * transaction (`written`: the row as the write returned it, else read here). Nothing changed,
 * nothing recorded.
 */
async function recordEvent(
  db: Pick<PoolClient, 'query'>,
  id: number,
  actor: Actor | null,
  before: ReservationSnapshot | null,
  now: Date,
  written?: ReservationSnapshot,
  kind?: ReservationEventKind,
) {
  const after = written ?? (await readReservation(db, id, false))!.snapshot
  const changes = reservationChanges(before, after)
  if (before && Object.keys(changes).length === 0) return
  const row = eventRow(actor, before, after)
  await db.query({
    name: 'salon.event',
    text: `insert into reservation_events (reservation_id, actor_id, actor_role, kind, from_status, to_status, changes, created_at)
     values ($1, $2, $3, $4, $5, $7, $6, $8)`,
    values: [id, row[0], row[1], kind ?? row[2], row[3], row[4], after.status, now],
  })
}

/** Reservations written without a screen (the demo seed, an import) get their IMPORTED event. */
export async function recordImportedReservations(db: Pick<PoolClient, 'query'>) {
  const { rowCount } = await db.query(
    `insert into reservation_events (reservation_id, kind, to_status, created_at)
     select r.id, 'IMPORTED', r.status, r.created_at from reservations r
      where not exists (select 1 from reservation_events e where e.reservation_id = r.id)`,
  )
  return rowCount ?? 0
}

export const DECISION_MESSAGES: Record<string, string> = {
  ILLEGAL_TRANSITION: 'Questo cambio di stato non è consentito.',
  FORBIDDEN_ROLE: 'Non hai i permessi per questa operazione.',
  CANCELLATION_DISABLED: 'Le modifiche online non sono attive: contatta il salone.',
  TOO_LATE_TO_CANCEL: 'È troppo tardi per cancellare online: contatta il salone.',
  TOO_LATE_TO_MOVE: 'È troppo tardi per spostare l’appuntamento online: contatta il salone.',
  FORBIDDEN_STATUS: 'Non puoi impostare questo stato.',
  NOT_MOVABLE: 'Questa prenotazione non ha ancora un orario da spostare.',
  FINAL_STATUS: 'Questa prenotazione è chiusa e non si può più modificare.',
  ALREADY_STARTED: 'L’appuntamento è già iniziato.',
  STAFF_ONLY: 'Solo il salone può modificare servizi e note: contatta il salone.',
  NOT_STARTED: 'L’appuntamento non è ancora iniziato.',
  NOTHING_TO_UNDO: 'Non c’è un cambio di stato da annullare.',
  UNDO_EXPIRED: 'È passato troppo tempo per annullare questo cambio di stato.',
  NOTHING_TO_FREE: 'Non c’è tempo da liberare: l’appuntamento non è in corso.',
}

/** NOT_STARTED with the instant it becomes possible, in the salon's words ("dalle 15:10"). */
function decisionMessage(d: Exclude<Decision, { ok: true }>, timeZone: string) {
  const base = DECISION_MESSAGES[d.reason] ?? d.reason
  if (d.reason !== 'NOT_STARTED' || !d.params?.from) return base
  const at = new Intl.DateTimeFormat('it-IT', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(d.params.from),
  )
  return `${base} Si potrà segnare dalle ${at}.`
}

function refusal(d: Exclude<Decision, { ok: true }>, timeZone = 'Europe/Rome'): HttpError {
  if (d.status === 404) return notFound()
  return new HttpError(d.status, d.reason, decisionMessage(d, timeZone), {
    reason: d.reason,
    ...(d.params ? { params: d.params } : {}),
  })
}

/**
 * The guarded write of a booked time: `write` for the first operator of `order` whose time is
 * still free, PostgreSQL's exclusion constraint deciding (23P01 → the next one, inside a
 * savepoint). Deadlock-free by construction: one advisory lock per operator and local day is taken
 * before the write, and a transaction only ever *waits* for such a lock while it holds none. With
 * one candidate we wait for it. With several ("any operator") we only try each one in preference
 * order; if every free candidate is locked by a concurrent confirm and we still hold none, we wait
 * for the first of them — holding nothing, so no cycle can form — and try it as soon as its holder
 * commits, then only try the rest. Waiting in PostgreSQL's lock queue answers sooner than backing
 * off and re-running the whole transaction (which remains the rare fallback: `RetryLater`).
 */
async function writeToFirstFreeOperator(
  db: PoolClient,
  day: string,
  order: number[],
  write: (operatorId: number) => Promise<unknown>,
): Promise<number> {
  const dayKey = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)
  const lockKey = (operatorId: number) => [OPERATOR_DAY_LOCK + operatorId, dayKey]
  const waitFor = (operatorId: number) =>
    db.query({ name: 'salon.lock-wait', text: 'select pg_advisory_xact_lock($1, $2)', values: lockKey(operatorId) })
  const tryFor = async (operatorId: number) =>
    (
      await db.query({
        name: 'salon.lock-try',
        text: 'select pg_try_advisory_xact_lock($1, $2) as ok',
        values: lockKey(operatorId),
      })
    ).rows[0].ok as boolean
  const attempt = async (operatorId: number) => {
    await db.query('savepoint try_operator')
    try {
      await write(operatorId)
      await db.query('release savepoint try_operator')
      return true
    } catch (err) {
      await db.query('rollback to savepoint try_operator')
      if (pgErrorCode(err) !== '23P01') throw err
      return false
    }
  }

  let holding = false
  const busy: number[] = []
  for (const operatorId of order) {
    if (order.length === 1) await waitFor(operatorId)
    else if (!(await tryFor(operatorId))) {
      busy.push(operatorId)
      continue
    }
    holding = true
    if (await attempt(operatorId)) return operatorId
  }
  if (busy.length && !holding) {
    // Every candidate is being written right now and we hold no lock: queue for the first.
    const [first, ...rest] = busy
    await waitFor(first!)
    if (await attempt(first!)) return first!
    busy.length = 0
    for (const operatorId of rest) {
      if (!(await tryFor(operatorId))) busy.push(operatorId)
      else if (await attempt(operatorId)) return operatorId
    }
  }
  if (busy.length) throw new RetryLater('every free operator of that day')
  throw conflict('SLOT_TAKEN')
}

interface Placement {
  /** The reservation that gets the time (excluded from the busy times: a move may overlap itself). */
  id: number
  services: ServiceInfo[]
  choice: OperatorChoice
  start: Date
  /** Minutes it lasts (the agreed duration for a move that keeps its services). */
  duration: number
  /** Who books or moves: staff are not bound by the minimum notice (slotSettingsFor). */
  as: ActingAs
  /** Tried first when free (a move keeps its operator when it can). */
  keep?: number | null
  now: Date
  /** The UPDATE that writes the time for one operator ($2 = operator id); returns nothing. */
  write: (operatorId: number) => Promise<unknown>
  /** Busy times already read in this transaction by `busyTimesNear` (else they are read here). */
  near?: ExistingReservation[]
}

/**
 * Where a booked time goes: the engine checks the slot against the calendar and the busy times
 * read in this transaction, picks the operator ("any": the current one if free, else the least
 * booked), and the guarded write claims it.
 */
async function placeBooking(db: PoolClient, calendar: SalonCalendar, p: Placement) {
  const tz = calendar.settings.timezone
  const day = localDayOf(p.start, tz)
  const operators = candidates(p.services, calendar, p.choice)
  const from = startOfLocalDay(day, tz)
  const to = startOfLocalDay(addCalendarDays(day, 1), tz)
  const reservations = p.near
    ? blockingWithin(p.near, operators, from, to)
    : await loadBlocking(db, operators, from, to, p.id)
  const rules = { ...calendar, settings: slotSettingsFor(p.as, calendar.settings) }
  const check = checkSlot({
    services: p.services,
    operator: p.choice,
    calendar: rules,
    reservations,
    now: p.now,
    start: p.start,
    durationMinutes: p.duration,
  })
  if (!check.available) {
    if (check.reason === 'INVALID_SERVICES')
      throw fieldError('services', 'INVALID_SERVICES', UNAVAILABLE_MESSAGES.INVALID_SERVICES)
    throw conflict(check.reason)
  }
  const preferred =
    p.choice !== 'any'
      ? p.choice
      : p.keep !== undefined && p.keep !== null && check.operators.includes(p.keep)
        ? p.keep
        : pickOperator(check.operators, reservations, p.now, calendar.settings.holdMinutes)
  const order = [preferred!, ...check.operators.filter((o) => o !== preferred)]
  return writeToFirstFreeOperator(db, day, order, p.write)
}

/** The reservation's services become `serviceIds`, in that order (one statement). */
async function setServices(db: PoolClient, id: number, serviceIds: number[]) {
  await db.query({
    name: 'salon.set-services',
    text: `with gone as (delete from reservations_rels where parent_id = $1 and path = 'services')
     insert into reservations_rels (parent_id, path, services_id, "order")
     select $1, 'services', sid, ord from unnest($2::int[]) with ordinality as t(sid, ord)`,
    values: [id, serviceIds],
  })
}

/** POST /api/reservations/create-session: a draft for the customer, held for `holdMinutes`. */
export async function createSession(pool: Pool, user: Actor, now = new Date()) {
  const { settings } = await loadCalendar(pool, now.getTime())
  const id = await inTransaction(pool, async (db) => {
    await assertMayBook(db, user)
    await removeExpiredHolds(db, settings.holdMinutes, now, user.id)
    // Serialise one customer's session requests, then cap the drafts they can hold at once.
    await db.query('select id from users where id = $1 for update', [user.id])
    const open = (
      await db.query(
        `select count(*)::int as n from reservations where user_id = $1 and status = 'PENDING_CONFIRMATION'`,
        [user.id],
      )
    ).rows[0].n
    const cap = draftCapDecision(open)
    if (!cap.ok) throw limitRefusal(cap)
    const { rows } = await db.query(
      `insert into reservations (user_id, status, duration, total_price, created_at, updated_at)
       values ($1, 'PENDING_CONFIRMATION', 0, 0, $2, $2) returning id`,
      [user.id, now],
    )
    const id = rows[0].id as number
    await recordEvent(db, id, user, null, now)
    return id
  })
  return { id, expiresAt: holdExpiresAt(now, settings.holdMinutes).toISOString() }
}

/**
 * The customer's draft `$1` and the customer `$2`, both rows locked (draft first, then customer —
 * the order every confirm takes them in), with the draft's services; nothing when the draft does
 * not exist or is another customer's (their users row is then not locked either).
 */
async function lockOwnDraft(db: PoolClient, id: number, userId: number) {
  const row = (
    await db.query({
      name: 'salon.confirm-lock',
      text: `select r.id, r.user_id, r.operator_id, r.status, r.date_start, r.date_end, r.duration, r.total_price, r.note,
              r.created_at,
              coalesce((select array_agg(services_id order by "order") from reservations_rels
                         where parent_id = r.id and path = 'services' and services_id is not null), '{}') as services
         from reservations r join users u on u.id = r.user_id
        where r.id = $1 and r.user_id = $2
          for update of r, u`,
      values: [id, userId],
    })
  ).rows[0]
  return row ? loadedReservation(row) : undefined
}

/**
 * POST /api/reservations/confirm: the customer's draft becomes a booking. Everything is decided on
 * what is committed, read inside the transaction: the draft and the customer, locked (one
 * customer's confirms run one at a time, so the open-booking cap cannot be raced); then, in one
 * statement, the calendar's version, the e-mail rule, the customer's open bookings, the services
 * and the busy times around the start (`busyTimesNear`: a superset of the local day, narrowed to
 * the day and the candidates once the calendar says which); the salon's calendar is the process's
 * copy of exactly that version, or read afresh in this transaction when it changed (a closure added
 * a moment ago is seen) — the engine checks, and the guarded write claims the time.
 */
export async function confirmSession(pool: Pool, user: Actor, body: ConfirmBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const draft = await lockOwnDraft(db, body.id, user.id)
      if (!draft) throw notFound()
      if (draft.snapshot.status !== 'PENDING_CONFIRMATION') throw conflict('SESSION_CONFIRMED')
      const facts = (
        await db.query({
          // Named: PostgreSQL parses and plans it once per connection (as the other hot statements).
          name: 'salon.confirm-facts',
          text: `select ${CALENDAR_VERSION} as calendar_version, ${mayBookFacts('$1')}, ${ownBookings('$1', '$2')} as own_bookings,
                  ${servicesOfIds('$3')} as services, ${busyTimesNear('$4', '$5')} as near`,
          values: [user.id, now, body.services, body.date_start, body.id],
        })
      ).rows[0]
      const calendar = await calendarInTransaction(db, facts.calendar_version)
      const { settings } = calendar
      operatorOr400(calendar, body.operator)
      if (isHoldExpired(draft.createdAt, settings.holdMinutes, now)) throw conflict('SESSION_EXPIRED')
      mayBookOr403(user, facts)
      underBookingCapOr409(user, settings, now, body.id, facts.own_bookings)
      const services = bookableOr400(servicesInOrder(facts.services, body.services))
      const start = new Date(body.date_start)
      const amounts = bookingAmounts(start, { services })
      const status: ReservationStatus = initialStatus(settings)
      await placeBooking(db, calendar, {
        id: body.id,
        services,
        choice: body.operator,
        start,
        duration: amounts.duration,
        as: 'CUSTOMER',
        now,
        near: facts.near,
        write: (operatorId) => {
          // The booking as it will be written: its event is recorded by the same statement.
          const after = loadedReservation({
            id: body.id,
            user_id: draft.user,
            operator_id: operatorId,
            status,
            date_start: start,
            date_end: new Date(amounts.date_end),
            duration: amounts.duration,
            total_price: amounts.total_price,
            note: body.note || null,
            created_at: draft.createdAt,
            services: body.services,
          }).snapshot
          const event = eventRow(user, draft.snapshot, after)
          // One statement under the operator's lock: the time, the services and the event.
          return db.query({
            name: 'salon.confirm-write',
            text: `with w as (
                     update reservations set operator_id = $2, date_start = $3, date_end = $4, duration = $5,
                            total_price = $6, status = $7, note = $8, updated_at = $9, any_operator = $16
                      where id = $1 returning id),
                   gone as (delete from reservations_rels where parent_id = $1 and path = 'services'),
                   rels as (insert into reservations_rels (parent_id, path, services_id, "order")
                            select $1, 'services', sid, ord from unnest($10::int[]) with ordinality as t(sid, ord))
                   insert into reservation_events (reservation_id, actor_id, actor_role, kind, from_status, to_status, changes, created_at)
                   select id, $11, $12, $13, $14, $7, $15, $9 from w`,
            values: [
              body.id,
              operatorId,
              start,
              amounts.date_end,
              amounts.duration,
              amounts.total_price,
              status,
              body.note || null,
              now,
              body.services,
              ...event,
              // "Qualsiasi operatore": remembered, so that the customer may later move it to anyone.
              body.operator === 'any',
            ],
          })
        },
      })
      return { id: body.id }
    }),
  )
}

/**
 * POST /api/reservations/book: the salon books a customer in (dashboard, phone, walk-in). The
 * engine decides who may (`authorizeBooking`: admins anywhere, an operator in their own agenda),
 * the status (`initialStatus`: CONFIRMED) and the slot rules for staff (`slotSettingsFor`); the
 * time is claimed by the same guarded write as a customer's confirm.
 */
export async function bookForCustomer(pool: Pool, user: Actor, body: BookBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const actor = await loadActor(db, user)
      const verdict = authorizeBooking(actor, body.operator)
      if (!verdict.ok) throw refusal(verdict)
      const customer = (await db.query('select id from users where id = $1', [body.user])).rows[0]
      if (!customer) throw fieldError('user', 'UNKNOWN_CUSTOMER', 'Cliente inesistente')
      const calendar = await readCalendar(db)
      operatorOr400(calendar, body.operator)
      const services = await servicesOr400(db, body.services)
      const start = new Date(body.date_start)
      const amounts = bookingAmounts(start, { services })
      const status = initialStatus(calendar.settings, verdict.as)
      const { rows } = await db.query(
        `insert into reservations (user_id, status, duration, total_price, note, created_at, updated_at)
         values ($1, 'PENDING_CONFIRMATION', 0, 0, $2, $3, $3) returning id`,
        [body.user, body.note || null, now],
      )
      const id = rows[0].id as number
      await placeBooking(db, calendar, {
        id,
        services,
        choice: body.operator,
        start,
        duration: amounts.duration,
        as: verdict.as,
        now,
        write: (operatorId) =>
          db.query(
            `update reservations set operator_id = $2, date_start = $3, date_end = $4, duration = $5, total_price = $6,
                    status = $7 where id = $1`,
            [id, operatorId, start, amounts.date_end, amounts.duration, amounts.total_price, status],
          ),
      })
      await setServices(db, id, body.services)
      await recordEvent(db, id, user, null, now)
      return { id }
    }),
  )
}

/** Who is asking and the reservation, locked for the transaction; 404 when it does not exist. */
async function lockedReservation(db: PoolClient, user: Actor, id: number) {
  const actor = await loadActor(db, user)
  const current = await readReservation(db, id)
  if (!current) throw notFound()
  return { actor, current }
}

/**
 * PUT /api/reservations/:id/status: the engine decides who may set what (`authorizeTransition`)
 * from the actor and the row, read under a row lock. Someone who may not see it gets 404.
 */
export async function changeStatus(pool: Pool, user: Actor, id: number, to: ReservationStatus, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { actor, current } = await lockedReservation(db, user, id)
      const settings = await readSettings(db)
      const verdict = authorizeTransition(actor, current.facts, to, settings, now)
      if (!verdict.ok) throw refusal(verdict, settings.timezone)
      await db.query('update reservations set status = $2, updated_at = $3 where id = $1', [id, to, now])
      await recordEvent(db, id, user, current.snapshot, now)
      return { id }
    }),
  )
}

/**
 * The last change of each reservation into a final status (the one an undo takes back), from its
 * history: the latest status change into the status it still has, with the end it had before
 * staff freed the rest, if they did. Reservations in no final status are absent.
 */
export async function finalChanges(db: Pick<PoolClient, 'query'>, ids: number[]): Promise<Map<number, FinalChange>> {
  const out = new Map<number, FinalChange>()
  if (!ids.length) return out
  const { rows } = await db.query(
    `select r.id, e.from_status, e.to_status, e.created_at, (e.actor_id is not null and e.actor_id = r.user_id) as by_customer,
            (select f.changes -> 'date_end' ->> 'from' from reservation_events f
              where f.reservation_id = r.id and f.kind = 'FREED' and f.id > e.id order by f.id limit 1) as restore_end
       from reservations r
       join lateral (select * from reservation_events e where e.reservation_id = r.id and e.to_status = r.status::text
                       and e.kind = 'STATUS_CHANGED' and e.from_status is distinct from e.to_status
                     order by e.id desc limit 1) e on true
      where r.id = any($1::int[]) and r.status in ('COMPLETED', 'NO_SHOW', 'CANCELLED', 'REJECTED')`,
    [ids],
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

/**
 * POST /api/reservations/:id/undo: staff take back a final status set by mistake, within
 * UNDO_MINUTES (`authorizeUndo`). The booking gets its previous status and, if the rest of its time
 * was freed, its end back — under the database guard: if someone has booked that time since,
 * 409 SLOT_TAKEN and nothing changes. One UNDONE event (a cancellation taken back mails the
 * customer that the booking stands).
 */
export async function undoStatus(pool: Pool, user: Actor, id: number, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { actor, current } = await lockedReservation(db, user, id)
      const settings = await readSettings(db)
      const change = (await finalChanges(db, [id])).get(id)
      const verdict = authorizeUndo(actor, current.facts, change, now)
      if (!verdict.ok) throw refusal(verdict, settings.timezone)
      try {
        await db.query('savepoint undo')
        await db.query(
          'update reservations set status = $2, date_end = coalesce($3::timestamptz, date_end), updated_at = $4 where id = $1',
          [id, change!.from, change!.restoreEnd ?? null, now],
        )
        await db.query('release savepoint undo')
      } catch (err) {
        await db.query('rollback to savepoint undo')
        if (pgErrorCode(err) === '23P01') throw conflict('SLOT_TAKEN')
        throw err
      }
      await recordEvent(db, id, user, current.snapshot, now, undefined, 'UNDONE')
      return { id }
    }),
  )
}

/**
 * POST /api/reservations/:id/free-rest: an appointment over before its end (served early, a
 * no-show) stops holding the rest of its time — its end becomes now (`authorizeFreeRest`), and
 * that time can be booked. One FREED event; the undo of the status puts the end back.
 */
export async function freeRest(pool: Pool, user: Actor, id: number, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { actor, current } = await lockedReservation(db, user, id)
      const settings = await readSettings(db)
      const verdict = authorizeFreeRest(actor, { ...current.facts, date_end: current.snapshot.date_end }, now)
      if (!verdict.ok) throw refusal(verdict, settings.timezone)
      await db.query('update reservations set date_end = $2, updated_at = $2 where id = $1', [id, now])
      await recordEvent(db, id, user, current.snapshot, now, undefined, 'FREED')
      return { id }
    }),
  )
}

/**
 * Whom a move goes to (`moveOperatorChoice`): staff as asked (else the current operator); the
 * customer anyone free for a booking made with "Qualsiasi operatore", else its operator — asking
 * for another is a 403 naming `operator`.
 */
function moveOperatorOr403(as: ActingAs, current: LoadedReservation, requested: OperatorChoice | undefined) {
  const decision = moveOperatorChoice(
    as,
    { operator: current.snapshot.operator, anyOperator: current.anyOperator },
    requested,
  )
  if (decision.ok) return decision.choice
  const message = 'Questo appuntamento è con l’operatore che hai scelto: per cambiarlo contatta il salone.'
  throw new HttpError(403, decision.reason, message, {
    reason: decision.reason,
    errors: [{ path: 'operator', message, code: decision.reason }],
  })
}

/** The services of a booking as the engine reads them; a booking whose services are gone cannot move. */
async function servicesOfBooking(db: Pool | PoolClient, current: LoadedReservation) {
  const ids = current.snapshot.services
  const { services, missing } = await loadServices(db, ids)
  if (!ids.length || missing.length) throw conflict('INVALID_SERVICES')
  return services
}

/**
 * PATCH /api/reservations/:id/edit (and POST /:id/move, its customer-facing form): a new time,
 * operator, services or note. The engine decides who may change what (`authorizeEdit`), the
 * amounts (`bookingAmounts`: a move keeps the agreed price and duration, new services are priced
 * anew) and the status after a move (`statusAfterMove`); a new time is checked and claimed like a
 * confirm. If a concurrent booking took the time the whole edit rolls back (409 SLOT_TAKEN) and
 * the booking keeps what it had.
 */
export async function editReservation(pool: Pool, user: Actor, id: number, body: EditBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { actor, current } = await lockedReservation(db, user, id)
      const calendar = await readCalendar(db)
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

      if (scope.note) {
        await db.query('update reservations set note = $2, updated_at = $3 where id = $1', [id, body.note || null, now])
      }
      if (scope.time || scope.services || scope.duration) {
        // A customer moving their own booking books a new time: same e-mail rule as booking. A
        // move does not add a booking, so the open-booking cap does not apply.
        await assertMayBook(db, user, verdict.as !== 'CUSTOMER')
        const services = servicesChanged
          ? await servicesOr400(db, body.services!)
          : await servicesOfBooking(db, current)
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
          choice: moveOperatorOr403(verdict.as, current, body.operator),
          keep: current.snapshot.operator,
          start,
          duration: amounts.duration,
          as: verdict.as,
          now,
          write: (operatorId) =>
            db.query(
              `update reservations set operator_id = $2, date_start = $3, date_end = $4, duration = $5,
                      total_price = $6, status = $7, updated_at = $8 where id = $1`,
              [id, operatorId, start, amounts.date_end, amounts.duration, amounts.total_price, status, now],
            ),
        })
        if (servicesChanged) await setServices(db, id, body.services!)
      }
      await recordEvent(db, id, user, current.snapshot, now)
      const after = (await readReservation(db, id, false))!.snapshot
      return { id, status: after.status, operator: after.operator }
    }),
  )
}

/**
 * GET /api/reservations/:id/move-slots: the free starts of a day for this booking — its services
 * and agreed duration, the chosen operator (default: the current one), and the booking itself not
 * counted as busy, so a shift that overlaps its own current time is offered. Only for someone who
 * may move it now; staff see the slots staff may book (no minimum notice).
 */
export async function moveSlots(pool: Pool, user: Actor, id: number, q: MoveSlotsQuery, now = new Date()) {
  const calendar = await loadCalendar(pool, now.getTime())
  const { settings } = calendar
  if (q.operator !== undefined) operatorOr400(calendar, q.operator)
  const actor = await loadActor(pool, user)
  const current = await readReservation(pool, id, false)
  if (!current) throw notFound()
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
  const operator: OperatorChoice = moveOperatorOr403(verdict.as, current, q.operator)
  const tz = settings.timezone
  const reservations = await loadBlocking(
    pool,
    candidates(services, calendar, operator),
    startOfLocalDay(q.date, tz),
    startOfLocalDay(addCalendarDays(q.date, 1), tz),
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

/** A booking's history for the staff who may see it (admins, its operator); 404 for anyone else. */
export async function reservationEvents(pool: Pool, user: Actor, id: number) {
  const actor = await loadActor(pool, user)
  const current = await readReservation(pool, id, false)
  if (!current || !maySeeAsStaff(actor, current.facts)) throw notFound()
  return { id, events: await readEvents(pool, id) }
}

/** The events of one reservation, oldest first (the caller has checked who may read them). */
export async function readEvents(pool: Pool, id: number) {
  const { rows } = await pool.query(
    `select e.id, e.kind, e.from_status, e.to_status, e.changes, e.created_at, e.actor_id, e.actor_role,
            nullif(trim(concat_ws(' ', u.name, u.surname)), '') as actor_name
       from reservation_events e left join users u on u.id = e.actor_id
      where e.reservation_id = $1 order by e.id`,
    [id],
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
 * The queue's `complete-past` job: with config `autoCompleteHours` set, bookings the engine says
 * are done (`autoCompletion`: confirmed, ended at least that long ago) become COMPLETED, each with
 * its STATUS_CHANGED event (actor: none — the salon's own rule), in one statement. Rows another
 * transaction holds are skipped and taken on the next run.
 */
export async function completePastBookings(pool: Pool, graceHours: number, now = new Date()) {
  const rule = autoCompletion(graceHours, now)
  if (!rule) return 0
  const { rowCount } = await pool.query(
    `with due as (
       select id, status from reservations
        where status = any($1::enum_reservations_status[]) and date_end <= $2
        order by date_end limit 500 for update skip locked),
     done as (
       update reservations r set status = 'COMPLETED', updated_at = $3 from due where r.id = due.id
       returning r.id, due.status as from_status)
     insert into reservation_events (reservation_id, kind, from_status, to_status, changes, created_at)
     select id, 'STATUS_CHANGED', from_status, 'COMPLETED',
            jsonb_build_object('status', jsonb_build_object('from', from_status, 'to', 'COMPLETED')), $3
       from done`,
    [rule.statuses, rule.endedBefore, now],
  )
  return rowCount ?? 0
}
