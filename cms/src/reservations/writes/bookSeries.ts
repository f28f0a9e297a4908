import type { Pool, PoolClient } from 'pg'
import {
  type ActingAs,
  CONFIG_DEFAULTS,
  type CheckedOccurrence,
  type ReservationStatus,
  type SeriesBody,
  type SeriesCreatedResponse,
  type SeriesOccurrence,
  addCalendarDays,
  authorizeBooking,
  bookingAmounts,
  checkSeries,
  initialStatus,
  localDayOf,
  mayBookCustomer,
  planOccurrences,
  seriesCapDecision,
  seriesOccurrences,
  slotSettingsFor,
} from '@salon/shared'
import { fieldMessage } from '@salon/shared/messages'
import { HttpError, fieldError, inTransaction, param, sql, statement, withRetries } from '../../platform'
import { localDays, salonCalendar } from '../../calendar'
import { assertMayBook, busyForNew, limitRefusal, operatorOr400, servicesOr400 } from '../booking'
import { placeBooking } from '../placement'
import { planFor } from '../plans'
import { type Actor, insertDraft, ownBookings, recordEvent, setServices } from '../repository'
import { loadActor } from '../reads'
import { refusal, staffOnlyOverride } from '../refusals'
import { customerOf } from './bookForCustomer'

/**
 * POST /api/reservations/series/check and POST /api/reservations/series (issue 27 §4): a repeating
 * appointment. Who may: staff as for /book (`authorizeBooking`: admins anywhere, an operator in
 * their own agenda; `mayBookCustomer` for whom), customers for themselves only when
 * `config.seriesForCustomers` (else 403 SERIES_NOT_ENABLED), within the e-mail rule and the
 * open-booking cap counting every occurrence (`seriesCapDecision`). Every occurrence is checked by
 * the engine (`checkSeries`: the rules of the caller's role) before anything is written; a conflict
 * answers 409 SERIES_CONFLICTS with the conflicts and their alternatives. Then, in ONE transaction,
 * the series row and every occurrence through the guarded write of /book (`placeBooking`); a time
 * taken meanwhile (23P01) rolls everything back and the answer is SERIES_CONFLICTS recomputed.
 * Tested by cms/tests/int/series.test.ts.
 */

type Db = PoolClient

interface Prepared {
  as: ActingAs
  whom: { userId: number | null; clientId: number | null }
  status: ReservationStatus
  checked: CheckedOccurrence[]
  calendar: Awaited<ReturnType<typeof salonCalendar>>
  services: Awaited<ReturnType<typeof servicesOr400>>
}

/** The occurrences as the contract shows them (without whom the engine would pick). */
const shown = (o: CheckedOccurrence): SeriesOccurrence => ({
  index: o.index,
  date_start: o.date_start,
  date_end: o.date_end,
  available: o.available,
  reason: o.reason,
  alternatives: o.alternatives,
  skipped: o.skipped,
})

const conflictsOf = (checked: CheckedOccurrence[]) => checked.filter((o) => !o.skipped && !o.available).map(shown)

export const seriesConflicts = (conflicts: SeriesOccurrence[]) =>
  new HttpError(
    409,
    'SERIES_CONFLICTS',
    'Alcune date non sono libere: scegli un’alternativa per ognuna oppure saltala.',
    {
      reason: 'SERIES_CONFLICTS',
      params: { conflicts },
    },
  )

/** Who books for whom, as what, and whether they may (everything before the calendar is read). */
async function whoAndWhom(db: Db, user: Actor, body: SeriesBody) {
  const actor = await loadActor(db, user)
  if (user.user_role === 'USER') {
    if ((body.user !== undefined && body.user !== user.id) || body.client !== undefined)
      throw new HttpError(403, 'FORBIDDEN', 'Puoi prenotare solo per te.', {
        errors: [
          {
            path: body.client !== undefined ? 'client' : 'user',
            message: 'Puoi prenotare solo per te.',
            code: 'FORBIDDEN',
          },
        ],
      })
    if (body.override_shift) throw staffOnlyOverride('override_shift')
    const { rows } = await db.query(
      statement(sql`select coalesce((select series_for_customers from config order by id limit 1), false) as enabled`),
    )
    if (rows[0]?.enabled !== true)
      throw new HttpError(403, 'SERIES_NOT_ENABLED', 'Gli appuntamenti ricorrenti si prenotano in salone: chiamaci.', {
        reason: 'SERIES_NOT_ENABLED',
      })
    await assertMayBook(db, user)
    // One customer's bookings run one at a time: the cap below cannot be raced.
    await db.query(statement(sql`select id from users where id = ${user.id} for update`))
    return { as: 'CUSTOMER' as const, whom: { userId: user.id, clientId: null } }
  }
  const verdict = authorizeBooking(actor, body.operator)
  if (!verdict.ok) throw refusal(verdict)
  // An accepted alternative with another operator: the same rule (an operator stays in their agenda).
  for (const r of body.replace ?? []) {
    const other = r.operator === undefined ? verdict : authorizeBooking(actor, r.operator)
    if (!other.ok) throw refusal(other)
  }
  if (body.user === undefined && body.client === undefined)
    throw fieldError('client', 'CLIENT_OR_USER', fieldMessage('CLIENT_OR_USER'))
  const whom = await customerOf(db, body)
  if (!whom || !mayBookCustomer(actor, verdict.as, { id: whom.userId ?? -1, clientOf: whom.clientOf }))
    throw fieldError(body.client !== undefined ? 'client' : 'user', 'UNKNOWN_CUSTOMER', 'Cliente inesistente')
  return { as: verdict.as, whom: { userId: whom.userId, clientId: whom.clientId } }
}

/** Everything decided, nothing written: who, the status, and every occurrence checked against what is committed. */
async function prepare(db: Db, user: Actor, body: SeriesBody, now: Date): Promise<Prepared> {
  const { as, whom } = await whoAndWhom(db, user, body)
  const calendar = await salonCalendar(db, { consistency: 'committed' })
  const tz = calendar.settings.timezone
  operatorOr400(calendar, body.operator)
  for (const r of body.replace ?? []) if (r.operator !== undefined) operatorOr400(calendar, r.operator)
  const services = await servicesOr400(db, body.services)
  const rule = seriesOccurrences({
    start: body.date_start,
    everyWeeks: body.every_weeks,
    count: body.count,
    until: body.until,
    timeZone: tz,
  })
  if (!rule.ok) {
    // At most SERIES_OCCURRENCES_MAX, at least 2 occurrences (`rule.limit`), in the schema's words.
    const code =
      rule.reason === 'TOO_FEW' ? 'AT_LEAST_BOOKINGS' : rule.reason === 'TOO_MANY' ? 'AT_MOST_BOOKINGS' : 'INVALID'
    throw fieldError(rule.field, code, fieldMessage(code, { n: rule.limit ?? 0 }))
  }
  const planned = planOccurrences(rule.starts, body.replace, body.skip)
  if (!planned.ok) throw fieldError(planned.field, 'CHOICE_INVALID', fieldMessage('CHOICE_INVALID'))
  const kept = planned.occurrences.filter((o) => !o.skipped)
  if (as === 'CUSTOMER') {
    const { rows } = await db.query(statement(sql`select ${ownBookings(user.id, now)} as bookings`))
    const verdict = seriesCapDecision({
      role: user.user_role,
      bookings: (
        rows[0].bookings as { id: number; status: ReservationStatus; date_end: string | null; created_at: string }[]
      ).map((r) => ({
        id: r.id,
        status: r.status,
        date_end: r.date_end ? new Date(r.date_end).toISOString() : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      maxOpenBookings: calendar.settings.maxOpenBookings ?? CONFIG_DEFAULTS.maxOpenBookings,
      holdMinutes: calendar.settings.holdMinutes,
      now,
      adding: kept.length,
    })
    if (!verdict.ok) throw limitRefusal(verdict)
  }
  // The busy times of every day an occurrence or an alternative may fall on, in one read.
  const days = planned.occurrences.map((o) => localDayOf(o.start, tz)).sort()
  const { from, to } = localDays(tz, addCalendarDays(days[0]!, -3), addCalendarDays(days.at(-1)!, 3))
  const { reservations, stationUses } = await busyForNew(db, services, calendar, 'any', from, to)
  const override = body.override_shift === true && body.operator !== 'any'
  const checked = checkSeries(
    {
      services,
      operator: body.operator,
      calendar: { ...calendar, settings: slotSettingsFor(as, calendar.settings) },
      reservations,
      stationUses,
      now,
      shifts: override ? 'ignore' : 'enforce',
    },
    planned.occurrences,
  )
  return { as, whom, status: initialStatus(calendar.settings, as), checked, calendar, services }
}

/** POST /api/reservations/series/check: every occurrence checked, nothing written. */
export async function checkSeriesRequest(pool: Pool, user: Actor, body: SeriesBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { checked } = await prepare(db, user, body, now)
      // Nothing to keep: the customer's row lock ends with this read-only transaction.
      return { occurrences: checked.map(shown) }
    }),
  )
}

/** An occurrence's time taken between the check and the write (the guard said 23P01), with its index. */
class OccurrenceTaken extends Error {
  constructor(
    readonly index: number,
    readonly cause: HttpError,
  ) {
    super(`occurrence ${index}: ${cause.code}`)
  }
}

/** POST /api/reservations/series: all occurrences written in one transaction, or 409 SERIES_CONFLICTS and nothing. */
export async function bookSeries(
  pool: Pool,
  user: Actor,
  body: SeriesBody,
  now = new Date(),
): Promise<SeriesCreatedResponse> {
  try {
    return await withRetries(() => inTransaction(pool, (db) => writeSeries(db, user, body, now)))
  } catch (err) {
    if (!(err instanceof OccurrenceTaken)) throw err
    // Rolled back. What is free now, for the caller to choose again.
    const { occurrences } = await checkSeriesRequest(pool, user, body, now)
    const conflicts = occurrences.filter((o) => !o.skipped && !o.available)
    if (conflicts.length) throw seriesConflicts(conflicts)
    const failed = occurrences.find((o) => o.index === err.index)!
    throw seriesConflicts([{ ...failed, available: false, reason: err.cause.code }])
  }
}

async function writeSeries(db: Db, user: Actor, body: SeriesBody, now: Date): Promise<SeriesCreatedResponse> {
  const p = await prepare(db, user, body, now)
  const conflicts = conflictsOf(p.checked)
  if (conflicts.length) throw seriesConflicts(conflicts)
  const { rows } = await db.query(
    statement(sql`insert into reservation_series (user_id, client_id, every_weeks, count, until, created_by, created_at)
       values (${p.whom.userId}, ${p.whom.clientId}, ${body.every_weeks}, ${body.count ?? null}, ${body.until ?? null},
               ${user.id}, ${param(now)}) returning id`),
  )
  const seriesId = rows[0].id as number
  const written: SeriesCreatedResponse['reservations'] = []
  for (const o of p.checked.filter((c) => c.available)) {
    const start = new Date(o.date_start)
    const id = await insertDraft(db, p.whom.userId, body.note || null, now, p.whom.clientId)
    let operator: number
    try {
      operator = await placeBooking(db, p.calendar, {
        id,
        services: p.services,
        choice: o.choice,
        keep: o.operator,
        start,
        amounts: bookingAmounts(start, { services: p.services }),
        plan: planFor(p.services),
        status: p.status,
        as: p.as,
        now,
        overrideShift: body.override_shift === true,
      })
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) throw new OccurrenceTaken(o.index, err)
      throw err
    }
    await setServices(db, id, body.services)
    await db.query(
      statement(sql`update reservations set series_id = ${seriesId}, series_index = ${o.index}, any_operator = ${o.choice === 'any'}
         where id = ${id}`),
    )
    await recordEvent(db, id, user, null, now)
    written.push({ id, index: o.index, date_start: o.date_start, operator, status: p.status })
  }
  return { series_id: seriesId, reservations: written }
}
