import type { Payload } from 'payload'
import { compareCounts, previousCalendarPeriod, resolvePeriod, type PeriodQuery } from '@salon/shared'
import { pool } from '../platform'
import { salonCalendar } from './salonCalendar'

/** The salon's time zone, from the config document. */
export const salonTimeZone = async (payload: Payload): Promise<string> =>
  (await salonCalendar(pool(payload), { consistency: 'committed' })).settings.timezone

type Table = 'users' | 'category' | 'config'

/** WHERE on rows created in [from, to), optionally of one user role; pushes its parameters. */
function createdWhere(params: unknown[], from?: Date, to?: Date, role?: string) {
  const where: string[] = []
  if (from) where.push(`created_at >= $${params.push(from)}`)
  if (to) where.push(`created_at < $${params.push(to)}`)
  if (role) where.push(`user_role = $${params.push(role)}`)
  return where.length ? ' where ' + where.join(' and ') : ''
}

/** COUNT(*) of rows created in [from, to), optionally of one user role. */
async function countCreated(payload: Payload, table: Table, from?: Date, to?: Date, role?: string) {
  const params: unknown[] = []
  const sql = `select count(*)::int as count from ${table}${createdWhere(params, from, to, role)}`
  const { rows } = await pool(payload).query<{ count: number }>(sql, params)
  return rows[0]!.count
}

type GroupBy = 'day' | 'week' | 'month'

export async function countRows(payload: Payload, table: Table, query: PeriodQuery & { role?: string }) {
  const { from, to } = resolvePeriod(query, await salonTimeZone(payload))
  return countCreated(payload, table, from, to, query.role)
}

export async function compareRows(payload: Payload, table: Table, query: { from: string; to: string; role?: string }) {
  const timeZone = await salonTimeZone(payload)
  const resolved = resolvePeriod(query, timeZone)
  const current = { from: resolved.from!, to: resolved.to! }
  const previous = previousCalendarPeriod(current, timeZone)
  const [a, b] = await Promise.all([
    countCreated(payload, table, current.from, current.to, query.role),
    countCreated(payload, table, previous.from, previous.to, query.role),
  ])
  return compareCounts(current, a, previous, b)
}

/**
 * The rows created in a period by local day, ISO week (Monday) or month of the salon — the shape
 * of the reservations' aggregate with the one metric a settings row has: `{ groupBy, timezone,
 * totals: { count }, series: [{ period, count }] }`.
 */
export async function aggregateRows(payload: Payload, table: Table, query: PeriodQuery & { groupBy?: GroupBy }) {
  const timezone = await salonTimeZone(payload)
  const { from, to } = resolvePeriod(query, timezone)
  const groupBy = query.groupBy ?? 'day'
  const params: unknown[] = []
  const where = createdWhere(params, from, to)
  const g = params.push(groupBy)
  const tz = params.push(timezone)
  const { rows: series } = await pool(payload).query<{ period: string; count: number }>(
    `select to_char(date_trunc($${g}, created_at at time zone $${tz}), 'YYYY-MM-DD') as period, count(*)::int as count
       from ${table}${where} group by 1 order by 1`,
    params,
  )
  return { groupBy, timezone, totals: { count: series.reduce((n, r) => n + r.count, 0) }, series }
}
