/**
 * Confirm under contention ("any operator"): many customers racing for the start times of one
 * day. Every answer is a booking or a 409, never a 5xx, no overlap — and PostgreSQL detects no
 * deadlock at all (per-operator-day advisory locks, never waited for while another is held).
 */
import { describe, expect, it } from 'vitest'
import { api, registerCustomers, sql } from './helpers'

describe('confirm under contention', () => {
  it('200 "any operator" confirms racing for one day: 2xx or 409 only, no overlap, no deadlock', async () => {
    const [{ id: service }] = await sql(`select id from services where active and title = 'Taglio uomo'`)
    const today = new Date()
    let day: string | undefined
    for (let m = 0; m < 3 && !day; m++) {
      const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + m, 1)).toISOString().slice(0, 7)
      const res = await api('GET', `/api/reservations/availability-month?month=${month}&services=${service}`)
      day = (res.body.days as string[]).find((d) => d > new Date(Date.now() + 30 * 86_400_000).toISOString())
    }
    expect(day).toBeDefined()
    const slots = (await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`)).body
      .slots as { start: string }[]
    const tokens = await registerCustomers(20, 'race')
    const sessions = await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: 10 }, async () => ({
          token,
          id: (await api('POST', '/api/reservations/create-session', { token })).body.data.id as number,
        })),
      ),
    )
    const [before] = await sql(`select deadlocks::int as n from pg_stat_database where datname = current_database()`)
    const t0 = Date.now()
    const statuses = await Promise.all(
      sessions.map(async ({ token, id }, k) => {
        const res = await api('POST', '/api/reservations/confirm', {
          token,
          body: { id, services: [service], operator: 'any', date_start: slots[k % slots.length]!.start },
        })
        return res.status
      }),
    )
    const elapsed = Date.now() - t0
    const [after] = await sql(`select deadlocks::int as n from pg_stat_database where datname = current_database()`)
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(statuses),
    ).toEqual([])
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0)
    expect(after.n - before.n, 'deadlocks detected by PostgreSQL during the race').toBe(0)
    const overlaps = await sql(
      `select a.id from reservations a join reservations b on a.id < b.id and a.operator_id = b.operator_id
        and tstzrange(a.date_start, a.date_end, '[)') && tstzrange(b.date_start, b.date_end, '[)')
        where a.status in ('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED')
          and b.status in ('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED')`,
    )
    expect(overlaps).toEqual([])
    console.log(`200 racing confirms in ${elapsed} ms: ${statuses.filter((s) => s === 200).length} booked`)
  })
})
