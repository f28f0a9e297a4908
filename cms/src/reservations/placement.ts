import type { Pool, PoolClient, QueryResult } from 'pg'
import {
  type ActingAs,
  type BookingActor,
  type ExistingReservation,
  type PlanSegment,
  type ReservationStatus,
  type SalonCalendar,
  type ServiceInfo,
  checkSlot,
  localDayOf,
  moveOperatorChoice,
  pickOperator,
  stationUsesOf,
  slotSettingsFor,
} from '@salon/shared'
import { HttpError, RetryLater, fieldError, pgErrorCode } from '../platform'
import { blockingWithin, loadServices, localDays } from '../calendar'
import { busyAndStations, stationsOf } from './plans'
import { type BookedTime, type LoadedReservation, removeStaleTimedHolds, writeTime } from './repository'
import { UNAVAILABLE_MESSAGES, candidates, conflict, type OperatorChoice } from './booking'

/**
 * Where a booked time goes and how it is claimed — the lock protocol every write of a time shares
 * (confirm, staff booking, edit/move). Tested through cms/tests/int/contention.test.ts (racing
 * confirms, "any operator" under load, no deadlock) and reservation-writes / staff-edits.
 */

/** First key of the per-operator-day advisory locks (second key: the local day's number). */
const OPERATOR_DAY_LOCK = 0x53410000

/** The two keys of operator `operatorId`'s advisory lock for the local day `day` (YYYY-MM-DD). */
export const operatorDayLock = (operatorId: number, day: string) =>
  [OPERATOR_DAY_LOCK + operatorId, Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)] as const

/** Which busy candidate the next waiter queues for (writeToFirstFreeOperator): the process's waiters in turn. */
let waitTurn = 0

/**
 * The guarded write of a booked time: `write` for the first operator of `order` whose time is
 * still free, PostgreSQL's exclusion constraint deciding (23P01 → the next one, inside a
 * savepoint). Deadlock-free by construction: one advisory lock per operator and local day is taken
 * before the write, and a transaction only ever *waits* for such a lock while it holds none. With
 * one candidate we wait for it. With several ("any operator") we only try each one in preference
 * order; if every free candidate is locked by a concurrent confirm and we still hold none, we wait
 * for one of them (the waiters spread over them in turn) — holding nothing, so no cycle can form —
 * and try it as soon as its holder commits, then only try the rest. Waiting in PostgreSQL's lock
 * queue answers sooner than backing off and re-running the whole transaction (which remains the
 * rare fallback: `RetryLater`).
 */
async function writeToFirstFreeOperator(
  db: PoolClient,
  day: string,
  order: number[],
  write: (operatorId: number) => Promise<unknown>,
  clearStale?: (operatorId: number) => Promise<number>,
  commitsNext = false,
): Promise<number> {
  /**
   * The operator's lock, then the try's savepoint, in one round trip: a simple query of two
   * statements (the keys are integers computed here). The savepoint's own round trip was made
   * while the lock was held, and in a rush the answer to each one waits its turn on a busy event
   * loop. `wait`: queue for the lock; else only try it (false: someone holds it — the savepoint
   * made anyway stays unused and is merged at COMMIT).
   */
  const lockAndSavepoint = async (operatorId: number, wait: boolean) => {
    const keys = operatorDayLock(operatorId, day)
    if (!keys.every(Number.isSafeInteger)) throw new Error(`lock keys ${keys.join(', ')}`)
    const lock = wait
      ? `select true as ok, pg_advisory_xact_lock(${keys.join(', ')})`
      : `select pg_try_advisory_xact_lock(${keys.join(', ')}) as ok`
    const [locked] = (await db.query(`${lock}; savepoint try_operator`)) as unknown as QueryResult[]
    return locked!.rows[0].ok as boolean
  }
  /** The write under the lock and savepoint just taken. */
  const attempt = async (operatorId: number, again = true): Promise<boolean> => {
    try {
      await write(operatorId)
      // COMMIT releases it too: a transaction that commits right after skips that round trip,
      // made while the operator's lock is held (Placement `commitsNext`).
      if (!commitsNext) await db.query('release savepoint try_operator')
      return true
    } catch (err) {
      await db.query('rollback to savepoint try_operator')
      if (pgErrorCode(err) !== '23P01') throw err
      // The leave guard (migration …_rota): leave saved since this transaction read the calendar.
      if ((err as { constraint?: string }).constraint === 'reservations_leave_guard') onLeave = true
      // A held draft with a time (a waitlist offer) whose hold has just ended: the engine no longer
      // counts it, the constraint still does until its expiry job deletes it. Cleared, tried once more
      // (only on this refusal: the confirm's happy path pays nothing).
      else if (again && clearStale && (await clearStale(operatorId)) > 0) {
        await db.query('savepoint try_operator')
        return attempt(operatorId, false)
      }
      return false
    }
  }

  let holding = false
  let onLeave = false
  const busy: number[] = []
  for (const operatorId of order) {
    if (!(await lockAndSavepoint(operatorId, order.length === 1))) {
      busy.push(operatorId)
      continue
    }
    holding = true
    if (await attempt(operatorId)) return operatorId
  }
  if (busy.length && !holding) {
    // Every candidate is being written right now and we hold no lock: queue for one of them, the
    // waiters taking them in turn (`waitTurn`). All queueing for the first one left the other
    // operators' locks idle while the queue on it grew (a rush's bookings waited 240–300 ms).
    const [queued] = busy.splice(waitTurn++ % busy.length, 1)
    await lockAndSavepoint(queued!, true)
    if (await attempt(queued!)) return queued!
    for (const operatorId of busy.splice(0)) {
      if (!(await lockAndSavepoint(operatorId, false))) busy.push(operatorId)
      else if (await attempt(operatorId)) return operatorId
    }
  }
  if (busy.length) throw new RetryLater('every free operator of that day')
  throw conflict(onLeave ? 'OFF_SHIFT' : 'SLOT_TAKEN')
}

export interface Placement {
  /** The reservation that gets the time (excluded from the busy times: a move may overlap itself). */
  id: number
  services: ServiceInfo[]
  choice: OperatorChoice
  start: Date
  /** Length, price and end as the engine computed them (`bookingAmounts`: agreed ones for a move that keeps its services). */
  amounts: { duration: number; total_price: number; date_end: string }
  /** Its plan (`planFor`: the services' for new services, else the one agreed); null = one busy block. */
  plan: PlanSegment[] | null
  /** The status the booking gets with its time. */
  status: ReservationStatus
  /** Who books or moves: staff are not bound by the minimum notice (slotSettingsFor). */
  as: ActingAs
  /** Tried first when free (a move keeps its operator when it can). */
  keep?: number | null
  now: Date
  /** Writes the time once an operator is chosen (default `writeTime`; confirm also writes its services and event). */
  write?: (time: BookedTime) => Promise<unknown>
  /**
   * The transaction commits as soon as the time is written (confirm): the savepoint of the
   * successful try is left to the COMMIT instead of released by a round trip of its own while the
   * operator's lock is held. Never for a transaction that places several bookings (a series): its
   * savepoints would nest.
   */
  commitsNext?: boolean
  /** Busy times already read in this transaction by `busyTimesNear` (else they are read here). */
  near?: ExistingReservation[]
  /** Staff booking outside the operator's shift or leave on purpose: shifts are not checked, and it is recorded. */
  overrideShift?: boolean
  /**
   * Staff booking outside the offered times on purpose (issue 24), or a walk-in: opening hours,
   * closures, the grid and the notice are not checked (shifts still are, unless `overrideShift`).
   */
  overrideHours?: boolean
}

/**
 * Where a booked time goes: the engine checks the slot against the calendar and the busy times
 * read in this transaction, picks the operator ("any": the current one if free, else the least
 * booked), and the guarded write claims it.
 */
export async function placeBooking(db: PoolClient, calendar: SalonCalendar, p: Placement) {
  const { check, reservations, override, day, from, to } = await decidePlacement(db, calendar, p)
  const preferred =
    p.choice !== 'any'
      ? p.choice
      : p.keep !== undefined && p.keep !== null && check.operators.includes(p.keep)
        ? p.keep
        : pickOperator(check.operators, reservations, p.now, calendar.settings.holdMinutes)
  const order = [preferred!, ...check.operators.filter((o) => o !== preferred)]
  const write = (operator: number) => {
    const { duration, total_price: price, date_end: end } = p.amounts
    const time: BookedTime = {
      operator,
      start: p.start,
      end,
      duration,
      price,
      status: p.status,
      shiftOverride: override,
      plan: p.plan,
    }
    return p.write ? p.write(time) : writeTime(db, p.id, time, p.now)
  }
  const clearStale = (operator: number) =>
    removeStaleTimedHolds(db, operator, from, to, calendar.settings.holdMinutes, p.now)
  return writeToFirstFreeOperator(db, day, order, write, clearStale, p.commitsNext === true)
}

/**
 * The engine's word on a placement, on the busy rows `p.near` (else read here): the free
 * operators, or the refusal `placeBooking` answers (thrown). Writes nothing — confirm asks it
 * first on committed data, without a transaction, so that a time already taken is refused without
 * a lock (writes/confirm.ts).
 */
export async function decidePlacement(db: Pool | PoolClient, calendar: SalonCalendar, p: Placement) {
  const tz = calendar.settings.timezone
  const day = localDayOf(p.start, tz)
  const operators = candidates(p.services, calendar, p.choice)
  const { from, to } = localDays(tz, day)
  // Confirm read every operator's busy rows of the day already (with their plans): this operator's
  // busy times from them, and the stations' holds from all of them; else one read here.
  const needsStations = stationsOf(p.plan).length > 0
  const loaded = p.near
    ? {
        reservations: blockingWithin(p.near, operators, from, to),
        stationUses: needsStations ? stationUsesOf(p.near, tz) : [],
      }
    : await busyAndStations(db, operators, p.plan, from, to, tz, p.id)
  const { reservations, stationUses } = loaded
  const rules = { ...calendar, settings: slotSettingsFor(p.as, calendar.settings) }
  // An override names the person: "any operator" is never placed off shift.
  const override = p.overrideShift === true && p.choice !== 'any'
  const check = checkSlot({
    services: p.services,
    operator: p.choice,
    calendar: rules,
    reservations,
    now: p.now,
    start: p.start,
    durationMinutes: p.amounts.duration,
    plan: p.plan,
    stationUses,
    shifts: override ? 'ignore' : 'enforce',
    hours: p.overrideHours === true ? 'ignore' : 'enforce',
  })
  if (!check.available) {
    if (check.reason === 'INVALID_SERVICES')
      throw fieldError('services', 'INVALID_SERVICES', UNAVAILABLE_MESSAGES.INVALID_SERVICES)
    throw conflict(check.reason)
  }
  return { check, reservations, override, day, from, to }
}

/**
 * Whom a move goes to (`moveOperatorChoice`): staff as asked (else the current operator), an
 * operator only within their own agenda (else 403 FORBIDDEN_ROLE, as booking there is); the
 * customer anyone free for a booking made with "Qualsiasi operatore", else its operator — asking
 * for another is a 403 naming `operator`.
 */
export function moveOperatorOr403(
  actor: BookingActor,
  as: ActingAs,
  current: LoadedReservation,
  requested: OperatorChoice | undefined,
) {
  const decision = moveOperatorChoice(
    as,
    { operator: current.snapshot.operator, anyOperator: current.anyOperator },
    requested,
    actor,
  )
  if (decision.ok) return decision.choice
  const message =
    decision.reason === 'FORBIDDEN_ROLE'
      ? 'Puoi spostare l’appuntamento solo nella tua agenda.'
      : 'Questo appuntamento è con l’operatore che hai scelto: per cambiarlo contatta il salone.'
  throw new HttpError(403, decision.reason, message, {
    reason: decision.reason,
    errors: [{ path: 'operator', message, code: decision.reason }],
  })
}

/** The services of a booking as the engine reads them; a booking whose services are gone cannot move. */
export async function servicesOfBooking(db: Pool | PoolClient, current: LoadedReservation) {
  const ids = current.snapshot.services
  const { services, missing } = await loadServices(db, ids)
  if (!ids.length || missing.length) throw conflict('INVALID_SERVICES')
  return services
}
