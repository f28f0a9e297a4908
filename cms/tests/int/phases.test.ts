/**
 * Issue 25: services with phases (tempo di posa), clean-up and stations — through the real API and
 * PostgreSQL. The engine offers a cut inside a colour's processing time and refuses it over the
 * busy phases; one basin is never held twice at once; racers over two app processes break neither
 * rule; the database refuses what the engine would, even written by hand; and the database's
 * placement of a plan (`reservation_phase_rows`) is the engine's (`placePlan`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placePlan, type PlanSegment } from '@salon/shared'
import { BASE_URL, BASE_URL_B, api, sql, unique } from './helpers'

const DAY_MS = 86_400_000
const MIN = 60_000
const BLOCKING = `('PENDING','APPROVED','CONFIRMED','PENDING_PAYMENT','MODIFIED','PENDING_CONFIRMATION','COMPLETED','NO_SHOW')`

let basin: number
let chairs: number
let colour: { id: number; time: number; price: number }
let cut: number
let wash: number
const ops: number[] = []
let card: number
const services: number[] = []
const stations: number[] = []

const hhmm = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  )

async function post(path: string, body: Record<string, unknown>) {
  const res = await api('POST', path, { as: 'ADMIN', body })
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201)
  return res.body.doc as { id: number } & Record<string, unknown>
}

const book = (body: Record<string, unknown>, base?: string) =>
  api('POST', '/api/reservations/book', { as: 'ADMIN', body: { client: card, ...body }, ...(base ? { base } : {}) })

/** The staff times of `day` for these services and operator. */
async function staffSlots(day: string, ids: number[], operator: number | 'any') {
  const res = await api(
    'GET',
    `/api/reservations/book-slots?date=${day}&services=${ids.join(',')}&operator=${operator}`,
    { as: 'ADMIN' },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.slots as { start: string; end: string; operators: number[] }[]
}

const handedOut = new Set<string>()

/** A day `offset`+ days ahead, open at 10:00 and 15:00 for these fresh operators, not handed to another test. */
async function openDay(offset: number) {
  for (let d = offset; d < offset + 14; d++) {
    const day = new Date(Date.now() + d * DAY_MS).toISOString().slice(0, 10)
    if (handedOut.has(day)) continue
    const starts = (await staffSlots(day, [cut], ops[0]!)).map((s) => hhmm(s.start))
    if (starts.includes('10:00') && starts.includes('15:00')) {
      handedOut.add(day)
      return day
    }
  }
  throw new Error('no open day')
}

const at = async (day: string, ids: number[], operator: number | 'any', time: string) => {
  const slot = (await staffSlots(day, ids, operator)).find((s) => hhmm(s.start) === time)
  expect(slot, `${time} on ${day}`).toBeDefined()
  return slot!
}

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MIN).toISOString()

beforeAll(async () => {
  basin = (await post('/api/stations', { name: unique('Lavatesta'), count: 1 })).id
  chairs = (await post('/api/stations', { name: unique('Poltrona colore'), count: 2 })).id
  stations.push(basin, chairs)
  // Two operators of this file's own (active while it runs; the rota has no pattern for them: they
  // work whenever the salon is open), so nobody else's bookings stand in the way.
  for (const name of ['Fase A', 'Fase B']) {
    ops.push((await post('/api/operators', { name: unique(name), active: true })).id)
  }
  const only = { operators: ops, active: true }
  const c = await post('/api/services', {
    title: unique('Colore'),
    price: 60,
    phases: [
      { minutes: 30, operator_busy: true, station: chairs, label: 'Applicazione' },
      { minutes: 40, operator_busy: false, station: chairs, label: 'Posa' },
      { minutes: 50, operator_busy: true, label: 'Risciacquo e piega' },
    ],
    cleanup_minutes: 10,
    ...only,
  })
  colour = { id: c.id, time: Number(c.time), price: Number(c.price) }
  cut = (await post('/api/services', { title: unique('Taglio'), price: 25, time: 30, ...only })).id
  wash = (
    await post('/api/services', {
      title: unique('Lavaggio'),
      price: 10,
      phases: [{ minutes: 15, operator_busy: true, station: basin }],
      ...only,
    })
  ).id
  services.push(colour.id, cut, wash)
  const res = await api('POST', '/api/clients', { as: 'ADMIN', body: { name: 'Fase', phone_number: '333 250 2500' } })
  expect(res.status).toBe(201)
  card = res.body.doc.id
})

afterAll(async () => {
  if (services.length) {
    await sql(
      `delete from reservations where id in (select parent_id from reservations_rels where services_id = any($1))`,
      [services],
    )
    await sql('delete from services where id = any($1)', [services])
  }
  if (ops.length) await sql('update operators set active = false where id = any($1)', [ops])
  if (stations.length) await sql('delete from stations where id = any($1)', [stations])
})

describe('a service of phases through REST', () => {
  it('time is the sum of the phases; the customer sees 2 h and the price, unchanged by the phases', async () => {
    expect(colour.time).toBe(120)
    const read = await api('GET', `/api/services/${colour.id}?depth=0`, { as: 'ADMIN' })
    expect(
      read.body.phases.map((p: { minutes: number; operator_busy: boolean }) => [p.minutes, p.operator_busy]),
    ).toEqual([
      [30, true],
      [40, false],
      [50, true],
    ])
    expect(read.body.cleanup_minutes).toBe(10)
    const day = await openDay(27)
    const offer = await api(
      'GET',
      `/api/reservations/time-availability-day?date=${day}&services=${colour.id}&operator=${ops[0]}`,
    )
    expect(offer.body.duration).toBe(120)
    expect(offer.body.total_price).toBe(60)
    const first = offer.body.slots[0]
    expect(Date.parse(first.end) - Date.parse(first.start)).toBe(120 * MIN)
  })

  it('an older client sending only `time` resizes a one-phase service; on a service of phases it is 400 on time', async () => {
    const resized = await api('PATCH', `/api/services/${cut}`, { as: 'ADMIN', body: { time: 35 } })
    expect(resized.status, JSON.stringify(resized.body)).toBe(200)
    expect(resized.body.doc.phases.map((p: { minutes: number }) => p.minutes)).toEqual([35])
    await api('PATCH', `/api/services/${cut}`, { as: 'ADMIN', body: { time: 30 } })
    const refused = await api('PATCH', `/api/services/${colour.id}`, { as: 'ADMIN', body: { time: 90 } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].data.errors[0].path).toBe('time')
    const noBusy = await api('PATCH', `/api/services/${cut}`, {
      as: 'ADMIN',
      body: { phases: [{ minutes: 30, operator_busy: false }] },
    })
    expect(noBusy.status).toBe(400)
    expect(JSON.stringify(noBusy.body)).toContain('Almeno una fase con l’operatore al lavoro')
  })
})

describe('the same operator inside a colour’s tempo di posa', () => {
  it('colour at 10:00 (30 busy · 40 free · 50 busy): a cut at 10:30 is taken, at 10:20 refused', async () => {
    const day = await openDay(28)
    const start = (await at(day, [colour.id], ops[0]!, '10:00')).start
    const booked = await book({ services: [colour.id], operator: ops[0], date_start: start })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const id = booked.body.data.id as number

    // The engine offers the same operator 10:30 (10:30–11:00 inside the posa 10:30–11:10), not
    // 10:15 or 10:45 (over the application or the finish), nor anything else until the colour ends.
    const offered = (await staffSlots(day, [cut], ops[0]!)).map((s) => hhmm(s.start))
    expect(offered).toContain('10:30')
    for (const taken of ['10:00', '10:15', '10:45', '11:00', '11:30']) expect(offered).not.toContain(taken)
    const inGap = await book({ services: [cut], operator: ops[0], date_start: plus(start, 30) })
    expect(inGap.status, JSON.stringify(inGap.body)).toBe(201)
    // 10:20 is off the grid: staff place it on purpose (override_hours), and the busy application still refuses it.
    const over = await book({ services: [cut], operator: ops[0], date_start: plus(start, 20), override_hours: true })
    expect(over.status, JSON.stringify(over.body)).toBe(409)
    expect(over.body.errors[0].data.reason).toBe('OPERATOR_BUSY')

    // The colour keeps its price and its 2 h for the customer; the clean-up holds the operator after it.
    const [row] = await sql(
      'select duration, total_price, date_start, date_end, plan from reservations where id = $1',
      [id],
    )
    expect(Number(row.duration)).toBe(120)
    expect(Number(row.total_price)).toBe(60)
    expect(Date.parse(row.date_end) - Date.parse(row.date_start)).toBe(120 * MIN)
    const stretches = await sql(
      `select operator_busy, cleanup, station_id, extract(epoch from date_end - date_start)::int / 60 as minutes
         from reservation_phases where reservation_id = $1 order by date_start`,
      [id],
    )
    expect(stretches.map((s) => [s.minutes, s.operator_busy, s.cleanup])).toEqual([
      [30, true, false],
      [40, false, false],
      [50, true, false],
      [10, true, true],
    ])
    // The clean-up's 10 minutes after 12:00 are the operator's: no cut at 12:00.
    expect((await staffSlots(day, [cut], ops[0]!)).map((s) => hhmm(s.start))).not.toContain('12:00')

    // The agenda draws the phases with the station's name.
    const agenda = await api('GET', `/api/reservations/agenda?from=${day}&to=${day}&operator=${ops[0]}`, {
      as: 'ADMIN',
    })
    const item = agenda.body.reservations.find((r: { id: number }) => r.id === id)
    expect(item.phases).toHaveLength(4)
    expect(item.phases[1]).toMatchObject({ operator_busy: false, cleanup: false, label: 'Posa' })
    expect(item.phases[1].station.id).toBe(chairs)
    expect(item.phases[3]).toMatchObject({ operator_busy: true, cleanup: true })
    const plain = agenda.body.reservations.find((r: { id: number }) => r.id === inGap.body.data.id)
    expect(plain.phases).toBeUndefined()
  })

  it('the database refuses a busy stretch over another, written by hand (no engine in the way)', async () => {
    const day = await openDay(29)
    const start = (await at(day, [colour.id], ops[1]!, '10:00')).start
    const booked = await book({ services: [colour.id], operator: ops[1], date_start: start })
    expect(booked.status).toBe(201)
    const insert = (fromMin: number, minutes: number) =>
      sql(
        `insert into reservations (operator_id, client_id, status, date_start, date_end, duration, total_price, created_at, updated_at)
         values ($1, $2, 'CONFIRMED', $3, $4, $5, 0, now(), now()) returning id`,
        [
          ops[1],
          card,
          new Date(Date.parse(start) + fromMin * MIN),
          new Date(Date.parse(start) + (fromMin + minutes) * MIN),
          minutes,
        ],
      )
    await expect(insert(20, 30)).rejects.toMatchObject({ code: '23P01' })
    const ok = await insert(35, 30)
    await sql('delete from reservations where id = $1', [ok[0].id])
  })

  it('the trigger that writes the phases runs on generic plans (not planned afresh under the operator’s lock)', async () => {
    // migration …_phases_generic_plans; a later CREATE OR REPLACE of the function must keep the SET.
    const [row] = await sql(`select proconfig from pg_proc where proname = 'reservation_phases_sync'`)
    expect(row.proconfig).toContain('plan_cache_mode=force_generic_plan')
  })

  it('so do the job queue’s enqueue functions, which that write’s event trigger calls (notifications/queue.ts)', async () => {
    const rows = await sql(
      `select p.oid::regprocedure::text as name, p.proconfig from pg_proc p
        where p.pronamespace = 'graphile_worker'::regnamespace and p.proname in ('add_job', 'add_jobs')`,
    )
    expect(rows.map((r) => r.name.replace(/\(.*/, '')).sort()).toEqual([
      'graphile_worker.add_job',
      'graphile_worker.add_jobs',
    ])
    for (const row of rows) expect(row.proconfig, row.name).toContain('plan_cache_mode=force_generic_plan')
  })
})

describe('stations', () => {
  it('one basin: two washes at one time by two operators — the second is refused, by the engine and by the database', async () => {
    const day = await openDay(30)
    const start = (await at(day, [wash], ops[0]!, '15:00')).start
    const first = await book({ services: [wash], operator: ops[0], date_start: start })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    // Operator B is free, the basin is not: the engine does not offer 14:00 to B.
    expect((await staffSlots(day, [wash], ops[1]!)).map((s) => s.start)).not.toContain(start)
    const second = await book({ services: [wash], operator: ops[1], date_start: start })
    expect(second.status).toBe(409)
    expect(second.body.errors[0].data.reason).toBe('STATION_BUSY')
    // By hand, past the engine: the database's station guard.
    const plan = JSON.stringify([{ from: 0, to: 15, operator_busy: true, station: basin, cleanup: false }])
    await expect(
      sql(
        `insert into reservations (operator_id, client_id, status, date_start, date_end, duration, total_price, plan, created_at, updated_at)
         values ($1, $2, 'CONFIRMED', $3, $4, 15, 0, $5::jsonb, now(), now())`,
        [ops[1], card, start, new Date(Date.parse(start) + 15 * MIN), plan],
      ),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'reservation_phases_station_full' })
    // A quarter of an hour later the basin is free again.
    const later = new Date(Date.parse(start) + 15 * MIN).toISOString()
    expect((await book({ services: [wash], operator: ops[1], date_start: later })).status).toBe(201)
  })

  it('two colour chairs: two colours at one time, never a third; lowering the count under them is refused', async () => {
    const day = await openDay(31)
    const start = (await at(day, [colour.id], ops[0]!, '15:00')).start
    expect((await book({ services: [colour.id], operator: ops[0], date_start: start })).status).toBe(201)
    expect((await book({ services: [colour.id], operator: ops[1], date_start: start })).status).toBe(201)
    // A third person could apply it, but both chairs are taken until the processing ends.
    const third = await sql(`insert into operators (name, active) values ($1, false) returning id`, [unique('Fase C')])
    const plan = JSON.stringify([{ from: 0, to: 70, operator_busy: true, station: chairs, cleanup: false }])
    await expect(
      sql(
        `insert into reservations (operator_id, client_id, status, date_start, date_end, duration, total_price, plan, created_at, updated_at)
         values ($1, $2, 'CONFIRMED', $3, $4, 70, 0, $5::jsonb, now(), now())`,
        [third[0].id, card, new Date(Date.parse(start) + 30 * MIN), new Date(Date.parse(start) + 100 * MIN), plan],
      ),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'reservation_phases_station_full' })
    await sql('delete from operators where id = $1', [third[0].id])
    const lower = await api('PATCH', `/api/stations/${chairs}`, { as: 'ADMIN', body: { count: 1 } })
    expect(lower.status, JSON.stringify(lower.body)).toBe(409)
    expect(lower.body.errors[0].data).toMatchObject({ reason: 'STATION_COUNT_IN_USE', needed: 2 })
    await expect(sql('update stations set count = 1 where id = $1', [chairs])).rejects.toMatchObject({
      code: '23514',
    })
    const used = await api('DELETE', `/api/stations/${chairs}`, { as: 'ADMIN' })
    expect(used.status).toBe(409)
    expect(used.body.errors[0].data.reason).toBe('STATION_IN_USE')
  })

  it('staff read stations, customers and visitors do not; only admins write them', async () => {
    expect((await api('GET', '/api/stations', { as: 'OPERATOR' })).status).toBe(200)
    expect((await api('GET', '/api/stations', { as: 'USER' })).status).toBe(403)
    expect((await api('GET', '/api/stations')).status).toBe(401)
    const write = await api('POST', '/api/stations', { as: 'OPERATOR', body: { name: unique('X'), count: 1 } })
    expect(write.status).toBe(403)
    const bad = await api('POST', '/api/stations', { as: 'ADMIN', body: { name: '', count: 0 } })
    expect(bad.status).toBe(400)
  })
})

describe('racers over two processes', () => {
  it('washes at one basin and cuts over a colour’s busy phases, split across both processes: 0 overlaps, 0 × 5xx', async () => {
    expect(BASE_URL_B, 'scripts/test.mjs starts a second app process').not.toBe('')
    const day = await openDay(32)
    const colourAt = (await at(day, [colour.id], ops[0]!, '10:00')).start
    expect((await book({ services: [colour.id], operator: ops[0], date_start: colourAt })).status).toBe(201)
    const washAt = (await at(day, [wash], ops[1]!, '16:00')).start
    const attempts: Promise<number>[] = []
    for (let k = 0; k < 40; k++) {
      const base = k % 2 ? BASE_URL_B : BASE_URL
      // Identical and partial-overlap racers for the one basin, by both operators.
      const w = new Date(Date.parse(washAt) + (k % 3) * 5 * MIN).toISOString()
      attempts.push(
        book({ services: [wash], operator: ops[k % 2], date_start: w, override_hours: true }, base).then(
          (r) => r.status,
        ),
      )
      // Cuts for operator A inside and across the colour's processing gap (10:30–11:10).
      const c = new Date(Date.parse(colourAt) + (20 + (k % 5) * 5) * MIN).toISOString()
      attempts.push(
        book({ services: [cut], operator: ops[0], date_start: c, override_hours: true }, base).then((r) => r.status),
      )
    }
    const statuses = await Promise.all(attempts)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true)
    // Operators: no two busy stretches of one operator overlap (the constraint's own rows, and the reservations).
    const busyOverlaps = await sql(
      `select a.id from reservation_phases a join reservation_phases b on a.id < b.id
          and a.operator_id = b.operator_id and a.operator_busy and b.operator_busy
          and tstzrange(a.date_start, a.date_end, '[)') && tstzrange(b.date_start, b.date_end, '[)')
        where a.operator_id = any($1)`,
      [ops],
    )
    expect(busyOverlaps).toEqual([])
    // The basin: never two holds at one instant.
    const basinPeak = await sql(
      `select max((select count(*) from reservation_phases q where q.station_id = $1
                    and q.date_start <= p.date_start and q.date_end > p.date_start))::int as peak
         from reservation_phases p where p.station_id = $1`,
      [basin],
    )
    expect(basinPeak[0].peak).toBe(1)
    // Exactly one cut holds the gap: 10:30, 10:35 or 10:40 fit inside 10:30–11:10 but overlap each
    // other; 10:20 and 10:25 overlap the application.
    const cuts = await sql(
      `select r.date_start from reservations r join reservations_rels s on s.parent_id = r.id and s.services_id = $1
        where r.operator_id = $2 and r.status in ${BLOCKING} and r.date_start::date = $3::date`,
      [cut, ops[0], day],
    )
    expect(cuts).toHaveLength(1)
    expect(['10:30', '10:35', '10:40']).toContain(hhmm(new Date(cuts[0].date_start).toISOString()))
  })
})

describe('the database places a plan as the engine does', () => {
  it('reservation_phase_rows equals placePlan on 150 random plans and ends (cut, stretched, null)', async () => {
    let seed = 25
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const start = Date.parse('2027-03-28T00:30:00.000Z') // a DST night in Europe/Rome: elapsed minutes still
    for (let k = 0; k < 150; k++) {
      const plan: PlanSegment[] | null = k % 10 === 0 ? null : []
      let t = 0
      for (let i = 0; plan && i < 1 + rand(4); i++) {
        const minutes = 5 + rand(60)
        plan.push({
          from: t,
          to: t + minutes,
          operator_busy: rand(3) > 0,
          station: rand(2) ? 1 + rand(3) : null,
          cleanup: false,
        })
        t += minutes
      }
      if (plan && rand(2))
        plan.push({ from: t, to: t + 5 + rand(20), operator_busy: true, station: null, cleanup: true })
      const customer = plan ? plan.filter((s) => !s.cleanup).at(-1)!.to : 30 + rand(60)
      const end = start + (customer + (rand(3) - 1) * rand(40)) * MIN
      const expected = placePlan(plan, start, end).map((s) => ({
        start: new Date(s.start).toISOString(),
        end: new Date(s.end).toISOString(),
        busy: s.operator_busy,
        station: s.station,
        cleanup: s.cleanup,
      }))
      const rows = await sql(
        `select to_char(date_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start,
                to_char(date_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "end",
                operator_busy as busy, station_id as station, cleanup
           from reservation_phase_rows($1::jsonb, $2, $3) order by date_start, date_end`,
        [plan === null ? null : JSON.stringify(plan), new Date(start), new Date(end)],
      )
      expect(rows, JSON.stringify({ plan, end: new Date(end) })).toEqual(
        expected.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end)),
      )
    }
  })
})
