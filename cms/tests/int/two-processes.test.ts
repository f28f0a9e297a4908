/**
 * Two app processes on one PostgreSQL, as a salon behind a load balancer runs: they never book
 * one time twice between them, and a calendar change made through one is seen by the other
 * within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, BASE_URL_B, api, registerCustomers, sql, unique } from './helpers'

const closures: number[] = []
afterAll(async () => {
  for (const id of closures) await api('DELETE', `/api/business-closures/${id}`, { as: 'ADMIN' })
})

async function freeDay(service: number, operator: number, after: string) {
  const today = new Date()
  for (let m = 0; m < 3; m++) {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + m, 1)).toISOString().slice(0, 7)
    const res = await api(
      'GET',
      `/api/reservations/availability-month?month=${month}&services=${service}&operator=${operator}`,
    )
    const day = (res.body.days as string[]).find((d) => d > after)
    if (day) return day
  }
  throw new Error('no free day')
}

let service: number
let operator: number
beforeAll(async () => {
  expect(BASE_URL_B, 'scripts/test.mjs starts a second app process').not.toBe('')
  expect(BASE_URL_B).not.toBe(BASE_URL)
  ;[{ id: service }] = await sql(`select id from services where active and title = 'Taglio uomo'`)
  ;[{ id: operator }] = await sql(`select id from operators where name = 'Marco'`)
})

describe('two app processes on one database', () => {
  it('racing confirms of overlapping times, split across both processes: no overlap, no 5xx', async () => {
    const day = await freeDay(service, operator, new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10))
    const slots = (
      await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}&operator=${operator}`)
    ).body.slots as { start: string }[]
    expect(slots.length).toBeGreaterThan(4)
    const tokens = await registerCustomers(20, 'two')
    // 10 drafts each (the cap), then 200 confirms at once: every start is wanted by several
    // customers, and neighbouring 30-minute starts 15 minutes apart overlap each other.
    const attempts: Promise<number>[] = []
    let k = 0
    for (const token of tokens) {
      for (let i = 0; i < 10; i++, k++) {
        const base = k % 2 ? BASE_URL_B : BASE_URL
        const start = slots[k % slots.length]!.start
        attempts.push(
          (async () => {
            const session = await api('POST', '/api/reservations/create-session', { token, base })
            if (session.status !== 201) return session.status
            const res = await api('POST', '/api/reservations/confirm', {
              token,
              base,
              body: { id: session.body.data.id, services: [service], operator, date_start: start },
            })
            return res.status
          })(),
        )
      }
    }
    const statuses = await Promise.all(attempts)
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(statuses),
    ).toEqual([])
    expect(statuses.every((s) => (s >= 200 && s < 300) || s === 409 || s === 429)).toBe(true)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0)
    const overlaps = await sql(
      `select a.id, b.id from reservations a join reservations b on a.id < b.id and a.operator_id = b.operator_id
        and tstzrange(a.date_start, a.date_end, '[)') && tstzrange(b.date_start, b.date_end, '[)')
        where a.operator_id = $1 and a.status in ('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED')
          and b.status in ('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED')`,
      [operator],
    )
    expect(overlaps).toEqual([])
  })

  it('a closure added through process A: within a second process B stops offering the day and refuses a confirm', async () => {
    const day = await freeDay(service, operator, new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10))
    const url = `/api/reservations/time-availability-day?date=${day}&services=${service}&operator=${operator}`
    const before = (await api('GET', url, { base: BASE_URL_B })).body.slots as { start: string }[]
    expect(before.length).toBeGreaterThan(0)
    const t0 = Date.now()
    const created = await api('POST', '/api/business-closures', {
      as: 'ADMIN',
      base: BASE_URL,
      body: { name: unique('Chiusura A'), closure_type: 'FULL_DAY', start_date: day, end_date: day, is_active: true },
    })
    expect(created.status).toBe(201)
    closures.push(created.body.doc.id)
    let after = before
    while (Date.now() - t0 < 1000 && after.length) after = (await api('GET', url, { base: BASE_URL_B })).body.slots
    expect(after, `process B still offered the day ${Date.now() - t0} ms later`).toEqual([])

    const [token] = await registerCustomers(1, 'two')
    const session = await api('POST', '/api/reservations/create-session', { token, base: BASE_URL_B })
    const confirm = await api('POST', '/api/reservations/confirm', {
      token,
      base: BASE_URL_B,
      body: { id: session.body.data.id, services: [service], operator, date_start: before[0]!.start },
    })
    expect(confirm.status).toBe(409)
    expect(confirm.body.errors[0].data.reason).toBe('CLOSED')
  })
})
