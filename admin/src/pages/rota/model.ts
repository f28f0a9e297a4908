/**
 * The rota screens' pure parts (issue 23): weeks, cells of the team's week grid, leave on a day,
 * and the leave and working-pattern forms ↔ the API bodies. Days are the salon's local days
 * (`YYYY-MM-DD`), times its wall clock (`HH:mm`); instants are computed with the shared engine
 * (`localInstant`, `localDayOf`), whatever the browser's zone. The rules themselves (an interval
 * closes after it opens, no overlaps, the end of a leave after its start) are the shared zod
 * schemas', never retyped here.
 */
import { DAYS_OF_WEEK, type DayOfWeek, type LeaveKind } from '@salon/shared/enums/index'
import { addCalendarDays, localDayOf, localInstant, weekdayIndex } from '@salon/shared/booking/periods'
import { cycleWeekOf, MAX_CYCLE_WEEKS } from '@salon/shared/booking/rota'
import { isCalendarDay, isHhmm } from '@salon/shared/calendarDay'
import {
  leaveBody,
  schedulePutBody,
  type LeaveBody,
  type LeaveItem,
  type PatternItem,
  type RotaResponse,
  type SchedulePutBody,
} from '@salon/shared/schemas/rota'
import { issueText } from '../../i18n/messages'
import { formatCalendarDay } from '../../lib/format'

export interface ShiftInterval {
  opening_time: string
  closing_time: string
}

// ── Weeks ──────────────────────────────────────────────────────────────────────────────────────

/** The Monday of the week `day` is in. */
export const mondayOf = (day: string) => addCalendarDays(day, -weekdayIndex(day))

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addCalendarDays(monday, i))

/** `?week=` → the Monday shown: the week of a valid day (any day of it), else this week. */
export const weekOfParam = (param: string | null, today: string) =>
  mondayOf(param && isCalendarDay(param) ? param : today)

/** The weekday's enum of a day (for the glossary's weekday names). */
export const dayOfWeek = (day: string): DayOfWeek => DAYS_OF_WEEK[weekdayIndex(day)]!

/** "1 Dec – 7 Dec 2026" / "1 dic – 7 dic 2026". */
export function weekRangeText(monday: string, intl: string) {
  const sunday = addCalendarDays(monday, 6)
  return `${formatCalendarDay(monday, intl, { day: 'numeric', month: 'short' })} – ${formatCalendarDay(sunday, intl, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })}`
}

// ── Cells ──────────────────────────────────────────────────────────────────────────────────────

/** `09:00–13:00 · 14:30–19:30`; empty for no intervals. */
export const shiftText = (intervals: readonly ShiftInterval[]) =>
  intervals.map((i) => `${i.opening_time}–${i.closing_time}`).join(' · ')

/** A leave as it touches one day: the whole day, or from / to a time of it (`null` = the day's edge). */
export interface DayLeave {
  item: LeaveItem
  kind: LeaveKind
  whole: boolean
  /** Local `HH:mm` when the leave starts inside the day. */
  from: string | null
  /** Local `HH:mm` when the leave ends inside the day. */
  to: string | null
}

const hhmmOf = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  )

/** The leave of `operator` that overlaps the local `day`, in start order. */
export function leaveOnDay(leave: readonly LeaveItem[], operator: number, day: string, timeZone: string): DayLeave[] {
  const dayStart = localInstant(day, '00:00', timeZone).getTime()
  const dayEnd = localInstant(addCalendarDays(day, 1), '00:00', timeZone).getTime()
  return leave
    .filter((l) => l.operator === operator)
    .map((item) => ({ item, start: Date.parse(item.start), end: Date.parse(item.end) }))
    .filter(({ start, end }) => start < dayEnd && end > dayStart)
    .sort((a, b) => a.start - b.start)
    .map(({ item, start, end }) => ({
      item,
      kind: item.kind,
      whole: start <= dayStart && end >= dayEnd,
      from: start > dayStart ? hhmmOf(start, timeZone) : null,
      to: end < dayEnd ? hhmmOf(end, timeZone) : null,
    }))
}

export type RotaDay = RotaResponse['operators'][number]['days'][number]

/** One cell of the grid: a person's day. */
export interface RotaCell {
  operator: { id: number; name: string }
  date: string
  /** The day as the server resolved it (absent when the answer had no such day). */
  day: RotaDay | undefined
  /** The shift as written for that day (an exception, the pattern, or the salon's hours). */
  shift: ShiftInterval[]
  /** The salon is closed all day: nothing to plan. */
  closed: boolean
  leave: DayLeave[]
  exception: RotaResponse['exceptions'][number] | undefined
  /** A drag can start here (there is a shift to copy) and a drop can land here (not closed). */
  editable: boolean
}

export interface RotaRow {
  operator: { id: number; name: string; active: boolean }
  /** Working minutes of the week, as resolved by the server (leave, closures applied). */
  minutes: number
  cells: RotaCell[]
}

/**
 * The grid's rows: active operators (the server sends them first, by position), one cell per day
 * of `days`. Inactive operators are left out: nobody books them and they have no shifts to plan.
 */
export function rotaRows(rota: RotaResponse, days: readonly string[], timeZone: string): RotaRow[] {
  const closed = new Set(rota.closedDays)
  return rota.operators
    .filter((o) => o.active)
    .map((o) => {
      const byDate = new Map(o.days.map((d) => [d.date, d]))
      const cells = days.map((date): RotaCell => {
        const day = byDate.get(date)
        const isClosed = closed.has(date)
        return {
          operator: { id: o.id, name: o.name },
          date,
          day,
          shift: day?.shift ?? [],
          closed: isClosed,
          leave: leaveOnDay(rota.leave, o.id, date, timeZone),
          exception: rota.exceptions.find((e) => e.operator === o.id && e.date === date),
          editable: !isClosed,
        }
      })
      return {
        operator: { id: o.id, name: o.name, active: o.active },
        minutes: o.days.reduce((sum, d) => sum + (days.includes(d.date) ? d.minutes : 0), 0),
        cells,
      }
    })
}

/** `7 h 30 min`, `8 h`, `45 min`, `0 h`. */
export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return m === 0 ? '0 h' : `${m} min`
  return m === 0 ? `${h} h` : `${h} h ${m} min`
}

/** The id of a cell for drag and drop: `<operator>|<date>`. */
export const cellId = (operator: number, date: string) => `${operator}|${date}`
export function parseCellId(id: unknown): { operator: number; date: string } | null {
  if (typeof id !== 'string') return null
  const [op, date] = id.split('|')
  const operator = Number(op)
  return Number.isInteger(operator) && operator > 0 && date && isCalendarDay(date) ? { operator, date } : null
}

// ── Why the salon is closed on a day ──────────────────────────────────────────────────────────

export interface OpeningDay {
  day_of_week: DayOfWeek
  is_closed: boolean
  intervals: ShiftInterval[]
}
export interface HolidayRow {
  name?: string | null
  /** A calendar day stored at noon UTC: its date part is the day. */
  date?: string | null
  recurring_yearly?: boolean | null
  is_active?: boolean | null
}
export interface ClosureRow {
  name?: string | null
  closure_type?: string | null
  start_date?: string | null
  end_date?: string | null
  is_active?: boolean | null
}

export type ClosedReason =
  { kind: 'CLOSED_DAY' } | { kind: 'HOLIDAY'; name: string | null } | { kind: 'CLOSURE'; name: string | null }

/**
 * Why a day of `closedDays` is closed, to say so on the grid: a weekday the salon never opens,
 * a holiday (by name), a full-day closure (by name), else a closure of another kind (recurring).
 * The server decided that the day is closed; this only names it.
 */
export function closedReason(
  day: string,
  {
    opening,
    holidays,
    closures,
  }: { opening?: readonly OpeningDay[]; holidays?: readonly HolidayRow[]; closures?: readonly ClosureRow[] },
): ClosedReason {
  const holiday = holidays?.find(
    (h) =>
      h.is_active !== false &&
      h.date &&
      (h.date.slice(0, 10) === day || (h.recurring_yearly && h.date.slice(5, 10) === day.slice(5, 10))),
  )
  if (holiday) return { kind: 'HOLIDAY', name: holiday.name || null }
  const closure = closures?.find(
    (c) =>
      c.is_active !== false &&
      c.closure_type === 'FULL_DAY' &&
      c.start_date &&
      c.start_date.slice(0, 10) <= day &&
      (c.end_date || c.start_date).slice(0, 10) >= day,
  )
  if (closure) return { kind: 'CLOSURE', name: closure.name || null }
  const weekday = opening?.find((d) => d.day_of_week === dayOfWeek(day))
  if (weekday && (weekday.is_closed || weekday.intervals.length === 0)) return { kind: 'CLOSED_DAY' }
  return { kind: 'CLOSURE', name: null }
}

// ── Leave form ─────────────────────────────────────────────────────────────────────────────────

/** The leave form as people fill it: whole days from–to, or one day from a time to a time. */
export interface LeaveFields {
  operator: string
  kind: LeaveKind | ''
  mode: 'days' | 'hours'
  fromDay: string
  toDay: string
  day: string
  from: string
  to: string
  note: string
}

export const emptyLeave = (day: string, operator?: number): LeaveFields => ({
  operator: operator ? String(operator) : '',
  kind: '',
  mode: 'days',
  fromDay: day,
  toDay: day,
  day,
  from: '09:00',
  to: '13:00',
  note: '',
})

/**
 * A saved leave → the form: local midnight to midnight is whole days (the last day is the one
 * before the end's midnight); anything else is one day with its times. A leave with times that
 * spans several days (only the API can write one) is shown as the whole days it touches.
 */
export function leaveFieldsOf(item: LeaveItem, timeZone: string): LeaveFields {
  const start = new Date(item.start)
  const end = new Date(item.end)
  const startDay = localDayOf(start, timeZone)
  const endDay = localDayOf(end, timeZone)
  const atMidnight = (d: Date, day: string) => localInstant(day, '00:00', timeZone).getTime() === d.getTime()
  const base = { operator: String(item.operator), kind: item.kind, note: item.note ?? '' }
  if (atMidnight(start, startDay) && atMidnight(end, endDay) && endDay > startDay)
    return {
      ...base,
      mode: 'days',
      fromDay: startDay,
      toDay: addCalendarDays(endDay, -1),
      day: startDay,
      from: '09:00',
      to: '13:00',
    }
  if (endDay === startDay)
    return {
      ...base,
      mode: 'hours',
      fromDay: startDay,
      toDay: startDay,
      day: startDay,
      from: hhmmOf(start.getTime(), timeZone),
      to: hhmmOf(end.getTime(), timeZone),
    }
  const lastDay = localDayOf(new Date(end.getTime() - 1), timeZone)
  return { ...base, mode: 'days', fromDay: startDay, toDay: lastDay, day: startDay, from: '09:00', to: '13:00' }
}

/** The form → the API's body (instants of the salon's zone); `undefined` where a field is not filled in. */
export function leaveDraftOf(f: LeaveFields, timeZone: string) {
  const instant = (day: string, time: string) =>
    isCalendarDay(day) && isHhmm(time) ? localInstant(day, time, timeZone).toISOString() : undefined
  const [start, end] =
    f.mode === 'days'
      ? [
          instant(f.fromDay, '00:00'),
          isCalendarDay(f.toDay) ? instant(addCalendarDays(f.toDay, 1), '00:00') : undefined,
        ]
      : [instant(f.day, f.from), instant(f.day, f.to)]
  return {
    operator: f.operator ? Number(f.operator) : undefined,
    kind: f.kind || undefined,
    start,
    end,
    note: f.note.trim() || null,
  }
}

/** Where an error of the body (`start`, `end`, …) shows on the form, by the form's mode. */
export function leaveFieldOf(path: string, mode: LeaveFields['mode']): keyof LeaveFields | 'form' {
  if (path === 'start') return mode === 'days' ? 'fromDay' : 'from'
  if (path === 'end') return mode === 'days' ? 'toDay' : 'to'
  if (path === 'operator' || path === 'kind' || path === 'note') return path
  return 'form'
}

/** Server field errors (`{ end: '…' }`) → the form's fields. */
export function leaveErrorsOf(errors: Record<string, unknown>, mode: LeaveFields['mode']): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, message] of Object.entries(errors)) {
    const text = Array.isArray(message) ? message.map(String).join(' ') : String(message)
    out[leaveFieldOf(path, mode)] ??= text
  }
  return out
}

/**
 * The leave form checked by the shared `leaveBody` (what the collection runs): the errors on the
 * form's fields and, when there are none, the body to send.
 */
export function validateLeave(
  f: LeaveFields,
  timeZone: string,
  words: { chooseOperator: string; chooseDay: string; chooseTime: string },
): { errors: Record<string, string>; body: LeaveBody | null } {
  const draft = leaveDraftOf(f, timeZone)
  const result = leaveBody.safeParse(draft)
  const errors: Record<string, string> = {}
  if (!draft.operator) errors.operator = words.chooseOperator
  if (f.mode === 'days') {
    if (!isCalendarDay(f.fromDay)) errors.fromDay = words.chooseDay
    if (!isCalendarDay(f.toDay)) errors.toDay = words.chooseDay
  } else {
    if (!isCalendarDay(f.day)) errors.day = words.chooseDay
    if (!isHhmm(f.from)) errors.from = words.chooseTime
    if (!isHhmm(f.to)) errors.to = words.chooseTime
  }
  if (!result.success)
    for (const issue of result.error.issues)
      errors[leaveFieldOf(String(issue.path[0] ?? ''), f.mode)] ??= issueText(issue)
  const ok = result.success && Object.keys(errors).length === 0
  return { errors, body: ok ? result.data : null }
}

// ── Working pattern form ───────────────────────────────────────────────────────────────────────

/** One weekday of one week of the cycle, as the editor shows it. */
export interface PatternDayField {
  week: number
  day_of_week: DayOfWeek
  off: boolean
  intervals: ShiftInterval[]
}

/**
 * The pattern editor's values. `days` always holds the four possible weeks, week after week
 * (Monday…Sunday), so the days of the first `cycleWeeks` weeks are the array's first entries and
 * an error of the body (`days.8.intervals.0.closing_time`) is the same path in the form.
 */
export interface PatternFields {
  from: string
  cycleWeeks: number
  days: PatternDayField[]
}

export const patternIndex = (week: number, weekday: number) => (week - 1) * 7 + weekday

const copy = (intervals: readonly ShiftInterval[]) => intervals.map((i) => ({ ...i }))

/**
 * The editor's start: the pattern in force (its weeks turned so that week 1 is the week of
 * `from`, as the server counts them — the rota does not change by saving it unchanged), else the
 * salon's opening hours every week (where an operator without a pattern works), else days off.
 */
export function patternFieldsOf(
  from: string,
  source: { pattern?: PatternItem | null; opening?: readonly OpeningDay[] | null },
): PatternFields {
  const { pattern, opening } = source
  const cycleWeeks = pattern ? Math.min(MAX_CYCLE_WEEKS, Math.max(1, pattern.cycleWeeks)) : 1
  const monday = mondayOf(from)
  const days: PatternDayField[] = []
  for (let week = 1; week <= MAX_CYCLE_WEEKS; week++) {
    // Weeks beyond the cycle start as a copy of the cycle, so lengthening it begins from the shift in force.
    const sameWeek = addCalendarDays(monday, 7 * ((week - 1) % cycleWeeks))
    DAYS_OF_WEEK.forEach((day_of_week) => {
      let intervals: ShiftInterval[] = []
      if (pattern) {
        const old = cycleWeekOf(pattern.from, pattern.cycleWeeks, sameWeek)
        for (const d of pattern.days)
          if (d.week === old && d.day_of_week === day_of_week) intervals.push(...copy(d.intervals))
        intervals.sort((a, b) => (a.opening_time < b.opening_time ? -1 : 1))
      } else if (opening) {
        const o = opening.find((d) => d.day_of_week === day_of_week)
        intervals = o && !o.is_closed ? copy(o.intervals) : []
      }
      days.push({ week, day_of_week, off: intervals.length === 0, intervals })
    })
  }
  return { from, cycleWeeks, days }
}

/** The editor → `PUT /api/operators/{id}/schedule`: every day of the cycle, a day off as no intervals. */
export const patternBodyOf = (f: PatternFields): SchedulePutBody => ({
  from: f.from,
  cycleWeeks: f.cycleWeeks,
  days: f.days
    .filter((d) => d.week <= f.cycleWeeks)
    .map((d) => ({ week: d.week, day_of_week: d.day_of_week, intervals: d.off ? [] : d.intervals })),
})

/** The pattern in force on `today`: the last one whose `from` is not after it. */
export const patternInForce = (patterns: readonly PatternItem[], today: string) =>
  [...patterns]
    .filter((p) => p.from <= today)
    .sort((a, b) => (a.from < b.from ? -1 : 1))
    .at(-1) ?? null

/** The editor's values checked by the shared `schedulePutBody`: errors keyed by the form's paths. */
export function validatePattern(f: PatternFields): Record<string, string> {
  const result = schedulePutBody.safeParse(patternBodyOf(f))
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issueText(issue)
  return errors
}

// ── A leave in words ───────────────────────────────────────────────────────────────────────────

const DAY_WORDS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }
const DAY_WORDS_NO_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }

/**
 * When a leave is, as the operator's list writes it: "1 Dec 2026", "1 Dec – 5 Dec 2026" (whole
 * days, the last one included), "1 Dec 2026, 10:00–12:00" (part of a day), on the salon's clock.
 */
export function leaveWhenText(item: LeaveItem, intl: string, timeZone: string): string {
  const f = leaveFieldsOf(item, timeZone)
  if (f.mode === 'hours') return `${formatCalendarDay(f.day, intl, DAY_WORDS)}, ${f.from}–${f.to}`
  if (f.fromDay === f.toDay) return formatCalendarDay(f.fromDay, intl, DAY_WORDS)
  const sameYear = f.fromDay.slice(0, 4) === f.toDay.slice(0, 4)
  return `${formatCalendarDay(f.fromDay, intl, sameYear ? DAY_WORDS_NO_YEAR : DAY_WORDS)} – ${formatCalendarDay(f.toDay, intl, DAY_WORDS)}`
}

/** A person's leave for their page: what is still to come (soonest first), then the past (latest first). */
export function splitLeave(items: readonly LeaveItem[], now: Date): { upcoming: LeaveItem[]; past: LeaveItem[] } {
  const at = now.getTime()
  const upcoming = items.filter((l) => Date.parse(l.end) > at).sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const past = items.filter((l) => Date.parse(l.end) <= at).sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
  return { upcoming, past }
}
