import type { PayloadRequest } from 'payload'
import {
  localDayOf,
  upcomingHolidays,
  workingRangesByDay,
  zoneOffsetsBetween,
  CONFIG_DEFAULTS,
  type ZoneOffsets,
} from '@salon/shared'
import { pool } from '../platform'
import { salonCalendar } from '../calendar'

export { dashboardIndex } from './dashboard'

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

/**
 * The salon zone's offsets sent with the settings (`config.zoneOffsets`), so that a phone writes
 * times without Intl on first load (shared/src/booking/zone.ts `learnZoneOffsets`): from a week
 * back to 400 days on — past the longest booking horizon (365) — in whole UTC days, so the answer
 * and its ETag change once a day at most. Made once per zone and day.
 */
const ZONE_TABLE_DAYS_BACK = 7
const ZONE_TABLE_DAYS = 400
let zoneTable: { key: string; table: ZoneOffsets } | null = null
export function salonZoneOffsets(timeZone: string, now: Date): ZoneOffsets {
  const DAY = 86_400_000
  const from = Math.floor(now.getTime() / DAY) * DAY - ZONE_TABLE_DAYS_BACK * DAY
  const key = `${timeZone} ${from}`
  if (zoneTable?.key !== key)
    zoneTable = { key, table: zoneOffsetsBetween(timeZone, from, from + ZONE_TABLE_DAYS * DAY) }
  return zoneTable.table
}

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
    config: cfg
      ? { ...Object.fromEntries(PUBLIC_CONFIG.map((k) => [k, cfg[k] ?? null])), zoneOffsets: salonZoneOffsets(tz, now) }
      : null,
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
