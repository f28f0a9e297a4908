import { DAYS_OF_WEEK, type DayOfWeek, type LeaveKind } from '../enums/index'
import { closureIndexOf, type ClosureIndex } from './closures'
import { DAY_PATTERN, intervalsOf, openingRanges } from './opening'
import { addCalendarDays, localDayOf, weekdayIndex } from './periods'
import { firstEndingAfter, intersectRanges, mergeRanges, overlapsSorted, subtractRanges } from './ranges'
import type { OpeningDay, Range, SalonCalendar } from './types'
import { parseInstant } from './zone'

/**
 * Who works when (issue 23): each operator's repeating working pattern, one-day exceptions and
 * leave, resolved into the ranges of a local day in which they can be booked. One rule, used by
 * the slots (`slots.ts`), the checks of every write, the dashboard's occupancy and the schedule
 * the API answers:
 *
 *   bookable = the salon is open ∧ on shift ∧ not on leave ∧ not blocked ∧ not booked.
 *
 * Blocks and bookings are the busy times the slots already subtract; this file adds the shift and
 * the leave. Pure: the time zone is a parameter, nothing reads the clock.
 */

/** A working interval on the salon's clock (`HH:mm`; `24:00` = midnight at the end of the day). */
export interface ShiftInterval {
  opening_time: string
  closing_time: string
}

/** One weekday of one week of a pattern's cycle. */
export interface WorkingPatternDay {
  /** 1 … cycleWeeks: the week of the cycle, counted from the week (Monday) of `from`. */
  week: number
  day_of_week: DayOfWeek
  intervals: ShiftInterval[]
}

/**
 * An operator's repeating week(s), valid from the local day `from` until the next pattern of the
 * same operator begins. A weekday that is not listed (or has no intervals) is a day off.
 */
export interface WorkingPattern {
  operator: number
  /** 'YYYY-MM-DD', local. */
  from: string
  /** 1 … 4: every week alike, or alternating weeks (2), … */
  cycleWeeks: number
  days: WorkingPatternDay[]
}

/** One day that differs from the pattern: other hours, or (no intervals) not working at all. */
export interface ShiftException {
  id?: number
  operator: number
  /** 'YYYY-MM-DD', local. */
  date: string
  intervals: ShiftInterval[]
  note?: string | null
}

/** Leave over whole or partial days (ISO instants, half-open). */
export interface LeaveRule {
  id?: number
  operator: number
  kind: LeaveKind
  start: string
  end: string
  note?: string | null
}

/** Everything the engine knows about the team's week. Absent: everyone works the salon's hours. */
export interface Rota {
  patterns: readonly WorkingPattern[]
  exceptions: readonly ShiftException[]
  leave: readonly LeaveRule[]
}

/** Where a day's shift comes from: the salon's own opening hours, a pattern, or a one-day exception. */
export type ShiftSource = 'SALON' | 'PATTERN' | 'EXCEPTION'

export const MAX_CYCLE_WEEKS = 4

interface RotaIndex {
  /** Per operator, patterns by `from`, newest first. */
  patterns: Map<number, WorkingPattern[]>
  exceptions: Map<string, ShiftException>
  /** Per operator, merged leave ranges (epoch ms). */
  leave: Map<number, Range[]>
  /**
   * `rotaRangesOf` answers already computed, per operator and day, for one opening-hours list: a
   * process's calendar copy is shared by every request until it changes, so the month view and
   * the next customer's day ask the same questions again (bounded: emptied when full).
   */
  answers: { opening: unknown; byKey: Map<string, Range[] | null> }
}

const ANSWERS_MAX = 50_000

const indexes = new WeakMap<object, { timeZone: string; index: RotaIndex }>()

/** The rota indexed for lookups; kept per rota object (a process's calendar copy is shared by every request). */
function indexOf(rota: Rota, timeZone: string): RotaIndex {
  const kept = indexes.get(rota)
  if (kept && kept.timeZone === timeZone) return kept.index
  const patterns = new Map<number, WorkingPattern[]>()
  for (const p of rota.patterns ?? []) {
    if (!DAY_PATTERN.test(p.from)) continue
    const list = patterns.get(p.operator) ?? []
    list.push(p)
    patterns.set(p.operator, list)
  }
  for (const list of patterns.values()) list.sort((a, b) => (a.from < b.from ? 1 : a.from > b.from ? -1 : 0))
  const exceptions = new Map<string, ShiftException>()
  for (const e of rota.exceptions ?? []) exceptions.set(`${e.operator}|${e.date}`, e)
  const leaveLists = new Map<number, Range[]>()
  for (const l of rota.leave ?? []) {
    const r = { start: parseInstant(l.start, timeZone), end: parseInstant(l.end, timeZone) }
    if (!(r.end > r.start)) continue
    const list = leaveLists.get(l.operator) ?? []
    list.push(r)
    leaveLists.set(l.operator, list)
  }
  const leave = new Map<number, Range[]>()
  for (const [id, list] of leaveLists) leave.set(id, mergeRanges(list))
  const index = { patterns, exceptions, leave, answers: { opening: null, byKey: new Map() } }
  indexes.set(rota, { timeZone, index })
  return index
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)

/** The week of a pattern's cycle (1-based) that `day` falls in: weeks start on Monday, week 1 is the week of `from`. */
export function cycleWeekOf(from: string, cycleWeeks: number, day: string): number {
  const cycle = Math.min(MAX_CYCLE_WEEKS, Math.max(1, Math.floor(cycleWeeks) || 1))
  const monday = (d: string) => dayNumber(d) - weekdayIndex(d)
  const weeks = Math.floor((monday(day) - monday(from)) / 7)
  return (((weeks % cycle) + cycle) % cycle) + 1
}

/** The pattern in effect on `day`: the one with the latest `from` not after it. */
export function patternOn(rota: Rota | undefined, operator: number, day: string, timeZone = 'UTC') {
  if (!rota) return undefined
  return indexOf(rota, timeZone)
    .patterns.get(operator)
    ?.find((p) => p.from <= day)
}

/**
 * The shift of `operator` on the local `day` as written: a one-day exception, else the pattern in
 * effect (the intervals of that weekday in that week of its cycle), else the salon's opening hours
 * (`intervals: null`) — an operator nobody gave a pattern works when the salon is open.
 */
export function shiftOf(
  rota: Rota | undefined,
  operator: number,
  day: string,
  timeZone = 'UTC',
): { source: ShiftSource; intervals: ShiftInterval[] | null } {
  if (!rota) return { source: 'SALON', intervals: null }
  const index = indexOf(rota, timeZone)
  const exception = index.exceptions.get(`${operator}|${day}`)
  if (exception) return { source: 'EXCEPTION', intervals: exception.intervals ?? [] }
  const pattern = index.patterns.get(operator)?.find((p) => p.from <= day)
  if (!pattern) return { source: 'SALON', intervals: null }
  const week = cycleWeekOf(pattern.from, pattern.cycleWeeks, day)
  const weekday = DAYS_OF_WEEK[weekdayIndex(day)]
  const intervals: ShiftInterval[] = []
  for (const d of pattern.days ?? [])
    if (d.week === week && d.day_of_week === weekday) intervals.push(...(d.intervals ?? []))
  return { source: 'PATTERN', intervals }
}

/** Intervals as instant ranges of a local day (DST-correct, the opening hours' own conversion), merged. */
function rangesOfIntervals(day: string, intervals: readonly ShiftInterval[], timeZone: string): Range[] {
  if (intervals.length === 0) return []
  const weekday = DAYS_OF_WEEK[weekdayIndex(day)]
  return mergeRanges(
    openingRanges(day, [{ day_of_week: weekday, is_closed: false, intervals: [...intervals] }], timeZone),
  )
}

/** The merged leave ranges of `operator` (epoch ms). */
export function leaveRanges(rota: Rota | undefined, operator: number, timeZone: string): readonly Range[] {
  if (!rota) return []
  return indexOf(rota, timeZone).leave.get(operator) ?? []
}

/** Whether `operator` is on leave at some moment of [start, end). */
export function onLeave(rota: Rota | undefined, operator: number, start: number, end: number, timeZone: string) {
  return overlapsSorted(leaveRanges(rota, operator, timeZone), start, end)
}

/**
 * The ranges of the local `day` in which `operator` may hold a booking as far as the rota is
 * concerned — on shift and not on leave — merged and sorted; `null` when the rota adds nothing to
 * the salon's own hours (no pattern or exception for that day, no leave that day), the engine's
 * fast case. The opening hours, closures and busy times are the slots' business.
 */
export function rotaRangesOf(
  calendar: Pick<SalonCalendar, 'opening' | 'rota'>,
  operator: number,
  day: string,
  timeZone: string,
): Range[] | null {
  const rota = calendar.rota
  if (!rota) return null
  const { answers } = indexOf(rota, timeZone)
  if (answers.opening !== calendar.opening) {
    answers.opening = calendar.opening
    answers.byKey.clear()
  }
  const key = `${operator}|${day}`
  const known = answers.byKey.get(key)
  if (known !== undefined) return known
  const resolved = resolveRotaRanges(calendar, rota, operator, day, timeZone)
  if (answers.byKey.size >= ANSWERS_MAX) answers.byKey.clear()
  answers.byKey.set(key, resolved)
  return resolved
}

function resolveRotaRanges(
  calendar: Pick<SalonCalendar, 'opening'>,
  rota: Rota,
  operator: number,
  day: string,
  timeZone: string,
): Range[] | null {
  const shift = shiftOf(rota, operator, day, timeZone)
  const leave = leaveRanges(rota, operator, timeZone)
  const dayLeave = leave.length ? leaveNear(leave, day) : []
  if (shift.intervals === null && dayLeave.length === 0) return null
  const on =
    shift.intervals === null
      ? mergeRanges(openingRanges(day, calendar.opening ?? [], timeZone))
      : rangesOfIntervals(day, shift.intervals, timeZone)
  return dayLeave.length ? subtractRanges(on, dayLeave) : on
}

/**
 * The leave ranges near the local `day`: its UTC calendar day ± 14 hours holds the local day of
 * every zone (offsets are −12 … +14 hours), and subtracting a range outside the day changes nothing.
 */
function leaveNear(leave: readonly Range[], day: string): Range[] {
  const lo = Date.parse(`${day}T00:00:00Z`) - 14 * 3_600_000
  const hi = Date.parse(`${addCalendarDays(day, 1)}T00:00:00Z`) + 14 * 3_600_000
  const out: Range[] = []
  for (let i = firstEndingAfter(leave, lo); i < leave.length && leave[i]!.start < hi; i++) out.push(leave[i]!)
  return out
}

/** Whether [start, end) lies inside one range of a merged, sorted list (`null` = no restriction). */
export function withinRanges(ranges: readonly Range[] | null, start: number, end: number): boolean {
  if (ranges === null) return true
  const i = firstEndingAfter(ranges, start)
  const r = ranges[i]
  return r !== undefined && r.start <= start && end <= r.end
}

/**
 * The resolved working time of `operator` on each local day `fromDay`..`toDay`: their shift (pattern
 * or exception, else the salon's hours) within the salon's opening hours, minus closures, holidays
 * and leave — the time they can be booked (`GET /api/operators/{id}/schedule`, the occupancy KPI).
 */
export function workingRangesByDay(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays' | 'rota'>,
  operator: number,
  fromDay: string,
  toDay: string,
  timeZone: string,
  closures?: ClosureIndex,
): Map<string, Range[]> {
  const out = new Map<string, Range[]>()
  if (!DAY_PATTERN.test(fromDay) || !DAY_PATTERN.test(toDay) || fromDay > toDay) return out
  const index = closures ?? closureIndexOf(calendar.closures ?? [], calendar.holidays ?? [], timeZone, fromDay, toDay)
  for (let day = fromDay; day <= toDay; day = addCalendarDays(day, 1))
    out.set(day, workingRangesOfDay(calendar, operator, day, timeZone, index))
  return out
}

/** The salon's side of a local day: its merged opening ranges and its closed ranges (closures, holidays). */
export interface SalonDay {
  closed: boolean
  open: Range[]
  off: Range[]
}

/** `SalonDay` of `day` (`index` must cover it). */
export function salonDayOf(
  calendar: Pick<SalonCalendar, 'opening'>,
  day: string,
  timeZone: string,
  index: ClosureIndex,
): SalonDay {
  if (index.isDayClosed(day)) return { closed: true, open: [], off: [] }
  return {
    closed: false,
    open: mergeRanges(openingRanges(day, calendar.opening ?? [], timeZone)),
    off: index.rangesOf(day),
  }
}

/**
 * One local day of `workingRangesByDay` (`index` must cover it). `salon`: that day's `salonDayOf`
 * when the caller already has it — the dashboard works it out once per day for every operator
 * (issue 28 §3).
 */
export function workingRangesOfDay(
  calendar: Pick<SalonCalendar, 'opening' | 'rota'>,
  operator: number,
  day: string,
  timeZone: string,
  index: ClosureIndex,
  salon: SalonDay = salonDayOf(calendar, day, timeZone, index),
): Range[] {
  if (salon.closed) return []
  const rota = rotaRangesOf(calendar, operator, day, timeZone)
  const on = rota === null ? salon.open : intersectRanges(salon.open, rota)
  return subtractRanges(on, salon.off)
}

/** What makes a booked time fall outside its operator's hours: leave, or no shift at that time. */
export type OffShiftReason = 'ON_LEAVE' | 'OFF_SHIFT'

/**
 * Whether a booking of `operator` over [start, end) (ISO instants) lies outside their working
 * hours as the rota now stands: `ON_LEAVE` when leave overlaps it, `OFF_SHIFT` when no single
 * on-shift range of its local day holds it, else null. The opening hours are not judged here.
 */
export function offShiftReason(
  calendar: Pick<SalonCalendar, 'opening' | 'rota'>,
  booking: { operator: number; date_start: string; date_end: string },
  timeZone: string,
): OffShiftReason | null {
  const start = parseInstant(booking.date_start, timeZone)
  const end = parseInstant(booking.date_end, timeZone)
  if (!(end > start)) return null
  if (onLeave(calendar.rota, booking.operator, start, end, timeZone)) return 'ON_LEAVE'
  const ranges = rotaRangesOf(calendar, booking.operator, localDayOf(new Date(start), timeZone), timeZone)
  return withinRanges(ranges, start, end) ? null : 'OFF_SHIFT'
}

/** The salon's own intervals of the weekday of `day` (what an operator without a pattern works). */
function salonIntervalsOf(day: string, opening: readonly OpeningDay[]): ShiftInterval[] {
  return intervalsOf(day, opening).map((i) => ({ opening_time: i.opening_time, closing_time: i.closing_time }))
}

/** One day of a person's schedule as the API and the screens read it. */
export interface ScheduleDay {
  date: string
  source: ShiftSource
  /** The shift as written (the salon's hours for `SALON`), before leave, closures and opening hours. */
  shift: ShiftInterval[]
  /** The resolved working time (`workingRangesByDay`), ISO instants. */
  intervals: { start: string; end: string }[]
  minutes: number
}

/** `operator`'s days `fromDay`..`toDay`: where each shift comes from, as written, and as resolved. */
export function scheduleDays(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays' | 'rota'>,
  operator: number,
  fromDay: string,
  toDay: string,
  timeZone: string,
  closures?: ClosureIndex,
): ScheduleDay[] {
  const working = workingRangesByDay(calendar, operator, fromDay, toDay, timeZone, closures)
  const out: ScheduleDay[] = []
  for (const [date, ranges] of working) {
    const shift = shiftOf(calendar.rota, operator, date, timeZone)
    out.push({
      date,
      source: shift.source,
      shift: shift.intervals === null ? salonIntervalsOf(date, calendar.opening ?? []) : [...shift.intervals],
      intervals: ranges.map((r) => ({ start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() })),
      minutes: ranges.reduce((sum, r) => sum + (r.end - r.start) / 60_000, 0),
    })
  }
  return out
}

/**
 * "Copy this week to the next N weeks": for each day of the `weeks` weeks after the week starting on
 * Monday `monday`, the same weekday's shift of that week (its exception, pattern or the salon's
 * hours), as the one-day exceptions to write.
 */
export function copiedWeek(
  calendar: Pick<SalonCalendar, 'opening' | 'rota'>,
  operator: number,
  monday: string,
  weeks: number,
  timeZone: string,
): { date: string; intervals: ShiftInterval[] }[] {
  const out: { date: string; intervals: ShiftInterval[] }[] = []
  for (let d = 0; d < 7; d++) {
    const source = addCalendarDays(monday, d)
    const shift = shiftOf(calendar.rota, operator, source, timeZone)
    const intervals = shift.intervals === null ? salonIntervalsOf(source, calendar.opening ?? []) : [...shift.intervals]
    for (let w = 1; w <= weeks; w++) out.push({ date: addCalendarDays(source, 7 * w), intervals })
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

/** Patterns of one operator, oldest first, each with the day before the next one begins (`to`, null = in force). */
export function patternsWithValidity<P extends { from: string }>(
  patterns: readonly P[],
): (P & { to: string | null })[] {
  const sorted = [...patterns].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
  return sorted.map((p, i) => ({ ...p, to: i + 1 < sorted.length ? addCalendarDays(sorted[i + 1]!.from, -1) : null }))
}

/** Open time of the salon in which one operator does not work, for the agenda to grey. */
export interface OffShiftRange extends Range {
  operator: number
  kind: 'OFF_SHIFT' | 'LEAVE'
  leaveKind?: LeaveKind
  /** The local day the range lies in. */
  day: string
}

/**
 * For each of `operators` and each local day `fromDay`..`toDay`: the salon's open time (opening
 * hours minus closures and holidays) in which they are on leave (`LEAVE`, with its kind) or not on
 * shift (`OFF_SHIFT`). Sorted by operator, then start; nothing when the rota is absent.
 */
export function offShiftTime(
  calendar: Pick<SalonCalendar, 'opening' | 'closures' | 'holidays' | 'rota'>,
  operators: readonly number[],
  fromDay: string,
  toDay: string,
  timeZone: string,
): OffShiftRange[] {
  const rota = calendar.rota
  if (!rota || !DAY_PATTERN.test(fromDay) || !DAY_PATTERN.test(toDay) || fromDay > toDay) return []
  const closures = closureIndexOf(calendar.closures ?? [], calendar.holidays ?? [], timeZone, fromDay, toDay)
  const out: OffShiftRange[] = []
  for (const operator of operators) {
    const leave = (rota.leave ?? [])
      .filter((l) => l.operator === operator)
      .map((l) => ({ start: parseInstant(l.start, timeZone), end: parseInstant(l.end, timeZone), kind: l.kind }))
      .filter((l) => l.end > l.start)
    for (let day = fromDay; day <= toDay; day = addCalendarDays(day, 1)) {
      if (closures.isDayClosed(day)) continue
      const open = subtractRanges(
        mergeRanges(openingRanges(day, calendar.opening ?? [], timeZone)),
        closures.rangesOf(day),
      )
      if (open.length === 0) continue
      const shift = shiftOf(rota, operator, day, timeZone)
      const on =
        shift.intervals === null ? open : intersectRanges(open, rangesOfIntervals(day, shift.intervals, timeZone))
      const onLeaveRanges: Range[] = []
      for (const l of leave) {
        for (const r of intersectRanges(open, [l])) {
          onLeaveRanges.push(r)
          out.push({ operator, start: r.start, end: r.end, kind: 'LEAVE', leaveKind: l.kind, day })
        }
      }
      for (const r of subtractRanges(subtractRanges(open, on), onLeaveRanges))
        out.push({ operator, start: r.start, end: r.end, kind: 'OFF_SHIFT', day })
    }
  }
  return out.sort((a, b) => a.operator - b.operator || a.start - b.start)
}
