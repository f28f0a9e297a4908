import { buildClosureIndex } from './closures'
import type { ClosedKind } from './closedKinds'
import { openingRanges } from './opening'
import { addCalendarDays, startOfLocalDay } from './periods'
import { mergeRanges, subtractRanges } from './ranges'
import type { ClosureRule, HolidayRule, OpeningDay, Range } from './types'

export { CLOSED_KINDS, type ClosedKind } from './closedKinds'

export interface ClosedRange extends Range {
  kind: ClosedKind
  /** The local day ('YYYY-MM-DD') the range lies in: ranges never cross a local midnight. */
  day: string
}

/**
 * The closed time of the local days `fromDay`..`toDay` (both included) in the salon's zone — the
 * same rules the booking engine applies to slots (`openingRanges`, `buildClosureIndex`), so what
 * the agenda shades is exactly what the public site refuses. Each instant is given one kind, the
 * strongest: a holiday over a closure over a closed weekday or closed hours. Ranges are clipped
 * to their local day, sorted by start, and never overlap.
 */
export function closedTime(
  fromDay: string,
  toDay: string,
  calendar: { opening: readonly OpeningDay[]; closures: readonly ClosureRule[]; holidays: readonly HolidayRule[] },
  timeZone: string,
): ClosedRange[] {
  const holidays = buildClosureIndex([], calendar.holidays, timeZone, fromDay, toDay)
  const closures = buildClosureIndex(calendar.closures, [], timeZone, fromDay, toDay)
  const out: ClosedRange[] = []
  for (let day = fromDay; day <= toDay; day = addCalendarDays(day, 1)) {
    const whole: Range = {
      start: startOfLocalDay(day, timeZone).getTime(),
      end: startOfLocalDay(addCalendarDays(day, 1), timeZone).getTime(),
    }
    const open = mergeRanges(openingRanges(day, [...calendar.opening], timeZone))
    const holiday = holidays.rangesOf(day)
    const closure = subtractRanges(closures.rangesOf(day), holiday)
    const taken = mergeRanges([...holiday, ...closure])
    const hours = subtractRanges(subtractRanges([whole], open), taken)
    const hoursKind: ClosedKind = open.length === 0 ? 'CLOSED_DAY' : 'HOURS'
    for (const r of holiday) out.push({ ...r, kind: 'HOLIDAY', day })
    for (const r of closure) out.push({ ...r, kind: 'CLOSURE', day })
    for (const r of hours) out.push({ ...r, kind: hoursKind, day })
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end)
}
