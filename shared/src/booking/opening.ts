import { DAYS_OF_WEEK } from '../enums/index'
import { localInstant, weekdayIndex } from './periods'
import type { OpeningDay, Range } from './types'

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const TIME_PATTERN = /^(\d{1,2}):(\d{2})/

function minutesOf(time: string): number {
  const m = TIME_PATTERN.exec(time ?? '')
  if (!m) return Number.NaN
  const h = Number(m[1])
  const min = Number(m[2])
  return h > 24 || min > 59 || (h === 24 && min > 0) ? Number.NaN : h * 60 + min
}

/** The intervals of the weekday of `day` (every open row for it; closed rows contribute nothing). */
export function intervalsOf(day: string, opening: readonly OpeningDay[]): OpeningDay['intervals'] {
  if (!DAY_PATTERN.test(day)) return []
  const weekday = DAYS_OF_WEEK[weekdayIndex(day)]
  const out: OpeningDay['intervals'] = []
  for (const row of opening) if (row.day_of_week === weekday && !row.is_closed) out.push(...(row.intervals ?? []))
  return out
}

/**
 * The open ranges of a local calendar day ('YYYY-MM-DD') from the weekly hours, in the salon time
 * zone, one range per operating interval (not merged: each anchors its own slot grid), sorted.
 * DST-correct: wall-clock bounds are converted to instants, so 01:00–04:00 on 2026-03-29 in
 * Europe/Rome lasts 2 real hours and on 2026-10-25 it lasts 4. A closing time of `24:00` (or
 * `00:00` after a later opening) means midnight at the end of the day; an interval that closes
 * before it opens is ignored.
 */
export function openingRanges(day: string, opening: OpeningDay[], timeZone: string): Range[] {
  const out: Range[] = []
  for (const iv of intervalsOf(day, opening)) {
    const open = minutesOf(iv.opening_time)
    let close = minutesOf(iv.closing_time)
    if (close === 0 && open > 0) close = 24 * 60
    if (!(open < close) || open >= 24 * 60) continue
    const at = (minutes: number) =>
      localInstant(day, `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`, timeZone).getTime()
    const range = { start: at(open), end: at(close) }
    if (range.end > range.start) out.push(range) // 02:00–03:00 on the spring-forward day is empty
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end)
}
