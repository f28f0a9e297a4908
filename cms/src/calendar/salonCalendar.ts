import type { Pool, PoolClient } from 'pg'
import {
  CONFIG_DEFAULTS,
  type BookingSettings,
  type ClosureRule,
  type HolidayRule,
  type LeaveRule,
  type OpeningDay,
  type Rota,
  type SalonCalendar,
  type ShiftException,
  type WorkingPattern,
} from '@salon/shared'
import { env } from '../env'
import { type CalendarCache, isoOf, observedClient, runtime, sql, statement } from '../platform/edge'
import { loadEveryService, loadServices, servicesPicked } from './calendar'

type Db = Pool | PoolClient

/**
 * The salon's calendar (settings, opening hours, closures, holidays, operators, the rota): **one loader,
 * `salonCalendar(db, { consistency })`**, and one invalidation story.
 *
 * - `consistency: 'cached'` (on the pool): the process's copy, for the availability reads and
 *   lists. It lives at most `TTL_MS` and is dropped as soon as anything says the calendar may have
 *   changed; without a working LISTEN connection nothing is cached (every read goes to PostgreSQL).
 * - `consistency: 'committed'` (on a transaction's client, or the pool): the calendar as committed
 *   now, for a decision that must not lag behind a change another process has just committed (a
 *   booking, a status change, the dashboard's open minutes). It reads the calendar's version
 *   (`CALENDAR_VERSION`, bumped at commit by every change of those tables: migration
 *   `…_calendar_version`) and answers with the copy of exactly that version, else reads afresh on
 *   `db` and keeps that copy. A caller that already read the version in its own statement (confirm
 *   reads it with its other facts) passes it as `version`: no extra round trip.
 *
 * Invalidation: every signal that the calendar may have changed calls `invalidateCalendar()` — the
 * Payload hooks of its collections and the raw-SQL writes in this process (at once), the
 * `NOTIFY salon_calendar` of a commit in any process (the triggers of migration `…_calendar_notify`),
 * and the loss of the LISTEN connection. A committed read does not depend on it: a version tag is
 * only ever put on a copy read *after* that version, so the copy is at least as new as its tag.
 *
 * One state per process, not per module graph: Next bundles Payload's graph apart from server.ts's
 * (the availability fast path), so this module is loaded twice; the state lives in the process
 * runtime (platform/runtime.ts), which both instances share.
 */
export type CalendarConsistency =
  { consistency: 'cached'; now?: number } | { consistency: 'committed'; version?: string | null }

const TTL_MS = 60_000
const RECONNECT_MS = 1_000

const state = runtime().calendar

/** The calendar may have changed: both copies are dropped (the next reads go to PostgreSQL). */
export function invalidateCalendar() {
  state.cached = null
  state.services = null
  state.versioned = null
}

/** The committed version of the calendar, as a select-list expression. */
export const CALENDAR_VERSION = sql`(select version::text from calendar_version where id = 1)`

export function salonCalendar(db: Pool, mode: { consistency: 'cached'; now?: number }): Promise<SalonCalendar>
export function salonCalendar(
  db: Db,
  mode: { consistency: 'committed'; version?: string | null },
): Promise<SalonCalendar>
export function salonCalendar(db: Db, mode: CalendarConsistency): Promise<SalonCalendar> {
  return mode.consistency === 'cached'
    ? cachedCalendar(db as Pool, mode.now ?? Date.now())
    : committedCalendar(db, mode.version)
}

/**
 * Starts (once per process) the connection that hears `salon_calendar`; on any failure — PostgreSQL
 * restarted, the connection cut — the copies are dropped (notifications sent meanwhile were missed),
 * nothing is cached until it listens again, and it tries again every second.
 */
function listen() {
  if (state.listener || state.stopped) return
  const client = new (observedClient(env.connectTimeoutMs))({
    connectionString: env.databaseUrl,
    application_name: env.applicationName,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  const current = { client, ready: false }
  state.listener = current
  const drop = () => {
    if (state.listener !== current) return
    state.listener = null
    invalidateCalendar()
    client.end().catch(() => {})
    setTimeout(listen, RECONNECT_MS).unref()
  }
  client.on('notification', invalidateCalendar)
  client.on('error', drop)
  client.on('end', drop)
  client
    .connect()
    .then(() => client.query('LISTEN salon_calendar'))
    .then(() => {
      invalidateCalendar() // anything read before we listened may be stale
      current.ready = true
    })
    .catch(drop)
}

/** Ends the listener for good (graceful stop, cms/server.ts): no reconnect, no cache from now on. */
export async function stopCalendarListener() {
  state.stopped = true
  const current = state.listener
  state.listener = null
  invalidateCalendar()
  await current?.client.end().catch(() => {})
}

/** The copies kept with the listener: the calendar and every service. */
type Kept = { [K in 'cached' | 'services']: NonNullable<CalendarCache[K]>['value'] }

/**
 * The copy in `slot`, read again by `read` when there is none or it is older than `TTL_MS` (a failed
 * read is not kept); null without a working listener, when nothing may be kept.
 */
function kept<K extends keyof Kept>(slot: K, now: number, read: () => Kept[K]): Kept[K] | null {
  listen()
  if (!state.listener?.ready) return null
  const current = state[slot]
  if (current && now - current.at <= TTL_MS) return current.value as Kept[K]
  const entry = { at: now, value: read() }
  state[slot] = entry as CalendarCache[K]
  entry.value.catch(() => {
    if (state[slot] === entry) state[slot] = null
  })
  return entry.value
}

function cachedCalendar(db: Pool, now: number): Promise<SalonCalendar> {
  return kept('cached', now, () => readCalendar(db)) ?? readCalendar(db)
}

/**
 * The services `ids` for an availability read, in the order asked, and the ids that do not exist:
 * from the process's copy of every service, kept like the cached calendar (at most `TTL_MS`,
 * dropped by the same signals: the services' tables NOTIFY `salon_calendar` too, migration
 * `…_services_notify`). Without a working listener it reads them from PostgreSQL every time. A
 * write never uses it: confirm and the staff writes read the services in their own statement.
 * Saves the availability reads one round trip (docs/benchmarks.md, issue 28).
 */
export async function cachedServices(db: Pool, ids: number[], now = Date.now()) {
  const every = kept('services', now, () => loadEveryService(db))
  return every ? servicesPicked(await every, ids) : loadServices(db, ids)
}

async function committedCalendar(db: Db, known: string | null | undefined): Promise<SalonCalendar> {
  const version =
    known !== undefined
      ? known
      : (((await db.query(statement(sql`select ${CALENDAR_VERSION} as version`))).rows[0]?.version as
          string | null | undefined) ?? null)
  const kept = state.versioned
  if (version !== null && kept?.version === version) return kept.value
  const value = await readCalendar(db)
  if (version !== null) state.versioned = { version, value }
  return value
}

const num = (v: unknown, fallback: number) => (v === null || v === undefined ? fallback : Number(v))
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v))

async function readSettings(db: Db): Promise<BookingSettings> {
  const { rows } = await db.query('select * from config order by id limit 1')
  const c = rows[0] ?? {}
  return {
    timezone: c.timezone ?? CONFIG_DEFAULTS.timezone,
    slotStepMinutes: num(c.slot_step_minutes, CONFIG_DEFAULTS.slotStepMinutes),
    minNoticeMinutes: num(c.min_notice_minutes, CONFIG_DEFAULTS.minNoticeMinutes),
    bookingHorizonDays: num(c.booking_horizon_days, CONFIG_DEFAULTS.bookingHorizonDays),
    holdMinutes: num(c.hold_minutes, CONFIG_DEFAULTS.holdMinutes),
    autoConfirm: c.auto_confirm ?? CONFIG_DEFAULTS.autoConfirm,
    cancellationEnabled: c.cancellation_enabled ?? CONFIG_DEFAULTS.cancellationEnabled,
    cancellationTimeLimit: num(c.cancellation_time_limit, CONFIG_DEFAULTS.cancellationTimeLimit),
    maxOpenBookings: num(c.max_open_bookings, CONFIG_DEFAULTS.maxOpenBookings),
    noShowGraceMinutes: num(c.no_show_grace_minutes, CONFIG_DEFAULTS.noShowGraceMinutes),
    twoStepConfirmation: c.two_step_confirmation ?? CONFIG_DEFAULTS.twoStepConfirmation,
  }
}

/** The calendar read from its tables (no copy): on the pool the five reads run at once. */
async function readCalendar(db: Db): Promise<SalonCalendar> {
  const reads = [
    () => readSettings(db),
    () =>
      db.query(`select bh.day_of_week, bh.is_closed, oi.opening_time, oi.closing_time
              from business_hours bh left join operating_intervals oi on oi.business_hours_id = bh.id
              order by bh.id, oi.opening_time`),
    () =>
      db.query(
        `select closure_type, start_date, end_date, recurring_rule, is_active from business_closures where is_active`,
      ),
    () => db.query(`select date, recurring_yearly, is_active from holidays where is_active`),
    () => db.query(`select id, active, position from operators where active order by position, id`),
    () => db.query(ROTA_READ),
    // Stations (issue 25): how many of each kind; a database before them has none.
    () => db.query(`select id, count from stations order by id`),
  ] as const
  // On one client (a transaction) one after another — a client runs one query at a time, and
  // queueing several on it is deprecated in pg (removed in 9).
  const inClient = 'release' in db
  const results: unknown[] = []
  if (inClient) for (const read of reads) results.push(await read())
  const [settings, hours, closures, holidays, operators, rota, stations] = (
    inClient ? results : await Promise.all(reads.map((read) => read()))
  ) as [
    BookingSettings,
    {
      rows: {
        day_of_week: OpeningDay['day_of_week']
        is_closed: boolean | null
        opening_time: string | null
        closing_time: string | null
      }[]
    },
    { rows: ClosureRule[] },
    { rows: HolidayRule[] },
    { rows: { id: number; active: boolean; position: unknown }[] },
    { rows: { rota: RotaRow | null }[] },
    { rows: { id: number; count: unknown }[] },
  ]
  const opening = new Map<string, SalonCalendar['opening'][number]>()
  for (const r of hours.rows) {
    const day: OpeningDay = opening.get(r.day_of_week) ?? {
      day_of_week: r.day_of_week,
      is_closed: !!r.is_closed,
      intervals: [],
    }
    if (r.opening_time && r.closing_time)
      day.intervals.push({ opening_time: r.opening_time, closing_time: r.closing_time })
    opening.set(r.day_of_week, day)
  }
  return {
    settings,
    opening: [...opening.values()],
    // Frozen, rows and lists: a copy is shared by every request, and the engine reuses the
    // closure index of lists that cannot change (closureIndexOf).
    closures: Object.freeze(
      closures.rows.map((c: ClosureRule) =>
        Object.freeze({ ...c, start_date: iso(c.start_date), end_date: iso(c.end_date) }),
      ),
    ) as ClosureRule[],
    holidays: Object.freeze(
      holidays.rows.map((h: HolidayRule) => Object.freeze({ ...h, date: iso(h.date) })),
    ) as HolidayRule[],
    operators: operators.rows.map((o: { id: number; active: boolean; position: unknown }) => ({
      id: o.id,
      active: o.active,
      position: num(o.position, 0),
    })),
    rota: rotaOf(rota.rows[0]?.rota ?? null),
    stations: Object.freeze(
      stations.rows.map((k) => Object.freeze({ id: k.id, count: num(k.count, 0) })),
    ) as SalonCalendar['stations'],
  }
}

/**
 * Who works when (issue 23; the tables of the rota module, read here because the engine takes the
 * calendar whole): every pattern, exception and leave, as one JSON value in one statement. Dates
 * come as text (`YYYY-MM-DD`, no zone involved), instants as ISO strings.
 */
const ROTA_READ = `select json_build_object(
    'patterns', coalesce((select json_agg(json_build_object('id', id, 'operator', operator_id,
        'from', to_char(valid_from, 'YYYY-MM-DD'), 'cycleWeeks', cycle_weeks, 'days', days) order by operator_id, valid_from)
      from operator_schedules), '[]'::json),
    'exceptions', coalesce((select json_agg(json_build_object('id', id, 'operator', operator_id,
        'date', to_char(date, 'YYYY-MM-DD'), 'intervals', intervals, 'note', note) order by operator_id, date)
      from operator_shift_exceptions), '[]'::json),
    'leave', coalesce((select json_agg(json_build_object('id', id, 'operator', operator_id, 'kind', kind,
        'start', ${isoOf('start')}, 'end', ${isoOf('"end"')}, 'note', note) order by operator_id, start)
      from operator_leave), '[]'::json)) as rota`

type RotaRow = { patterns: WorkingPattern[]; exceptions: ShiftException[]; leave: LeaveRule[] }

/** The rota frozen, like the rest of a shared copy; null (a database before the rota) = none. */
function rotaOf(row: RotaRow | null): Rota | undefined {
  if (!row) return undefined
  return Object.freeze({
    patterns: Object.freeze(row.patterns.map((p) => Object.freeze(p))),
    exceptions: Object.freeze(row.exceptions.map((e) => Object.freeze(e))),
    leave: Object.freeze(row.leave.map((l) => Object.freeze(l))),
  })
}
