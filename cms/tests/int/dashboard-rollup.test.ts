/**
 * The dashboard index reads a per-day rollup (migration 20261128_000000_dashboard_rollup,
 * docs/architecture.md "Dashboard rollup"). After each kind of write — booked by SQL, cancelled, moved across a local midnight that is also a month's end, completed with a
 * checkout, a checkout changed, deleted, a raw multi-row SQL update, a service link and a list price
 * changed, a waitlist offer taken and withdrawn, concurrent writers (the status change goes through
 * the app's endpoint; its other write paths refuse a 2011 booking as already started) — the endpoint's figures must
 * equal the same figures computed here from the raw tables (the index's queries before the rollup).
 * The bookings live in January–March 2011 (local days in Europe/Rome), away from every other suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES } from '@salon/shared'
import { api, sql, unique } from './helpers'

const ROME = 'Europe/Rome'
/** The custom range read: its previous period is the 31 days before (3 Dec 2010 – 2 Jan 2011). */
const FROM = '2011-01-03'
const TO = '2011-02-02'
const PREVIOUS_FROM = '2010-12-03'
const BOOKED = ['PENDING', 'APPROVED', 'CONFIRMED', 'PENDING_PAYMENT', 'MODIFIED', 'COMPLETED']
const OCCUPYING = [...BOOKED, 'NO_SHOW']
/** Every status but the wizard's draft: what the index counts as a booking made. */
const MADE = RESERVATION_STATUSES.filter((st) => st !== 'PENDING_CONFIRMATION')

const ids: number[] = []
const serviceIds: number[] = []
let ops: number[] = []
let clientId: number
let entryId: number

async function book(
  start: string,
  status: string,
  minutes: number,
  price: number,
  operator: number,
  services: number[],
) {
  const [r] = await sql(
    `insert into reservations (operator_id, date_start, date_end, duration, total_price, status, created_at, updated_at)
     values ($1, $2::timestamptz, $2::timestamptz + make_interval(mins => $3), $3, $4, $5, now(), now()) returning id`,
    [operator, start, minutes, price, status],
  )
  for (const [i, s] of services.entries())
    await sql(`insert into reservations_rels ("order", parent_id, path, services_id) values ($1, $2, 'services', $3)`, [
      i + 1,
      r.id,
      s,
    ])
  ids.push(r.id)
  return r.id as number
}

const PAID = `coalesce((select c.total from reservation_checkouts c where c.reservation_id = r.id), r.total_price)`
const at = (day: string) => `('${day}'::date::timestamp at time zone '${ROME}')`

/** The index's figures from the raw tables (its queries before the rollup), money in cents. */
async function reference() {
  const active = (await sql(`select id from operators where active order by id`)).map((o) => o.id)
  const cur = `r.date_start >= ${at(FROM)} and r.date_start < ${at(TO)} + interval '1 day'`
  const prev = `r.date_start >= ${at(PREVIOUS_FROM)} and r.date_start < ${at(FROM)}`
  const periods = await sql(
    `select case when ${cur} then 'current' else 'previous' end as period,
            count(*) filter (where status = any($1::enum_reservations_status[]))::int as bookings,
            (round(coalesce(sum(${PAID}) filter (where status = any($1::enum_reservations_status[])), 0), 2) * 100)::int as revenue,
            coalesce(sum(duration) filter (where status = any($2::enum_reservations_status[]) and operator_id = any($4::int[])), 0)::float8 as "bookedMinutes",
            count(*) filter (where status = 'CANCELLED')::int as cancelled,
            count(*) filter (where status = any($3::enum_reservations_status[]))::int as made,
            count(*) filter (where status = 'NO_SHOW')::int as "noShows",
            count(*) filter (where status in ('COMPLETED', 'NO_SHOW'))::int as settled,
            count(*) filter (where status = any($1::enum_reservations_status[]) and exists (
              select 1 from waitlist_offers wo where wo.reservation_id = r.id and wo.status = 'TAKEN'))::int as "waitlistWon"
       from reservations r where (${cur}) or (${prev}) group by 1`,
    [BOOKED, OCCUPYING, MADE, active],
  )
  const series = await sql(
    `select to_char(r.date_start at time zone '${ROME}', 'YYYY-MM-DD') as day, count(*)::int as bookings,
            (round(sum(${PAID}), 2) * 100)::int as revenue
       from reservations r where ${cur} and status = any($1::enum_reservations_status[]) group by 1 order by 1`,
    [BOOKED],
  )
  const services = await sql(
    `with lines as (
       select r.id, ${PAID} as paid, s.id as service_id, s.title, s.price,
              sum(s.price) over (partition by r.id) as list_total, count(*) over (partition by r.id) as n
         from reservations r join reservations_rels rr on rr.parent_id = r.id and rr.path = 'services'
         join services s on s.id = rr.services_id
        where ${cur} and r.status = any($1::enum_reservations_status[]))
     select service_id as id, title, count(*)::int as count,
            (round(sum(case when list_total > 0 then paid * price / list_total else paid / n end), 2) * 100)::int as revenue
       from lines group by service_id, title order by count desc, revenue desc, title limit 5`,
    [BOOKED],
  )
  const operators = await sql(
    `select o.id, count(*) filter (where r.status = any($1::enum_reservations_status[]))::int as count,
            (round(coalesce(sum(${PAID}) filter (where r.status = any($1::enum_reservations_status[])), 0), 2) * 100)::int as revenue,
            coalesce(sum(r.duration), 0)::float8 as "bookedMinutes"
       from reservations r join operators o on o.id = r.operator_id
      where ${cur} and r.status = any($2::enum_reservations_status[])
      group by o.id order by count desc, revenue desc, concat_ws(' ', o.name, o.surname) limit 5`,
    [BOOKED, OCCUPYING],
  )
  const empty = {
    bookings: 0,
    revenue: 0,
    bookedMinutes: 0,
    cancelled: 0,
    made: 0,
    noShows: 0,
    settled: 0,
    waitlistWon: 0,
  }
  const period = (p: string) => {
    const { period: _p, ...row } = periods.find((r) => r.period === p) ?? { period: p, ...empty }
    return row
  }
  return { current: period('current'), previous: period('previous'), series, services, operators }
}

const cents = (euros: number) => Math.round(euros * 100)

/** The endpoint's figures in the reference's shape. */
async function endpoint() {
  const res = await api('GET', `/api/pages/dashboard-index?period=custom&from=${FROM}&to=${TO}`, { as: 'ADMIN' })
  expect(res.status).toBe(200)
  const figures = (f: any) => ({
    bookings: f.bookings,
    revenue: cents(f.revenue),
    bookedMinutes: f.bookedMinutes,
    cancelled: f.cancelled,
    made: f.made,
    noShows: f.noShows,
    settled: f.settled,
    waitlistWon: f.waitlistWon,
  })
  const b = res.body
  return {
    current: figures(b.figures.current),
    previous: figures(b.figures.previous),
    series: b.series
      .filter((d: any) => d.bookings > 0)
      .map((d: any) => ({ day: d.day, bookings: d.bookings, revenue: cents(d.revenue) })),
    services: b.topServices.map((s: any) => ({ id: s.id, title: s.title, count: s.count, revenue: cents(s.revenue) })),
    operators: b.topOperators.map((o: any) => ({
      id: o.id,
      count: o.count,
      revenue: cents(o.revenue),
      bookedMinutes: o.bookedMinutes,
    })),
  }
}

/**
 * Endpoint and reference agree. Other suites may switch operators on or off meanwhile (occupancy
 * counts the active ones): the reference is read on both sides of the request until both agree.
 */
async function expectExact() {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await reference()
    const got = await endpoint()
    const after = await reference()
    if (JSON.stringify(before) !== JSON.stringify(after)) continue
    expect(got).toEqual(before)
    return before
  }
  throw new Error('the raw figures kept changing around every request')
}

beforeAll(async () => {
  ops = (await sql(`select id from operators where active order by id limit 2`)).map((o) => o.id)
  // Services of this file's own (inactive: off the catalogue), so a price change touches only them.
  for (const [title, price] of [
    [unique('rollup-cut'), 30],
    [unique('rollup-colour'), 50],
    [unique('rollup-free'), 0],
  ] as const) {
    const [s] = await sql(
      `insert into services (title, time, price, active, updated_at, created_at) values ($1, 30, $2, false, now(), now()) returning id`,
      [title, price],
    )
    serviceIds.push(s.id)
  }
  const [c] = await sql(`insert into clients (name, surname) values ('Rollup', $1) returning id`, [unique('client')])
  clientId = c.id
})

afterAll(async () => {
  await sql(`delete from waitlist_entries where id = $1`, [entryId])
  await sql(`delete from reservations where id = any($1::int[])`, [ids])
  await sql(`delete from services where id = any($1::int[])`, [serviceIds])
  await sql(`delete from clients where id = $1`, [clientId])
})

describe('dashboard index: the rollup stays exact through every kind of write', () => {
  const [A, B] = [0, 1]
  const byId: Record<string, number> = {}

  it('bookings made by SQL, in both periods, over local midnights', async () => {
    const [s0, s1, s2] = serviceIds
    byId.cut = await book('2011-01-10T09:00:00Z', 'CONFIRMED', 30, 30, ops[A]!, [s0!])
    byId.two = await book('2011-01-11T10:00:00Z', 'COMPLETED', 60, 72.35, ops[B]!, [s0!, s1!])
    byId.free = await book('2011-01-12T11:00:00Z', 'PENDING', 45, 19.99, ops[A]!, [s2!, s2!])
    byId.noShow = await book('2011-01-13T08:00:00Z', 'NO_SHOW', 30, 25, ops[B]!, [s1!])
    byId.lateJan31 = await book('2011-01-31T22:30:00Z', 'CONFIRMED', 30, 40, ops[A]!, [s1!]) // 23:30 on 31 Jan
    byId.earlyJan3 = await book('2011-01-02T23:15:00Z', 'COMPLETED', 30, 11.11, ops[A]!, [s0!]) // 00:15 on 3 Jan
    byId.prev = await book('2010-12-20T09:00:00Z', 'COMPLETED', 30, 33.33, ops[B]!, [s0!])
    byId.prevCancelled = await book('2010-12-21T09:00:00Z', 'CANCELLED', 30, 20, ops[A]!, [s1!])
    byId.draft = await book('2011-01-14T09:00:00Z', 'PENDING_CONFIRMATION', 30, 20, ops[A]!, [s0!])
    const first = await expectExact()
    expect(first.current.bookings).toBe(5)
    expect(first.previous.bookings).toBe(1)
  })

  it('cancelled through the status endpoint', async () => {
    const before = await expectExact()
    const res = await api('PUT', `/api/reservations/${byId.cut}/status`, { as: 'ADMIN', body: { status: 'CANCELLED' } })
    expect(res.status).toBe(200)
    const after = await expectExact()
    expect(after.current.cancelled).toBe(before.current.cancelled + 1)
  })

  it('moved across a local midnight that is also the end of a month, and out of the period', async () => {
    await sql(
      `update reservations set date_start = date_start + interval '1 hour', date_end = date_end + interval '1 hour' where id = $1`,
      [byId.lateJan31],
    ) // 00:30 on 1 February
    const moved = await expectExact()
    expect(moved.series.find((d) => d.day === '2011-02-01')?.bookings).toBe(1)
    await sql(
      `update reservations set date_start = '2011-02-05T10:00:00Z', date_end = '2011-02-05T10:30:00Z' where id = $1`,
      [byId.lateJan31],
    )
    const out = await expectExact()
    expect(out.series.find((d) => d.day === '2011-02-01')).toBeUndefined()
  })

  it('completed with a checkout (net of the tip), then the checkout changed and removed', async () => {
    const before = await expectExact()
    await sql(`update reservations set status = 'COMPLETED' where id = $1`, [byId.free])
    await sql(
      `insert into reservation_checkouts (reservation_id, subtotal, discount, total, tip) values ($1, 19.99, 4.99, 15, 3)`,
      [byId.free],
    )
    const paid = await expectExact()
    expect(paid.current.revenue).toBe(before.current.revenue - 499)
    await sql(`update reservation_checkouts set discount = 0, total = subtotal where reservation_id = $1`, [byId.free])
    await expectExact()
    await sql(`delete from reservation_checkouts where reservation_id = $1`, [byId.free])
    await expectExact()
    await sql(
      `insert into reservation_checkouts (reservation_id, subtotal, discount, total, tip) values ($1, 72.35, 2.35, 70, 0)`,
      [byId.two],
    )
    await expectExact()
  })

  it('service links and a list price changed', async () => {
    await sql(`delete from reservations_rels where parent_id = $1 and services_id = $2`, [byId.two, serviceIds[1]])
    await expectExact()
    await sql(`insert into reservations_rels ("order", parent_id, path, services_id) values (9, $1, 'services', $2)`, [
      byId.two,
      serviceIds[2],
    ])
    await expectExact()
    await sql(`update services set price = 45 where id = $1`, [serviceIds[0]])
    await expectExact()
  })

  it('a waitlist offer taken, then withdrawn', async () => {
    const [e] = await sql(
      `insert into waitlist_entries (client_id, services, days, from_time, to_time, status)
       values ($1, $2::int[], array['2011-01-11'::date], '09:00', '18:00', 'BOOKED') returning id`,
      [clientId, [serviceIds[0]]],
    )
    entryId = e.id
    const [o] = await sql(
      `insert into waitlist_offers (entry_id, reservation_id, date_start, date_end, status, expires_at, by_hand)
       values ($1, $2, '2011-01-11T10:00:00Z', '2011-01-11T11:00:00Z', 'TAKEN', '2011-01-11T09:00:00Z', true) returning id`,
      [entryId, byId.two],
    )
    const won = await expectExact()
    expect(won.current.waitlistWon).toBe(1)
    await sql(`update waitlist_offers set status = 'WITHDRAWN' where id = $1`, [o.id])
    expect((await expectExact()).current.waitlistWon).toBe(0)
  })

  it('a raw SQL update of many rows, a delete, an operator change', async () => {
    await sql(
      `update reservations set total_price = total_price + 1, duration = duration + 15 where id = any($1::int[])`,
      [ids],
    )
    await expectExact()
    await sql(`update reservations set operator_id = $2 where id = $1`, [byId.noShow, ops[A]])
    await expectExact()
    const before = await expectExact()
    await sql(`delete from reservations where id = $1`, [byId.earlyJan3])
    const after = await expectExact()
    expect(after.current.bookings).toBe(before.current.bookings - 1)
  })

  it('concurrent writers on the same days while the index is read', async () => {
    const [s0, s1] = serviceIds
    const writers = Array.from({ length: 12 }, (_, i) =>
      (async () => {
        const id = await book(
          `2011-01-2${i % 5}T0${i % 9}:00:00Z`,
          i % 3 ? 'CONFIRMED' : 'NO_SHOW',
          30,
          10 + i,
          ops[i % 2]!,
          [i % 2 ? s0! : s1!],
        )
        await sql(`update reservations set status = 'COMPLETED', total_price = total_price * 2 where id = $1`, [id])
      })(),
    )
    const readers = Array.from({ length: 4 }, () =>
      api('GET', `/api/pages/dashboard-index?period=custom&from=${FROM}&to=${TO}`, { as: 'ADMIN' }),
    )
    const answers = await Promise.all([...writers, ...readers])
    for (const r of answers.slice(writers.length) as { status: number }[]) expect(r.status).toBe(200)
    const all = await expectExact()
    expect(all.current.bookings).toBeGreaterThanOrEqual(12)
  })
})
