/**
 * An app process killed outright (SIGKILL: no shutdown, no cleanup) in the middle of a stream of
 * confirms loses nothing it promised and leaves nothing half done: every confirm that was answered
 * 2xx is a booking with its services, every other draft is still a plain draft (or a whole
 * booking whose answer was lost with the process), and the process started again serves on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, api, registerCustomers, sql, startApp, type AppProcess } from './helpers'

let app: AppProcess | null = null
afterAll(async () => {
  await app?.stop()
})

let service: number
beforeAll(async () => {
  ;[{ id: service }] = await sql(`select id from services where active and title = 'Taglio uomo'`)
})

/**
 * Free starts ("any operator", one per free operator) at the very end of the booking horizon (60
 * days), latest day first: other files book days up to +58 (helpers.ts `freeDay`).
 */
async function freeStarts(n: number) {
  const starts: string[] = []
  for (let d = 60; starts.length < n && d >= 50; d--) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    const res = await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`)
    for (const s of res.body.slots as { start: string; operators: number[] }[])
      for (let k = 0; k < s.operators.length && starts.length < n; k++) starts.push(s.start)
  }
  return starts
}

describe('SIGKILL during a stream of confirms', () => {
  it('every 2xx confirm is a whole booking, no draft is half converted, the restarted process serves', async () => {
    app = await startApp('sigkill')
    const N = 50
    // 25 fresh customers with two drafts each (the open-booking cap is 3), drafts made on process A.
    const tokens = await registerCustomers(N / 2, 'kill')
    const starts = await freeStarts(N)
    expect(starts.length).toBe(N)
    const drafts: { token: string; id: number; start: string }[] = []
    for (let i = 0; i < N; i++) {
      const token = tokens[i % tokens.length]!
      const session = await api('POST', '/api/reservations/create-session', { token })
      expect(session.status).toBe(201)
      drafts.push({ token, id: session.body.data.id, start: starts[i]! })
    }

    // All N confirms at once on the process to be killed; kill it as soon as a few have answered 2xx.
    const victim = app
    const answered: { id: number; status: number; bookingId?: number }[] = []
    let killedWithPending = -1
    const killed = new Promise<void>((resolve) => victim.child.once('exit', () => resolve()))
    const confirms = drafts.map(async (d) => {
      try {
        const res = await api('POST', '/api/reservations/confirm', {
          token: d.token,
          base: victim.base,
          body: { id: d.id, services: [service], operator: 'any', date_start: d.start },
        })
        answered.push({ id: d.id, status: res.status, bookingId: res.body?.data?.id })
        if (killedWithPending < 0 && answered.filter((a) => a.status < 300).length >= 3) {
          killedWithPending = N - answered.length
          victim.child.kill('SIGKILL')
        }
      } catch {
        /* the connection died with the process: no answer, no promise made */
      }
    })
    await Promise.all(confirms)
    if (killedWithPending < 0) victim.child.kill('SIGKILL') // never reached 3 × 2xx: fails below
    await killed
    expect(victim.child.signalCode).toBe('SIGKILL')
    expect(killedWithPending, 'confirms still in flight when the process was killed').toBeGreaterThan(0)
    expect(answered.filter((a) => a.status >= 500)).toEqual([])

    // Every 2xx is in the database: the booked row, with its services.
    const ok = answered.filter((a) => a.status >= 200 && a.status < 300)
    expect(ok.length).toBeGreaterThanOrEqual(3)
    for (const a of ok) expect(a.bookingId).toBe(a.id)
    const rows = await sql(
      `select r.id, r.status, r.date_start, r.operator_id,
              (select count(*)::int from reservations_rels rr where rr.parent_id = r.id and rr.path = 'services') as services
         from reservations r where r.id = any($1::int[])`,
      [drafts.map((d) => d.id)],
    )
    const byId = new Map(rows.map((r) => [r.id as number, r]))
    for (const a of ok) {
      const row = byId.get(a.id)
      expect(row, `confirmed ${a.id}`).toBeDefined()
      expect(row.status).not.toBe('PENDING_CONFIRMATION')
      expect(row.date_start).not.toBeNull()
      expect(row.operator_id).not.toBeNull()
      expect(row.services).toBe(1)
    }
    // Nothing half converted: a draft has no slot; anything else is a whole booking.
    expect(rows.length).toBe(N)
    for (const row of rows) {
      if (row.status === 'PENDING_CONFIRMATION') {
        expect({ id: row.id, date_start: row.date_start, operator: row.operator_id, services: row.services }).toEqual({
          id: row.id,
          date_start: null,
          operator: null,
          services: 0,
        })
      } else {
        expect(row.date_start, `booking ${row.id}`).not.toBeNull()
        expect(row.operator_id, `booking ${row.id}`).not.toBeNull()
        expect(row.services, `booking ${row.id}`).toBe(1)
      }
    }
    // PostgreSQL ends the dead process's sessions (their transactions roll back, their locks go).
    const deadline = Date.now() + 5000
    let sessions = -1
    while (sessions !== 0 && Date.now() < deadline) {
      ;[{ n: sessions }] = await sql(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [
        `salon:${victim.port}`,
      ])
      if (sessions) await new Promise((r) => setTimeout(r, 50))
    }
    expect(sessions, 'sessions of the killed process').toBe(0)

    // Started again on the same port, it serves: availability (fast path), and a confirm of a
    // draft whose earlier answer was lost.
    app = await startApp('sigkill-restarted', { port: victim.port })
    const day = starts[0]!.slice(0, 10)
    const avail = await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`, {
      base: app.base,
    })
    expect(avail.status).toBe(200)
    const left = drafts.find((d) => byId.get(d.id)?.status === 'PENDING_CONFIRMATION')
    if (left) {
      const res = await api('POST', '/api/reservations/confirm', {
        token: left.token,
        base: app.base,
        body: { id: left.id, services: [service], operator: 'any', date_start: left.start },
      })
      expect([200, 409]).toContain(res.status)
      if (res.status === 200) {
        const [row] = await sql(
          `select status, (select count(*)::int from reservations_rels where parent_id = $1 and path = 'services') as services
             from reservations where id = $1`,
          [left.id],
        )
        expect(row.status).not.toBe('PENDING_CONFIRMATION')
        expect(row.services).toBe(1)
      }
    }
    expect(BASE_URL).not.toBe(app.base)
  }, 60_000)
})
