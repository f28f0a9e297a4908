import type { PoolClient } from 'pg'
import type { ReservationSeriesRef, ReservationStatus } from '@salon/shared'
import { sql, statement } from '../platform/edge'

/**
 * The SQL on repeating appointments (issue 27 §4): `reservation_series` and the `series_id`,
 * `series_index` of its occurrences (migration 20261127_191000_series). The use cases
 * (writes/bookSeries.ts, writes/seriesScope.ts) and the lists decide; this file reads rows.
 */

type Db = Pick<PoolClient, 'query'>

/** The statuses an occurrence is over in: "this and the following" passes it by. */
const ENDED = ['CANCELLED', 'REJECTED', 'COMPLETED', 'NO_SHOW', 'PENDING_CONFIRMATION']

/**
 * The occurrences after reservation `id` in its series that still happen, by index, each row
 * locked (after `id`'s own row, which the caller locked first: the order every "following" takes).
 * None for a booking on its own.
 */
export async function laterOccurrences(db: Db, id: number) {
  const { rows } = await db.query(
    statement(sql`select r.id, r.series_index, r.date_start, r.status, r.duration::float8 as duration
       from reservations r join reservations me on me.id = ${id}
      where r.series_id = me.series_id and r.series_index > me.series_index
        and r.status <> all(${ENDED}::enum_reservations_status[])
      order by r.series_index
      for update of r`),
  )
  return rows.map((r) => ({
    id: r.id as number,
    index: r.series_index as number,
    start: r.date_start ? new Date(r.date_start) : null,
    status: r.status as ReservationStatus,
    minutes: Number(r.duration ?? 0),
  }))
}

/**
 * Each listed reservation's place in its series: `{ id, index, count, every_weeks }` (count: the
 * occurrences the series was written with). Absent: a booking on its own.
 */
export async function seriesRefs(db: Db, ids: number[]): Promise<Map<number, ReservationSeriesRef>> {
  const out = new Map<number, ReservationSeriesRef>()
  if (!ids.length) return out
  const { rows } = await db.query(
    statement(sql`select r.id, r.series_id, r.series_index, s.every_weeks,
            (select count(*)::int from reservations o where o.series_id = r.series_id) as count
       from reservations r join reservation_series s on s.id = r.series_id
      where r.id = any(${ids}::int[])`),
  )
  for (const r of rows)
    out.set(r.id as number, {
      id: r.series_id as number,
      index: r.series_index as number,
      count: r.count as number,
      every_weeks: r.every_weeks as number,
    })
  return out
}
