import { addCalendarDays, localDayOf, startOfLocalDay } from './periods'
import { checkSlot, type SlotQuery } from './slots'
import type { UnavailableReason } from './types'
import { toEpochMs } from './zone'

const MINUTE_MS = 60_000

export type WalkInPlacement =
  | { available: true; start: string; end: string; operators: number[] }
  | { available: false; reason: UnavailableReason; next?: string }

/**
 * A walk-in (issue 24, "Cliente senza appuntamento"): the services start now — the next whole
 * minute — with whoever is on shift and free for their whole length; the opening hours, the grid
 * and the notice do not count (the person is in the salon), the past and other bookings do.
 * `operators`: the free ones in preference order (the caller picks the least booked). When nobody is
 * free now, `next` is the earliest start later that local day, on a `stepMinutes` clock grid, when
 * someone is.
 */
export function walkInPlacement(q: Omit<SlotQuery, 'day' | 'hours'>, stepMinutes = 5): WalkInPlacement {
  const now = toEpochMs(q.now)
  const start = Math.ceil(now / MINUTE_MS) * MINUTE_MS
  const at = (t: number) => checkSlot({ ...q, start: new Date(t), hours: 'ignore' })
  const first = at(start)
  if (first.available)
    return { available: true, start: new Date(start).toISOString(), end: first.end, operators: first.operators }
  if (first.reason === 'INVALID_SERVICES' || first.reason === 'NO_ELIGIBLE_OPERATOR') return first
  const tz = q.calendar.settings.timezone
  const dayEnd = startOfLocalDay(addCalendarDays(localDayOf(new Date(start), tz), 1), tz).getTime()
  const step = stepMinutes * MINUTE_MS
  for (let t = Math.ceil((start + 1) / step) * step; t < dayEnd; t += step) {
    if (at(t).available) return { available: false, reason: first.reason, next: new Date(t).toISOString() }
  }
  return { available: false, reason: first.reason }
}
