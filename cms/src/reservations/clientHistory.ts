import type { Pool, PoolClient } from 'pg'
import type { ClientHistoryResponse, ClientVisit, ReservationStatus } from '@salon/shared'
import { MOVABLE_STATUSES } from '@salon/shared'
import { sql, statement } from '../platform'
import { paidOf } from './checkoutRepository'

type Db = Pool | PoolClient

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100

/** How many past visits a client card shows. */
export const HISTORY_PAST_LIMIT = 100

/**
 * GET /api/clients/:id/history (docs/api.md "Clients"): the card's upcoming and past bookings with
 * services, operator and what was paid, and the figures the card shows. Visits are COMPLETED
 * bookings; what a visit earned is its checkout's total (tips apart) where there is one, else its
 * price. Drafts never count. The caller has already been allowed to read the card.
 */
export async function clientHistory(
  db: Db,
  client: { id: number; name: string; surname: string | null },
  now = new Date(),
) {
  const upcomingWhere = sql`r.status = any(${[...MOVABLE_STATUSES]}::enum_reservations_status[]) and r.date_end > ${now}`
  const [list, stats] = await Promise.all([
    db.query(
      statement(sql`(select r.id, r.status, r.date_start, r.date_end, r.total_price, r.operator_id,
               nullif(trim(concat_ws(' ', o.name, o.surname)), '') as operator_name, true as upcoming
          from reservations r left join operators o on o.id = r.operator_id
         where r.client_id = ${client.id} and ${upcomingWhere}
         order by r.date_start asc, r.id)
        union all
        (select r.id, r.status, r.date_start, r.date_end, r.total_price, r.operator_id,
               nullif(trim(concat_ws(' ', o.name, o.surname)), '') as operator_name, false as upcoming
          from reservations r left join operators o on o.id = r.operator_id
         where r.client_id = ${client.id} and r.status <> 'PENDING_CONFIRMATION' and not (${upcomingWhere})
         order by r.date_start desc nulls last, r.id desc
         limit ${HISTORY_PAST_LIMIT})`),
    ),
    db.query(
      statement(sql`select
          count(*) filter (where r.status = 'COMPLETED')::int as visits,
          coalesce(sum(coalesce(k.total, r.total_price)) filter (where r.status = 'COMPLETED'), 0) as spent,
          max(r.date_start) filter (where r.status = 'COMPLETED') as last_visit,
          count(*) filter (where ${upcomingWhere})::int as upcoming,
          count(*) filter (where r.status = 'CANCELLED')::int as cancellations,
          count(*) filter (where r.status = 'NO_SHOW')::int as no_shows
        from reservations r left join reservation_checkouts k on k.reservation_id = r.id
       where r.client_id = ${client.id} and r.status <> 'PENDING_CONFIRMATION'`),
    ),
  ])
  const ids = list.rows.map((r) => r.id as number)
  const [services, paid] = await Promise.all([servicesOf(db, ids), paidOf(db, ids)])
  const visit = (r: Record<string, unknown>): ClientVisit => ({
    id: r.id as number,
    status: r.status as ReservationStatus,
    date_start: r.date_start ? new Date(r.date_start as string).toISOString() : null,
    date_end: r.date_end ? new Date(r.date_end as string).toISOString() : null,
    services: services.get(r.id as number) ?? [],
    operator: r.operator_id ? { id: r.operator_id as number, name: (r.operator_name as string | null) ?? '' } : null,
    total_price: money(r.total_price),
    paid: paid.get(r.id as number) ?? null,
  })
  const s = stats.rows[0]
  const visits = Number(s.visits)
  const spent = money(s.spent)
  const result: ClientHistoryResponse = {
    client: { id: client.id, name: client.name, surname: client.surname },
    stats: {
      visits,
      totalSpent: spent,
      averageTicket: visits ? Math.round((spent / visits) * 100) / 100 : 0,
      lastVisit: s.last_visit ? new Date(s.last_visit as string).toISOString() : null,
      upcoming: Number(s.upcoming),
      cancellations: Number(s.cancellations),
      noShows: Number(s.no_shows),
    },
    upcoming: list.rows.filter((r) => r.upcoming).map(visit),
    past: list.rows.filter((r) => !r.upcoming).map(visit),
  }
  return result
}

/** The services of each reservation in booking order, at today's catalogue title and the price booked. */
async function servicesOf(db: Db, ids: number[]) {
  const out = new Map<number, ClientVisit['services']>()
  if (!ids.length) return out
  const { rows } = await db.query(
    statement(sql`select rr.parent_id, s.id, s.title, s.price::float8 as price
       from reservations_rels rr join services s on s.id = rr.services_id
      where rr.path = 'services' and rr.parent_id = any(${ids}::int[])
      order by rr.parent_id, rr."order", rr.id`),
  )
  for (const r of rows) {
    const list = out.get(r.parent_id as number) ?? []
    list.push({ id: r.id as number, title: r.title as string, price: money(r.price) })
    out.set(r.parent_id as number, list)
  }
  return out
}
