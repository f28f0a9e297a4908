import type { Payload } from 'payload'
import {
  KPI_STATUSES,
  calendarPeriod,
  dashboardFigures,
  dashboardKpis,
  dashboardRange,
  eurosOfCents,
  localDayOf,
  localDaysBetween,
  openMinutesPerOperator,
  percentOf,
  type DashboardBooking,
  type DashboardIndex,
  type DashboardQuery,
  type PeriodCounts,
  type Period,
} from '@salon/shared'
import { pool } from '../platform'
import { salonCalendar } from '../calendar'
import { blocksWithin } from '../reservations'

/**
 * The operators' open minutes (`openMinutesPerOperator`: a year × 20 operators is ~7,000
 * operator-days of time-zone arithmetic) kept per calendar copy — one object per committed
 * calendar version (`salonCalendar`), so any change of hours, closures, holidays, operators or
 * rota is a new copy and a new computation — and per zone, days and blocked time (read afresh each
 * time: part of the key). The same period asked again costs a look-up.
 */
const openMinutesCache = new WeakMap<object, Map<string, Map<number, number>>>()
const OPEN_MINUTES_KEPT = 64

function openMinutesOf(
  calendar: Parameters<typeof openMinutesPerOperator>[0],
  timeZone: string,
  fromDay: string,
  toDay: string,
  blocked: { operator: number; date_start: string; date_end: string }[],
): Map<number, number> {
  let kept = openMinutesCache.get(calendar)
  if (!kept) openMinutesCache.set(calendar, (kept = new Map()))
  const key = JSON.stringify([timeZone, fromDay, toDay, blocked.map((b) => [b.operator, b.date_start, b.date_end])])
  let minutes = kept.get(key)
  if (!minutes) {
    minutes = openMinutesPerOperator(calendar, timeZone, fromDay, toDay, blocked)
    if (kept.size >= OPEN_MINUTES_KEPT) kept.clear()
    kept.set(key, minutes)
  }
  return minutes
}

/** Pending bookings listed (oldest appointment first); `pending.total` counts them all. */
const PENDING_LIMIT = 50
/** Today's appointments listed (a salon's day has far fewer). */
const TODAY_LIMIT = 200

/**
 * GET /api/pages/dashboard-index: the KPIs of a period against the previous one, bookings and
 * revenue per local day, top services and operators, today's agenda and the bookings waiting for
 * the salon's answer. Every figure is computed in SQL (money as numeric, returned as integer cents
 * and turned into euros once), days are local days in the salon's time zone. Which statuses count
 * where: docs/api.md "GET /api/pages/dashboard-index".
 */
export async function dashboardIndex(
  payload: Payload,
  query: DashboardQuery,
  now = new Date(),
): Promise<DashboardIndex> {
  const db = pool(payload)
  const calendar = await salonCalendar(db, { consistency: 'committed' })
  const timeZone = calendar.settings.timezone
  const range = dashboardRange(query, now, timeZone)
  // The per-day rollup brought up to date with every write committed so far (docs/architecture.md
  // "Dashboard rollup"): the figures below read it instead of the period's reservations.
  await db.query('select dashboard_refresh($1)', [timeZone])
  const { current, previous } = range
  const today = calendarPeriod('day', now, timeZone)
  // Occupancy relates the minutes booked with the operators counted as capacity: the active ones.
  const active = calendar.operators.map((o) => o.id)
  const S = KPI_STATUSES

  const [kpiRows, customerRows, seriesRows, serviceRows, operatorRows, agendaRows, pendingRows, blocks] =
    await Promise.all([
      db.query(
        `with periods (period, from_day, to_day) as (values ('current', $1::date, $2::date), ('previous', $3::date, $4::date))
         select p.period, k.*,
                -- Occupancy counts the active operators' minutes: those of the others (and of no
                -- operator) come off, read by the operator index (usually none or a few rows).
                (k.occupying_minutes - coalesce(off_roster.minutes, 0))::float8 as booked_minutes
           from periods p
           cross join lateral (
             select coalesce(sum(bookings) filter (where status = any($5::enum_reservations_status[])), 0)::int as bookings,
                    (round(coalesce(sum(revenue) filter (where status = any($5::enum_reservations_status[])), 0), 2) * 100)::bigint as revenue_cents,
                    coalesce(sum(minutes) filter (where status = any($6::enum_reservations_status[])), 0) as occupying_minutes,
                    coalesce(sum(bookings) filter (where status = any($7::enum_reservations_status[])), 0)::int as cancelled,
                    coalesce(sum(bookings) filter (where status = any($8::enum_reservations_status[])), 0)::int as made,
                    coalesce(sum(bookings) filter (where status = any($9::enum_reservations_status[])), 0)::int as no_shows,
                    coalesce(sum(bookings) filter (where status = any($10::enum_reservations_status[])), 0)::int as settled,
                    -- Won from the waitlist (issue 27): a booking made from an offer that was TAKEN.
                    coalesce(sum(waitlist_won) filter (where status = any($5::enum_reservations_status[])), 0)::int as waitlist_won
               from dashboard_day_statuses where day between p.from_day and p.to_day) k
           cross join lateral (
             select sum(d.minutes) as minutes from dashboard_days d
              where d.day between p.from_day and p.to_day and d.status = any($6::enum_reservations_status[])
                and (d.operator_id is null
                     or d.operator_id = any(array(select o.id from operators o where o.id <> all($11::int[]))))) off_roster`,
        [
          range.fromDay,
          range.toDay,
          range.previousFromDay,
          range.previousToDay,
          S.booked,
          S.occupying,
          S.cancelled,
          S.made,
          S.noShow,
          S.settled,
          active,
        ],
      ),
      // An account erased since (privacy, erased_accounts) was still a new customer of its period.
      db.query(
        `select count(*) filter (where created_at >= $1 and created_at < $2)::int as current,
                count(*) filter (where created_at >= $3 and created_at < $4)::int as previous
           from (select user_role::text as user_role, created_at from users
                 union all select user_role, created_at from erased_accounts) accounts
          where user_role = 'USER' and ((created_at >= $1 and created_at < $2) or (created_at >= $3 and created_at < $4))`,
        [current.from, current.to, previous.from, previous.to],
      ),
      db.query(
        `select to_char(day, 'YYYY-MM-DD') as day, sum(bookings)::int as bookings,
                (round(sum(revenue), 2) * 100)::bigint as revenue_cents
           from dashboard_day_statuses
          where day between $1 and $2 and status = any($3::enum_reservations_status[])
          group by day`,
        [range.fromDay, range.toDay, S.booked],
      ),
      // A booking's total is shared among its services in proportion to their list prices (evenly
      // when those are all 0), so the services' revenues add up to the bookings' revenue.
      db.query(
        `select s.id, s.title, sum(d.lines)::int as count, (round(sum(d.revenue), 2) * 100)::bigint as revenue_cents
           from dashboard_day_services d join services s on s.id = d.service_id
          where d.day between $1 and $2 and d.status = any($3::enum_reservations_status[])
          group by s.id, s.title
          order by count desc, revenue_cents desc, title limit 5`,
        [range.fromDay, range.toDay, S.booked],
      ),
      // Summed per operator and status first (a few hundred rows), then by the status lists.
      db.query(
        `select o.id, concat_ws(' ', o.name, o.surname) as name,
                coalesce(sum(t.bookings) filter (where t.status = any($3::enum_reservations_status[])), 0)::int as count,
                (round(coalesce(sum(t.revenue) filter (where t.status = any($3::enum_reservations_status[])), 0), 2) * 100)::bigint as revenue_cents,
                coalesce(sum(t.minutes), 0)::float8 as booked_minutes
           from (select operator_id, status, sum(bookings) as bookings, sum(revenue) as revenue, sum(minutes) as minutes
                   from dashboard_days
                  where day between $1 and $2 and status = any($4::enum_reservations_status[])
                  group by 1, 2) t
           join operators o on o.id = t.operator_id
          group by o.id
          order by count desc, revenue_cents desc, name limit 5`,
        [range.fromDay, range.toDay, S.booked, S.occupying],
      ),
      db.query(
        bookingRowsSql(
          `r.date_start >= $1 and r.date_start < $2 and r.status = any($3::enum_reservations_status[])`,
          TODAY_LIMIT,
        ),
        [today.from, today.to, S.occupying],
      ),
      db.query(
        bookingRowsSql(
          `r.status = any($1::enum_reservations_status[]) and r.date_start is not null`,
          PENDING_LIMIT,
          true,
        ),
        [S.awaitingAnswer],
      ),
      // Blocked time (leave, training) is not capacity: occupancy divides by what is left.
      blocksWithin(db, previous.from, current.to, null, null),
    ])

  const blocked = blocks.map((b) => ({ ...b, operator: b.operator.id }))
  const openEach = openMinutesOf(calendar, timeZone, range.fromDay, range.toDay, blocked)
  const openCur = [...openEach.values()].reduce((a, b) => a + b, 0)
  const openPrev = [
    ...openMinutesOf(calendar, timeZone, range.previousFromDay, range.previousToDay, blocked).values(),
  ].reduce((a, b) => a + b, 0)
  const customers = customerRows.rows[0] as { current: number; previous: number }
  const countsOf = (period: 'current' | 'previous'): PeriodCounts => {
    const r = kpiRows.rows.find((row) => row.period === period)
    return {
      bookings: r?.bookings ?? 0,
      revenueCents: Number(r?.revenue_cents ?? 0),
      bookedMinutes: r?.booked_minutes ?? 0,
      cancelled: r?.cancelled ?? 0,
      made: r?.made ?? 0,
      noShows: r?.no_shows ?? 0,
      settled: r?.settled ?? 0,
      newCustomers: customers[period],
      waitlistWon: r?.waitlist_won ?? 0,
    }
  }
  const cur = countsOf('current')
  const prev = countsOf('previous')
  const byDay = new Map(seriesRows.rows.map((r) => [r.day as string, r]))
  const periodInfo = (p: Period, fromDay: string, toDay: string) => ({
    from: p.from.toISOString(),
    to: p.to.toISOString(),
    fromDay,
    toDay,
  })

  return {
    period: range.period,
    timezone: timeZone,
    range: periodInfo(current, range.fromDay, range.toDay),
    previousRange: periodInfo(previous, range.previousFromDay, range.previousToDay),
    kpis: dashboardKpis({ ...cur, openMinutes: openCur }, { ...prev, openMinutes: openPrev }),
    figures: { current: dashboardFigures(cur, openCur), previous: dashboardFigures(prev, openPrev) },
    series: localDaysBetween(range.fromDay, range.toDay).map((day) => {
      const r = byDay.get(day)
      return { day, bookings: r ? (r.bookings as number) : 0, revenue: eurosOfCents(Number(r?.revenue_cents ?? 0)) }
    }),
    topServices: serviceRows.rows.map((r) => ({
      id: r.id,
      title: r.title,
      count: r.count,
      revenue: eurosOfCents(Number(r.revenue_cents)),
    })),
    topOperators: operatorRows.rows.map((r) => ({
      id: r.id,
      name: r.name,
      count: r.count,
      revenue: eurosOfCents(Number(r.revenue_cents)),
      bookedMinutes: r.booked_minutes,
      occupancy: percentOf(r.booked_minutes, openEach.get(r.id) ?? 0),
    })),
    today: { day: localDayOf(now, timeZone), agenda: agendaRows.rows.map(bookingOf) },
    pending: {
      total: pendingRows.rows.length ? Number(pendingRows.rows[0].total) : 0,
      items: pendingRows.rows.map(bookingOf),
    },
  }
}

/** The bookings of a list (agenda, pending): who, what, with whom, when; in time order. */
function bookingRowsSql(where: string, limit: number, withTotal = false) {
  return `select r.id, r.date_start, r.date_end, r.status, r.total_price::text as total_price,
                 nullif(concat_ws(' ', u.name, u.surname), '') as customer,
                 nullif(concat_ws(' ', o.name, o.surname), '') as operator,
                 array(select s.title from reservations_rels rr join services s on s.id = rr.services_id
                        where rr.parent_id = r.id and rr.path = 'services' order by rr."order", rr.id) as services
                 ${withTotal ? ', count(*) over () as total' : ''}
            from reservations r
            left join clients u on u.id = r.client_id and u.anonymised_at is null
            left join operators o on o.id = r.operator_id
           where ${where}
           order by r.date_start, r.id
           limit ${limit}`
}

function bookingOf(r: Record<string, unknown>): DashboardBooking {
  return {
    id: r.id as number,
    date_start: (r.date_start as Date).toISOString(),
    date_end: r.date_end ? (r.date_end as Date).toISOString() : null,
    status: r.status as DashboardBooking['status'],
    customer: (r.customer as string | null) ?? null,
    operator: (r.operator as string | null) ?? null,
    services: (r.services as string[]) ?? [],
    total_price: Number(r.total_price ?? 0),
  }
}
