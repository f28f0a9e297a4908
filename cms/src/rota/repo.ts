import type { Pool, PoolClient } from 'pg'
import type { LeaveKind, ShiftInterval, WorkingPatternDay } from '@salon/shared'

type Db = Pool | PoolClient

/**
 * The only SQL on the rota's own tables (`operator_schedules`, `operator_shift_exceptions`; leave
 * is the Payload collection `operator-leave`). What the engine reads of them comes whole with the
 * salon's calendar (calendar/salonCalendar.ts `ROTA_READ`). No decisions here.
 */

export interface OperatorRow {
  id: number
  name: string
  active: boolean
  user_id: number | null
}

const OPERATOR = `select id, trim(concat_ws(' ', name, surname)) as name, coalesce(active, true) as active, user_id from operators`

/** One operator, or undefined. */
export async function readOperator(db: Db, id: number): Promise<OperatorRow | undefined> {
  return (await db.query<OperatorRow>(`${OPERATOR} where id = $1`, [id])).rows[0]
}

/** Every operator, the active ones first, in the salon's order. */
export async function readOperators(db: Db): Promise<OperatorRow[]> {
  return (await db.query<OperatorRow>(`${OPERATOR} order by coalesce(active, true) desc, position, id`)).rows
}

/** The operator records linked to a login. */
export async function operatorsOfUser(db: Db, userId: number): Promise<OperatorRow[]> {
  return (await db.query<OperatorRow>(`${OPERATOR} where user_id = $1 order by position, id`, [userId])).rows
}

/** The operator's patterns from `from` on are replaced by this one (earlier ones stay for the past). */
export async function replacePatternsFrom(
  db: PoolClient,
  operator: number,
  from: string,
  cycleWeeks: number,
  days: WorkingPatternDay[],
) {
  await db.query('delete from operator_schedules where operator_id = $1 and valid_from >= $2::date', [operator, from])
  await db.query(
    `insert into operator_schedules (operator_id, valid_from, cycle_weeks, days) values ($1, $2::date, $3, $4::jsonb)`,
    [operator, from, cycleWeeks, JSON.stringify(days)],
  )
}

/** The operator's patterns from `from` on are removed: the one before (or the salon's hours) applies again. */
export async function deletePatternsFrom(db: Db, operator: number, from: string): Promise<number> {
  const { rowCount } = await db.query(
    'delete from operator_schedules where operator_id = $1 and valid_from >= $2::date',
    [operator, from],
  )
  return rowCount ?? 0
}

export interface ExceptionRow {
  id: number
  operator: number
  date: string
  intervals: ShiftInterval[]
  note: string | null
}

/** That day only: these hours (none = not working). Rewrites the day's exception if there is one. */
export async function upsertExceptions(
  db: Db,
  rows: { operator: number; date: string; intervals: ShiftInterval[]; note?: string | null }[],
): Promise<ExceptionRow[]> {
  if (rows.length === 0) return []
  const { rows: written } = await db.query<ExceptionRow>(
    `insert into operator_shift_exceptions (operator_id, date, intervals, note)
       select x.operator, x.date::date, x.intervals, x.note
         from jsonb_to_recordset($1::jsonb) as x(operator int, date text, intervals jsonb, note text)
     on conflict (operator_id, date) do update
       set intervals = excluded.intervals, note = excluded.note, updated_at = now()
     returning id, operator_id as operator, to_char(date, 'YYYY-MM-DD') as date, intervals, note`,
    [JSON.stringify(rows.map((r) => ({ ...r, note: r.note ?? null })))],
  )
  return written
}

/** The day follows the pattern again; false when there was no exception. */
export async function deleteException(db: Db, operator: number, date: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'delete from operator_shift_exceptions where operator_id = $1 and date = $2::date',
    [operator, date],
  )
  return (rowCount ?? 0) > 0
}

/** An operator's leave ending at or after `since`, by start (their calendar feed shows it). */
export async function leaveOfOperator(db: Db, operator: number, since: Date, limit: number) {
  const { rows } = await db.query<{
    id: number
    kind: LeaveKind
    start: Date
    end: Date
    note: string | null
    updated_at: Date
  }>(
    `select id, kind, start, "end", note, updated_at from operator_leave
      where operator_id = $1 and "end" >= $2 order by start, id limit $3`,
    [operator, since, limit],
  )
  return rows.map((l) => ({
    id: l.id,
    kind: l.kind,
    start: l.start,
    end: l.end,
    note: l.note,
    updatedAt: l.updated_at,
  }))
}
