import { intervalsOf } from '@salon/shared/booking/opening'
import type { OpeningDay } from '@salon/shared/booking/types'
import { AFTERNOON_FROM_HOUR } from '@salon/shared/booking/wizard'

export type TimeWindow = { from: string; to: string }
export type WindowPreset = 'morning' | 'afternoon' | 'allDay'

const hhmm = (time: string) => time.slice(0, 5)
const NOON = `${String(AFTERNOON_FROM_HOUR).padStart(2, '0')}:00`

/**
 * The time windows the waitlist form offers for `days`, from the salon's weekly opening hours:
 * "Tutto il giorno" from the earliest opening to the latest closing of those weekdays, "Mattina"
 * up to 13:00 and "Pomeriggio" from 13:00 (the wizard's own split of the times, AFTERNOON_FROM_HOUR),
 * each only where the salon is open then. Days when the salon is closed count for nothing; with no
 * open day at all there is no preset (the customer types the window).
 */
export function windowPresets(days: readonly string[], opening: readonly OpeningDay[]) {
  const intervals = days.flatMap((day) => intervalsOf(day, opening as OpeningDay[]))
  const out: Partial<Record<WindowPreset, TimeWindow>> = {}
  if (!intervals.length) return out
  const open = intervals.map((iv) => hhmm(iv.opening_time)).sort()[0]!
  const close = intervals
    .map((iv) => hhmm(iv.closing_time))
    .sort()
    .at(-1)!
  if (!(open < close)) return out
  out.allDay = { from: open, to: close }
  if (open < NOON) out.morning = { from: open, to: close < NOON ? close : NOON }
  if (close > NOON) out.afternoon = { from: open > NOON ? open : NOON, to: close }
  return out
}

/** Whether the salon opens at all on the weekday of `day` (the waitlist's "tutto pieno" vs "chiuso"). */
export const opensOn = (day: string, opening: readonly OpeningDay[]) =>
  intervalsOf(day, opening as OpeningDay[]).length > 0
