/**
 * Issue 9 over HTTP on a real PostgreSQL: ownership decided by the engine (customer, assigned
 * operator, operator booking as a customer, admin), the atomic move, "my bookings" with the
 * engine's action flags, the staff agenda, and the public policy numbers.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, agendaResponse, localDayOf, myReservationsResponse, startOfLocalDay } from '@salon/shared'
import {
  api,
  daySlots as slots,
  errorPaths,
  freeDay as freeDayFor,
  login,
  slotAt,
  sql,
  tokenFor,
  unique,
} from './helpers'

const ROME = 'Europe/Rome'
const HOUR = 3_600_000
let ops: Record<string, number>
let svc: Record<string, number>
let operatorUserId: number

async function newCustomer(name = 'Cliente') {
  const email = `${unique('mine')}@example.com`
  const res = await api('POST', '/api/users', {
    body: { email, password: 'password123', name, surname: 'Prova', phone_number: '+39 333 000 1111' },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.doc.id as number, email, token: await login(email, 'password123') }
}

/** A future open day with plenty of Piega slots, a different one for each test (other files use +33..+41 days). */
const daysTaken = new Set<string>()
const freeDay = (offset: number) => freeDayFor(svc.Piega!, offset, daysTaken)

const hhmmInRome = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: ROME, hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** Books through the real flow (session → confirm) and returns the reservation id. */
async function book(token: string, day: string, hhmm: string, operator: number | 'any', services = [svc.Piega]) {
  const session = await api('POST', '/api/reservations/create-session', { token })
  expect(session.status, JSON.stringify(session.body)).toBe(201)
  const slot = await slotAt(day, services, operator, hhmm)
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id: session.body.data.id, services, operator, date_start: slot.start },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id as number
}

/** A reservation written directly (for times the booking rules would refuse: past, too near, far). */
async function insert(opts: {
  user: number | null
  operator?: number | null
  start: Date
  status: string
  services?: number[]
  note?: string
}) {
  const services = opts.services ?? [svc.Piega]
  const rows = await sql('select id, time, price from services where id = any($1::int[])', [services])
  const duration = rows.reduce((n, r) => n + Number(r.time), 0)
  const price = rows.reduce((n, r) => n + Number(r.price), 0)
  const [row] = await sql(
    `insert into reservations (user_id, operator_id, date_start, date_end, duration, total_price, status, note, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now()) returning id`,
    [
      opts.user,
      opts.operator ?? null,
      opts.start,
      new Date(opts.start.getTime() + duration * 60_000),
      duration,
      price,
      opts.status,
      opts.note ?? null,
    ],
  )
  await sql(
    `insert into reservations_rels (parent_id, path, services_id, "order")
     select $1, 'services', sid, ord from unnest($2::int[]) with ordinality as t(sid, ord)`,
    [row.id, services],
  )
  return row.id as number
}

const rowOf = async (id: number) =>
  (
    await sql(
      'select status, operator_id, date_start, date_end, duration::float8, total_price::float8 from reservations where id = $1',
      [id],
    )
  )[0]

/** Whole seconds, as PostgreSQL stores them back (timestamp(3)). */
const inHours = (h: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + h * HOUR)

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  operatorUserId = (await sql(`select id from users where email = 'operatore@demo.salon'`))[0].id
  // The demo's operator account is Giulia's.
  expect((await sql('select user_id from operators where id = $1', [ops.Giulia]))[0].user_id).toBe(operatorUserId)
})

describe('ownership decided by the engine (PUT /api/reservations/:id/status)', () => {
  it('an operator who booked for themselves as a customer can cancel it under the policy, and nothing more', async () => {
    const day = await freeDay(43)
    const operatorToken = (await tokenFor('OPERATOR'))!
    const own = await book(operatorToken, day, '10:00', ops.Marco)
    expect((await rowOf(own)).operator_id).toBe(ops.Marco)
    // Readable as their own booking…
    expect((await api('GET', `/api/reservations/${own}`, { as: 'OPERATOR' })).status).toBe(200)
    // …but Marco's agenda is not theirs: no staff rights on it.
    const confirm = await api('PUT', `/api/reservations/${own}/status`, {
      as: 'OPERATOR',
      body: { status: 'CONFIRMED' },
    })
    expect(confirm.status).toBe(403)
    expect(confirm.body.errors[0].data.reason).toBe('FORBIDDEN_STATUS')
    const cancel = await api('PUT', `/api/reservations/${own}/status`, {
      as: 'OPERATOR',
      body: { status: 'CANCELLED' },
    })
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    expect((await rowOf(own)).status).toBe('CANCELLED')

    const late = await insert({ user: operatorUserId, start: inHours(2), status: 'CONFIRMED' })
    const tooLate = await api('PUT', `/api/reservations/${late}/status`, {
      as: 'OPERATOR',
      body: { status: 'CANCELLED' },
    })
    expect(tooLate.status).toBe(409)
    expect(tooLate.body.errors[0].data.reason).toBe('TOO_LATE_TO_CANCEL')
    expect((await rowOf(late)).status).toBe('CONFIRMED')
  })

  it('the assigned operator may set any legal status, also inside the customer time limit; another operator gets 404', async () => {
    const c = await newCustomer()
    const giulias = await insert({
      user: c.id,
      operator: ops.Giulia,
      start: inHours(24 * 200 + 1),
      status: 'CONFIRMED',
    })
    const lateOwn = await api('PUT', `/api/reservations/${giulias}/status`, {
      as: 'OPERATOR',
      body: { status: 'MODIFIED' },
    })
    expect(lateOwn.status, JSON.stringify(lateOwn.body)).toBe(200)
    const marcos = await insert({ user: c.id, operator: ops.Marco, start: inHours(24 * 200 + 1), status: 'CONFIRMED' })
    const other = await api('PUT', `/api/reservations/${marcos}/status`, {
      as: 'OPERATOR',
      body: { status: 'CANCELLED' },
    })
    expect(other.status).toBe(404)
    expect((await rowOf(marcos)).status).toBe('CONFIRMED')
    // The customer: only CANCELLED, only their own.
    const stranger = await newCustomer()
    expect(
      (await api('PUT', `/api/reservations/${marcos}/status`, { token: stranger.token, body: { status: 'CANCELLED' } }))
        .status,
    ).toBe(404)
    expect(
      (await api('PUT', `/api/reservations/${marcos}/status`, { token: c.token, body: { status: 'CANCELLED' } }))
        .status,
    ).toBe(200)
    // The admin: any legal transition, none illegal.
    expect(
      (await api('PUT', `/api/reservations/${giulias}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })).status,
    ).toBe(200)
    expect(
      (await api('PUT', `/api/reservations/${marcos}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })).status,
    ).toBe(409)
  })
})

describe('POST /api/reservations/:id/move', () => {
  it('moves to a free time in one step: new times, same operator, the old time offered again', async () => {
    const day = await freeDay(44)
    const c = await newCustomer()
    const id = await book(c.token, day, '10:00', ops.Giulia, [svc['Taglio donna'], svc.Piega])
    const before = await rowOf(id)
    const target = await slotAt(day, [svc['Taglio donna'], svc.Piega], ops.Giulia, '11:30')
    const res = await api('POST', `/api/reservations/${id}/move`, {
      token: c.token,
      body: { date_start: target.start },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      id,
      status: 'PENDING',
      operator: ops.Giulia,
      duration: 75,
      total_price: 55,
      services: [svc['Taglio donna'], svc.Piega],
    })
    expect(new Date(res.body.data.date_start).toISOString()).toBe(target.start)
    expect(new Date(res.body.data.date_end).toISOString()).toBe(target.end)
    const after = await rowOf(id)
    expect(after.date_start.toISOString()).toBe(target.start)
    expect(after.operator_id).toBe(ops.Giulia)
    // The old time is free again; the new one is not.
    const free = (await slots(day, [svc['Taglio donna'], svc.Piega], ops.Giulia)).map((s) => s.start)
    expect(free).toContain(before.date_start.toISOString())
    expect(free).not.toContain(target.start)
  })

  it('move-slots offers the day for this booking, its own current time not counted as busy', async () => {
    // A day where Giulia is free 10:00–12:15 (other files may book the days around +50).
    let day = ''
    for (let d = 49; d < 60 && !day; d++) {
      const candidate = await freeDay(d)
      const free = (await slots(candidate, [svc['Taglio donna']!, svc.Piega!], ops.Giulia!)).map((s) =>
        hhmmInRome(s.start),
      )
      if (free.includes('10:00') && free.includes('11:00')) day = candidate
    }
    const [c, stranger] = [await newCustomer(), await newCustomer()]
    const services = [svc['Taglio donna'], svc.Piega]
    const id = await book(c.token, day, '10:00', ops.Giulia, services)
    const res = await api('GET', `/api/reservations/${id}/move-slots?date=${day}`, { token: c.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body).toMatchObject({
      id,
      date: day,
      timezone: ROME,
      operator: ops.Giulia,
      duration: 75,
      total_price: 55,
    })
    const offered = res.body.slots.map((s: any) => hhmmInRome(s.start))
    // 10:15 overlaps the booking itself: the public list hides it, move-slots offers it.
    expect(offered).toEqual(expect.arrayContaining(['10:00', '10:15', '11:00']))
    const publicList = (await slots(day, services, ops.Giulia)).map((s) => hhmmInRome(s.start))
    expect(publicList).not.toContain('10:15')
    for (const slot of res.body.slots) expect(slot.operators).toEqual([ops.Giulia])
    const target = res.body.slots.find((s: any) => hhmmInRome(s.start) === '10:15')
    const moved = await api('POST', `/api/reservations/${id}/move`, {
      token: c.token,
      body: { date_start: target.start },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(new Date(moved.body.data.date_start).toISOString()).toBe(target.start)
    // Booked with Giulia by choice: the customer may not ask for everyone's times.
    const notAny = await api('GET', `/api/reservations/${id}/move-slots?date=${day}&operator=any`, { token: c.token })
    expect(notAny.status).toBe(403)
    expect(notAny.body.errors[0].data.reason).toBe('OPERATOR_CHOSEN')
    // A "Qualsiasi operatore" booking lists every eligible operator free at each time.
    const anyBooking = await book(c.token, day, '15:00', 'any', services)
    const any = await api('GET', `/api/reservations/${anyBooking}/move-slots?date=${day}`, { token: c.token })
    expect(any.status).toBe(200)
    expect(any.body.operator).toBe('any')
    // Taglio donna is Giulia's, Marco's and Luca's (Sara does not cut).
    expect(new Set(any.body.slots.flatMap((s: any) => s.operators))).toEqual(new Set([ops.Giulia, ops.Marco, ops.Luca]))
    // Staff choose explicitly: the admin may list everyone's times for the booking made with Giulia.
    const staffAny = await api('GET', `/api/reservations/${id}/move-slots?date=${day}&operator=any`, { as: 'ADMIN' })
    expect(staffAny.status).toBe(200)
    expect(staffAny.body.operator).toBe('any')
    // Not theirs, bad input, too late.
    expect((await api('GET', `/api/reservations/${id}/move-slots?date=${day}`, { token: stranger.token })).status).toBe(
      404,
    )
    expect((await api('GET', `/api/reservations/${id}/move-slots?date=${day}`)).status).toBe(401)
    const bad = await api('GET', `/api/reservations/${id}/move-slots?date=domani&operator=x`, { token: c.token })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(expect.arrayContaining(['date', 'operator']))
    const late = await insert({ user: c.id, start: inHours(5), status: 'CONFIRMED' })
    const tooLate = await api('GET', `/api/reservations/${late}/move-slots?date=${day}`, { token: c.token })
    expect(tooLate.status).toBe(409)
    expect(tooLate.body.errors[0].data.reason).toBe('TOO_LATE_TO_MOVE')
  })

  it('a customer moving a confirmed booking makes it MODIFIED (the salon re-confirms); staff moves keep the status', async () => {
    const day = await freeDay(45)
    const c = await newCustomer()
    const id = await book(c.token, day, '09:00', ops.Giulia)
    expect(
      (await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })).status,
    ).toBe(200)
    const byCustomer = await api('POST', `/api/reservations/${id}/move`, {
      token: c.token,
      body: { date_start: (await slotAt(day, [svc.Piega], ops.Giulia, '09:30')).start },
    })
    expect(byCustomer.status, JSON.stringify(byCustomer.body)).toBe(200)
    expect(byCustomer.body.data.status).toBe('MODIFIED')
    expect(
      (await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })).status,
    ).toBe(200)
    const byOperator = await api('POST', `/api/reservations/${id}/move`, {
      as: 'OPERATOR',
      body: { date_start: (await slotAt(day, [svc.Piega], ops.Giulia, '10:00')).start },
    })
    expect(byOperator.status, JSON.stringify(byOperator.body)).toBe(200)
    expect(byOperator.body.data.status).toBe('CONFIRMED')
    const byAdmin = await api('POST', `/api/reservations/${id}/move`, {
      as: 'ADMIN',
      body: { date_start: (await slotAt(day, [svc.Piega], ops.Marco, '10:30')).start, operator: ops.Marco },
    })
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200)
    expect(byAdmin.body.data).toMatchObject({ status: 'CONFIRMED', operator: ops.Marco })
    // Now Marco's: Giulia (the operator account) no longer acts on it.
    const notHers = await api('POST', `/api/reservations/${id}/move`, {
      as: 'OPERATOR',
      body: { date_start: (await slotAt(day, [svc.Piega], ops.Marco, '11:00')).start },
    })
    expect(notHers.status).toBe(404)
    expect((await rowOf(id)).operator_id).toBe(ops.Marco)
  })

  it('onto a taken time → 409 and the booking keeps its old time; the customer may not hand it to someone else', async () => {
    const day = await freeDay(46)
    const [a, b] = [await newCustomer(), await newCustomer()]
    const mine = await book(a.token, day, '09:00', ops.Giulia)
    const taken = await book(b.token, day, '12:00', ops.Giulia)
    const before = await rowOf(mine)
    const takenStart = (await rowOf(taken)).date_start.toISOString()
    const res = await api('POST', `/api/reservations/${mine}/move`, {
      token: a.token,
      body: { date_start: takenStart },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors[0].data.reason).toBe('OPERATOR_BUSY')
    expect(await rowOf(mine)).toEqual(before)
    // Not on the grid / in the past: the engine's reasons, nothing written.
    const offGrid = await api('POST', `/api/reservations/${mine}/move`, {
      token: a.token,
      body: { date_start: new Date(new Date(takenStart).getTime() + 7 * 60_000).toISOString() },
    })
    expect(offGrid.status).toBe(409)
    expect(offGrid.body.errors[0].data.reason).toBe('NOT_ON_SLOT_GRID')
    const past = await api('POST', `/api/reservations/${mine}/move`, {
      token: a.token,
      body: { date_start: inHours(-5).toISOString() },
    })
    expect(past.status).toBe(409)
    expect(past.body.errors[0].data.reason).toBe('IN_THE_PAST')
    expect(await rowOf(mine)).toEqual(before)
    // Booked with Giulia by choice: "any" or a colleague is refused (403 naming operator), nothing moves.
    for (const operator of ['any', ops.Marco]) {
      const other = await api('POST', `/api/reservations/${mine}/move`, {
        token: a.token,
        body: { date_start: takenStart, operator },
      })
      expect(other.status, JSON.stringify(other.body)).toBe(403)
      expect(other.body.errors[0].data.reason).toBe('OPERATOR_CHOSEN')
      expect(errorPaths(other.body)).toEqual(['operator'])
    }
    expect(await rowOf(mine)).toEqual(before)
  })

  it('a customer’s "Qualsiasi operatore" booking moves to a time only a colleague has free, and is reassigned', async () => {
    const day = await freeDay(48)
    const [a, b] = [await newCustomer(), await newCustomer()]
    const mine = await book(a.token, day, '12:00', 'any')
    const assigned = (await rowOf(mine)).operator_id as number
    expect((await sql('select any_operator from reservations where id = $1', [mine]))[0].any_operator).toBe(true)
    // The assigned operator is taken at 16:30; a colleague is free then.
    await book(b.token, day, '16:30', assigned)
    const target = await slotAt(day, [svc.Piega], 'any', '16:30')
    expect(target.operators).not.toContain(assigned)
    expect(target.operators.length).toBeGreaterThan(0)
    // The move screen's times: every eligible operator's, 16:30 included, with no operator asked.
    const offered = await api('GET', `/api/reservations/${mine}/move-slots?date=${day}`, { token: a.token })
    expect(offered.status, JSON.stringify(offered.body)).toBe(200)
    expect(offered.body.operator).toBe('any')
    expect(offered.body.slots.map((s: any) => s.start)).toContain(target.start)
    // Nothing asked (as the site sends it): moved, and given to a free colleague.
    const moved = await api('POST', `/api/reservations/${mine}/move`, {
      token: a.token,
      body: { date_start: target.start },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(new Date(moved.body.data.date_start).toISOString()).toBe(target.start)
    expect(target.operators).toContain(moved.body.data.operator)
    const now = await rowOf(mine)
    expect(now.operator_id).toBe(moved.body.data.operator)
    expect(now.date_start.toISOString()).toBe(target.start)
    // "any" keeps the current operator when they are free; it stays an "any operator" booking.
    const current = moved.body.data.operator
    const again = await api('POST', `/api/reservations/${mine}/move`, {
      token: a.token,
      body: { date_start: (await slotAt(day, [svc.Piega], current, '17:30')).start, operator: 'any' },
    })
    expect(again.status).toBe(200)
    expect(again.body.data.operator).toBe(current)
    expect((await sql('select any_operator from reservations where id = $1', [mine]))[0].any_operator).toBe(true)
    // …but not picked by name: a colleague other than the current one is refused.
    const byName = Object.values(ops).find((o) => o !== current)
    const named = await api('POST', `/api/reservations/${mine}/move`, {
      token: a.token,
      body: { date_start: (await slotAt(day, [svc.Piega], 'any', '18:00')).start, operator: byName },
    })
    expect(named.status).toBe(403)
    // A booking made with a chosen operator is not reassigned: 409 where that operator is busy.
    const chosen = await book(a.token, day, '15:00', assigned)
    expect((await sql('select any_operator from reservations where id = $1', [chosen]))[0].any_operator).toBe(false)
    const stuck = await api('POST', `/api/reservations/${chosen}/move`, {
      token: a.token,
      body: { date_start: target.start },
    })
    expect(stuck.status).toBe(409)
    expect(stuck.body.errors[0].data.reason).toBe('OPERATOR_BUSY')
    expect((await rowOf(chosen)).operator_id).toBe(assigned)
    const chosenSlots = await api('GET', `/api/reservations/${chosen}/move-slots?date=${day}`, { token: a.token })
    expect(chosenSlots.body.operator).toBe(assigned)
    expect(chosenSlots.body.slots.map((s: any) => s.start)).not.toContain(target.start)
  })

  it('concurrent moves onto one time: exactly one wins, the others get 409 and keep their times', async () => {
    const day = await freeDay(47)
    const customers = await Promise.all(Array.from({ length: 6 }, () => newCustomer()))
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']
    const ids: number[] = []
    for (const [i, c] of customers.entries()) ids.push(await book(c.token, day, times[i]!, ops.Marco))
    const before = await Promise.all(ids.map(rowOf))
    const target = await slotAt(day, [svc.Piega], ops.Marco, '16:00')
    const results = await Promise.all(
      customers.map((c, i) =>
        api('POST', `/api/reservations/${ids[i]}/move`, { token: c.token, body: { date_start: target.start } }),
      ),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(5)
    for (const r of results.filter((x) => x.status === 409))
      expect(['OPERATOR_BUSY', 'SLOT_TAKEN', 'BUSY']).toContain(r.body.errors[0].data.reason)
    const winner = statuses.indexOf(200)
    for (const [i, id] of ids.entries()) {
      const row = await rowOf(id)
      if (i === winner) expect(row.date_start.toISOString()).toBe(target.start)
      else expect(row).toEqual(before[i])
    }
  })

  it("another customer's booking → 404; another operator's → 404; a visitor → 401; nothing changes", async () => {
    const day = await freeDay(48)
    const [a, b] = [await newCustomer(), await newCustomer()]
    const id = await book(a.token, day, '14:30', ops.Marco)
    const before = await rowOf(id)
    const body = { date_start: (await slotAt(day, [svc.Piega], ops.Marco, '17:00')).start }
    expect((await api('POST', `/api/reservations/${id}/move`, { token: b.token, body })).status).toBe(404)
    expect((await api('POST', `/api/reservations/${id}/move`, { as: 'OPERATOR', body })).status).toBe(404)
    expect((await api('POST', `/api/reservations/${id}/move`, { body })).status).toBe(401)
    expect((await api('POST', `/api/reservations/999999999/move`, { as: 'ADMIN', body })).status).toBe(404)
    expect(await rowOf(id)).toEqual(before)
  })

  it('too late, cancellation disabled, or a closed booking → 409 with the reason', async () => {
    const c = await newCustomer()
    const body = { date_start: inHours(24 * 10).toISOString() }
    const late = await insert({ user: c.id, start: inHours(23), status: 'CONFIRMED' })
    const tooLate = await api('POST', `/api/reservations/${late}/move`, { token: c.token, body })
    expect(tooLate.status).toBe(409)
    expect(tooLate.body.errors[0].data.reason).toBe('TOO_LATE_TO_MOVE')
    const closed = await insert({ user: c.id, start: inHours(24 * 5), status: 'CANCELLED' })
    const final = await api('POST', `/api/reservations/${closed}/move`, { token: c.token, body })
    expect(final.status).toBe(409)
    expect(final.body.errors[0].data.reason).toBe('FINAL_STATUS')
    const draft = await api('POST', '/api/reservations/create-session', { token: c.token })
    const noTime = await api('POST', `/api/reservations/${draft.body.data.id}/move`, { token: c.token, body })
    expect(noTime.status).toBe(409)
    expect(noTime.body.errors[0].data.reason).toBe('NOT_MOVABLE')

    const early = await insert({ user: c.id, start: inHours(24 * 6), status: 'CONFIRMED' })
    const [cfg] = await sql('select id from config limit 1')
    await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { cancellationEnabled: false } })
    try {
      const off = await api('POST', `/api/reservations/${early}/move`, { token: c.token, body })
      expect(off.status).toBe(409)
      expect(off.body.errors[0].data.reason).toBe('CANCELLATION_DISABLED')
    } finally {
      await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { cancellationEnabled: true } })
    }
    for (const id of [late, closed, early]) expect((await rowOf(id)).date_start.toISOString()).not.toBe(body.date_start)
  })

  it.each([
    [{}, ['date_start']],
    [{ date_start: 'domani', operator: 'chiunque' }, ['date_start', 'operator']],
    [{ date_start: '2031-01-07T09:00:00Z', total_price: 1 }, ['body']],
    [{ date_start: '2031-01-07T09:00:00Z', status: 'CONFIRMED' }, ['body']],
    [{ date_start: '2031-01-07T09:00:00Z', operator: 999999 }, ['operator']],
  ])('bad body %j → 400 naming %j, nothing written', async (body, fields) => {
    const c = await newCustomer()
    const id = await insert({ user: c.id, start: inHours(24 * 7), status: 'PENDING' })
    const before = await rowOf(id)
    const res = await api('POST', `/api/reservations/${id}/move`, { token: c.token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    for (const f of fields) expect(errorPaths(res.body)).toContain(f)
    expect(await rowOf(id)).toEqual(before)
  })

  it('a bad id or broken JSON → 400', async () => {
    const bad = await api('POST', '/api/reservations/abc/move', {
      as: 'USER',
      body: { date_start: '2031-01-07T09:00:00Z' },
    })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('id')
    const broken = await api('POST', '/api/reservations/1/move', {
      as: 'USER',
      rawBody: '{"date_start":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
    expect(errorPaths(broken.body)).toContain('body')
  })
})

describe('GET /api/reservations/mine', () => {
  it('upcoming soonest first, cancelled-ahead apart, past newest first, drafts and other customers left out, flags from the policy', async () => {
    const c = await newCustomer()
    const other = await newCustomer()
    const starts = {
      farConfirmed: inHours(72),
      nearPending: inHours(10),
      cancelledFuture: inHours(48),
      rejectedFuture: inHours(96),
      cancelledPast: inHours(-24),
      completed: inHours(-48),
      endedConfirmed: inHours(-3),
      luca: inHours(24 * 150),
    }
    const ids = {
      farConfirmed: await insert({ user: c.id, start: starts.farConfirmed, status: 'CONFIRMED', note: 'Frangia' }),
      nearPending: await insert({ user: c.id, start: starts.nearPending, status: 'PENDING' }),
      cancelledFuture: await insert({ user: c.id, start: starts.cancelledFuture, status: 'CANCELLED' }),
      rejectedFuture: await insert({ user: c.id, start: starts.rejectedFuture, status: 'REJECTED' }),
      cancelledPast: await insert({ user: c.id, start: starts.cancelledPast, status: 'CANCELLED' }),
      completed: await insert({ user: c.id, start: starts.completed, status: 'COMPLETED' }),
      endedConfirmed: await insert({ user: c.id, start: starts.endedConfirmed, status: 'CONFIRMED' }),
      luca: await insert({
        user: c.id,
        operator: ops.Luca,
        start: starts.luca,
        status: 'CONFIRMED',
        services: [svc['Taglio donna'], svc.Piega],
      }),
    }
    const draft = (await api('POST', '/api/reservations/create-session', { token: c.token })).body.data.id
    const theirs = await insert({ user: other.id, start: inHours(80), status: 'CONFIRMED' })

    const res = await api('GET', '/api/reservations/mine', { token: c.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = myReservationsResponse.parse(res.body)
    expect(body.upcoming.map((r) => r.id)).toEqual([ids.nearPending, ids.farConfirmed, ids.luca])
    // A cancelled or rejected booking whose time is still ahead is not "past": listed apart, soonest first.
    expect(body.cancelled.map((r) => r.id)).toEqual([ids.cancelledFuture, ids.rejectedFuture])
    expect(body.past.map((r) => r.id)).toEqual([ids.endedConfirmed, ids.cancelledPast, ids.completed])
    const all = [...body.upcoming, ...body.cancelled, ...body.past].map((r) => r.id)
    expect(all).not.toContain(draft)
    expect(all).not.toContain(theirs)
    expect(body.pastPagination).toEqual({ page: 1, limit: 20, totalDocs: 3, hasNextPage: false })

    const byId = new Map([...body.upcoming, ...body.cancelled, ...body.past].map((r) => [r.id, r]))
    const deadline = (d: Date) => new Date(d.getTime() - 24 * HOUR).toISOString()
    expect(byId.get(ids.farConfirmed)).toMatchObject({
      status: 'CONFIRMED',
      date_start: starts.farConfirmed.toISOString(),
      date_end: new Date(starts.farConfirmed.getTime() + 30 * 60_000).toISOString(),
      duration: 30,
      total_price: 20,
      note: 'Frangia',
      services: [{ id: svc.Piega, title: 'Piega', duration: 30, price: 20 }],
      operator: null,
      actions: {
        cancel: { allowed: true, until: deadline(starts.farConfirmed) },
        move: { allowed: true, until: deadline(starts.farConfirmed) },
      },
    })
    expect(byId.get(ids.nearPending)!.actions).toEqual({
      cancel: { allowed: false, reason: 'TOO_LATE_TO_CANCEL' },
      move: { allowed: false, reason: 'TOO_LATE_TO_MOVE' },
    })
    for (const id of [ids.cancelledFuture, ids.rejectedFuture, ids.completed])
      expect(byId.get(id)!.actions).toEqual({
        cancel: { allowed: false, reason: 'FINAL_STATUS' },
        move: { allowed: false, reason: 'FINAL_STATUS' },
      })
    expect(byId.get(ids.endedConfirmed)!.actions).toEqual({
      cancel: { allowed: false, reason: 'TOO_LATE_TO_CANCEL' },
      move: { allowed: false, reason: 'TOO_LATE_TO_MOVE' },
    })
    // Services in booking order; the operator with the same picture the catalogue shows.
    const luca = byId.get(ids.luca)!
    expect(luca.services.map((s) => s.title)).toEqual(['Taglio donna', 'Piega'])
    expect(luca).toMatchObject({ duration: 75, total_price: 55 })
    const catalogue = await api('GET', `/api/operators/${ops.Luca}?depth=1`)
    expect(luca.operator).toEqual({ id: ops.Luca, name: 'Luca', imageUrl: catalogue.body.image.imageUrl })
    expect(luca.operator!.imageUrl).toMatch(/^\/api\/upload\/file\//)
    expect((await api('GET', luca.operator!.imageUrl!)).status).toBe(200)

    // The flags are what the server does: the allowed cancel works, the refused one is refused.
    expect(
      (
        await api('PUT', `/api/reservations/${ids.farConfirmed}/status`, {
          token: c.token,
          body: { status: 'CANCELLED' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await api('PUT', `/api/reservations/${ids.nearPending}/status`, {
          token: c.token,
          body: { status: 'CANCELLED' },
        })
      ).status,
    ).toBe(409)

    // Paging through the past; the booking just cancelled joins the cancelled ones, not the past.
    const p1 = await api('GET', '/api/reservations/mine?pastLimit=2', { token: c.token })
    expect(p1.body.cancelled.map((r: any) => r.id)).toEqual([ids.cancelledFuture, ids.farConfirmed, ids.rejectedFuture])
    expect(p1.body.past.map((r: any) => r.id)).toEqual([ids.endedConfirmed, ids.cancelledPast])
    expect(p1.body.pastPagination).toEqual({ page: 1, limit: 2, totalDocs: 3, hasNextPage: true })
    const p2 = await api('GET', '/api/reservations/mine?pastLimit=2&pastPage=2', { token: c.token })
    expect(p2.body.past.map((r: any) => r.id)).toEqual([ids.completed])
    expect(p2.body.pastPagination.hasNextPage).toBe(false)
    expect(p2.body.upcoming.map((r: any) => r.id)).toEqual([ids.nearPending, ids.luca])
  })

  it('an operator sees the bookings they made as a customer, not their agenda', async () => {
    const res = await api('GET', '/api/reservations/mine', { as: 'OPERATOR' })
    expect(res.status).toBe(200)
    const rows = await sql('select id from reservations where user_id = $1 and status <> $2', [
      operatorUserId,
      'PENDING_CONFIRMATION',
    ])
    const listed = [...res.body.upcoming, ...res.body.cancelled, ...res.body.past]
      .map((r: any) => r.id)
      .sort((x: number, y: number) => x - y)
    expect(listed).toEqual(rows.map((r) => r.id).sort((x: number, y: number) => x - y))
    expect(res.body.pastPagination.totalDocs).toBe(res.body.past.length)
  })

  it('a visitor → 401; a bad page → 400 naming it', async () => {
    expect((await api('GET', '/api/reservations/mine')).status).toBe(401)
    const bad = await api('GET', '/api/reservations/mine?pastLimit=500&pastPage=0', { as: 'USER' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(expect.arrayContaining(['pastLimit', 'pastPage']))
  })
})

describe('GET /api/reservations/agenda', () => {
  const day = localDayOf(new Date(Date.now() + 120 * 86_400_000), ROME)
  const at = (d: string, minutes: number) => new Date(startOfLocalDay(d, ROME).getTime() + minutes * 60_000)
  let ids: Record<string, number>
  let customer: Awaited<ReturnType<typeof newCustomer>>

  beforeAll(async () => {
    customer = await newCustomer('Agenda')
    ids = {
      giuliaEarly: await insert({ user: customer.id, operator: ops.Giulia, start: at(day, 30), status: 'PENDING' }),
      giuliaTen: await insert({
        user: customer.id,
        operator: ops.Giulia,
        start: at(day, 600),
        status: 'CONFIRMED',
        note: 'Allergia',
      }),
      giuliaCancelled: await insert({
        user: customer.id,
        operator: ops.Giulia,
        start: at(day, 600),
        status: 'CANCELLED',
      }),
      giuliaDraft: await insert({
        user: customer.id,
        operator: ops.Giulia,
        start: at(day, 720),
        status: 'PENDING_CONFIRMATION',
      }),
      giuliaDayBefore: await insert({
        user: customer.id,
        operator: ops.Giulia,
        start: at(day, -30),
        status: 'PENDING',
      }),
      giuliaNextDay: await insert({
        user: customer.id,
        operator: ops.Giulia,
        start: at(addCalendarDays(day, 1), 600),
        status: 'PENDING',
      }),
      marco: await insert({ user: customer.id, operator: ops.Marco, start: at(day, 660), status: 'APPROVED' }),
    }
  })

  it('an operator sees only their own appointments of those local days, with the statuses they may set', async () => {
    const res = await api('GET', `/api/reservations/agenda?from=${day}`, { as: 'OPERATOR' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const body = agendaResponse.parse(res.body)
    expect(body).toMatchObject({ from: day, to: day, timezone: ROME })
    expect(body.reservations.map((r) => r.id)).toEqual([ids.giuliaEarly, ids.giuliaTen, ids.giuliaCancelled])
    const [early, ten, cancelled] = body.reservations
    // The buttons that make sense now (issue 20): one accept, no payment, nothing of after the start.
    expect(early!.transitions).toEqual(['CONFIRMED', 'REJECTED', 'CANCELLED'])
    expect(ten!.transitions).toEqual(['CANCELLED'])
    expect(cancelled!.transitions).toEqual([])
    expect(ten).toMatchObject({
      status: 'CONFIRMED',
      note: 'Allergia',
      customer: {
        id: customer.id,
        name: 'Agenda',
        surname: 'Prova',
        phone: '+39 333 000 1111',
        email: customer.email,
      },
      services: [{ id: svc.Piega, title: 'Piega', duration: 30, price: 20 }],
      operator: { id: ops.Giulia, name: 'Giulia' },
      actions: { move: { allowed: true, until: at(day, 600).toISOString() } },
    })
    // Every transition offered is accepted by the status endpoint.
    const set = await api('PUT', `/api/reservations/${ids.giuliaEarly}/status`, {
      as: 'OPERATOR',
      body: { status: early!.transitions[0] },
    })
    expect(set.status).toBe(200)
    await sql(`update reservations set status = 'PENDING' where id = $1`, [ids.giuliaEarly])

    const two = await api('GET', `/api/reservations/agenda?from=${day}&to=${addCalendarDays(day, 1)}`, {
      as: 'OPERATOR',
    })
    expect(two.body.reservations.map((r: any) => r.id)).toEqual([
      ids.giuliaEarly,
      ids.giuliaTen,
      ids.giuliaCancelled,
      ids.giuliaNextDay,
    ])
    // `operator` narrows, it never widens.
    const marcos = await api('GET', `/api/reservations/agenda?from=${day}&operator=${ops.Marco}`, { as: 'OPERATOR' })
    expect(marcos.status).toBe(200)
    expect(marcos.body.reservations).toEqual([])
  })

  it('an admin sees everyone (or one operator) with the buttons that make sense now', async () => {
    const res = await api('GET', `/api/reservations/agenda?from=${day}`, { as: 'ADMIN' })
    expect(res.status).toBe(200)
    const body = agendaResponse.parse(res.body)
    expect(body.reservations.map((r) => r.id)).toEqual([ids.giuliaEarly, ids.giuliaTen, ids.giuliaCancelled, ids.marco])
    expect(body.reservations.at(-1)!.transitions).toEqual(['CONFIRMED', 'CANCELLED'])
    const marco = await api('GET', `/api/reservations/agenda?from=${day}&operator=${ops.Marco}`, { as: 'ADMIN' })
    expect(marco.body.reservations.map((r: any) => r.id)).toEqual([ids.marco])
  })

  it('a customer → 403, a visitor → 401, a range over 31 days or backwards → 400 naming to', async () => {
    expect((await api('GET', `/api/reservations/agenda?from=${day}`, { token: customer.token })).status).toBe(403)
    expect((await api('GET', `/api/reservations/agenda?from=${day}`)).status).toBe(401)
    for (const to of [addCalendarDays(day, 31), addCalendarDays(day, -1), 'domani']) {
      const res = await api('GET', `/api/reservations/agenda?from=${day}&to=${to}`, { as: 'ADMIN' })
      expect(res.status, to).toBe(400)
      expect(errorPaths(res.body)).toContain('to')
    }
    expect(
      (await api('GET', `/api/reservations/agenda?from=${day}&to=${addCalendarDays(day, 30)}`, { as: 'OPERATOR' }))
        .status,
    ).toBe(200)
    const noFrom = await api('GET', '/api/reservations/agenda', { as: 'OPERATOR' })
    expect(noFrom.status).toBe(400)
    expect(errorPaths(noFrom.body)).toContain('from')
  })
})

describe('the policy numbers are public', () => {
  it('GET /api/pages/home carries what the screens need to explain the policy, and no security switch', async () => {
    // Other files change the config; set the salon's phone (the seed's value) so the answer is known.
    const [row] = await sql('select id from config limit 1')
    const set = await api('PATCH', `/api/config/${row.id}`, { as: 'ADMIN', body: { phone: '+39 02 1234 5678' } })
    expect(set.status).toBe(200)
    const res = await api('GET', '/api/pages/home')
    expect(res.status).toBe(200)
    const cfg = res.body.config
    expect(cfg).toMatchObject({
      cancellationEnabled: true,
      cancellationTimeLimit: 24,
      holdMinutes: expect.any(Number),
      bookingHorizonDays: expect.any(Number),
      minNoticeMinutes: expect.any(Number),
      timezone: ROME,
      phone: '+39 02 1234 5678',
      businessName: expect.any(String),
    })
    expect(cfg).not.toHaveProperty('requireAdminTotp')
    expect(cfg).not.toHaveProperty('requireEmailVerification')
  })
})
