import { addCalendarDays } from './periods'
import { prepareQuery, slotsOfDay, type SlotQuery } from './slots'

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/

/**
 * The local days of `month` ('YYYY-MM') that have at least one slot, for the calendar. The query
 * is prepared once (settings, eligible operators, reservations bucketed by operator, closures
 * and RRULEs expanded once for the month); each day stops at its first slot.
 */
export function daysWithSlots(q: Omit<SlotQuery, 'day'> & { month: string }): string[] {
  const m = MONTH_PATTERN.exec(q.month ?? '')
  if (!m) return []
  const first = `${q.month}-01`
  const last = `${q.month}-${String(new Date(Date.UTC(+m[1]!, +m[2]!, 0)).getUTCDate()).padStart(2, '0')}`
  const p = prepareQuery(q)
  if (p.invalid) return []
  const from = first > p.today ? first : p.today
  const to = last < p.lastBookableDay ? last : p.lastBookableDay
  if (from > to) return []
  const closures = p.closures(from, to)
  const prepared = { ...p, closures: () => closures }
  const days: string[] = []
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
    if (slotsOfDay(prepared, day, 1).length > 0) days.push(day)
  }
  return days
}
