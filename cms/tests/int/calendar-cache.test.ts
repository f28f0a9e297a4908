/**
 * The calendar cache is coherent: a change committed anywhere is seen by the availability fast
 * path (server.ts, its own module copy) and by confirm within a second — not after a TTL.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { api, login, sql, unique } from './helpers'

const closures: number[] = []
afterAll(async () => {
  for (const id of closures) await api('DELETE', `/api/business-closures/${id}`, { as: 'ADMIN' })
})

/** The first future day (from the day after tomorrow) on which this service has free times. */
async function freeDay(service: number) {
  const today = new Date()
  for (let m = 0; m < 3; m++) {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + m, 1)).toISOString().slice(0, 7)
    const res = await api('GET', `/api/reservations/availability-month?month=${month}&services=${service}`)
    const day = (res.body.days as string[]).find((d) => d > new Date(Date.now() + 2 * 86_400_000).toISOString())
    if (day) return day
  }
  throw new Error('no free day')
}

const slotsOf = async (day: string, service: number) =>
  (await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`)).body.slots as {
    start: string
  }[]

describe('calendar cache across module copies and processes', () => {
  it('a full-day closure added by an admin closes the day for the fast path and for confirm within a second', async () => {
    const [service] = await sql(`select id from services where active order by id limit 1`)
    const day = await freeDay(service.id)
    const before = await slotsOf(day, service.id) // warms the fast path's copy
    expect(before.length).toBeGreaterThan(0)

    // The second counts from the write's answer: the admin's sign-in (slow on a busy machine with
    // a server just started) is not part of it.
    expect((await api('GET', '/api/auth/me', { as: 'ADMIN' })).status).toBe(200)
    const created = await api('POST', '/api/business-closures', {
      as: 'ADMIN',
      body: {
        name: unique('Chiusura test'),
        closure_type: 'FULL_DAY',
        start_date: day,
        end_date: day,
        is_active: true,
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    closures.push(created.body.doc.id)
    const t0 = Date.now()

    let after = before
    while (Date.now() - t0 < 1000 && after.length) after = await slotsOf(day, service.id)
    expect(after, `still offered ${Date.now() - t0} ms after the closure`).toEqual([])

    // Confirm reads the same calendar: the time offered a moment ago is refused as closed.
    const email = `${unique('cache')}@example.com`
    await api('POST', '/api/users', {
      body: { email, password: 'password123', name: 'Cache', surname: 'Test', phone_number: '+39 333 000 2222' },
    })
    const token = await login(email, 'password123')
    const session = await api('POST', '/api/reservations/create-session', { token })
    const confirm = await api('POST', '/api/reservations/confirm', {
      token,
      body: { id: session.body.data.id, services: [service.id], operator: 'any', date_start: before[0]!.start },
    })
    expect(confirm.status).toBe(409)
    expect(confirm.body.errors[0].data.reason).toBe('CLOSED')

    // And reopening is seen as fast.
    expect((await api('DELETE', `/api/business-closures/${closures.pop()}`, { as: 'ADMIN' })).status).toBe(200)
    const t1 = Date.now()
    let reopened: { start: string }[] = []
    while (Date.now() - t1 < 1000 && !reopened.length) reopened = await slotsOf(day, service.id)
    expect(reopened.length).toBeGreaterThan(0)
  })

  it('a change written outside the app (plain SQL) reaches the cache too', async () => {
    const [service] = await sql(`select id from services where active order by id limit 1`)
    const day = await freeDay(service.id)
    expect((await slotsOf(day, service.id)).length).toBeGreaterThan(0)
    const [row] = await sql(
      `insert into business_closures (name, closure_type, start_date, end_date, is_active, updated_at, created_at)
       values ($1, 'FULL_DAY', $2::date + interval '12 hours', $2::date + interval '12 hours', true, now(), now()) returning id`,
      [unique('SQL'), day],
    )
    closures.push(row.id)
    const t0 = Date.now()
    let after = await slotsOf(day, service.id)
    while (Date.now() - t0 < 1000 && after.length) after = await slotsOf(day, service.id)
    expect(after).toEqual([])
  })

  it('a service changed in the dashboard or by plain SQL is obeyed by the availability reads within a second (their services copy)', async () => {
    // A service of its own: its length decides the free starts, and nobody else books it.
    const created = await api('POST', '/api/services', {
      as: 'ADMIN',
      body: { title: unique('Cache servizio'), time: 30, price: 20, active: true },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.doc.id as number
    try {
      const day = await freeDay(id)
      const dayPath = `/api/reservations/time-availability-day?date=${day}&services=${id}`
      const lengthOf = async () => (await api('GET', dayPath)).body.duration as number
      expect(await lengthOf()).toBe(30) // and the copy now holds the 30-minute service

      // Through the dashboard (Payload): the new length is what the next reads compute with.
      expect((await api('PATCH', `/api/services/${id}`, { as: 'ADMIN', body: { time: 45 } })).status).toBe(200)
      const t0 = Date.now()
      let length = await lengthOf()
      while (Date.now() - t0 < 1000 && length !== 45) length = await lengthOf()
      expect(length, `still 30 minutes ${Date.now() - t0} ms after the change`).toBe(45)

      // Outside the app: switched off by plain SQL — the reads refuse it as they refuse an unknown one.
      await sql('update services set active = false where id = $1', [id])
      const t1 = Date.now()
      let status = (await api('GET', dayPath)).status
      while (Date.now() - t1 < 1000 && status === 200) status = (await api('GET', dayPath)).status
      expect(status).toBe(400)
      const month = await api('GET', `/api/reservations/availability-month?month=${day.slice(0, 7)}&services=${id}`)
      expect(month.status).toBe(400)
      expect(JSON.stringify(month.body)).toContain('services')
    } finally {
      await api('DELETE', `/api/services/${id}`, { as: 'ADMIN' })
    }
  })
})
