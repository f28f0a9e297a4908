import { addCalendarDays } from './periods'
import { prepareQuery, slotsOfDay, type SlotQuery } from './slots'
import type { Slot } from './types'

/**
 * The first local day in [`from`, `to`] (both clipped to today … the booking horizon) with at
 * least one free start, and all its free starts — what `daysWithSlots` would list first and
 * `daySlots` would give for it, from one prepared query. `day: null` when no day in the window
 * has one. `reservations` must cover every day of the window.
 */
export function firstFreeDay(q: Omit<SlotQuery, 'day'> & { from: string; to?: string }): {
  day: string | null
  slots: Slot[]
} {
  const p = prepareQuery(q)
  if (p.invalid) return { day: null, slots: [] }
  const from = q.from > p.today ? q.from : p.today
  const to = q.to !== undefined && q.to < p.lastBookableDay ? q.to : p.lastBookableDay
  if (from > to) return { day: null, slots: [] }
  const closures = p.closures(from, to)
  const prepared = { ...p, closures: () => closures }
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
    // The cheap test first (stops at the first start), the whole day only for the one found.
    if (slotsOfDay(prepared, day, 1).length > 0) return { day, slots: slotsOfDay(prepared, day) }
  }
  return { day: null, slots: [] }
}
