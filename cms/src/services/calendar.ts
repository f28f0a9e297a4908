import pg, { type Pool, type PoolClient } from 'pg'
import {
  BLOCKING_STATUSES,
  CONFIG_DEFAULTS,
  type BookingSettings,
  type ClosureRule,
  type HolidayRule,
  type OpeningDay,
  type ExistingReservation,
  type SalonCalendar,
  type ServiceInfo,
} from '@salon/shared'
import { env } from '../env'
import { isoOf } from '../lib/sql'
import { runtime } from '../platform/runtime'

type Db = Pool | PoolClient

/**
 * The salon's calendar (settings, opening hours, closures, holidays, operators) changes rarely and
 * is read by every availability request, so each process keeps one copy — coherent across
 * processes: a trigger on those tables sends `NOTIFY salon_calendar` when a change commits
 * (migration `…_calendar_notify`), and a listening connection here drops the copy. Without a
 * working listener nothing is cached: every read goes to PostgreSQL until the listener is back.
 * The TTL only bounds how long a copy lives at all.
 *
 * One copy and one listener per process, not per module graph: Next bundles Payload's graph apart
 * from server.ts's (the availability fast path), so this module is loaded twice; its state lives
 * in the process runtime (platform/runtime.ts), which both instances share.
 */
const TTL_MS = 60_000
const RECONNECT_MS = 1_000

const state = runtime().calendar

export function invalidateCalendar() {
  state.cached = null
  state.versioned = null
}

/** Starts (once per process) the connection that hears `salon_calendar`; on any failure, no cache until it is back. */
function listen() {
  if (state.listener) return
  const client = new pg.Client({ connectionString: env.databaseUrl, application_name: env.applicationName })
  const current = { client, ready: false }
  state.listener = current
  const drop = () => {
    if (state.listener !== current) return
    state.listener = null
    state.cached = null
    client.end().catch(() => {})
    setTimeout(listen, RECONNECT_MS).unref()
  }
  client.on('notification', () => {
    state.cached = null
  })
  client.on('error', drop)
  client.on('end', drop)
  client
    .connect()
    .then(() => client.query('LISTEN salon_calendar'))
    .then(() => {
      state.cached = null // anything read before we listened may be stale
      current.ready = true
    })
    .catch(drop)
}

export function loadCalendar(db: Pool, now = Date.now()): Promise<SalonCalendar> {
  listen()
  if (!state.listener?.ready) return readCalendar(db)
  const current = state.cached
  if (current && now - current.at <= TTL_MS) return current.value
  const entry = { at: now, value: readCalendar(db) }
  state.cached = entry
  entry.value.catch(() => {
    if (state.cached === entry) state.cached = null
  })
  return entry.value
}

/** The committed version of the calendar (migration `…_calendar_version`), as a select-list expression. */
export const CALENDAR_VERSION = `(select version::text from calendar_version where id = 1)`

/**
 * The calendar as committed, for a writing transaction that has just read `version`
 * (`CALENDAR_VERSION`) in its own statement: the process's copy of that version, or — when the
 * version moved (a change committed) or nothing is kept yet — read afresh on the transaction's
 * client and kept. The copy is only ever tagged with a version read *before* its tables, so it is
 * at least as new as its tag: a calendar change committed before the transaction read the version
 * is always seen. Independent of the LISTEN copy above (it needs no listener and no TTL).
 */
export async function calendarInTransaction(db: Db, version: string | null): Promise<SalonCalendar> {
  const kept = state.versioned
  if (version !== null && kept?.version === version) return kept.value
  const value = await readCalendar(db)
  if (version !== null) state.versioned = { version, value }
  return value
}

/**
 * The calendar as committed right now, for a read that must not lag behind a change another
 * process has just made (the dashboard's open minutes): one read of the version, then the copy
 * tagged with it or a fresh read. The LISTEN copy (`loadCalendar`) may be a notification behind.
 */
export async function loadCommittedCalendar(db: Db): Promise<SalonCalendar> {
  const { rows } = await db.query(`select ${CALENDAR_VERSION} as version`)
  return calendarInTransaction(db, (rows[0]?.version as string | null | undefined) ?? null)
}

const num = (v: unknown, fallback: number) => (v === null || v === undefined ? fallback : Number(v))
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v))

/** The salon's name, for e-mails and authenticator apps. */
export async function readBusinessName(db: Db): Promise<string> {
  const { rows } = await db.query('select business_name from config order by id limit 1')
  return (rows[0]?.business_name as string | undefined) ?? 'Il tuo salone'
}

/** The salon as customers see it (calendar files, e-mails): name, contacts and time zone. */
export async function readSalonContact(db: Db) {
  const { rows } = await db.query(
    'select business_name, address, phone, email, timezone from config order by id limit 1',
  )
  return salonContactOf(rows[0] ?? {})
}

/** `readSalonContact` of a `config` row already read (its columns as PostgreSQL names them). */
export function salonContactOf(c: Record<string, unknown>) {
  return {
    name: (c.business_name as string | null) ?? 'Il tuo salone',
    address: (c.address as string | null) ?? null,
    phone: (c.phone as string | null) ?? null,
    email: (c.email as string | null) ?? null,
    timeZone: (c.timezone as string | null) ?? CONFIG_DEFAULTS.timezone,
  }
}

export async function readSettings(db: Db): Promise<BookingSettings> {
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

export async function readCalendar(db: Db): Promise<SalonCalendar> {
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
  ] as const
  // On the pool the five reads run at once; on one client (a transaction) one after another — a
  // client runs one query at a time, and queueing several on it is deprecated in pg (removed in 9).
  const inClient = 'release' in db
  const results: unknown[] = []
  if (inClient) for (const read of reads) results.push(await read())
  const [settings, hours, closures, holidays, operators] = (
    inClient ? results : await Promise.all(reads.map((read) => read()))
  ) as [
    Awaited<ReturnType<typeof readSettings>>,
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
  }
}

/** The chosen services in the order asked, or the ids that do not exist. */
export async function loadServices(db: Db, ids: number[]): Promise<{ services: ServiceInfo[]; missing: number[] }> {
  const { rows } = await db.query(`select ${servicesOfIds('$1')} as services`, [ids])
  return servicesInOrder(rows[0].services, ids)
}

/** The services whose ids are the int[] parameter `ids`, with their operators, as one JSON array. */
export const servicesOfIds = (
  ids: string,
) => `(select coalesce(json_agg(json_build_object('id', s.id, 'time', s.time, 'price', s.price,
                       'active', s.active, 'operators',
                       coalesce((select array_agg(r.operators_id order by r."order") from services_rels r
                                  where r.parent_id = s.id and r.path = 'operators' and r.operators_id is not null), '{}'))),
                     '[]'::json)
              from services s where s.id = any(${ids}::int[]))`

/** The rows read by `servicesOfIds`, in the order asked, and the ids that do not exist. */
export function servicesInOrder(
  rows: { id: number; time: unknown; price: unknown; active: boolean; operators: number[] }[],
  ids: number[],
): { services: ServiceInfo[]; missing: number[] } {
  const byId = new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, time: Number(r.time), price: Number(r.price), active: r.active, operators: r.operators },
    ]),
  )
  return { services: ids.filter((i) => byId.has(i)).map((i) => byId.get(i)!), missing: ids.filter((i) => !byId.has(i)) }
}

/**
 * An operator's blocked times (operator_blocks) as busy rows: the engine treats them like a booking
 * that never expires. Their ids are negated so they can never be taken for the reservation a move
 * or a confirm excludes from its own busy times. Followed by a WHERE on the block columns.
 */
const BLOCKS_AS_BUSY = `select -id as id, operator_id, date_start, date_end, 'CONFIRMED' as status, created_at from operator_blocks`

/**
 * The local day of the timestamptz expression `start` in the salon's zone (read from `config` in
 * the same statement, so it is the zone of the calendar version that statement reads), as a
 * [from, to) pair of timestamptz expressions, widened by an hour on each side: 23 or 25 hours on
 * the DST days come out of PostgreSQL's own zone rules, and the hour covers a zone whose midnight
 * does not exist on its DST day. `blockingWithin` narrows to the engine's exact day.
 */
const localDayAround = (start: string) => {
  const tz = `coalesce((select timezone from config order by id limit 1), '${CONFIG_DEFAULTS.timezone}')`
  const midnight = `date_trunc('day', ${start}::timestamptz at time zone ${tz})`
  return {
    from: `((${midnight}) at time zone ${tz} - interval '1 hour')`,
    to: `((${midnight} + interval '1 day') at time zone ${tz} + interval '1 hour')`,
  }
}

/**
 * The blocking statuses as a literal SQL list. Literal on purpose: PostgreSQL uses the guard's
 * partial GiST index (`reservations_no_overlap`: operator, time range, blocking statuses only) for
 * a statement — generic plans of named statements included — only when it can prove the
 * statement's status condition from the index's own, which a parameter never allows.
 */
const BLOCKING_IN = `(${BLOCKING_STATUSES.map((s) => `'${s}'`).join(', ')})`

/**
 * Rows of `reservations` that may block an operator at some moment of [`from`, `to`) (SQL
 * timestamptz expressions): the guard's own condition, so they are found through its GiST index
 * by the time range — the cost follows the rows in the window, not the years of history behind it
 * (a `date_start < to and date_end > from` condition reads every blocking row of the salon, or of
 * the operator, that started before `to`).
 */
const blockingDuring = (from: string, to: string) =>
  `operator_id is not null and date_start is not null and date_end is not null and status in ${BLOCKING_IN}
   and tstzrange(date_start, date_end, '[)') && tstzrange(${from}, ${to}, '[)')`

/** Rows of `operator_blocks` overlapping [`from`, `to`), through their own GiST exclusion index. */
const blocksDuring = (from: string, to: string) =>
  `tstzrange(date_start, date_end, '[)') && tstzrange(${from}, ${to}, '[)')`

/**
 * The reservations and blocks that may block any operator on the salon's local day of the
 * timestamptz parameter `start` (holds included; `localDayAround`), except the int parameter
 * `exclude`, as one JSON array of the rows `loadBlocking` returns — for a statement that reads
 * other facts too (confirm). `blockingWithin` then keeps exactly what `loadBlocking` would have read
 * for that day and the candidates. (Before: ±26 hours around the start, twice the rows to format.)
 */
export const busyTimesNear = (start: string, exclude: string) => {
  const { from, to } = localDayAround(start)
  return `(select coalesce(json_agg(json_build_object('id', id, 'operator', operator_id, 'date_start', ${isoOf('date_start')},
                     'date_end', ${isoOf('date_end')}, 'status', status, 'createdAt', ${isoOf('created_at')})), '[]'::json)
      from (select id, operator_id, date_start, date_end, status::text as status, created_at
              from reservations
             where ${blockingDuring(from, to)} and id <> ${exclude}
            union all
            ${BLOCKS_AS_BUSY}
             where ${blocksDuring(from, to)}) busy)`
}

/** Of the rows `busyTimesNear` read, those `loadBlocking(operatorIds, from, to)` would return. */
export function blockingWithin(rows: ExistingReservation[], operatorIds: number[], from: Date, to: Date) {
  const lo = from.toISOString()
  const hi = to.toISOString()
  return rows.filter((r) => operatorIds.includes(r.operator) && r.date_start < hi && r.date_end > lo)
}

/**
 * `loadBlocking`'s statement: $1 operator ids, [$2, $3) the period, $4 a reservation left out (or
 * null). The times come as ISO strings straight from PostgreSQL (what Date#toISOString gives): a
 * busy day has many rows, and parsing each into a Date only to format it again is measurable.
 */
export const BUSY_TIMES = `select id, operator_id as operator, ${isoOf('date_start')} as date_start, ${isoOf('date_end')} as date_end,
            status, ${isoOf('created_at')} as "createdAt"
       from (select id, operator_id, date_start, date_end, status::text as status, created_at
               from reservations
              where operator_id = any($1::int[]) and ${blockingDuring('$2::timestamptz', '$3::timestamptz')}
                and ($4::int is null or id <> $4)
             union all
             ${BLOCKS_AS_BUSY}
              where operator_id = any($1::int[]) and ${blocksDuring('$2::timestamptz', '$3::timestamptz')}) busy`

/** Reservations that may block `operatorIds` between `from` and `to` (holds included; the engine checks expiry). */
export async function loadBlocking(
  db: Db,
  operatorIds: number[],
  from: Date,
  to: Date,
  excludeId?: number,
): Promise<ExistingReservation[]> {
  // The times as ISO strings straight from PostgreSQL (what Date#toISOString gives): a busy day
  // has many rows, and parsing each time into a Date only to format it again is measurable.
  const { rows } = await db.query({
    name: 'salon.busy-times',
    text: BUSY_TIMES,
    values: [operatorIds, from, to, excludeId ?? null],
  })
  return rows as ExistingReservation[]
}
