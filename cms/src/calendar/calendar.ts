import type { Pool, PoolClient } from 'pg'
import {
  BLOCKING_STATUSES,
  CONFIG_DEFAULTS,
  addCalendarDays,
  startOfLocalDay,
  type ExistingReservation,
  type ServiceInfo,
} from '@salon/shared'
import { isoOf, param, raw, sql, statement, type Sql } from '../platform/edge'

type Db = Pool | PoolClient

/**
 * What the booking reads besides the calendar itself (salonCalendar.ts): the salon's contact, the
 * chosen services, the busy times of operators, and the salon-local day as an instant range.
 */

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

/** The chosen services in the order asked, or the ids that do not exist. */
export async function loadServices(db: Db, ids: number[]): Promise<{ services: ServiceInfo[]; missing: number[] }> {
  const { rows } = await db.query(statement(sql`select ${servicesOfIds(ids)} as services`, 'salon.services'))
  return servicesInOrder(rows[0].services, ids)
}

/** Services as one JSON array (id, length, price, active, clean-up, operators, phases), those `where` keeps. */
const servicesWhere = (
  where: Sql,
) => sql`(select coalesce(json_agg(json_build_object('id', s.id, 'time', s.time, 'price', s.price,
                       'active', s.active, 'cleanup_minutes', coalesce(s.cleanup_minutes, 0), 'operators',
                       coalesce((select array_agg(r.operators_id order by r."order") from services_rels r
                                  where r.parent_id = s.id and r.path = 'operators' and r.operators_id is not null), '{}'),
                       'phases',
                       coalesce((select json_agg(json_build_object('minutes', ph.minutes, 'operator_busy', coalesce(ph.operator_busy, true),
                                                 'station', ph.station_id, 'label', ph.label) order by ph._order)
                                   from services_phases ph where ph._parent_id = s.id), '[]'::json))),
                     '[]'::json)
              from services s where ${where})`

/** The services whose ids are `ids` (int[]), with their operators and phases, as one JSON array. */
export const servicesOfIds = (ids: unknown) => servicesWhere(sql`s.id = any(${ids}::int[])`)

/** Every service of the salon, by id, as the engine takes them (the process's copy: salonCalendar.ts `cachedServices`). */
export async function loadEveryService(db: Db): Promise<Map<number, ServiceInfo>> {
  const { rows } = await db.query(statement(sql`select ${servicesWhere(sql`true`)} as services`))
  return new Map((rows[0].services as ServiceRow[]).map((r) => [r.id, serviceInfoOf(r)]))
}

type ServiceRow = {
  id: number
  time: unknown
  price: unknown
  active: boolean
  operators: number[]
  cleanup_minutes?: unknown
  phases?: { minutes: unknown; operator_busy: boolean; station: number | null; label: string | null }[]
}

const serviceInfoOf = (r: ServiceRow): ServiceInfo => ({
  id: r.id,
  time: Number(r.time),
  price: Number(r.price),
  active: r.active,
  operators: r.operators,
  cleanup_minutes: Number(r.cleanup_minutes ?? 0),
  phases: (r.phases ?? []).map((p) => ({
    minutes: Number(p.minutes),
    operator_busy: p.operator_busy !== false,
    station: p.station ?? null,
    label: p.label ?? null,
  })),
})

/** The services of `byId` whose ids are `ids`, in the order asked, and the ids that do not exist. */
export function servicesPicked(byId: ReadonlyMap<number, ServiceInfo>, ids: number[]) {
  return { services: ids.filter((i) => byId.has(i)).map((i) => byId.get(i)!), missing: ids.filter((i) => !byId.has(i)) }
}

/** The rows read by `servicesOfIds`, in the order asked, and the ids that do not exist. */
export function servicesInOrder(rows: ServiceRow[], ids: number[]): { services: ServiceInfo[]; missing: number[] } {
  return servicesPicked(new Map(rows.map((r) => [r.id, serviceInfoOf(r)])), ids)
}

/**
 * The salon-local days `first` … `last` (default: the one day `first`) as the instant range
 * [from, to): from the first day's midnight to the midnight after the last, in `timeZone` (23 or 25
 * hours on the DST days). The one day window of the availability reads, the writes and the lists.
 */
export function localDays(timeZone: string, first: string, last = first) {
  return { from: startOfLocalDay(first, timeZone), to: startOfLocalDay(addCalendarDays(last, 1), timeZone) }
}

/**
 * An operator's blocked times (operator_blocks) as busy rows: the engine treats them like a booking
 * that never expires. Their ids are negated so they can never be taken for the reservation a move
 * or a confirm excludes from its own busy times. Followed by a WHERE on the block columns.
 */
const BLOCKS_AS_BUSY = sql`select -id as id, operator_id, date_start, date_end, 'CONFIRMED' as status, created_at, null::jsonb as plan from operator_blocks`

/**
 * The local day of the timestamptz value `start` in the salon's zone (read from `config` in the
 * same statement, so it is the zone of the calendar version that statement reads), as a [from, to)
 * pair of timestamptz expressions, widened by an hour on each side: 23 or 25 hours on the DST days
 * come out of PostgreSQL's own zone rules, and the hour covers a zone whose midnight does not exist
 * on its DST day. `blockingWithin` narrows to the engine's exact day.
 */
const localDayAround = (start: unknown) => {
  const at = param(start)
  const tz = raw(`coalesce((select timezone from config order by id limit 1), '${CONFIG_DEFAULTS.timezone}')`)
  const midnight = sql`date_trunc('day', ${at}::timestamptz at time zone ${tz})`
  return {
    from: sql`((${midnight}) at time zone ${tz} - interval '1 hour')`,
    to: sql`((${midnight} + interval '1 day') at time zone ${tz} + interval '1 hour')`,
  }
}

/**
 * The blocking statuses as a literal SQL list. Literal on purpose: PostgreSQL uses the guard's
 * partial GiST index (`reservations_blocking_time_idx`: operator, time range, blocking statuses only) for
 * a statement — generic plans of named statements included — only when it can prove the
 * statement's status condition from the index's own, which a parameter never allows.
 */
const BLOCKING_IN = raw(`(${BLOCKING_STATUSES.map((s) => `'${s}'`).join(', ')})`)

/**
 * Rows of `reservations` that may block an operator at some moment of [`from`, `to`) (timestamptz
 * expressions): the guard's own condition, so they are found through its GiST index by the time
 * range — the cost follows the rows in the window, not the years of history behind it (a
 * `date_start < to and date_end > from` condition reads every blocking row of the salon, or of the
 * operator, that started before `to`).
 */
const blockingDuring = (from: Sql, to: Sql) =>
  sql`operator_id is not null and date_start is not null and date_end is not null and status in ${BLOCKING_IN}
   and tstzrange(date_start, date_end, '[)') && tstzrange(${from}, ${to}, '[)')`

/** Rows of `operator_blocks` overlapping [`from`, `to`), through their own GiST exclusion index. */
const blocksDuring = (from: Sql, to: Sql) =>
  sql`tstzrange(date_start, date_end, '[)') && tstzrange(${from}, ${to}, '[)')`

const ISO = { start: raw(isoOf('date_start')), end: raw(isoOf('date_end')), created: raw(isoOf('created_at')) }

/**
 * The reservations and blocks that may block any operator on the salon's local day of the
 * timestamptz value `start` (holds included; `localDayAround`), except the reservation `exclude`,
 * as one JSON array of the rows `loadBlocking` returns — for a statement that reads other facts too
 * (confirm). `blockingWithin` then keeps exactly what `loadBlocking` would have read for that day and
 * the candidates. (Before: ±26 hours around the start, twice the rows to format.)
 */
export const busyTimesNear = (start: unknown, exclude: unknown) => {
  const { from, to } = localDayAround(start)
  return sql`(select coalesce(json_agg(json_build_object('id', id, 'operator', operator_id, 'date_start', ${ISO.start},
                     'date_end', ${ISO.end}, 'status', status, 'createdAt', ${ISO.created}, 'plan', plan)), '[]'::json)
      from (select id, operator_id, date_start, date_end, status::text as status, created_at, plan
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
 * `loadBlocking`'s statement: the busy rows of `operatorIds` during [`from`, `to`), except the
 * reservation `excludeId` (or none). The times come as ISO strings straight from PostgreSQL (what
 * Date#toISOString gives): a busy day has many rows, and parsing each into a Date only to format it
 * again is measurable.
 */
export function busyTimes(
  operatorIds: number[],
  from: Date | string,
  to: Date | string,
  excludeId: number | null,
  everyPlan = false,
) {
  const [ops, lo, hi, exclude] = [
    param(operatorIds),
    sql`${param(from)}::timestamptz`,
    sql`${param(to)}::timestamptz`,
    param(excludeId),
  ]
  return sql`select id, operator_id as operator, ${ISO.start} as date_start, ${ISO.end} as date_end,
            status, ${ISO.created} as "createdAt", plan
       from (select id, operator_id, date_start, date_end, status::text as status, created_at, plan
               from reservations
              where (operator_id = any(${ops}::int[])${raw(everyPlan ? ' or plan is not null' : '')}) and ${blockingDuring(lo, hi)}
                and (${exclude}::int is null or id <> ${exclude})
             union all
             ${BLOCKS_AS_BUSY}
              where operator_id = any(${ops}::int[]) and ${blocksDuring(lo, hi)}) busy`
}

/**
 * Reservations that may block `operatorIds` between `from` and `to` (holds included; the engine
 * checks expiry), each with its plan (issue 25). `everyPlan`: also every other operator's booking
 * with a plan, whose station holds count for everyone (`stationUsesOf`) — asked only when the
 * plan being checked needs a station.
 */
export async function loadBlocking(
  db: Db,
  operatorIds: number[],
  from: Date,
  to: Date,
  excludeId?: number,
  everyPlan = false,
): Promise<ExistingReservation[]> {
  const name = everyPlan ? 'salon.busy-times-plans' : 'salon.busy-times'
  const { rows } = await db.query(statement(busyTimes(operatorIds, from, to, excludeId ?? null, everyPlan), name))
  return rows as ExistingReservation[]
}
