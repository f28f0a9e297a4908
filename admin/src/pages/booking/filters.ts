import type { CrudFilter } from '@refinedev/core'

export interface BookingFilterState {
  /** Local days `YYYY-MM-DD`, inclusive; empty = open. */
  from: string
  to: string
  status: string[]
  operator: number | null
  q: string
  /** Show booking sessions that were never confirmed. */
  drafts: boolean
}

/** The day after `YYYY-MM-DD` (calendar arithmetic, no time zone involved). */
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * The bookings list's filter bar as Refine filters (→ Payload `where`). Days are the browser's
 * local days (the salon's own screen): from 00:00 of `from` to 00:00 after `to`. The text
 * searches the customer's name, surname and e-mail and the note.
 */
export function bookingFilters(s: BookingFilterState): CrudFilter[] {
  const out: CrudFilter[] = []
  if (s.from) out.push({ field: 'date_start', operator: 'gte', value: new Date(`${s.from}T00:00:00`).toISOString() })
  if (s.to)
    out.push({ field: 'date_start', operator: 'lt', value: new Date(`${nextDay(s.to)}T00:00:00`).toISOString() })
  if (s.status.length) out.push({ field: 'status', operator: 'in', value: s.status })
  else if (!s.drafts) out.push({ field: 'status', operator: 'ne', value: 'PENDING_CONFIRMATION' })
  if (s.operator) out.push({ field: 'operator', operator: 'eq', value: s.operator })
  if (s.q) {
    out.push({
      operator: 'or',
      value: [
        { field: 'user.name', operator: 'contains', value: s.q },
        { field: 'user.surname', operator: 'contains', value: s.q },
        { field: 'user.email', operator: 'contains', value: s.q },
        { field: 'note', operator: 'contains', value: s.q },
      ],
    })
  }
  return out
}
