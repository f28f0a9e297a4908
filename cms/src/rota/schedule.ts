import type { Pool } from 'pg'
import {
  addCalendarDays,
  closureIndexOf,
  localDayOf,
  patternsWithValidity,
  scheduleDays,
  type RotaRangeQuery,
  type RotaResponse,
  type SalonCalendar,
  type ScheduleResponse,
} from '@salon/shared'
import { forbidden, notFound } from '../platform'
import { salonCalendar } from '../calendar'
import { operatorsOfUser, readOperator, readOperators, type OperatorRow } from './repo'

/**
 * The rota's reads (docs/api.md "Rota"): one operator's schedule, the team's week, the caller's
 * own shifts. Everything comes from the calendar as committed now (the rota is part of it), so a
 * change is seen by the very next read in every process; the engine resolves the days.
 */

type Caller = { id: number; user_role?: string | null }

const overlaps = (start: string, end: string, from: Date, to: Date) =>
  Date.parse(start) < to.getTime() && Date.parse(end) > from.getTime()

/** The [from, to) instants of the local days `from`..`to` (as the engine's days). */
function window(calendar: SalonCalendar, q: RotaRangeQuery) {
  const tz = calendar.settings.timezone
  const pad = 14 * 3_600_000
  // Leave listed for a day is leave that touches it: a generous window, then the exact days.
  return {
    from: new Date(Date.parse(`${q.from}T00:00:00Z`) - pad),
    to: new Date(Date.parse(`${addCalendarDays(q.to, 1)}T00:00:00Z`) + pad),
    tz,
  }
}

function scheduleOf(calendar: SalonCalendar, operator: number, q: RotaRangeQuery): ScheduleResponse {
  const { from, to, tz } = window(calendar, q)
  const rota = calendar.rota
  const touches = (l: { start: string; end: string }) =>
    overlaps(l.start, l.end, from, to) &&
    localDayOf(new Date(l.start), tz) <= q.to &&
    localDayOf(new Date(Date.parse(l.end) - 1), tz) >= q.from
  return {
    operator,
    timezone: tz,
    days: scheduleDays(calendar, operator, q.from, q.to, tz).map(({ minutes: _m, ...d }) => d),
    leave: (rota?.leave ?? [])
      .filter((l) => l.operator === operator && touches(l))
      .map((l) => ({ id: l.id!, operator, kind: l.kind, start: l.start, end: l.end, note: l.note ?? null })),
    exceptions: (rota?.exceptions ?? [])
      .filter((e) => e.operator === operator && e.date >= q.from && e.date <= q.to)
      .map((e) => ({ id: e.id!, operator, date: e.date, intervals: [...e.intervals], note: e.note ?? null })),
    patterns: patternsWithValidity((rota?.patterns ?? []).filter((p) => p.operator === operator)).map((p) => ({
      id: (p as { id?: number }).id ?? 0,
      operator,
      from: p.from,
      to: p.to,
      cycleWeeks: p.cycleWeeks,
      days: p.days.map((d) => ({ ...d, intervals: [...d.intervals] })),
    })),
  }
}

/** Whether the caller may read this operator's schedule: admins, and the operator themself. */
function mayRead(caller: Caller, operator: OperatorRow) {
  if (caller.user_role === 'ADMIN') return true
  return caller.user_role === 'OPERATOR' && operator.user_id === caller.id
}

/** GET /api/operators/:id/schedule. 404 for an unknown operator; 403 for another operator's. */
export async function operatorSchedule(pool: Pool, caller: Caller, id: number, q: RotaRangeQuery) {
  const operator = await readOperator(pool, id)
  if (!operator) throw notFound()
  if (!mayRead(caller, operator)) throw forbidden()
  const calendar = await salonCalendar(pool, { consistency: 'committed' })
  return scheduleOf(calendar, id, q)
}

/** GET /api/rota/mine: the shifts and leave of the caller's own operator record(s). */
export async function mySchedules(pool: Pool, caller: Caller, q: RotaRangeQuery) {
  const mine = await operatorsOfUser(pool, caller.id)
  const calendar = await salonCalendar(pool, { consistency: 'committed' })
  return {
    operators: mine.map((o) => ({ ...scheduleOf(calendar, o.id, q), name: o.name })),
  }
}

/** GET /api/rota: every operator's days, the leave and exceptions of the range, the closed days. */
export async function rotaWeek(pool: Pool, q: RotaRangeQuery): Promise<RotaResponse> {
  const [operators, calendar] = await Promise.all([
    readOperators(pool),
    salonCalendar(pool, { consistency: 'committed' }),
  ])
  const tz = calendar.settings.timezone
  const closures = closureIndexOf(calendar.closures ?? [], calendar.holidays ?? [], tz, q.from, q.to)
  const closedDays: string[] = []
  for (let day = q.from; day <= q.to; day = addCalendarDays(day, 1)) {
    const open = scheduleDays({ ...calendar, rota: undefined }, 0, day, day, tz, closures)[0]
    if (!open || open.minutes === 0) closedDays.push(day)
  }
  const ids = new Set(operators.map((o) => o.id))
  const perOperator = new Map(operators.map((o) => [o.id, scheduleOf(calendar, o.id, q)]))
  return {
    from: q.from,
    to: q.to,
    timezone: tz,
    closedDays,
    operators: operators.map((o) => ({
      id: o.id,
      name: o.name,
      active: o.active,
      days: scheduleDays(calendar, o.id, q.from, q.to, tz, closures),
    })),
    leave: [...perOperator.values()].flatMap((s) => s.leave).filter((l) => ids.has(l.operator)),
    exceptions: [...perOperator.values()].flatMap((s) => s.exceptions),
  }
}

/** The default range of the caller's own shifts: today and the next 27 days (four weeks). */
export function comingWeeks(calendar: Pick<SalonCalendar, 'settings'>, now = new Date()): RotaRangeQuery {
  const today = localDayOf(now, calendar.settings.timezone)
  return { from: today, to: addCalendarDays(today, 27) }
}
