/**
 * PostgreSQL killed outright (kill -9 of the postmaster) in the middle of a burst of confirms, and
 * started again by the same supervisor `npm start` uses (scripts/lib/postgres.mjs, restartOnCrash):
 *
 * - every request in the outage is answered 503 + Retry-After (code DATABASE_UNAVAILABLE) within
 *   2 s, never 500; the public home page and its data keep being served;
 * - the web process serves again by itself within a few seconds of PostgreSQL being back, its
 *   LISTEN connection subscribes again and its calendar copy is dropped (a closure committed before
 *   it listened again is seen);
 * - every confirm answered 2xx is one booking, no time is booked twice, a confirm retried after its
 *   503 books at most once;
 * - the job process (stopped while its connections die, as a process whose PostgreSQL restarted)
 *   resumes: each booking's mail is sent exactly once.
 *
 * A PostgreSQL of its own (not the suite's, which other files use at the same time), a web process
 * and a job process on it, as `npm start` runs them.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { api, freshAddress, mailsTo, queryOnce, startApp, unique, type AppProcess } from './helpers'
import { startPostgres, type EmbeddedPostgres } from '../../../scripts/lib/postgres.mjs'

let db: EmbeddedPostgres | null = null
let web: AppProcess | null = null
let jobs: AppProcess | null = null
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-outage-'))

afterAll(async () => {
  jobs?.child.kill('SIGCONT')
  await Promise.all([web?.stop(), jobs?.stop()])
  await db?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const query = <R extends pg.QueryResultRow = any>(text: string, params: unknown[] = []) =>
  queryOnce<R>(db!.url, text, params)

async function customer(base: string, i: number) {
  const email = `${unique('outage')}-${i}@example.com`
  const reg = await api('POST', '/api/users', {
    base,
    headers: { 'x-forwarded-for': freshAddress() },
    body: { email, password: 'password123', name: 'Cliente', surname: `Outage${i}`, phone_number: '+39 333 000 4444' },
  })
  if (reg.status !== 201) throw new Error(`registration: ${reg.status} ${JSON.stringify(reg.body)}`)
  const login = await api('POST', '/api/auth/login', { base, token: null, body: { email, password: 'password123' } })
  if (login.status !== 200) throw new Error(`login: ${login.status}`)
  return { email, token: login.body.token as string }
}

interface Answer {
  what: string
  status: number
  ms: number
  at: number
  retryAfter: string | null
  code: string | undefined
}

async function timed(what: string, call: () => Promise<{ status: number; body: any; headers: Headers }>) {
  const t0 = Date.now()
  const res = await call()
  return {
    what,
    status: res.status,
    ms: Date.now() - t0,
    at: t0,
    retryAfter: res.headers.get('retry-after'),
    code: res.body?.errors?.[0]?.data?.code ?? res.body?.code,
  } satisfies Answer
}

describe('PostgreSQL killed and restarted under load', () => {
  it('503 + Retry-After within 2 s, no 500, recovery by itself, no booking lost or doubled, jobs resume', async () => {
    const t0 = Date.now()
    const phase = (what: string) => console.log(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    let restartedAt = 0
    db = await startPostgres({
      dataDir: path.join(dataDir, 'pg'),
      preferredPort: 0,
      restartOnCrash: true,
      log: () => {},
      onRestart: () => void (restartedAt = Date.now()),
    })
    const env = { DATABASE_URL: db.url, DATA_DIR: path.join(dataDir, 'data') }
    web = await startApp('outage-web', { env: { ...env, JOB_WORKER: 'off' } })
    jobs = await startApp('outage-jobs', {
      env: { ...env, JOB_WORKER: 'on', HOST: '127.0.0.1', SALON_WEB_URL: web.base },
    })
    const base = web.base
    phase('PostgreSQL and both processes started (migrated, seeded)')

    const [{ id: service }] = await query(`select id from services where active and title = 'Taglio uomo'`)
    // Free starts ("any operator", one per free operator) on the latest days of the horizon.
    const starts: string[] = []
    const days: string[] = []
    for (let d = 60; starts.length < 24 && d >= 40; d--) {
      const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
      const res = await api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`, { base })
      const slots = res.body.slots as { start: string; operators: number[] }[]
      if (slots.length) days.push(day)
      for (const s of slots) for (let k = 0; k < s.operators.length && starts.length < 24; k++) starts.push(s.start)
    }
    expect(starts.length).toBe(24)
    // The day whose calendar changes while the process is cut off: open now, cached by the fast path.
    const slotsOf = async (day: string) =>
      api('GET', `/api/reservations/time-availability-day?date=${day}&services=${service}`, { base })
    let closedDay = ''
    for (let d = 30; !closedDay && d < 40; d++) {
      const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
      if ((await slotsOf(day)).body.slots.length) closedDay = day
    }
    expect(closedDay).not.toBe('')

    // 12 customers, two drafts each (the open-booking cap is 3), and one spare draft for the prober.
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => customer(base, i)))
    const drafts: { token: string; email: string; id: number; start: string }[] = []
    for (let i = 0; i < 24; i++) {
      const p = people[i % people.length]!
      const session = await api('POST', '/api/reservations/create-session', { base, token: p.token })
      expect(session.status).toBe(201)
      drafts.push({ token: p.token, email: p.email, id: session.body.data.id, start: starts[i]! })
    }
    const spare = await customer(base, 99)
    const spareDraft = (await api('POST', '/api/reservations/create-session', { base, token: spare.token })).body.data
      .id as number

    // Nothing queued yet (registration mails sent) before the job process is put to sleep.
    for (const t0 = Date.now(); Date.now() - t0 < 15_000; await sleep(200)) {
      const [{ n }] = await query(`select count(*)::int as n from graphile_worker.jobs where run_at <= now()`)
      if (!n) break
    }
    phase('customers and drafts ready')
    // The job process sleeps through the outage (no job half sent when PostgreSQL dies): its
    // connections die under it, and it must find its way back when it wakes.
    jobs.child.kill('SIGSTOP')
    const mailsBefore = Date.now()

    const confirm = (d: (typeof drafts)[number]) =>
      api('POST', '/api/reservations/confirm', {
        base,
        token: d.token,
        body: { id: d.id, services: [service], operator: 'any', date_start: d.start },
      })

    // The burst; PostgreSQL is killed once three confirms have been answered 2xx.
    const burst: (Answer & { id: number })[] = []
    let killedAt = 0
    const pgPid = db.child.pid!
    const results = drafts.map(async (d) => {
      const a = await timed('confirm', () => confirm(d))
      burst.push({ ...a, id: d.id })
      if (!killedAt && burst.filter((b) => b.status < 300).length >= 3) {
        killedAt = Date.now()
        process.kill(pgPid, 'SIGKILL')
      }
    })
    await Promise.all(results)
    if (!killedAt) {
      killedAt = Date.now()
      process.kill(pgPid, 'SIGKILL')
    }

    // While it is down and coming back: every kind of request, until the app books again.
    const probes: Answer[] = []
    const kinds: [string, () => Promise<{ status: number; body: any; headers: Headers }>][] = [
      ['availability (fast path)', () => slotsOf(days[0]!)],
      ['REST list (Next + Payload)', () => api('GET', '/api/services?limit=1', { base, token: null })],
      ['signed-in read', () => api('GET', '/api/users/me', { base, token: spare.token })],
      [
        'confirm (fast write)',
        () =>
          api('POST', '/api/reservations/confirm', {
            base,
            token: spare.token,
            body: { id: spareDraft, services: [service], operator: 'any', date_start: starts[0] },
          }),
      ],
      ['health', () => api('GET', '/api/health', { base, token: null })],
    ]
    const publicAnswers: { what: string; status: number }[] = []
    let recoveredAt = 0
    for (let i = 0; !recoveredAt && Date.now() - killedAt < 30_000; i++) {
      const [what, call] = kinds[i % kinds.length]!
      const a = await timed(what, call)
      probes.push(a)
      if (what.startsWith('availability') && a.status === 200 && restartedAt) recoveredAt = Date.now()
      if (i % kinds.length === 0 && !restartedAt) {
        for (const p of ['/', '/api/pages/home'])
          publicAnswers.push({ what: p, status: (await fetch(`${base}${p}`)).status })
      }
      // The change nobody could tell this process about: committed as soon as PostgreSQL is back.
      if (restartedAt && !probes.some((p) => p.what === 'closure written')) {
        const [row] = await query(
          `insert into business_closures (name, closure_type, start_date, end_date, is_active, updated_at, created_at)
           values ($1, 'FULL_DAY', $2::date + interval '12 hours', $2::date + interval '12 hours', true, now(), now())
           returning id`,
          [unique('outage'), closedDay],
        )
        expect(row.id).toBeGreaterThan(0)
        probes.push({ what: 'closure written', status: 0, ms: 0, at: Date.now(), retryAfter: null, code: undefined })
      }
      await sleep(40)
    }
    phase('served again')
    const outage = probes.filter((p) => p.what !== 'closure written')
    const unavailable = [...burst, ...outage].filter((a) => a.status === 503)
    const report = JSON.stringify(
      outage.map((p) => `${p.what} ${p.status} ${p.ms}ms ${p.code ?? ''}`),
      null,
      1,
    )

    // No 500, ever; the outage answered 503 with Retry-After and its code, within 2 s.
    expect(
      [...burst, ...outage].filter((a) => a.status >= 500 && a.status !== 503),
      report,
    ).toEqual([])
    expect(unavailable.length, report).toBeGreaterThan(0)
    const slowest = Math.max(...unavailable.map((a) => a.ms))
    console.log(
      `outage: ${unavailable.length} × 503, slowest ${slowest} ms; PostgreSQL back ${restartedAt - killedAt} ms after the kill, ` +
        `app serving ${recoveredAt - restartedAt} ms after that\n${report}`,
    )
    for (const a of unavailable) {
      expect(a.retryAfter, `${a.what}: Retry-After`).toMatch(/^\d+$/)
      // /api/health says which part is down, in its own shape.
      if (a.what !== 'health') expect(a.code, a.what).toBe('DATABASE_UNAVAILABLE')
    }
    expect(slowest, report).toBeLessThan(2000)
    // The public pages kept serving.
    expect(publicAnswers.length).toBeGreaterThan(0)
    for (const p of publicAnswers) expect(p, JSON.stringify(publicAnswers)).toEqual({ what: p.what, status: 200 })
    // Back by itself, within a few seconds of PostgreSQL.
    expect(restartedAt, 'the supervisor restarted PostgreSQL').toBeGreaterThan(0)
    expect(recoveredAt, report).toBeGreaterThan(0)
    expect(recoveredAt - restartedAt).toBeLessThan(5000)

    // Payload's own pool (drizzle) and its sign-in work again too, not only the fast path.
    const list = await api('GET', '/api/services?limit=1', { base, token: null })
    expect(list.status).toBe(200)
    const me = await api('GET', '/api/users/me', { base, token: spare.token })
    expect(me.body?.user?.email).toBe(spare.email)
    expect((await api('GET', '/api/health', { base, token: null })).status).toBe(200)

    // A confirm whose answer was a 503 is tried again, as the app does after Retry-After.
    for (const a of burst.filter((b) => b.status >= 500)) {
      const d = drafts.find((x) => x.id === a.id)!
      const again = await confirm(d)
      expect([200, 201, 409], JSON.stringify(again.body)).toContain(again.status)
      if (again.status < 300) a.status = again.status
    }

    // Every 2xx is one whole booking; no operator holds one time twice; nothing is half converted.
    const rows = await query(
      `select r.id, r.status, r.user_id, r.date_start, r.operator_id,
              (select count(*)::int from reservations_rels rr where rr.parent_id = r.id and rr.path = 'services') as services
         from reservations r where r.id = any($1::int[])`,
      [drafts.map((d) => d.id)],
    )
    expect(rows.length).toBe(drafts.length)
    const byId = new Map(rows.map((r) => [r.id as number, r]))
    for (const a of burst.filter((b) => b.status < 300)) {
      const row = byId.get(a.id)!
      expect(row.status, `booking ${a.id}`).not.toBe('PENDING_CONFIRMATION')
      expect(row.services).toBe(1)
    }
    for (const row of rows)
      if (row.status === 'PENDING_CONFIRMATION') expect([row.date_start, row.services]).toEqual([null, 0])
      else expect(row.services, `booking ${row.id}`).toBe(1)
    const [{ n: overlaps }] = await query(
      `select count(*)::int as n from reservations a join reservations b
          on a.operator_id = b.operator_id and a.id < b.id
         and tstzrange(a.date_start, a.date_end) && tstzrange(b.date_start, b.date_end)
       where a.status not in ('CANCELLED', 'PENDING_CONFIRMATION') and b.status not in ('CANCELLED', 'PENDING_CONFIRMATION')`,
    )
    expect(overlaps).toBe(0)

    // The web process listens again, and its calendar copy did not outlive the outage.
    let listening = 0
    for (const t0 = Date.now(); !listening && Date.now() - t0 < 5000; await sleep(100))
      [{ n: listening }] = await query(
        `select count(*)::int as n from pg_stat_activity where application_name = $1 and query ilike 'LISTEN salon_calendar'`,
        [`salon:${web.port}`],
      )
    expect(listening, 'LISTEN salon_calendar again').toBe(1)
    expect((await slotsOf(closedDay)).body.slots).toEqual([])

    // The job process wakes up to dead connections, reconnects and sends each booking's mail once.
    jobs.child.kill('SIGCONT')
    const booked = rows.filter((r) => r.status !== 'PENDING_CONFIRMATION')
    const expected = new Map<string, number>()
    for (const r of booked) {
      const email = people.find((p) => drafts.some((d) => d.id === r.id && d.email === p.email))!.email
      expected.set(email, (expected.get(email) ?? 0) + 1)
    }
    const received = async () =>
      new Map(
        await Promise.all([...expected.keys()].map(async (e) => [e, (await mailsTo(e, mailsBefore)).length] as const)),
      )
    let got = await received()
    for (const t0 = Date.now(); Date.now() - t0 < 20_000; await sleep(250)) {
      got = await received()
      if ([...expected].every(([e, n]) => (got.get(e) ?? 0) >= n)) break
    }
    phase('mails received')
    await sleep(1500) // a second copy would come now
    expect(Object.fromEntries(await received())).toEqual(Object.fromEntries(expected))
  }, 120_000)
})
