import type { Payload } from 'payload'
import { compareCounts, previousCalendarPeriod, resolvePeriod, type PeriodQuery } from '@salon/shared'
import { pool } from '../platform'
import { salonCalendar } from './salonCalendar'

/** The salon's time zone, from the config document. */
export const salonTimeZone = async (payload: Payload): Promise<string> =>
  (await salonCalendar(pool(payload), { consistency: 'committed' })).settings.timezone

type Table = 'users' | 'category'

/** COUNT(*) of rows created in [from, to), optionally of one user role. */
async function countCreated(payload: Payload, table: Table, from?: Date, to?: Date, role?: string) {
  const where: string[] = []
  const params: unknown[] = []
  if (from) where.push(`created_at >= $${params.push(from)}`)
  if (to) where.push(`created_at < $${params.push(to)}`)
  if (role) where.push(`user_role = $${params.push(role)}`)
  const sql = `select count(*)::int as count from ${table}${where.length ? ' where ' + where.join(' and ') : ''}`
  const { rows } = await pool(payload).query<{ count: number }>(sql, params)
  return rows[0]!.count
}

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
