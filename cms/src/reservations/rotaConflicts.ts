import type { Pool } from 'pg'
import {
  BLOCKING_STATUSES,
  addCalendarDays,
  eligibleOperators,
  isBlocking,
  localDayOf,
  offShiftReason,
  onLeave,
  overlapsSorted,
  mergeRanges,
  parseInstant,
  rotaRangesOf,
  withinRanges,
  type RotaConflictsResponse,
} from '@salon/shared'
import { isoOf } from '../platform'
import { loadBlocking, loadServices, localDays, salonCalendar } from '../calendar'

/**
 * GET /api/rota/conflicts (docs/api.md "Rota"): the bookings that still hold a time but whose
 * operator is now on leave or off shift there — what a rota change or new leave left behind —
 * each with the colleagues who could take it at the very same time. The engine decides both
 * (`offShiftReason`, the same shift rule as the slots); giving a booking to one of them is the
 * ordinary edit (`PATCH /api/reservations/:id/edit { operator }`), which mails the customer.
 * Bookings staff placed off shift on purpose (`shift_override`) are not listed.
 * Tested by cms/tests/int/rota.test.ts.
 */

const MAX_ITEMS = 200

interface Row {
  id: number
  operator_id: number
  operator_name: string | null
  status: string
  date_start: string
  date_end: string
  customer: string | null
  services: number[]
  titles: string[]
}

export async function rotaConflicts(
  pool: Pool,
  q: { from?: string; to?: string; operator?: number },
  now = new Date(),
): Promise<RotaConflictsResponse> {
  const calendar = await salonCalendar(pool, { consistency: 'committed' })
  const tz = calendar.settings.timezone
  const today = localDayOf(now, tz)
  const first = q.from && q.from > today ? q.from : today
  const last = q.to ?? addCalendarDays(today, 366)
  const { from } = localDays(tz, first)
  const { to } = localDays(tz, last)
  const { rows } = await pool.query<Row>(
    `select r.id, r.operator_id, trim(concat_ws(' ', o.name, o.surname)) as operator_name, r.status::text as status,
            ${isoOf('r.date_start')} as date_start, ${isoOf('r.date_end')} as date_end,
            nullif(trim(concat_ws(' ', u.name, u.surname)), '') as customer,
            coalesce((select array_agg(rr.services_id order by rr."order") from reservations_rels rr
                       where rr.parent_id = r.id and rr.path = 'services'), '{}') as services,
            coalesce((select array_agg(s.title order by rr."order") from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '{}') as titles
       from reservations r
       join operators o on o.id = r.operator_id
       left join clients u on u.id = r.client_id and u.anonymised_at is null
      where r.status::text = any($1::text[]) and r.status <> 'PENDING_CONFIRMATION' and not r.shift_override
        and r.date_start is not null and r.date_end > greatest($2::timestamptz, $5::timestamptz) and r.date_start < $3
        and ($4::int is null or r.operator_id = $4)
      order by r.date_start, r.id`,
    [BLOCKING_STATUSES, from, to, q.operator ?? null, now],
  )
  const flagged = rows
    .map((r) => ({
      r,
      reason: offShiftReason(calendar, { operator: r.operator_id, date_start: r.date_start, date_end: r.date_end }, tz),
    }))
    .filter((x): x is { r: Row; reason: 'ON_LEAVE' | 'OFF_SHIFT' } => x.reason !== null)
  const names = new Map(
    (
      await pool.query<{ id: number; name: string }>(
        `select id, trim(concat_ws(' ', name, surname)) as name from operators`,
      )
    ).rows.map((o) => [o.id, o.name]),
  )
  const items: RotaConflictsResponse['items'] = []
  for (const { r, reason } of flagged.slice(0, MAX_ITEMS)) {
    const { services } = await loadServices(pool, r.services)
    const start = parseInstant(r.date_start, tz)
    const end = parseInstant(r.date_end, tz)
    const day = localDayOf(new Date(start), tz)
    const eligible = eligibleOperators(services, calendar.operators).filter((id) => id !== r.operator_id)
    const working = eligible.filter(
      (id) =>
        withinRanges(rotaRangesOf(calendar, id, day, tz), start, end) && !onLeave(calendar.rota, id, start, end, tz),
    )
    const window = localDays(tz, day)
    const busy = working.length ? await loadBlocking(pool, working, window.from, window.to, r.id) : []
    const counts = new Map(working.map((id) => [id, 0]))
    const ranges = new Map(working.map((id) => [id, [] as { start: number; end: number }[]]))
    for (const b of busy) {
      if (!isBlocking(b, now, calendar.settings.holdMinutes)) continue
      counts.set(b.operator, (counts.get(b.operator) ?? 0) + 1)
      ranges.get(b.operator)?.push({ start: parseInstant(b.date_start, tz), end: parseInstant(b.date_end, tz) })
    }
    const free = working
      .filter((id) => !overlapsSorted(mergeRanges(ranges.get(id) ?? []), start, end))
      .sort((a, b) => counts.get(a)! - counts.get(b)!)
    const leave =
      reason === 'ON_LEAVE'
        ? calendar.rota?.leave.find(
            (l) => l.operator === r.operator_id && parseInstant(l.start, tz) < end && parseInstant(l.end, tz) > start,
          )
        : undefined
    items.push({
      id: r.id,
      date_start: r.date_start,
      date_end: r.date_end,
      status: r.status,
      reason,
      ...(leave ? { leaveKind: leave.kind } : {}),
      operator: { id: r.operator_id, name: r.operator_name ?? names.get(r.operator_id) ?? '' },
      customer: r.customer ?? '',
      services: r.titles,
      candidates: free.map((id) => ({ id, name: names.get(id) ?? '' })),
    })
  }
  return { total: flagged.length, items }
}
