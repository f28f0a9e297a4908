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
})
