import type { Pool } from 'pg'
import { DAYS_OF_WEEK, type OpeningWeekBody } from '@salon/shared'
import { inTransaction, markHomeDirty } from '../platform'
import { invalidateCalendar } from './salonCalendar'

/** GET /api/business_hours/week: the seven days in order, each with its intervals sorted by opening. */
export async function readOpeningWeek(db: Pool): Promise<OpeningWeekBody> {
  const { rows } = await db.query<{
    day_of_week: string
    is_closed: boolean | null
    opening_time: string | null
    closing_time: string | null
  }>(
    `select bh.day_of_week, bh.is_closed, oi.opening_time, oi.closing_time
       from business_hours bh left join operating_intervals oi on oi.business_hours_id = bh.id
      order by oi.opening_time`,
  )
  return {
    days: DAYS_OF_WEEK.map((day) => {
      const mine = rows.filter((r) => r.day_of_week === day)
      return {
        day_of_week: day,
        // A weekday nobody configured is closed: the salon opens only when told to.
        is_closed: mine.length === 0 ? true : !!mine[0]!.is_closed,
        intervals: mine
          .filter((r) => r.opening_time && r.closing_time)
          .map((r) => ({ opening_time: r.opening_time!, closing_time: r.closing_time! })),
      }
    }),
  }
}

/**
 * PUT /api/business_hours/week: the whole week in one transaction — each day's row upserted, its
 * intervals replaced — so the public times never see half a week. A closed day keeps no intervals.
 * The calendar triggers tell every app process when it commits.
 */
export async function saveOpeningWeek(pool: Pool, week: OpeningWeekBody): Promise<OpeningWeekBody> {
  await inTransaction(pool, async (db) => {
    for (const d of week.days) {
      const { rows } = await db.query<{ id: number }>(
        `insert into business_hours (day_of_week, is_closed, updated_at, created_at) values ($1, $2, now(), now())
         on conflict (day_of_week) do update set is_closed = excluded.is_closed, updated_at = now() returning id`,
        [d.day_of_week, d.is_closed],
      )
      const id = rows[0]!.id
      await db.query('delete from operating_intervals where business_hours_id = $1', [id])
      if (d.is_closed || d.intervals.length === 0) continue
      await db.query(
        `insert into operating_intervals (opening_time, closing_time, business_hours_id, updated_at, created_at)
         select o, c, $1, now(), now() from unnest($2::text[], $3::text[]) as t(o, c)`,
        [id, d.intervals.map((i) => i.opening_time), d.intervals.map((i) => i.closing_time)],
      )
    }
  })
  invalidateCalendar()
  markHomeDirty()
  return readOpeningWeek(pool)
}
