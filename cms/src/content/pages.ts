import type { Payload, PayloadRequest } from 'payload'
import {
  KPI_STATUSES,
  calendarPeriod,
  dashboardFigures,
  dashboardKpis,
  dashboardRange,
  dayCount,
  eurosOfCents,
  localDayOf,
  localDaysBetween,
  openMinutesPerOperator,
  operatorOpenMinutes,
  percentOf,
  upcomingHolidays,
  workingRangesByDay,
  CONFIG_DEFAULTS,
  type DashboardBooking,
  type DashboardIndex,
  type DashboardQuery,
  type PeriodCounts,
  type Period,
} from '@salon/shared'
import { pool } from '../platform'
import { salonCalendar } from '../calendar'
import { blocksWithin } from '../reservations'

const PUBLIC_CONFIG = [
  'businessName',
  'address',
  'phone',
  'email',
  'timezone',
  'cancellationEnabled',
  'cancellationTimeLimit',
  'slotStepMinutes',
  'minNoticeMinutes',
  'bookingHorizonDays',
  'autoConfirm',
  'seriesForCustomers',
  'holdMinutes',
  'maxOpenBookings',
] as const

/** How far ahead the home lists holidays. */
const HOLIDAY_HORIZON_DAYS = 365

/**
 * Everything the home page shows, in one response, read as a visitor (access rules applied):
 * carousel, visible banners, categories with their active services, active operators, opening
 * hours, upcoming closures, the holidays of the next 12 months (yearly ones on their next date, in
 * the salon's time zone), public settings.
 */
export async function homePage(req: PayloadRequest, now = new Date()) {
  const asVisitor = {
    req: { ...req, user: null } as unknown as PayloadRequest,
    overrideAccess: false,
    pagination: false as const,
  }
  const [carousel, banners, categories, services, operators, hours, intervals, closures, config, holidays] =
    await Promise.all([
      req.payload.find({
        collection: 'upload',
        where: { label: { equals: 'HOME_CAROUSEL' } },
        sort: 'position',
        depth: 0,
        ...asVisitor,
      }),
      req.payload.find({
        collection: 'banner',
        where: { show: { equals: true } },
        sort: 'position',
        depth: 1,
        ...asVisitor,
      }),
      req.payload.find({ collection: 'category', sort: 'position', depth: 0, ...asVisitor }),
      req.payload.find({
        collection: 'services',
        where: { active: { equals: true } },
        sort: 'title',
        depth: 1,
        ...asVisitor,
      }),
      req.payload.find({
        collection: 'operators',
        where: { active: { equals: true } },
        sort: 'position',
        depth: 1,
        ...asVisitor,
      }),
      req.payload.find({ collection: 'business_hours', depth: 0, ...asVisitor }),
      req.payload.find({ collection: 'operating_intervals', sort: 'opening_time', depth: 0, ...asVisitor }),
      req.payload.find({
        collection: 'business-closures',
        where: { and: [{ is_active: { equals: true } }, { end_date: { greater_than_equal: now.toISOString() } }] },
        sort: 'start_date',
        limit: 20,
        depth: 0,
        ...asVisitor,
      }),
      req.payload.find({ collection: 'config', limit: 1, depth: 0, ...asVisitor }),
      req.payload.find({ collection: 'holidays', where: { is_active: { equals: true } }, depth: 0, ...asVisitor }),
    ])
  const byCategory = new Map<number | null, unknown[]>()
  for (const s of services.docs) {
    const cat = typeof s.category === 'object' && s.category ? s.category.id : (s.category ?? null)
    byCategory.set(cat as number | null, [...(byCategory.get(cat as number | null) ?? []), { ...s, category: cat }])
  }
  const cfg = config.docs[0] as unknown as Record<string, unknown> | undefined
  // "Chi c'è oggi" (issue 23): the active operators who work some of today, by the engine's rule.
  const calendar = await salonCalendar(pool(req.payload), { consistency: 'cached', now: now.getTime() })
  const tz = calendar.settings.timezone
  const today = localDayOf(now, tz)
  const workingToday = operators.docs
    .map((o) => o.id as number)
    .filter((id) => (workingRangesByDay(calendar, id, today, today, tz).get(today) ?? []).length > 0)
  return {
    config: cfg ? Object.fromEntries(PUBLIC_CONFIG.map((k) => [k, cfg[k] ?? null])) : null,
    carousel: carousel.docs,
    banners: banners.docs,
    categories: [
      ...categories.docs.map((c) => ({ ...c, services: byCategory.get(c.id as number) ?? [] })),
      ...(byCategory.has(null) ? [{ id: null, name: 'Altri servizi', services: byCategory.get(null) }] : []),
    ].filter((c) => (c.services?.length ?? 0) > 0),
    operators: operators.docs,
    workingToday,
    openingHours: hours.docs.map((h) => ({
      day_of_week: h.day_of_week,
      is_closed: h.is_closed,
      intervals: intervals.docs
        .filter((i) => (typeof i.business_hours === 'object' ? i.business_hours?.id : i.business_hours) === h.id)
        .map((i) => ({ opening_time: i.opening_time, closing_time: i.closing_time })),
    })),
    closures: closures.docs.map(({ created_by: _a, updated_by: _b, ...c }) => c),
    holidays: upcomingHolidays(
      holidays.docs.map((h) => ({
        id: h.id,
        name: h.name,
        date: h.date,
        recurring_yearly: h.recurring_yearly,
        is_active: h.is_active,
      })),
      localDayOf(now, typeof cfg?.timezone === 'string' && cfg.timezone ? cfg.timezone : CONFIG_DEFAULTS.timezone),
      HOLIDAY_HORIZON_DAYS,
    ),
  }
}

/**
 * What a booking (alias `r`) earned: the amount paid net of tips where a checkout exists (issue 24),
 * else its agreed price.
 */
const PAID_PRICE = `coalesce((select c.total from reservation_checkouts c where c.reservation_id = r.id), r.total_price)`

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
  const { current, previous } = range
  const today = calendarPeriod('day', now, timeZone)
  // Occupancy relates the minutes booked with the operators counted as capacity: the active ones.
  const active = calendar.operators.map((o) => o.id)
  const S = KPI_STATUSES

  const [kpiRows, customerRows, seriesRows, serviceRows, operatorRows, agendaRows, pendingRows, blocks] =
    await Promise.all([
      db.query(
        `select case when date_start >= $1 and date_start < $2 then 'current' else 'previous' end as period,
                count(*) filter (where status = any($5::enum_reservations_status[]))::int as bookings,
                (round(coalesce(sum(${PAID_PRICE}) filter (where status = any($5::enum_reservations_status[])), 0), 2) * 100)::bigint as revenue_cents,
                coalesce(sum(duration) filter (where status = any($6::enum_reservations_status[]) and operator_id = any($11::int[])), 0)::float8 as booked_minutes,
                count(*) filter (where status = any($7::enum_reservations_status[]))::int as cancelled,
                count(*) filter (where status = any($8::enum_reservations_status[]))::int as made,
                count(*) filter (where status = any($9::enum_reservations_status[]))::int as no_shows,
                count(*) filter (where status = any($10::enum_reservations_status[]))::int as settled,
                -- Won from the waitlist (issue 27): a booking made from an offer that was TAKEN.
                count(*) filter (where status = any($5::enum_reservations_status[]) and exists (
                  select 1 from waitlist_offers wo where wo.reservation_id = r.id and wo.status = 'TAKEN'))::int as waitlist_won
           from reservations r
          where (date_start >= $1 and date_start < $2) or (date_start >= $3 and date_start < $4)
          group by 1`,
        [
          current.from,
          current.to,
          previous.from,
          previous.to,
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
        // Grouped on the local midnight (date_trunc in the zone), written as a day once per group.
        `select to_char(day at time zone $3, 'YYYY-MM-DD') as day, bookings, revenue_cents
           from (select date_trunc('day', date_start, $3) as day, count(*)::int as bookings,
                        (round(sum(${PAID_PRICE}), 2) * 100)::bigint as revenue_cents
                   from reservations r
                  where date_start >= $1 and date_start < $2 and status = any($4::enum_reservations_status[])
                  group by 1) days`,
        [current.from, current.to, timeZone, S.booked],
      ),
      // A booking's total is shared among its services in proportion to their list prices (evenly
      // when those are all 0), so the services' revenues add up to the bookings' revenue.
      db.query(
        `with lines as (
           select r.id, ${PAID_PRICE} as total_price, s.id as service_id, s.title, coalesce(s.price, 0) as price,
                  sum(coalesce(s.price, 0)) over (partition by r.id) as list_total,
                  count(*) over (partition by r.id) as n
             from reservations r
             ${servicesOfReservations(dayCount(range.fromDay, range.toDay))}
             join services s on s.id = rr.services_id
            where r.date_start >= $1 and r.date_start < $2 and r.status = any($3::enum_reservations_status[]))
         select service_id as id, title, count(*)::int as count,
                (round(sum(case when list_total > 0 then total_price * price / list_total else total_price / n end), 2) * 100)::bigint as revenue_cents
           from lines group by service_id, title
          order by count desc, revenue_cents desc, title limit 5`,
        [current.from, current.to, S.booked],
      ),
      db.query(
        `select o.id, concat_ws(' ', o.name, o.surname) as name,
                count(*) filter (where r.status = any($3::enum_reservations_status[]))::int as count,
                (round(coalesce(sum(${PAID_PRICE}) filter (where r.status = any($3::enum_reservations_status[])), 0), 2) * 100)::bigint as revenue_cents,
                coalesce(sum(r.duration) filter (where r.status = any($4::enum_reservations_status[])), 0)::float8 as booked_minutes
           from reservations r join operators o on o.id = r.operator_id
          where r.date_start >= $1 and r.date_start < $2 and r.status = any($4::enum_reservations_status[])
          group by o.id
          order by count desc, revenue_cents desc, name limit 5`,
        [current.from, current.to, S.booked, S.occupying],
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
  const openEach = openMinutesPerOperator(calendar, timeZone, range.fromDay, range.toDay, blocked)
  const openCur = [...openEach.values()].reduce((a, b) => a + b, 0)
  const openPrev = operatorOpenMinutes(calendar, timeZone, range.previousFromDay, range.previousToDay, blocked)
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

/**
 * How a period's reservations meet their services. A short period (two months at most: a few
 * thousand bookings) looks each booking's services up by the links' parent index (a nested loop);
 * a longer one reads the links once and hashes them. PostgreSQL's own estimate picks the hash
 * even for a week, which costs a pass over every link ever made (25 ms against 4 ms on 100,000
 * bookings; docs/benchmarks.md "Dashboard index").
 */
function servicesOfReservations(days: number) {
  return days <= 62
    ? `cross join lateral (select rr.services_id from reservations_rels rr
                            where rr.parent_id = r.id and rr.path = 'services' offset 0) rr`
    : `join reservations_rels rr on rr.parent_id = r.id and rr.path = 'services'`
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
