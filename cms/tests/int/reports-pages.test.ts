/** Counts and aggregates computed in SQL, the home page in one cacheable response, dashboard KPIs. */
import { beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, localDayOf, zoneOffsetMs, zoneOffsetsBetween } from '@salon/shared'
import { BASE_URL, api, errorPaths, sql } from './helpers'

let marco: number
const ids: number[] = []

beforeAll(async () => {
  marco = (await sql(`select id from operators where name = 'Marco'`))[0].id
  // A quiet week in 2019, far from the demo data: 3 bookings now, 1 the week before.
  const rows = [
    ['2019-06-03T08:00:00Z', 'COMPLETED', 30, 20],
    ['2019-06-04T08:00:00Z', 'COMPLETED', 60, 45],
    ['2019-06-04T12:00:00Z', 'CANCELLED', 45, 35],
    ['2019-05-28T08:00:00Z', 'COMPLETED', 30, 22],
    // Calendar comparisons in 2021 (Rome changed to summer time on Sunday 28 March 2021).
    ['2021-01-30T09:00:00Z', 'COMPLETED', 30, 10], // 30 January: outside February
    ['2021-02-10T09:00:00Z', 'COMPLETED', 30, 25], // February
    ['2021-03-27T22:30:00Z', 'COMPLETED', 30, 30], // Saturday 27 March, 23:30 local
    ['2021-03-28T09:00:00Z', 'COMPLETED', 45, 40], // the 23-hour DST day
    ['2021-03-29T08:00:00Z', 'COMPLETED', 60, 50], // Monday 29 March
  ] as const
  for (const [start, status, duration, price] of rows) {
    const [r] = await sql(
      `insert into reservations (operator_id, date_start, date_end, duration, total_price, status, created_at, updated_at)
       values ($1, $2::timestamptz, $2::timestamptz + make_interval(mins => $3), $3, $4, $5, now(), now()) returning id`,
      [marco, start, duration, price, status],
    )
    ids.push(r.id)
  }
})

describe('reservation counts and aggregates (admin)', () => {
  it('count with period, status and operator filters', async () => {
    const all = await api('GET', '/api/reservations/count?from=2019-06-03&to=2019-06-09', { as: 'ADMIN' })
    expect(all.body).toEqual({ count: 3 })
    const done = await api(
      'GET',
      `/api/reservations/count?from=2019-06-03&to=2019-06-09&status=COMPLETED&operator=${marco}`,
      { as: 'ADMIN' },
    )
    expect(done.body).toEqual({ count: 2 })
  })

  it('aggregate sums count, price and minutes per local day', async () => {
    const res = await api(
      'GET',
      '/api/reservations/aggregate?from=2019-06-03&to=2019-06-09&status=COMPLETED,CANCELLED&groupBy=day',
      { as: 'ADMIN' },
    )
    expect(res.status).toBe(200)
    expect(res.body.totals).toEqual({ count: 3, total_price: 100, duration: 135 })
    expect(res.body.series).toEqual([
      { period: '2019-06-03', count: 1, total_price: 20, duration: 30 },
      { period: '2019-06-04', count: 2, total_price: 80, duration: 105 },
    ])
    const weekly = await api('GET', '/api/reservations/aggregate?from=2019-05-27&to=2019-06-09&groupBy=week', {
      as: 'ADMIN',
    })
    expect(weekly.body.series.map((s: any) => [s.period, s.count])).toEqual([
      ['2019-05-27', 1],
      ['2019-06-03', 3],
    ])
  })

  it('countCompare and aggregateCompare against the previous period of equal length', async () => {
    const cmp = await api('GET', '/api/reservations/countCompare?from=2019-06-03&to=2019-06-09&status=COMPLETED', {
      as: 'ADMIN',
    })
    expect(cmp.body.current).toMatchObject({ count: 2, total_price: 65 })
    expect(cmp.body.previous).toMatchObject({ count: 1, total_price: 22 })
    expect(cmp.body.difference).toEqual({ count: 1, total_price: 43, duration: 60 })
    expect(cmp.body.percentage.count).toBe(100)
    const agg = await api(
      'GET',
      '/api/reservations/aggregateCompare?from=2019-06-03&to=2019-06-09&status=COMPLETED&groupBy=day',
      { as: 'ADMIN' },
    )
    expect(agg.body.current.series).toHaveLength(2)
    expect(agg.body.previous.series).toEqual([{ period: '2019-05-28', count: 1, total_price: 22, duration: 30 }])
  })

  it('countCompare: the day after the spring DST change compares with the 23-hour local day before', async () => {
    const res = await api('GET', '/api/reservations/countCompare?from=2021-03-29&to=2021-03-29', { as: 'ADMIN' })
    expect(res.status).toBe(200)
    expect(res.body.current).toMatchObject({
      from: '2021-03-28T22:00:00.000Z',
      to: '2021-03-29T22:00:00.000Z',
      count: 1,
      total_price: 50,
    })
    // 28 March local is 23 hours; 24 hours back would also take Saturday's 23:30 booking.
    expect(res.body.previous).toMatchObject({
      from: '2021-03-27T23:00:00.000Z',
      to: '2021-03-28T22:00:00.000Z',
      count: 1,
      total_price: 40,
      duration: 45,
    })
    expect(res.body.difference).toEqual({ count: 0, total_price: 10, duration: 15 })
    expect(res.body.percentage).toEqual({ count: 0, total_price: 25, duration: 33.3 })
  })

  it('aggregateCompare: a calendar month compares with the previous calendar month (March vs February)', async () => {
    const res = await api('GET', '/api/reservations/aggregateCompare?from=2021-03-01&to=2021-03-31&groupBy=month', {
      as: 'ADMIN',
    })
    expect(res.status).toBe(200)
    expect(res.body.current).toMatchObject({ count: 3, total_price: 120, duration: 135 })
    expect(res.body.previous).toMatchObject({
      from: '2021-01-31T23:00:00.000Z',
      to: '2021-02-28T23:00:00.000Z',
      count: 1,
      total_price: 25,
    })
    expect(res.body.previous.series).toEqual([{ period: '2021-02-01', count: 1, total_price: 25, duration: 30 }])
    expect(res.body.current.series).toEqual([{ period: '2021-03-01', count: 3, total_price: 120, duration: 135 }])
    // 1–15 March is 15 local days, not a month: the 15 days before (14–28 February).
    const half = await api('GET', '/api/reservations/countCompare?from=2021-03-01&to=2021-03-15', { as: 'ADMIN' })
    expect(half.body.previous).toMatchObject({ from: '2021-02-13T23:00:00.000Z', count: 0 })
    expect(half.body.percentage.count).toBeNull()
  })

  it('a week across the DST change compares with the Monday-to-Sunday week before', async () => {
    const res = await api('GET', '/api/reservations/countCompare?from=2021-03-29&to=2021-04-04', { as: 'ADMIN' })
    expect(res.body.current).toMatchObject({ from: '2021-03-28T22:00:00.000Z', count: 1 })
    // 22–28 March: 167 hours, holding the Saturday and the Sunday bookings.
    expect(res.body.previous).toMatchObject({
      from: '2021-03-21T23:00:00.000Z',
      to: '2021-03-28T22:00:00.000Z',
      count: 2,
    })
  })

  it('only admins; bad filters are 400 naming the field', async () => {
    expect((await api('GET', '/api/reservations/count')).status).toBe(401)
    expect((await api('GET', '/api/reservations/aggregate', { as: 'USER' })).status).toBe(403)
    expect((await api('GET', '/api/reservations/countCompare', { as: 'OPERATOR' })).status).toBe(403)
    const bad = await api('GET', '/api/reservations/aggregate?status=DONE&groupBy=hour&operator=x', { as: 'ADMIN' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(expect.arrayContaining(['status.0', 'groupBy', 'operator']))
    expect(
      errorPaths((await api('GET', '/api/reservations/countCompare?from=2019-06-03', { as: 'ADMIN' })).body),
    ).toContain('to')
  })
})

describe('/api/config/count and /api/config/aggregate (spec §7: the settings are one document)', () => {
  it('count the settings rows like the other counts: admins only, by created date, in the salon’s zone', async () => {
    const [config] = await sql(`select created_at, timezone from config`)
    const day = localDayOf(config.created_at, config.timezone)
    const count = await api('GET', '/api/config/count', { as: 'ADMIN' })
    expect(count.status, JSON.stringify(count.body)).toBe(200)
    expect(count.body).toEqual({ count: 1 })
    expect((await api('GET', `/api/config/count?from=${day}&to=${day}`, { as: 'ADMIN' })).body).toEqual({ count: 1 })
    expect((await api('GET', '/api/config/count?from=2021-03-01&to=2021-03-31', { as: 'ADMIN' })).body).toEqual({
      count: 0,
    })

    const aggregate = await api('GET', '/api/config/aggregate', { as: 'ADMIN' })
    expect(aggregate.status, JSON.stringify(aggregate.body)).toBe(200)
    expect(aggregate.body).toEqual({
      groupBy: 'day',
      timezone: config.timezone,
      totals: { count: 1 },
      series: [{ period: day, count: 1 }],
    })
    const month = await api('GET', '/api/config/aggregate?groupBy=month', { as: 'ADMIN' })
    expect(month.body.series).toEqual([{ period: `${day.slice(0, 7)}-01`, count: 1 }])
    const empty = await api('GET', '/api/config/aggregate?from=2021-03-01&to=2021-03-31', { as: 'ADMIN' })
    expect(empty.body).toMatchObject({ totals: { count: 0 }, series: [] })
  })

  it('visitors 401, customers and operators 403; bad filters are 400 naming the field', async () => {
    for (const path of ['/api/config/count', '/api/config/aggregate']) {
      expect((await api('GET', path)).status, path).toBe(401)
      expect((await api('GET', path, { as: 'USER' })).status, path).toBe(403)
      expect((await api('GET', path, { as: 'OPERATOR' })).status, path).toBe(403)
    }
    const bad = await api('GET', '/api/config/aggregate?groupBy=hour&from=ieri', { as: 'ADMIN' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(expect.arrayContaining(['from']))
    const group = await api('GET', '/api/config/aggregate?groupBy=hour', { as: 'ADMIN' })
    expect(errorPaths(group.body)).toEqual(['groupBy'])
    expect(
      errorPaths((await api('GET', '/api/config/count?from=2021-03-31&to=2021-03-01', { as: 'ADMIN' })).body),
    ).toEqual(['to'])
    // The settings themselves stay one readable document.
    const list = await api('GET', '/api/config', { as: 'ADMIN' })
    expect(list.status).toBe(200)
    expect(list.body.docs).toHaveLength(1)
  })
})

describe('GET /api/pages/home', () => {
  it('returns the whole home page for a visitor, with an ETag that answers 304', async () => {
    const res = await fetch(`${BASE_URL}/api/pages/home`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const etag = res.headers.get('etag')!
    expect(etag).toBeTruthy()
    const body = await res.json()
    expect(body.carousel).toHaveLength(3)
    expect(body.carousel.every((u: any) => u.label === 'HOME_CAROUSEL' && u.imageUrl)).toBe(true)
    expect(body.banners.length).toBeGreaterThanOrEqual(2)
    expect(body.banners.every((b: any) => b.show)).toBe(true)
    expect(body.categories.map((c: any) => c.name)).toEqual(
      expect.arrayContaining(['Taglio e piega', 'Colore', 'Trattamenti', 'Estetica']),
    )
    for (const c of body.categories) for (const s of c.services) expect(s.active).toBe(true)
    expect(body.operators.map((o: any) => o.name)).toEqual(expect.arrayContaining(['Giulia', 'Marco', 'Sara', 'Luca']))
    expect(body.operators.every((o: any) => o.active)).toBe(true)
    expect(body.operators.every((o: any) => !('user' in o))).toBe(true)
    const days = body.openingHours.map((d: any) => d.day_of_week)
    expect(new Set(days).size).toBe(days.length) // one row per day (the access tests may remove Monday)
    expect(days).toEqual(expect.arrayContaining(['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']))
    const tuesday = await sql(
      `select oi.opening_time, oi.closing_time from operating_intervals oi join business_hours bh on bh.id = oi.business_hours_id
        where bh.day_of_week = 'TUESDAY' order by oi.opening_time`,
    )
    const sorted = (xs: any[]) => xs.map((x) => `${x.opening_time}-${x.closing_time}`).sort()
    expect(sorted(body.openingHours.find((d: any) => d.day_of_week === 'TUESDAY').intervals)).toEqual(sorted(tuesday))
    expect(tuesday).toEqual(
      expect.arrayContaining([
        { opening_time: '09:00', closing_time: '13:00' },
        { opening_time: '14:30', closing_time: '19:30' },
      ]),
    )
    expect(body.closures.some((c: any) => c.name === 'Chiusura estiva')).toBe(true)
    // Upcoming holidays: active, from today (Rome) for 12 months, yearly ones on their next date, in order.
    const today = localDayOf(new Date(), 'Europe/Rome')
    const dates = body.holidays.map((h: any) => h.date)
    expect(dates).toEqual([...dates].sort())
    for (const d of dates) expect(d >= today && d <= addCalendarDays(today, 365), d).toBe(true)
    const christmas = `${Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-25` ? 1 : 0)}-12-25`
    expect(body.holidays).toContainEqual(
      expect.objectContaining({ name: 'Natale', date: christmas, recurring_yearly: true }),
    )
    expect(body.holidays.map((h: any) => h.name)).toEqual(expect.arrayContaining(['Capodanno', 'Ferragosto']))
    // An inactive holiday tomorrow and one beyond the 12 months are left out (no active one near: other
    // files book in the coming weeks).
    const tag = `${process.pid}-${Date.now()}`
    const rows = await sql(
      `insert into holidays (name, date, recurring_yearly, is_active, created_at, updated_at)
       values ($1, $3::date, false, false, now(), now()), ($2, $4::date, false, true, now(), now()) returning id`,
      [`spenta-${tag}`, `lontana-${tag}`, addCalendarDays(today, 1), addCalendarDays(today, 400)],
    )
    try {
      const names = (await (await fetch(`${BASE_URL}/api/pages/home`)).json()).holidays.map((h: any) => h.name)
      expect(names).toContain('Natale')
      expect(names).not.toContain(`spenta-${tag}`)
      expect(names).not.toContain(`lontana-${tag}`)
    } finally {
      await sql(`delete from holidays where id = any($1::int[])`, [rows.map((r: any) => r.id)])
    }
    expect(body.config).toMatchObject({ businessName: 'Salone Demo', timezone: 'Europe/Rome' })
    // The zone's offsets for a phone that writes times without Intl (issue 28): the next 400 days
    // from a week back in whole UTC days, each change where Intl puts it, accepted by the client.
    const table = body.config.zoneOffsets
    const DAY = 86_400_000
    expect(table.timeZone).toBe('Europe/Rome')
    expect(table.from % DAY).toBe(0)
    expect(table.to - table.from).toBe(400 * DAY)
    expect(Date.now() - table.from).toBeGreaterThanOrEqual(7 * DAY)
    expect(Date.now() - table.from).toBeLessThan(8 * DAY)
    expect(table.changes.length).toBeGreaterThanOrEqual(2) // Rome changes twice a year
    expect(table.changes).toEqual(zoneOffsetsBetween('Europe/Rome', table.from, table.to).changes)
    for (const [at, offset] of table.changes) {
      expect(zoneOffsetMs(at, 'Europe/Rome')).toBe(offset)
      if (at > table.from) expect(zoneOffsetMs(at - 1000, 'Europe/Rome')).not.toBe(offset)
    }
    const again = await fetch(`${BASE_URL}/api/pages/home`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })
})

describe('GET /api/pages/dashboard-index', () => {
  it('gives the admin this period against the previous one', async () => {
    const res = await api('GET', '/api/pages/dashboard-index?period=month', { as: 'ADMIN' })
    expect(res.status).toBe(200)
    expect(res.body.period).toBe('month')
    // The demo salon's month: bookings happen, one series point per local day of the month.
    expect(res.body.kpis.bookings.current).toBeGreaterThan(0)
    expect(res.body.topServices.length).toBeGreaterThan(0)
    const { fromDay, toDay } = res.body.range
    expect(res.body.series[0].day).toBe(fromDay)
    expect(res.body.series.at(-1).day).toBe(toDay)
  })

  it('admin only; a bad period is a 400', async () => {
    expect((await api('GET', '/api/pages/dashboard-index')).status).toBe(401)
    expect((await api('GET', '/api/pages/dashboard-index', { as: 'USER' })).status).toBe(403)
    const bad = await api('GET', '/api/pages/dashboard-index?period=decade', { as: 'ADMIN' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('period')
  })
})
