/**
 * Confirm under contention ("any operator"): many customers racing for the start times of one
 * day. Every answer is a booking or a 409, never a 5xx, no overlap — and PostgreSQL detects no
 * deadlock at all (per-operator-day advisory locks, never waited for while another is held).
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { operatorDayLock } from '../../src/reservations'
import { DATABASE_URL, api, daySlots, freeDay, registerCustomers, sql } from './helpers'

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

  it('"any operator" confirms that find every free operator being written queue on different operators, not all on the first', async () => {
    const [{ id: service }] = await sql(`select id from services where active and title = 'Taglio uomo'`)
    const day = await freeDay(service, 52)
    // Eight starts spread over the day, on a day with plenty of free times.
    const slots = (await daySlots(day, [service], 'any')).filter((_, i, all) => i % Math.floor(all.length / 8) === 0)
    const chosen = slots.slice(0, 8)
    expect(chosen.length).toBe(8)
    const operators = [...new Set(chosen.flatMap((s) => s.operators))].sort((a, b) => a - b)
    expect(operators.length).toBeGreaterThan(1)
    const tokens = await registerCustomers(8, 'queue')
    const drafts = await Promise.all(
      tokens.map(async (token) => ({
        token,
        id: (await api('POST', '/api/reservations/create-session', { token })).body.data.id as number,
      })),
    )
    // Every candidate's lock held, as by confirms writing right now.
    const holders = operators.map(() => new pg.Client({ connectionString: DATABASE_URL }))
    const waitingOn = new Set<number>()
    let statuses: number[] = []
    try {
      for (const [i, holder] of holders.entries()) {
        await holder.connect()
        await holder.query('begin')
        await holder.query('select pg_advisory_xact_lock($1, $2)', [...operatorDayLock(operators[i]!, day)])
      }
      const confirming = Promise.all(
        drafts.map(({ token, id }, k) =>
          api('POST', '/api/reservations/confirm', {
            token,
            body: { id, services: [service], operator: 'any', date_start: chosen[k]!.start },
          }).then((res) => res.status),
        ),
      )
      // Which operators' locks of that day the eight confirms queue for.
      const keys = new Map(operators.map((o) => [operatorDayLock(o, day).join(':'), o]))
      const waitersOnDay = async () =>
        (
          await sql<{ key: string }>(
            `select classid::int || ':' || objid::int as key from pg_locks
              where locktype = 'advisory' and not granted and objsubid = 2`,
          )
        )
          .map((r) => keys.get(r.key))
          .filter((o) => o !== undefined)
      for (let i = 0; i < 200; i++) {
        const waiting = await waitersOnDay()
        if (waiting.length >= drafts.length) {
          for (const operator of waiting) waitingOn.add(operator)
          break
        }
        await new Promise((r) => setTimeout(r, 25))
      }
      for (const holder of holders) await holder.query('commit')
      statuses = await confirming
    } finally {
      for (const holder of holders) await holder.end().catch(() => {})
    }
    // Before: all eight queued on the first operator, the others' locks idle once free.
    expect(waitingOn.size, `operators waited for: ${[...waitingOn].join(', ')}`).toBeGreaterThan(1)
    expect(statuses).toEqual(drafts.map(() => 200))
  })
})
