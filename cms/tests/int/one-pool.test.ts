/**
 * One pool, one calendar copy (with its one LISTEN connection) and one error mapping per app
 * process: the availability fast path in server.ts uses what Payload's side uses, although Next
 * loads Payload's modules apart from server.ts's (docs/architecture.md "Availability fast path").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeReadPool, readPool } from '../../src/platform'
import {
  BASE_URL,
  DATABASE_URL,
  api,
  daySlots,
  freeDay,
  makeRoomForDemoCustomer,
  registerCustomers,
  sql,
  startApp,
  tokenFor,
  type AppProcess,
} from './helpers'

/** The app names its connections `salon:<port>` (env.ts applicationName). */
const appName = (base: string) => `salon:${new URL(base).port}`

async function connectionsOf(base: string) {
  const [row] = await sql(
    `select count(*)::int as total, count(*) filter (where query ilike 'listen%salon_calendar%')::int as listening,
            (select count(*)::int from pg_stat_activity where application_name = $1 || ':jobs') as queue
       from pg_stat_activity where application_name = $1`,
    [appName(base)],
  )
  return row as { total: number; listening: number; queue: number }
}

let service: number
let slow: AppProcess | null = null
beforeAll(async () => {
  ;[{ id: service }] = await sql(`select id from services where active order by id limit 1`)
})
afterAll(async () => {
  await slow?.stop()
})

describe('one pool, one calendar listener, one error mapping per process', () => {
  it('after both paths served at once: one LISTEN connection, at most the pool size plus that one', async () => {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    const month = day.slice(0, 7)
    await makeRoomForDemoCustomer()
    // Both module graphs read the calendar: the fast path (availability) and Payload's
    // (create-session, "my bookings"). Before, each held its own LISTEN connection and pool.
    const fast = Array.from({ length: 40 }, (_, i) =>
      api(
        'GET',
        i % 2
          ? `/api/reservations/time-availability-day?date=${day}&services=${service}`
          : `/api/reservations/availability-month?month=${month}&services=${service}`,
      ),
    )
    const token = await tokenFor('USER')
    const payload = Array.from({ length: 40 }, () => api('GET', '/api/reservations/mine', { token }))
    const answers = await Promise.all([...fast, ...payload])
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([])
    const session = await api('POST', '/api/reservations/create-session', { token })
    expect(session.status).toBe(201)
    await sql('delete from reservations where id = $1', [session.body.data.id])

    const { total, listening, queue } = await connectionsOf(BASE_URL)
    expect(listening, 'LISTEN salon_calendar connections of this process').toBe(1)
    // The job queue has a small pool of its own (notifications/queue.ts: its listener, one connection per
    // running job and one more — 4 + 2 by default), named apart so that it never takes these.
    expect(queue, 'connections of the job queue').toBeGreaterThanOrEqual(1)
    expect(queue, 'connections of the job queue').toBeLessThanOrEqual(4 + 2)
    // DATABASE_POOL_MAX is not set by the test stack: the default pool of 10, plus the listener.
    expect(total, 'connections of this process').toBeGreaterThan(1)
    expect(total, 'connections of this process').toBeLessThanOrEqual(10 + 1)
  })

  it('a bad availability query: the fast path answers what the Payload endpoint answers', async () => {
    // The same settings with the fast path switched off: Next and Payload serve these routes.
    slow = await startApp('no-fast-path', { env: { AVAILABILITY_FAST_PATH: 'off' } })
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    const bad = [
      `/api/reservations/time-availability-day?date=2026-02-30&services=${service}`, // zod: no such day
      `/api/reservations/time-availability-day?date=${day}`, // zod: no services
      `/api/reservations/availability-month?month=2026-13&services=${service}`,
      `/api/reservations/check-availability?date_start=tomorrow&services=${service}`,
      `/api/reservations/time-availability-day?date=${day}&services=999999`, // the service does not exist
      `/api/reservations/time-availability-day?date=${day}&services=${service}&operator=999999`,
      // Beyond PostgreSQL's integer: a database error (22003) mapped to a 400.
      `/api/reservations/time-availability-day?date=${day}&services=99999999999`,
    ]
    for (const path of bad) {
      const [fast, viaPayload] = await Promise.all([api('GET', path), api('GET', path, { base: slow.base })])
      expect(viaPayload.status, path).toBeGreaterThanOrEqual(400)
      expect(viaPayload.status, path).toBeLessThan(500)
      expect({ status: fast.status, body: fast.body }, path).toEqual({
        status: viaPayload.status,
        body: viaPayload.body,
      })
      expect(fast.headers.get('cache-control'), path).toBe('no-store')
    }
    // A good query answers the same too (the month's free days: stable within the test).
    const month = `/api/reservations/availability-month?month=${day.slice(0, 7)}&services=${service}`
    const [fast, viaPayload] = await Promise.all([api('GET', month), api('GET', month, { base: slow.base })])
    expect(fast.status).toBe(200)
    expect(fast.body).toEqual(viaPayload.body)
  }, 60_000)
})

describe('the read pool (platform/readPool.ts): confirm’s refusal check', () => {
  it('runs on a few connections of its own, apart from Payload’s pool', async () => {
    const day = await freeDay(service, 51)
    const [slot] = await daySlots(day, [service], 'any')
    const [first, second] = await registerCustomers(2, 'readpool')
    const draftOf = async (token: string) =>
      (await api('POST', '/api/reservations/create-session', { token })).body.data.id as number
    const confirm = (token: string, id: number) =>
      api('POST', '/api/reservations/confirm', {
        token,
        body: { id, services: [service], operator: slot!.operators[0], date_start: slot!.start },
      })
    expect((await confirm(first!, await draftOf(first!))).status).toBe(200)
    // The same time and operator again: refused on committed data, before any lock.
    const refused = await confirm(second!, await draftOf(second!))
    expect(refused.status).toBe(409)
    const [reads] = await sql(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [
      `${appName(BASE_URL)}:reads`,
    ])
    expect(reads!.n, 'connections of the read pool').toBeGreaterThanOrEqual(1)
    // DATABASE_READ_POOL_MAX is not set by the test stack: 5.
    expect(reads!.n, 'connections of the read pool').toBeLessThanOrEqual(5)
  })

  it('is open and warm when the web process is ready, and stays open through a lull', async () => {
    const app = await startApp('warm-reads')
    try {
      const sessions = () =>
        sql<{ query: string }>(`select query from pg_stat_activity where application_name = $1`, [
          `${appName(app.base)}:reads`,
        ])
      const ready = await sessions()
      // DATABASE_READ_POOL_MAX is not set by the test stack: 5, before any customer asked anything.
      expect(ready).toHaveLength(5)
      // Each session's last statement is confirm's facts: read and planned before the first confirm.
      for (const s of ready) expect(s.query).toContain('as calendar_version')
      // pg-pool closes a connection idle for 10 s; these stay for the next rush.
      await new Promise((r) => setTimeout(r, 11_000))
      expect(await sessions()).toHaveLength(5)
    } finally {
      await app.stop()
    }
  }, 90_000)

  it('its sessions run every statement on its generic plan (no transaction needed to say so)', async () => {
    const before = process.env.DATABASE_URL
    process.env.DATABASE_URL = DATABASE_URL
    try {
      const { rows } = await readPool().query(`select current_setting('plan_cache_mode') as mode`)
      expect(rows[0].mode).toBe('force_generic_plan')
    } finally {
      await closeReadPool()
      if (before === undefined) delete process.env.DATABASE_URL
      else process.env.DATABASE_URL = before
    }
  })
})
