import type { Payload } from 'payload'
import {
  compareMetrics,
  previousCalendarPeriod,
  resolvePeriod,
  type Metrics,
  type ReservationStatus,
} from '@salon/shared'
import { pool } from '../platform'
import { salonTimeZone } from '../calendar'

export interface ReportFilter {
  from?: Date
  to?: Date
  status?: ReservationStatus[]
  operator?: number
}
export type GroupBy = 'day' | 'week' | 'month'

/** WHERE clause on the appointment time (drafts without a slot never count). */
function where(f: ReportFilter, params: unknown[]) {
  const parts = ['date_start is not null']
  if (f.from) parts.push(`date_start >= $${params.push(f.from)}`)
  if (f.to) parts.push(`date_start < $${params.push(f.to)}`)
  if (f.status?.length) parts.push(`status = any($${params.push(f.status)}::enum_reservations_status[])`)
  if (f.operator) parts.push(`operator_id = $${params.push(f.operator)}`)
  return parts.join(' and ')
}

/**
 * What a booking earned: the amount paid net of tips where a checkout exists (issue 24), else its
 * agreed price — the same rule as the dashboard's revenue.
 */
const EARNED = `coalesce((select c.total from reservation_checkouts c where c.reservation_id = reservations.id), total_price)`

export async function reservationMetrics(payload: Payload, f: ReportFilter): Promise<Metrics> {
  const params: unknown[] = []
  const { rows } = await pool(payload).query(
    `select count(*)::int as count, coalesce(sum(${EARNED}), 0)::float8 as total_price,
            coalesce(sum(duration), 0)::float8 as duration
       from reservations where ${where(f, params)}`,
    params,
  )
  return { count: rows[0].count, total_price: Math.round(rows[0].total_price * 100) / 100, duration: rows[0].duration }
}

/** Buckets by local day / ISO week (Monday) / month in the salon's time zone. */
export async function reservationSeries(payload: Payload, f: ReportFilter, groupBy: GroupBy, timeZone: string) {
  const params: unknown[] = []
  const w = where(f, params)
  const g = params.push(groupBy)
  const tz = params.push(timeZone)
  const { rows } = await pool(payload).query(
    `select to_char(date_trunc($${g}, date_start at time zone $${tz}), 'YYYY-MM-DD') as period,
            count(*)::int as count, coalesce(sum(${EARNED}), 0)::float8 as total_price,
            coalesce(sum(duration), 0)::float8 as duration
       from reservations where ${w} group by 1 order by 1`,
    params,
  )
  return rows.map((r) => ({ ...r, total_price: Math.round(r.total_price * 100) / 100 }))
}

type Query = { from?: string; to?: string; status?: ReservationStatus[]; operator?: number; groupBy?: GroupBy }

export async function reservationCount(payload: Payload, q: Query) {
  const tz = await salonTimeZone(payload)
  const { count } = await reservationMetrics(payload, {
    ...resolvePeriod(q, tz),
    status: q.status,
    operator: q.operator,
  })
  return { count }
}

export async function reservationAggregate(payload: Payload, q: Query) {
  const tz = await salonTimeZone(payload)
  const f = { ...resolvePeriod(q, tz), status: q.status, operator: q.operator }
  const groupBy = q.groupBy ?? 'day'
  const [totals, series] = await Promise.all([
    reservationMetrics(payload, f),
    reservationSeries(payload, f, groupBy, tz),
  ])
  return { groupBy, timezone: tz, totals, series }
}

export async function reservationCompare(
  payload: Payload,
  q: Query & { from: string; to: string },
  withSeries: boolean,
) {
  const tz = await salonTimeZone(payload)
  const r = resolvePeriod(q, tz)
  const current = { from: r.from!, to: r.to! }
  const previous = previousCalendarPeriod(current, tz)
  const base = { status: q.status, operator: q.operator }
  const [a, b] = await Promise.all([
    reservationMetrics(payload, { ...base, ...current }),
    reservationMetrics(payload, { ...base, ...previous }),
  ])
  const result = compareMetrics(current, a, previous, b)
  if (!withSeries) return result
  const groupBy = q.groupBy ?? 'day'
  const [sa, sb] = await Promise.all([
    reservationSeries(payload, { ...base, ...current }, groupBy, tz),
    reservationSeries(payload, { ...base, ...previous }, groupBy, tz),
  ])
  return {
    ...result,
    groupBy,
    current: { ...result.current, series: sa },
    previous: { ...result.previous, series: sb },
  }
}
