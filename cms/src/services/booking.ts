import type { Pool, PoolClient } from 'pg'
import {
  addCalendarDays,
  authorizeMove,
  authorizeTransition,
  statusAfterMove,
  type BookingActor,
  type Decision,
  type MoveBody,
  type MoveSlotsQuery,
  type BookingSettings,
  type ReservationFacts,
  bookingTotals,
  checkSlot,
  daySlots,
  daysWithSlots,
  eligibleOperators,
  localDayOf,
  pickOperator,
  startOfLocalDay,
  type ConfirmBody,
  type ReservationStatus,
  type Role,
  type ServiceInfo,
  type UnavailableReason,
  CONFIG_DEFAULTS,
  bookingCapDecision,
  draftCapDecision,
  emailVerificationDecision,
  type LimitDecision,
  type OwnBookingFacts,
  holdCutoff,
  holdExpiresAt,
  initialStatus,
  isHoldExpired,
} from '@salon/shared'
import { HttpError, fieldError, notFound } from '../lib/errors'
import { pgErrorCode } from '../lib/pgErrors'
import { RetryLater, withRetries } from '../lib/retry'
import { loadBlocking, loadCalendar, loadServices } from './calendar'

/** First key of the per-operator-day advisory locks (second key: the local day's number). */
const OPERATOR_DAY_LOCK = 0x53410000

type Actor = { id: number; user_role: Role }
type OperatorChoice = number | 'any'

/** Why a slot cannot be booked, in the customer's language. */
export const UNAVAILABLE_MESSAGES: Record<
  UnavailableReason | 'SLOT_TAKEN' | 'SESSION_EXPIRED' | 'SESSION_CONFIRMED',
  string
> = {
  INVALID_SERVICES: 'Uno dei servizi scelti non è prenotabile.',
  NO_ELIGIBLE_OPERATOR: 'Nessun operatore può eseguire tutti i servizi scelti.',
  IN_THE_PAST: 'Questo orario è già passato.',
  TOO_SOON: 'Questo orario è troppo vicino: scegline uno più avanti.',
  BEYOND_HORIZON: 'Non è ancora possibile prenotare così avanti.',
  CLOSED: 'Il salone è chiuso in questo giorno o orario.',
  OUTSIDE_OPENING_HOURS: 'Il salone è chiuso a quest’ora.',
  NOT_ON_SLOT_GRID: 'Scegli uno degli orari proposti.',
  OPERATOR_BUSY: 'Questo orario non è più disponibile.',
  SLOT_TAKEN: 'Questo orario è appena stato prenotato da qualcun altro.',
  SESSION_EXPIRED: 'La sessione di prenotazione è scaduta: ricomincia.',
  SESSION_CONFIRMED: 'Questa prenotazione è già stata confermata.',
}

const conflict = (reason: keyof typeof UNAVAILABLE_MESSAGES) =>
  new HttpError(409, UNAVAILABLE_MESSAGES[reason], { reason })

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The engine's refusal of a limit (drafts, open bookings, unverified address), in Italian. */
export function limitRefusal(d: Exclude<LimitDecision, { ok: true }>): HttpError {
  const limit = d.limit ?? 0
  const message =
    d.reason === 'TOO_MANY_BOOKINGS'
      ? `Puoi avere al massimo ${plural(limit, 'appuntamento', 'appuntamenti')} in programma e ${limit === 1 ? 'lo' : 'li'} hai già: ` +
        'per prenotarne un altro disdicine uno in “I miei appuntamenti” o contatta il salone.'
      : d.reason === 'TOO_MANY_DRAFTS'
        ? 'Hai già troppe prenotazioni in corso: completane una o riprova tra qualche minuto.'
        : 'Conferma il tuo indirizzo e-mail per prenotare: trovi il link nella mail di benvenuto.'
  return new HttpError(d.status, message, { reason: d.reason, ...(d.limit !== undefined ? { limit: d.limit } : {}) })
}

/**
 * `config.requireEmailVerification`, decided by the engine: a customer with an unconfirmed address
 * may not open, confirm or move a booking (staff, and staff acting on a customer's booking, may).
 */
async function assertMayBook(db: Pick<PoolClient, 'query'>, user: Actor, actingAsStaff = false) {
  const { rows } = await db.query(
    `select coalesce((select require_email_verification from config order by id limit 1), false) as required,
            (select email_verified_at from users where id = $1) is not null as verified`,
    [user.id],
  )
  const verdict = emailVerificationDecision({
    role: user.user_role,
    required: !!rows[0]?.required,
    verified: !!rows[0]?.verified,
    actingAsStaff,
  })
  if (!verdict.ok) throw limitRefusal(verdict)
}

/**
 * The open-booking cap (`config.maxOpenBookings`), decided by the engine from the customer's own
 * not-yet-ended bookings. Call with the customer's users row locked, so that two confirms of one
 * customer cannot both pass.
 */
async function assertUnderBookingCap(
  db: Pick<PoolClient, 'query'>,
  user: Actor,
  settings: BookingSettings,
  now: Date,
  excludeId: number,
) {
  const maxOpenBookings = settings.maxOpenBookings ?? CONFIG_DEFAULTS.maxOpenBookings
  if (!(maxOpenBookings > 0) || user.user_role !== 'USER') return // no cap, or staff: nothing to read
  const { rows } = await db.query(
    `select id, status, date_end, created_at from reservations
      where user_id = $1 and status <> 'PENDING_CONFIRMATION' and date_end > $2`,
    [user.id, now],
  )
  const bookings: OwnBookingFacts[] = rows.map(
    (r: { id: number; status: ReservationStatus; date_end: Date | null; created_at: Date }) => ({
      id: r.id,
      status: r.status,
      date_end: r.date_end ? new Date(r.date_end).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    }),
  )
  const verdict = bookingCapDecision({
    role: user.user_role,
    bookings,
    maxOpenBookings,
    holdMinutes: settings.holdMinutes,
    now,
    excludeId,
  })
  if (!verdict.ok) throw limitRefusal(verdict)
}

async function servicesOr400(db: Parameters<typeof loadServices>[0], ids: number[]): Promise<ServiceInfo[]> {
  const { services, missing } = await loadServices(db, ids)
  if (missing.length || services.some((s) => s.active === false)) {
    throw fieldError('services', UNAVAILABLE_MESSAGES.INVALID_SERVICES)
  }
  return services
}

function operatorOr400(calendar: { operators: { id: number }[] }, operator: OperatorChoice) {
  if (operator !== 'any' && !calendar.operators.some((o) => o.id === operator)) {
    throw fieldError('operator', 'Operatore non disponibile')
  }
}

/** Operators whose reservations matter for a query. */
const candidates = (
  services: ServiceInfo[],
  calendar: Awaited<ReturnType<typeof loadCalendar>>,
  operator: OperatorChoice,
) => (operator === 'any' ? eligibleOperators(services, calendar.operators) : [operator])

export async function dayAvailability(
  db: Pool,
  q: { date: string; services: number[]; operator: OperatorChoice },
  now = new Date(),
) {
  const calendar = await loadCalendar(db, now.getTime())
  const services = await servicesOr400(db, q.services)
  operatorOr400(calendar, q.operator)
  const tz = calendar.settings.timezone
  const from = startOfLocalDay(q.date, tz)
  const to = startOfLocalDay(addCalendarDays(q.date, 1), tz)
  const reservations = await loadBlocking(db, candidates(services, calendar, q.operator), from, to)
  const slots = daySlots({ day: q.date, services, operator: q.operator, calendar, reservations, now })
  return { date: q.date, timezone: tz, ...bookingTotals(services), slots }
}

export async function monthAvailability(
  db: Pool,
  q: { month: string; services: number[]; operator: OperatorChoice },
  now = new Date(),
) {
  const calendar = await loadCalendar(db, now.getTime())
  const services = await servicesOr400(db, q.services)
  operatorOr400(calendar, q.operator)
  const tz = calendar.settings.timezone
  const first = `${q.month}-01`
  const [y, m] = q.month.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  const reservations = await loadBlocking(
    db,
    candidates(services, calendar, q.operator),
    startOfLocalDay(first, tz),
    startOfLocalDay(next, tz),
  )
  const days = daysWithSlots({ month: q.month, services, operator: q.operator, calendar, reservations, now })
  return { month: q.month, timezone: tz, days }
}

export async function checkAvailability(
  db: Pool,
  q: { date_start: string; services: number[]; operator: OperatorChoice },
  now = new Date(),
) {
  const calendar = await loadCalendar(db, now.getTime())
  const services = await servicesOr400(db, q.services)
  operatorOr400(calendar, q.operator)
  const start = new Date(q.date_start)
  const day = localDayOf(start, calendar.settings.timezone)
  const tz = calendar.settings.timezone
  const reservations = await loadBlocking(
    db,
    candidates(services, calendar, q.operator),
    startOfLocalDay(day, tz),
    startOfLocalDay(addCalendarDays(day, 1), tz),
  )
  const result = checkSlot({ services, operator: q.operator, calendar, reservations, now, start })
  return result.available
    ? { available: true as const, date_start: start.toISOString(), date_end: result.end, operators: result.operators }
    : { available: false as const, reason: result.reason, message: UNAVAILABLE_MESSAGES[result.reason] }
}

async function inTransaction<T>(pool: Pool, work: (db: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    client.release()
    return result
  } catch (err) {
    // A client whose rollback failed is broken: destroy it rather than return it to the pool.
    await client.query('rollback').then(
      () => client.release(),
      (e: Error) => client.release(e),
    )
    throw err
  }
}

/** Drafts that were never confirmed stop existing once their hold has passed. */
export async function removeExpiredHolds(
  db: Pick<PoolClient, 'query'>,
  holdMinutes: number,
  now: Date,
  userId?: number,
) {
  const { rowCount } = await db.query(
    `delete from reservations where status = 'PENDING_CONFIRMATION' and created_at < $1 and ($2::int is null or user_id = $2)`,
    [holdCutoff(now, holdMinutes), userId ?? null],
  )
  return rowCount ?? 0
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
    return rows[0].id as number
  })
  return { id, expiresAt: holdExpiresAt(now, settings.holdMinutes).toISOString() }
}

/**
 * POST /api/reservations/confirm: checks everything with the engine, then turns the draft into a
 * booking in one transaction. The exclusion constraint is the final judge: a concurrent booking of
 * an overlapping time makes the UPDATE fail with 23P01 — for "any operator" the next free one is
 * tried, otherwise it is a 409.
 */
export async function confirmSession(pool: Pool, user: Actor, body: ConfirmBody, now = new Date()) {
  const calendar = await loadCalendar(pool, now.getTime())
  operatorOr400(calendar, body.operator)
  return withRetries(() => confirmOnce(pool, user, body, calendar, now))
}

async function confirmOnce(
  pool: Pool,
  user: Actor,
  body: ConfirmBody,
  calendar: Awaited<ReturnType<typeof loadCalendar>>,
  now: Date,
) {
  const { settings } = calendar
  return inTransaction(pool, async (db) => {
    const draft = (
      await db.query('select id, user_id, status, created_at from reservations where id = $1 for update', [body.id])
    ).rows[0]
    if (!draft || draft.user_id !== user.id) throw notFound()
    if (draft.status !== 'PENDING_CONFIRMATION') throw conflict('SESSION_CONFIRMED')
    if (isHoldExpired(new Date(draft.created_at), settings.holdMinutes, now)) throw conflict('SESSION_EXPIRED')
    await assertMayBook(db, user)
    // One customer's confirms run one at a time (the users row lock), so the cap cannot be raced.
    await db.query('select id from users where id = $1 for update', [user.id])
    await assertUnderBookingCap(db, user, settings, now, body.id)

    const services = await servicesOr400(db, body.services)
    const start = new Date(body.date_start)
    const tz = settings.timezone
    const day = localDayOf(start, tz)
    const ops = candidates(services, calendar, body.operator)
    const reservations = await loadBlocking(
      db,
      ops,
      startOfLocalDay(day, tz),
      startOfLocalDay(addCalendarDays(day, 1), tz),
      body.id,
    )
    const check = checkSlot({ services, operator: body.operator, calendar, reservations, now, start })
    if (!check.available) {
      if (check.reason === 'INVALID_SERVICES') {
        throw fieldError('services', UNAVAILABLE_MESSAGES.INVALID_SERVICES)
      }
      throw conflict(check.reason)
    }
    const first =
      body.operator === 'any' ? pickOperator(check.operators, reservations, now, settings.holdMinutes) : body.operator
    const order = [first!, ...check.operators.filter((o) => o !== first)]
    const { duration, total_price } = bookingTotals(services)
    const status: ReservationStatus = initialStatus(settings)

    await writeToFirstFreeOperator(db, day, order, (operatorId) =>
      db.query(
        `update reservations set operator_id = $2, date_start = $3, date_end = $4, duration = $5, total_price = $6,
                status = $7, note = $8, updated_at = $9 where id = $1`,
        [body.id, operatorId, start, new Date(check.end), duration, total_price, status, body.note ?? null, now],
      ),
    )

    await db.query(`delete from reservations_rels where parent_id = $1 and path = 'services'`, [body.id])
    await db.query(
      `insert into reservations_rels (parent_id, path, services_id, "order")
       select $1, 'services', sid, ord from unnest($2::int[]) with ordinality as t(sid, ord)`,
      [body.id, body.services],
    )
    return { id: body.id as number }
  })
}

/**
 * The guarded write of a confirm or a move: `write` for the first operator of `order` whose time
 * is still free, PostgreSQL's exclusion constraint deciding (23P01 → the next one, inside a
 * savepoint). Deadlock-free by construction: one advisory lock per operator and local day is taken
 * before the write. With one candidate we wait for it (the only lock we will hold); with several
 * ("any operator") we only try each one — never waiting while holding another — and if every
 * candidate is busy the whole transaction runs again a moment later (`RetryLater`, bounded).
 */
async function writeToFirstFreeOperator(
  db: PoolClient,
  day: string,
  order: number[],
  write: (operatorId: number) => Promise<unknown>,
): Promise<number> {
  const dayKey = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)
  let busy = false
  for (const operatorId of order) {
    if (order.length === 1) {
      await db.query('select pg_advisory_xact_lock($1, $2)', [OPERATOR_DAY_LOCK + operatorId, dayKey])
    } else {
      const { rows } = await db.query('select pg_try_advisory_xact_lock($1, $2) as ok', [
        OPERATOR_DAY_LOCK + operatorId,
        dayKey,
      ])
      if (!rows[0].ok) {
        busy = true
        continue
      }
    }
    await db.query('savepoint try_operator')
    try {
      await write(operatorId)
      await db.query('release savepoint try_operator')
      return operatorId
    } catch (err) {
      await db.query('rollback to savepoint try_operator')
      if (pgErrorCode(err) !== '23P01') throw err
    }
  }
  if (busy) throw new RetryLater('every free operator of that day')
  throw conflict('SLOT_TAKEN')
}

/** Who is asking, as the engine reads it: role, user id and the operator records linked to the user. */
export async function loadActor(db: Pick<PoolClient, 'query'>, user: Actor): Promise<BookingActor> {
  const { rows } = await db.query('select id from operators where user_id = $1 order by id', [user.id])
  return { role: user.user_role, userId: user.id, operatorIds: rows.map((r: { id: number }) => r.id) }
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)

/** A reservation row (locked for the rest of the transaction unless `lock` is false), as the engine reads it. */
async function readReservation(db: Pick<PoolClient, 'query'>, id: number, lock = true) {
  const row = (
    await db.query(
      `select id, user_id, operator_id, status, date_start, date_end from reservations where id = $1${lock ? ' for update' : ''}`,
      [id],
    )
  ).rows[0] as
    | {
        id: number
        user_id: number | null
        operator_id: number | null
        status: ReservationStatus
        date_start: Date | null
      }
    | undefined
  if (!row) return undefined
  const facts: ReservationFacts = {
    user: row.user_id,
    operator: row.operator_id,
    status: row.status,
    date_start: iso(row.date_start),
  }
  return { row, facts }
}

function refusal(d: Exclude<Decision, { ok: true }>): HttpError {
  if (d.status === 404) return notFound()
  return new HttpError(d.status, DECISION_MESSAGES[d.reason] ?? d.reason, { reason: d.reason })
}

/**
 * PUT /api/reservations/:id/status: the engine decides who may set what (`authorizeTransition`)
 * from the actor and the row, read under a row lock. Someone who may not see it gets 404.
 */
export async function changeStatus(pool: Pool, user: Actor, id: number, to: ReservationStatus, now = new Date()) {
  const { settings } = await loadCalendar(pool, now.getTime())
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const actor = await loadActor(db, user)
      const locked = await readReservation(db, id)
      if (!locked) throw notFound()
      const verdict = authorizeTransition(actor, locked.facts, to, settings, now)
      if (!verdict.ok) throw refusal(verdict)
      await db.query('update reservations set status = $2, updated_at = $3 where id = $1', [id, to, now])
      return { id }
    }),
  )
}

/** The booking a caller wants to move, the engine's verdict (refusals thrown) and its services in order. */
async function movableBooking(
  db: Pool | PoolClient,
  user: Actor,
  id: number,
  settings: BookingSettings,
  now: Date,
  lock: boolean,
) {
  const actor = await loadActor(db, user)
  const locked = await readReservation(db, id, lock)
  if (!locked) throw notFound()
  const verdict = authorizeMove(actor, locked.facts, settings, now)
  if (!verdict.ok) throw refusal(verdict)
  const serviceIds = (
    await db.query(
      `select services_id from reservations_rels where parent_id = $1 and path = 'services' and services_id is not null order by "order"`,
      [id],
    )
  ).rows.map((r: { services_id: number }) => r.services_id)
  const { services, missing } = await loadServices(db, serviceIds)
  if (!serviceIds.length || missing.length) throw conflict('INVALID_SERVICES')
  return { locked, verdict, services }
}

/**
 * GET /api/reservations/:id/move-slots: the free starts of a day for this booking — its services,
 * the chosen operator (default: the current one), and the booking itself not counted as busy, so
 * a shift that overlaps its own current time is offered. Only for someone who may move it now.
 */
export async function moveSlots(pool: Pool, user: Actor, id: number, q: MoveSlotsQuery, now = new Date()) {
  const calendar = await loadCalendar(pool, now.getTime())
  const { settings } = calendar
  if (q.operator !== undefined) operatorOr400(calendar, q.operator)
  const { locked, services } = await movableBooking(pool, user, id, settings, now, false)
  const operator: OperatorChoice = q.operator ?? locked.row.operator_id ?? 'any'
  const tz = settings.timezone
  const reservations = await loadBlocking(
    pool,
    candidates(services, calendar, operator),
    startOfLocalDay(q.date, tz),
    startOfLocalDay(addCalendarDays(q.date, 1), tz),
    id,
  )
  const slots = daySlots({ day: q.date, services, operator, calendar, reservations, now })
  return { id, date: q.date, timezone: tz, operator, ...bookingTotals(services), slots }
}

/**
 * POST /api/reservations/:id/move: the engine says whether this actor may move this booking
 * (`authorizeMove`) and whether the new time is free (`checkSlot` with the same services, the
 * booking itself not counted as busy); then one UPDATE sets times, operator, duration, price and
 * the status after the move. The exclusion constraint judges the race: if a concurrent booking
 * took the time, the transaction rolls back and the booking keeps its old time (409 SLOT_TAKEN).
 */
export async function moveReservation(pool: Pool, user: Actor, id: number, body: MoveBody, now = new Date()) {
  const calendar = await loadCalendar(pool, now.getTime())
  const { settings } = calendar
  if (body.operator !== undefined) operatorOr400(calendar, body.operator)
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { locked, verdict, services } = await movableBooking(db, user, id, settings, now, true)
      // A customer moving their own booking books a new time: same e-mail rule as booking. A move
      // does not add a booking, so the open-booking cap does not apply.
      await assertMayBook(db, user, verdict.as !== 'CUSTOMER')
      const current = locked.row.operator_id
      // Omitted: the same operator (or, for a booking without one, anybody free).
      const choice: OperatorChoice = body.operator ?? current ?? 'any'
      const start = new Date(body.date_start)
      const tz = settings.timezone
      const day = localDayOf(start, tz)
      const reservations = await loadBlocking(
        db,
        candidates(services, calendar, choice),
        startOfLocalDay(day, tz),
        startOfLocalDay(addCalendarDays(day, 1), tz),
        id,
      )
      const check = checkSlot({ services, operator: choice, calendar, reservations, now, start })
      if (!check.available) throw conflict(check.reason)
      const preferred =
        choice !== 'any'
          ? choice
          : current !== null && check.operators.includes(current)
            ? current
            : pickOperator(check.operators, reservations, now, settings.holdMinutes)
      const order = [preferred!, ...check.operators.filter((o) => o !== preferred)]
      const { duration, total_price } = bookingTotals(services)
      const status = statusAfterMove(locked.row.status, verdict.as, settings)

      const chosen = await writeToFirstFreeOperator(db, day, order, (operatorId) =>
        db.query(
          `update reservations set operator_id = $2, date_start = $3, date_end = $4, duration = $5, total_price = $6,
                  status = $7, updated_at = $8 where id = $1`,
          [id, operatorId, start, new Date(check.end), duration, total_price, status, now],
        ),
      )
      return { id, status, operator: chosen }
    }),
  )
}

const DECISION_MESSAGES: Record<string, string> = {
  ILLEGAL_TRANSITION: 'Questo cambio di stato non è consentito.',
  FORBIDDEN_ROLE: 'Non hai i permessi per questa operazione.',
  CANCELLATION_DISABLED: 'Le modifiche online non sono attive: contatta il salone.',
  TOO_LATE_TO_CANCEL: 'È troppo tardi per cancellare online: contatta il salone.',
  TOO_LATE_TO_MOVE: 'È troppo tardi per spostare l’appuntamento online: contatta il salone.',
  FORBIDDEN_STATUS: 'Non puoi impostare questo stato.',
  NOT_MOVABLE: 'Questa prenotazione non ha ancora un orario da spostare.',
  FINAL_STATUS: 'Questa prenotazione è chiusa e non si può più modificare.',
  ALREADY_STARTED: 'L’appuntamento è già iniziato.',
}
