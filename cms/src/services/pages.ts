import type { Payload, PayloadRequest } from 'payload'
import {
  OCCURRING_STATUSES,
  calendarPeriod,
  compareCounts,
  compareMetrics,
  previousCalendarPeriod,
  type ReservationStatus,
} from '@salon/shared'
import { pool } from '../lib/sql'
import { reservationMetrics, reservationSeries } from './reservationReports'

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
  'holdMinutes',
  'maxOpenBookings',
] as const

/**
 * Everything the home page shows, in one response, read as a visitor (access rules applied):
 * carousel, visible banners, categories with their active services, active operators, opening
 * hours, upcoming closures, public settings.
 */
export async function homePage(req: PayloadRequest, now = new Date()) {
  const asVisitor = {
    req: { ...req, user: null } as unknown as PayloadRequest,
    overrideAccess: false,
    pagination: false as const,
  }
  const [carousel, banners, categories, services, operators, hours, intervals, closures, config] = await Promise.all([
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
  ])
  const byCategory = new Map<number | null, unknown[]>()
  for (const s of services.docs) {
    const cat = typeof s.category === 'object' && s.category ? s.category.id : (s.category ?? null)
    byCategory.set(cat as number | null, [...(byCategory.get(cat as number | null) ?? []), { ...s, category: cat }])
  }
  const cfg = config.docs[0] as unknown as Record<string, unknown> | undefined
  return {
    config: cfg ? Object.fromEntries(PUBLIC_CONFIG.map((k) => [k, cfg[k] ?? null])) : null,
    carousel: carousel.docs,
    banners: banners.docs,
    categories: [
      ...categories.docs.map((c) => ({ ...c, services: byCategory.get(c.id as number) ?? [] })),
      ...(byCategory.has(null) ? [{ id: null, name: 'Altri servizi', services: byCategory.get(null) }] : []),
    ].filter((c) => (c.services?.length ?? 0) > 0),
    operators: operators.docs,
    openingHours: hours.docs.map((h) => ({
      day_of_week: h.day_of_week,
      is_closed: h.is_closed,
      intervals: intervals.docs
        .filter((i) => (typeof i.business_hours === 'object' ? i.business_hours?.id : i.business_hours) === h.id)
        .map((i) => ({ opening_time: i.opening_time, closing_time: i.closing_time })),
    })),
    closures: closures.docs.map(({ created_by: _a, updated_by: _b, ...c }) => c),
  }
}

/** Dashboard KPIs for this day / week / month / year against the previous calendar period (previousCalendarPeriod). */
export async function dashboardIndex(
  payload: Payload,
  period: 'day' | 'week' | 'month' | 'year',
  timeZone: string,
  now = new Date(),
) {
  const current = calendarPeriod(period, now, timeZone)
  const previous = previousCalendarPeriod(current, timeZone)
  const booked = { status: [...OCCURRING_STATUSES] as ReservationStatus[] }
  const db = pool(payload)
  const newCustomers = async (p: { from: Date; to: Date }) =>
    (
      await db.query(
        `select count(*)::int as n from users where user_role = 'USER' and created_at >= $1 and created_at < $2`,
        [p.from, p.to],
      )
    ).rows[0].n as number
  const today = calendarPeriod('day', now, timeZone)
  const [cur, prev, custCur, custPrev, statuses, topServices, series, upcoming] = await Promise.all([
    reservationMetrics(payload, { ...current, ...booked }),
    reservationMetrics(payload, { ...previous, ...booked }),
    newCustomers(current),
    newCustomers(previous),
    db.query(
      `select status, count(*)::int as count from reservations where date_start >= $1 and date_start < $2 group by status order by count desc`,
      [current.from, current.to],
    ),
    db.query(
      `select s.id, s.title, count(*)::int as count
         from reservations r join reservations_rels rr on rr.parent_id = r.id and rr.path = 'services'
         join services s on s.id = rr.services_id
        where r.date_start >= $1 and r.date_start < $2 and r.status = any($3::enum_reservations_status[])
        group by s.id, s.title order by count desc, s.title limit 5`,
      [current.from, current.to, booked.status],
    ),
    reservationSeries(payload, { ...current, ...booked }, period === 'year' ? 'month' : 'day', timeZone),
    db.query(
      `select r.id, r.date_start, r.date_end, r.status, r.total_price::float8, o.name as operator, u.name as customer_name, u.surname as customer_surname
         from reservations r left join operators o on o.id = r.operator_id left join users u on u.id = r.user_id
        where r.date_start >= $1 and r.date_start < $2 and r.status = any($3::enum_reservations_status[])
        order by r.date_start limit 10`,
      [new Date(Math.max(now.getTime(), today.from.getTime())), today.to, booked.status],
    ),
  ])
  return {
    period,
    timezone: timeZone,
    reservations: compareMetrics(current, cur, previous, prev),
    newCustomers: compareCounts(current, custCur, previous, custPrev),
    statusBreakdown: statuses.rows,
    topServices: topServices.rows,
    series: series,
    upcomingToday: upcoming.rows,
  }
}
