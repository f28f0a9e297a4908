import type { Pool } from 'pg'
import {
  addCalendarDays,
  copiedWeek,
  type CopyWeekBody,
  type SchedulePutBody,
  type ShiftExceptionBody,
} from '@salon/shared'
import { fieldError, inTransaction, notFound } from '../platform'
import { invalidateCalendar, salonCalendar } from '../calendar'
import {
  deleteException,
  deletePatternsFrom,
  readOperator,
  readOperators,
  replacePatternsFrom,
  upsertExceptions,
} from './repo'
import { operatorSchedule } from './schedule'

/**
 * The rota's writes (admins; docs/api.md "Rota"). Each is one transaction; the calendar's version
 * moves at commit (migration 20261127_090000_rota), so every process's next availability read,
 * confirm and move obeys it. Bookings the change leaves outside someone's hours are not touched:
 * they are listed by GET /api/rota/conflicts.
 */

type Caller = { id: number; user_role?: string | null }

async function operatorOr404(pool: Pool, id: number) {
  const operator = await readOperator(pool, id)
  if (!operator) throw notFound()
  return operator
}

/** PUT /api/operators/:id/schedule → the schedule of the two weeks from `from`. */
export async function putPattern(pool: Pool, caller: Caller, id: number, body: SchedulePutBody) {
  await operatorOr404(pool, id)
  await inTransaction(pool, (db) => replacePatternsFrom(db, id, body.from, body.cycleWeeks, body.days))
  invalidateCalendar()
  return operatorSchedule(pool, caller, id, { from: body.from, to: addCalendarDays(body.from, 13) })
}

/** DELETE /api/operators/:id/schedule?from= → back to the pattern before `from` (or the salon's hours) from that day on. */
export async function removePatternsFrom(pool: Pool, caller: Caller, id: number, from: string) {
  await operatorOr404(pool, id)
  await deletePatternsFrom(pool, id, from)
  invalidateCalendar()
  return operatorSchedule(pool, caller, id, { from, to: addCalendarDays(from, 13) })
}

/** PUT /api/operators/:id/exceptions/:date. */
export async function putException(pool: Pool, id: number, date: string, body: ShiftExceptionBody) {
  await operatorOr404(pool, id)
  const [written] = await upsertExceptions(pool, [
    { operator: id, date, intervals: body.intervals, note: body.note ?? null },
  ])
  invalidateCalendar()
  return written!
}

/** DELETE /api/operators/:id/exceptions/:date — 404 when that day had none. */
export async function removeException(pool: Pool, id: number, date: string) {
  await operatorOr404(pool, id)
  if (!(await deleteException(pool, id, date))) throw notFound()
  invalidateCalendar()
}

/** POST /api/rota/copy-week: the week's shifts written as exceptions over the next `weeks` weeks. */
export async function copyWeek(pool: Pool, body: CopyWeekBody) {
  const all = await readOperators(pool)
  const known = new Set(all.map((o) => o.id))
  const unknown = (body.operators ?? []).find((id) => !known.has(id))
  if (unknown !== undefined) throw fieldError('operators', 'UNKNOWN_OPERATOR', `Operatore inesistente: ${unknown}`)
  const ids = body.operators ?? all.filter((o) => o.active).map((o) => o.id)
  const written = await inTransaction(pool, async (db) => {
    const calendar = await salonCalendar(db, { consistency: 'committed' })
    const rows = ids.flatMap((operator) =>
      copiedWeek(calendar, operator, body.from, body.weeks, calendar.settings.timezone).map((d) => ({
        operator,
        ...d,
      })),
    )
    return (await upsertExceptions(db, rows)).length
  })
  invalidateCalendar()
  return written
}
