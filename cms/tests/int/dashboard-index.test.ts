/**
 * GET /api/pages/dashboard-index: every KPI of a quiet past week checked against figures this file
 * works out by hand from the rows it inserts (March 2017, far from the demo data and the other
 * suites; the week holds the spring DST change), plus today's agenda, the bookings to answer, the
 * periods and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, freshAddress, sql, unique } from './helpers'

const ROME = 'Europe/Rome'
const reservationIds: number[] = []
const closureIds: number[] = []
const customerEmails: string[] = []
let marco: { id: number; name: string }
let other: { id: number; name: string }
let serviceA: { id: number; title: string; price: number }
let serviceB: { id: number; title: string; price: number }
let customerName: string

/** One decimal of a percentage, the API's rounding (`Math.round(x * 1000) / 10`). */
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null)
const cents = (euros: number) => Math.round(euros * 100)

async function insert(
  start: string,
  status: string,
  minutes: number,
  price: number,
  operator: number | null,
  services: number[],
  user: number | null = null,
) {
  const [r] = await sql(
    `insert into reservations (user_id, operator_id, date_start, date_end, duration, total_price, status, created_at, updated_at)
     values ($1, $2, $3::timestamptz, $3::timestamptz + make_interval(mins => $4), $4, $5, $6, now(), now()) returning id`,
    [user, operator, start, minutes, price, status],
  )
  for (const [i, s] of services.entries())
    await sql(`insert into reservations_rels ("order", parent_id, path, services_id) values ($1, $2, 'services', $3)`, [
      i + 1,
      r.id,
      s,
    ])
  reservationIds.push(r.id)
  return r.id as number
}

const ids: Record<string, number> = {}
const get = (query: string, as: 'ADMIN' | 'USER' | 'OPERATOR' | 'visitor' = 'ADMIN') =>
  api('GET', `/api/pages/dashboard-index${query}`, { as })

/**
 * What open minutes depend on, read from the database: the number of active operators and the
 * salon's open minutes on each weekday (0 = Monday).
 */
async function salonState() {
  const [{ n }] = await sql('select count(*)::int as n from operators where active')
  const hours = await sql(
    `select bh.day_of_week, bh.is_closed, oi.opening_time, oi.closing_time
       from business_hours bh left join operating_intervals oi on oi.business_hours_id = bh.id`,
  )
  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']
  const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
  // Other files add intervals that overlap (the access matrix adds 20:00–21:00 on Tuesdays, once
  // per role): a minute open twice is open once, so the day is the union of its intervals.
  const weekday = days.map((d) => {
    const open = new Set<number>()
    for (const h of hours.filter((h) => h.day_of_week === d && !h.is_closed && h.opening_time))
      for (let m = minutesOf(h.opening_time); m < minutesOf(h.closing_time); m++) open.add(m)
    return open.size
  })
  return { n: Number(n), weekday }
}

/**
 * The answer and the salon state it was computed with. Other files add operators and rewrite the
 * opening hours while this one runs, so the state is read on both sides of the request, again
 * until both readings agree.
 */
async function getCounted(query: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const state = await salonState()
    const res = await get(query)
    if (JSON.stringify(await salonState()) === JSON.stringify(state)) return { body: res.body, ...state }
  }
  throw new Error('the operators or the opening hours kept changing around every request')
}

/** The operators' open minutes of these days in that state, less `minus` minutes per operator. */
const openOf = (state: { n: number; weekday: number[] }, days: string[], minus = 0) =>
  (days.reduce((sum, d) => sum + state.weekday[(new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7]!, 0) - minus) * state.n

// Thursday 23 is closed all day and one hour is off on Friday 24 (the closures made below).
const CURRENT_OPEN_DAYS = ['2017-03-20', '2017-03-21', '2017-03-22', '2017-03-24', '2017-03-25', '2017-03-26']
const PREVIOUS_DAYS = ['2017-03-13', '2017-03-14', '2017-03-15', '2017-03-16', '2017-03-17', '2017-03-18', '2017-03-19']

beforeAll(async () => {
  const ops = await sql(`select id, concat_ws(' ', name, surname) as name from operators where active order by id`)
  marco = ops[0]
  other = ops[1]
  const services = await sql(
    `select id, title, price::float8 as price from services where price > 0 order by id limit 2`,
  )
  serviceA = services[0]
  serviceB = services[1]
  const [customer] = await sql(
    `select id, concat_ws(' ', name, surname) as name from users where email = 'cliente@demo.salon'`,
  )
  customerName = customer.name
  // Closures in the current week: all of Thursday 23 March, 10:00–11:00 on Friday 24 March.
  for (const [type, start, end] of [
    ['FULL_DAY', '2017-03-23T12:00:00Z', '2017-03-23T12:00:00Z'],
    ['PARTIAL_DAY', '2017-03-24T09:00:00Z', '2017-03-24T10:00:00Z'],
  ]) {
    const [c] = await sql(
      `insert into business_closures (name, closure_type, start_date, end_date, is_active) values ($1, $2, $3, $4, true) returning id`,
      [unique('kpi-closure'), type, start, end],
    )
    closureIds.push(c.id)
  }

  const A = serviceA.id
  const B = serviceB.id
  const c = customer.id
  // Current week: Monday 20 – Sunday 26 March 2017 (local days; 26 March is the 23-hour day).
  ids.completed = await insert('2017-03-21T08:00:00Z', 'COMPLETED', 60, 45.5, marco.id, [A], c)
  ids.confirmed = await insert('2017-03-21T09:00:00Z', 'CONFIRMED', 30, 20.25, marco.id, [B], c)
  ids.noShow = await insert('2017-03-22T08:00:00Z', 'NO_SHOW', 45, 30, other.id, [A])
  ids.cancelled = await insert('2017-03-22T10:00:00Z', 'CANCELLED', 30, 25, other.id, [B])
  ids.pending = await insert('2017-03-24T13:30:00Z', 'PENDING', 90, 60.1, other.id, [A, B], c)
  ids.rejected = await insert('2017-03-25T08:00:00Z', 'REJECTED', 30, 15, other.id, [A])
  ids.draft = await insert('2017-03-25T09:00:00Z', 'PENDING_CONFIRMATION', 30, 15, other.id, [A])
  ids.dstDay = await insert('2017-03-26T08:00:00Z', 'COMPLETED', 30, 0.1, marco.id, [A]) // 10:00 CEST
  ids.earlyMonday = await insert('2017-03-19T23:30:00Z', 'COMPLETED', 30, 0.2, marco.id, [B]) // 00:30 on the 20th
  ids.nextWeek = await insert('2017-03-26T22:30:00Z', 'CONFIRMED', 30, 99, marco.id, [A]) // 00:30 on the 27th
  // Previous week: 13 – 19 March.
  ids.prevCompleted = await insert('2017-03-14T08:00:00Z', 'COMPLETED', 60, 40, marco.id, [A])
  ids.prevCancelled = await insert('2017-03-15T08:00:00Z', 'CANCELLED', 30, 20, marco.id, [A])
  ids.prevLate = await insert('2017-03-19T22:30:00Z', 'COMPLETED', 30, 10, marco.id, [B]) // 23:30 on the 19th

  // New customers: two registered in the current week, one in the previous one.
  for (const at of ['2017-03-21T10:00:00Z', '2017-03-25T10:00:00Z', '2017-03-16T10:00:00Z']) {
    const email = `${unique('kpi')}@example.com`
    const res = await api('POST', '/api/users', {
      headers: { 'x-forwarded-for': freshAddress() },
      body: { email, password: 'password123', name: 'Kpi', surname: 'Cliente', phone_number: '+39 333 000 4444' },
    })
    expect(res.status).toBe(201)
    await sql(`update users set created_at = $2 where email = $1`, [email, at])
    customerEmails.push(email)
  }
})

afterAll(async () => {
  if (reservationIds.length) {
    await sql(`delete from reservations_rels where parent_id = any($1::int[])`, [reservationIds])
    await sql(`delete from reservation_events where reservation_id = any($1::int[])`, [reservationIds]).catch(() => {})
    await sql(`delete from reservations where id = any($1::int[])`, [reservationIds])
  }
  if (closureIds.length) await sql(`delete from business_closures where id = any($1::int[])`, [closureIds])
})

describe('GET /api/pages/dashboard-index — a custom past week', () => {
  const week = '?period=custom&from=2017-03-20&to=2017-03-26'

  it('gives the periods as local days and instants (the week of the DST change lasts 167 hours)', async () => {
    const res = await get(week)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body.period).toBe('custom')
    expect(res.body.timezone).toBe(ROME)
    expect(res.body.range).toEqual({
      from: '2017-03-19T23:00:00.000Z',
      to: '2017-03-26T22:00:00.000Z',
      fromDay: '2017-03-20',
      toDay: '2017-03-26',
    })
    expect(res.body.previousRange).toEqual({
      from: '2017-03-12T23:00:00.000Z',
      to: '2017-03-19T23:00:00.000Z',
      fromDay: '2017-03-13',
      toDay: '2017-03-19',
    })
  })

  it('counts bookings, revenue (exact cents), average ticket and new customers against the week before', async () => {
    const { kpis } = (await get(week)).body
    // Happening statuses only: completed, confirmed, pending, the DST-day and the early-Monday ones.
    expect(kpis.bookings).toEqual({ current: 5, previous: 2, difference: 3, percentage: 150 })
    const revenue = cents(45.5) + cents(20.25) + cents(60.1) + cents(0.1) + cents(0.2) // 12615
    const previousRevenue = cents(40) + cents(10)
    expect(kpis.revenue).toEqual({
      current: revenue / 100,
      previous: previousRevenue / 100,
      difference: (revenue - previousRevenue) / 100,
      percentage: pct(revenue - previousRevenue, previousRevenue),
    })
    expect(kpis.revenue.current).toBe(126.15)
    expect(kpis.averageTicket).toEqual({
      current: Math.round(revenue / 5) / 100,
      previous: 25,
      difference: (Math.round(revenue / 5) - 2500) / 100,
      percentage: pct(Math.round(revenue / 5) - 2500, 2500),
    })
    expect(kpis.newCustomers).toEqual({ current: 2, previous: 1, difference: 1, percentage: 100 })
  })

  it('rates: cancellations over bookings made (drafts aside), no-shows over settled appointments', async () => {
    const { kpis, figures } = (await get(week)).body
    // Made: everything but the draft (8); cancelled 1. Settled: 3 completed + 1 no-show.
    expect(figures.current).toMatchObject({ cancelled: 1, made: 8, noShows: 1, settled: 4 })
    expect(figures.previous).toMatchObject({ cancelled: 1, made: 3, noShows: 0, settled: 2 })
    const cancel = [pct(1, 8)!, pct(1, 3)!]
    expect(kpis.cancellationRate).toEqual({
      current: 12.5,
      previous: 33.3,
      difference: Math.round((cancel[0]! - cancel[1]!) * 10) / 10,
      percentage: Math.round(((cancel[0]! - cancel[1]!) / cancel[1]!) * 1000) / 10,
    })
    expect(kpis.noShowRate).toEqual({ current: 25, previous: 0, difference: 25, percentage: null })
  })

  it('occupancy: booked minutes (no-shows included) over the operators’ open minutes, closures taken off', async () => {
    const counted = await getCounted(week)
    const { kpis, figures } = counted.body
    const openCurrent = openOf(counted, CURRENT_OPEN_DAYS, 60)
    const openPrevious = openOf(counted, PREVIOUS_DAYS)
    const booked = 60 + 30 + 45 + 90 + 30 + 30
    expect(figures.current).toMatchObject({ bookedMinutes: booked, openMinutes: openCurrent })
    expect(figures.previous).toMatchObject({ bookedMinutes: 90, openMinutes: openPrevious })
    expect(kpis.occupancy.current).toBe(pct(booked, openCurrent))
    expect(kpis.occupancy.previous).toBe(pct(90, openPrevious))
  })

  it('occupancy counts only the minutes of operators counted as capacity (the active ones)', async () => {
    const before = (await getCounted(week)).body
    const created = await api('POST', '/api/operators', { as: 'ADMIN', body: { name: 'Ex', active: false } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const exId = created.body.doc.id as number
    const id = await insert('2017-03-22T13:00:00Z', 'CONFIRMED', 120, 50, exId, [serviceA.id])
    try {
      const after = (await getCounted(week)).body
      expect(after.kpis.bookings.current).toBe(before.kpis.bookings.current + 1)
      expect(after.figures.current.bookedMinutes).toBe(before.figures.current.bookedMinutes)
    } finally {
      await sql('delete from reservations where id = $1', [id])
      reservationIds.splice(reservationIds.indexOf(id), 1)
      await sql('delete from operators where id = $1', [exId])
    }
  })

  it('blocked time is not capacity: an operator’s hour of training in open time comes off their open minutes', async () => {
    // Tuesday 21 March 2017, 11:00–12:00 in Rome (open, free) plus 06:00–07:00 (closed: changes nothing).
    const blocks = await sql(
      `insert into operator_blocks (operator_id, date_start, date_end)
       values ($1, '2017-03-21T10:00:00Z', '2017-03-21T11:00:00Z'), ($1, '2017-03-21T05:00:00Z', '2017-03-21T06:00:00Z')
       returning id`,
      [marco.id],
    )
    try {
      const counted = await getCounted(week)
      const after = counted.body
      expect(after.figures.current.openMinutes).toBe(openOf(counted, CURRENT_OPEN_DAYS, 60) - 60)
      expect(after.figures.previous.openMinutes).toBe(openOf(counted, PREVIOUS_DAYS))
      // One operator's open minutes this week (every active operator works the salon's hours).
      const perOperator = openOf(counted, CURRENT_OPEN_DAYS, 60) / counted.n
      const booked = 60 + 30 + 45 + 90 + 30 + 30
      expect(after.kpis.occupancy.current).toBe(pct(booked, openOf(counted, CURRENT_OPEN_DAYS, 60) - 60))
      const occupancyOf = (body: typeof after, id: number) =>
        body.topOperators.find((o: { id: number }) => o.id === id).occupancy
      expect(occupancyOf(after, marco.id)).toBe(pct(150, perOperator - 60))
      expect(occupancyOf(after, other.id)).toBe(pct(135, perOperator))
    } finally {
      await sql('delete from operator_blocks where id = any($1::int[])', [blocks.map((b) => b.id)])
    }
  })

  it('bookings and revenue per local day, every day listed', async () => {
    const { series } = (await get(week)).body
    expect(series).toEqual([
      { day: '2017-03-20', bookings: 1, revenue: 0.2 },
      { day: '2017-03-21', bookings: 2, revenue: 65.75 },
      { day: '2017-03-22', bookings: 0, revenue: 0 },
      { day: '2017-03-23', bookings: 0, revenue: 0 },
      { day: '2017-03-24', bookings: 1, revenue: 60.1 },
      { day: '2017-03-25', bookings: 0, revenue: 0 },
      { day: '2017-03-26', bookings: 1, revenue: 0.1 },
    ])
  })

  it('top services share a booking’s total by list price; top operators with their occupancy', async () => {
    const counted = await getCounted(week)
    const { body } = counted
    const shareA = Math.round(cents(60.1) * (serviceA.price / (serviceA.price + serviceB.price)))
    const a = { id: serviceA.id, title: serviceA.title, count: 3, revenue: (cents(45.5) + shareA + cents(0.1)) / 100 }
    const b = {
      id: serviceB.id,
      title: serviceB.title,
      count: 3,
      revenue: (cents(20.25) + (cents(60.1) - shareA) + cents(0.2)) / 100,
    }
    expect(body.topServices).toEqual(a.revenue >= b.revenue ? [a, b] : [b, a])
    // Each active operator works the salon's open minutes of the week (computed from the hours here).
    const perOperator = openOf(counted, CURRENT_OPEN_DAYS, 60) / counted.n
    expect(body.topOperators).toEqual([
      {
        id: marco.id,
        name: marco.name,
        count: 4,
        revenue: 66.05,
        bookedMinutes: 150,
        occupancy: pct(150, perOperator),
      },
      { id: other.id, name: other.name, count: 1, revenue: 60.1, bookedMinutes: 135, occupancy: pct(135, perOperator) },
    ])
  })
})

describe('GET /api/pages/dashboard-index — today and the bookings to answer', () => {
  it('lists today’s appointments in order (cancelled ones aside) and every pending booking', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ROME }).format(new Date())
    // 02:00 and 03:00 local today, when the salon is closed: no other suite books there.
    const offset = new Date(`${today}T12:00:00Z`).toLocaleString('en-US', {
      timeZone: ROME,
      timeZoneName: 'shortOffset',
    })
    const plus = /GMT\+(\d+)/.exec(offset)?.[1] ?? '1'
    const at = (hh: string) => new Date(`${today}T${hh}:00:00+0${plus}:00`).toISOString()
    const done = await insert(at('03'), 'COMPLETED', 30, 20, marco.id, [serviceB.id, serviceA.id])
    const gone = await insert(at('02'), 'CANCELLED', 30, 20, marco.id, [serviceA.id])
    const body = (await get('?period=today')).body
    expect(body.today.day).toBe(today)
    const agendaIds = body.today.agenda.map((b: any) => b.id)
    expect(agendaIds).toContain(done)
    expect(agendaIds).not.toContain(gone)
    const starts = body.today.agenda.map((b: any) => b.date_start)
    expect(starts).toEqual([...starts].sort())
    expect(body.today.agenda.find((b: any) => b.id === done)).toEqual({
      id: done,
      date_start: at('03'),
      date_end: new Date(Date.parse(at('03')) + 30 * 60_000).toISOString(),
      status: 'COMPLETED',
      customer: null,
      operator: marco.name,
      services: [serviceB.title, serviceA.title],
      total_price: 20,
    })

    const [{ n }] = await sql(
      `select count(*)::int as n from reservations where status = 'PENDING' and date_start is not null`,
    )
    expect(body.pending.total).toBe(n)
    expect(body.pending.items.length).toBe(Math.min(n, 50))
    // The oldest pending booking first: the one of March 2017.
    expect(body.pending.items[0]).toMatchObject({
      id: ids.pending,
      status: 'PENDING',
      customer: customerName,
      operator: other.name,
      services: [serviceA.title, serviceB.title],
      total_price: 60.1,
    })
  })
})

describe('GET /api/pages/dashboard-index — periods and refusals', () => {
  it('answers every period kind with the days it covers', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ROME }).format(new Date())
    const minus = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)
    const expected: Record<string, [string, string]> = {
      today: [today, today],
      '7d': [minus(6), today],
      '30d': [minus(29), today],
      mtd: [`${today.slice(0, 8)}01`, today],
      day: [today, today],
    }
    for (const [period, [fromDay, toDay]] of Object.entries(expected)) {
      const res = await get(`?period=${period}`)
      expect(res.status, period).toBe(200)
      expect([res.body.range.fromDay, res.body.range.toDay], period).toEqual([fromDay, toDay])
      expect(res.body.series.map((s: any) => s.day).at(-1), period).toBe(toDay)
    }
    for (const period of ['week', 'month', 'year']) expect((await get(`?period=${period}`)).status, period).toBe(200)
    // No period: the calendar month, as in the first version.
    expect((await get('')).body.period).toBe('month')
  })

  it('bad values are a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?period=decade', 'period'],
      ['?period=custom&to=2017-03-01', 'from'],
      ['?period=custom&from=2017-03-01', 'to'],
      ['?period=custom&from=2017-02-30&to=2017-03-01', 'from'],
      ['?period=custom&from=2017-03-02&to=2017-03-01', 'to'],
      ['?period=custom&from=2016-01-01&to=2017-01-01', 'to'], // 367 days
      ['?period=7d&from=2017-03-01', 'from'],
      ['?from=yesterday&to=2017-03-01', 'from'],
    ]
    for (const [query, field] of cases) {
      const res = await get(query)
      expect(res.status, query).toBe(400)
      expect(errorPaths(res.body), query).toContain(field)
    }
    expect((await get('?period=custom&from=2016-01-01&to=2016-12-31')).status).toBe(200) // 366 days
  })

  it('admin only: a visitor 401, a customer or an operator 403', async () => {
    expect((await get('?period=7d', 'visitor')).status).toBe(401)
    expect((await get('?period=7d', 'USER')).status).toBe(403)
    expect((await get('?period=7d', 'OPERATOR')).status).toBe(403)
  })
})
