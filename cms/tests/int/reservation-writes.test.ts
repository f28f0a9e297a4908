/**
 * The one write path (issue 10 §1): every way a reservation changes — a customer's confirm, the
 * salon booking a customer in (admin, operator), moves, edits, status changes — goes through the
 * reservation service, produces the same reservation for the same request and exactly one event
 * per change; the generic REST writes are the admins' (through the same service) and refused to
 * everyone else; a refused write leaves no event.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { reservationDetailResponse } from '@salon/shared'
import { api, daySlots, errorPaths, freeDay, registerCustomers, sql, tokenFor } from './helpers'

let ops: Record<string, number>
let svc: Record<string, number>
let customerId: number
let giuliaUserId: number

const events = async (id: number) =>
  sql<{
    kind: string
    actor_id: number | null
    actor_role: string | null
    from_status: string | null
    to_status: string
    changes: Record<string, { from: unknown; to: unknown }>
  }>(
    'select kind, actor_id, actor_role, from_status, to_status, changes from reservation_events where reservation_id = $1 order by id',
    [id],
  )
const eventCount = async () => (await sql('select count(*)::int as n from reservation_events'))[0].n as number

/** The parts of a booking that must not depend on who wrote it. */
const shapeOf = (r: any) => ({
  services: r.services,
  operator: r.operator,
  duration: r.duration,
  total_price: r.total_price,
  minutes: (Date.parse(r.date_end) - Date.parse(r.date_start)) / 60_000,
  note: r.note ?? null,
})

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  customerId = (await sql(`select id from users where email = 'cliente@demo.salon'`))[0].id
  // The demo operator account is linked to Giulia's operator record.
  giuliaUserId = (await sql(`select user_id from operators where id = $1`, [ops.Giulia]))[0].user_id
  expect(giuliaUserId).toBeTruthy()
})

describe('one write path, one event per change', () => {
  it('customer confirm, admin booking and operator booking make the same reservation, each with one event', async () => {
    const day = await freeDay(svc.Piega!, 56)
    const services = [svc['Taglio donna']!, svc.Piega!]
    const [customerToken] = await registerCustomers(1, 'writes')
    const customer = (await api('GET', '/api/auth/me', { token: customerToken })).body.user.id as number

    // 1. The customer: session + confirm.
    // Three back-to-back free times of Giulia's that day.
    const free = await daySlots(day, services, ops.Giulia!)
    const t1 = free[0]!
    const t2 = free.find((s) => s.start >= t1.end)!
    const t3 = free.find((s) => s.start >= t2.end)!
    const session = await api('POST', '/api/reservations/create-session', { token: customerToken })
    expect(session.status).toBe(201)
    const draftId = session.body.data.id as number
    expect((await events(draftId)).map((e) => e.kind)).toEqual(['CREATED'])
    const confirmed = await api('POST', '/api/reservations/confirm', {
      token: customerToken,
      body: { id: draftId, services, operator: ops.Giulia, date_start: t1.start, note: 'Nota' },
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)

    // 2. The admin books the same customer in, same services and operator, same note.
    const byAdmin = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: customer, services, operator: ops.Giulia, date_start: t2.start, note: 'Nota' },
    })
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201)

    // 3. Giulia herself (OPERATOR) books the customer into her own agenda.
    const byOperator = await api('POST', '/api/reservations/book', {
      as: 'OPERATOR',
      body: { user: customer, services, operator: ops.Giulia, date_start: t3.start, note: 'Nota' },
    })
    expect(byOperator.status, JSON.stringify(byOperator.body)).toBe(201)

    const same = shapeOf(confirmed.body.data)
    expect(same).toMatchObject({ services, operator: ops.Giulia, duration: 75, total_price: 55, minutes: 75 })
    expect(shapeOf(byAdmin.body.data)).toEqual(same)
    expect(shapeOf(byOperator.body.data)).toEqual(same)
    for (const r of [confirmed, byAdmin, byOperator]) expect(r.body.data.user).toBe(customer)
    // Customer bookings wait for the salon (autoConfirm off); the salon's own are CONFIRMED.
    expect(confirmed.body.data.status).toBe('PENDING')
    expect(byAdmin.body.data.status).toBe('CONFIRMED')
    expect(byOperator.body.data.status).toBe('CONFIRMED')

    const e1 = await events(draftId)
    expect(e1.map((e) => [e.kind, e.actor_id, e.from_status, e.to_status])).toEqual([
      ['CREATED', customer, null, 'PENDING_CONFIRMATION'],
      ['CONFIRMED', customer, 'PENDING_CONFIRMATION', 'PENDING'],
    ])
    expect(Object.keys(e1[1]!.changes).sort()).toEqual(
      ['date_end', 'date_start', 'duration', 'note', 'operator', 'services', 'status', 'total_price'].sort(),
    )
    const e2 = await events(byAdmin.body.data.id)
    expect(e2.map((e) => [e.kind, e.actor_role, e.to_status])).toEqual([['BOOKED', 'ADMIN', 'CONFIRMED']])
    const e3 = await events(byOperator.body.data.id)
    expect(e3.map((e) => [e.kind, e.actor_id, e.actor_role])).toEqual([['BOOKED', giuliaUserId, 'OPERATOR']])
  })

  it('moves, edits and status changes: one event each, with what changed; a refusal leaves none', async () => {
    const day = await freeDay(svc.Piega!, 56)
    const free = await daySlots(day, [svc.Piega!], ops.Giulia!)
    const t = free[0]!
    const later = free.find((s) => Date.parse(s.start) >= Date.parse(t.end) + 30 * 60_000)!
    const booked = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: customerId, services: [svc.Piega], operator: ops.Giulia, date_start: t.start },
    })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const id = booked.body.data.id as number

    // The assigned operator moves it an hour later (the customer-facing move endpoint, same service).
    const moved = await api('POST', `/api/reservations/${id}/move`, {
      as: 'OPERATOR',
      body: { date_start: later.start },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    // The admin writes a note, then changes the services (re-priced).
    expect(
      (await api('PATCH', `/api/reservations/${id}/edit`, { as: 'ADMIN', body: { note: 'Allergia alla tinta' } }))
        .status,
    ).toBe(200)
    const reServiced = await api('PATCH', `/api/reservations/${id}/edit`, {
      as: 'ADMIN',
      body: { services: [svc['Taglio donna'], svc.Piega] },
    })
    expect(reServiced.status, JSON.stringify(reServiced.body)).toBe(200)
    expect(reServiced.body.data).toMatchObject({ duration: 75, total_price: 55, status: 'CONFIRMED' })

    // Refused writes: another operator (404), a customer editing the note (403), an overlapping
    // booking (409), a stranger's status change (404) — no event for any of them.
    const before = await eventCount()
    expect((await api('PATCH', `/api/reservations/${id}/edit`, { as: 'USER', body: { note: 'x' } })).status).toBe(403)
    const [stranger] = await registerCustomers(1, 'stranger')
    expect(
      (await api('PUT', `/api/reservations/${id}/status`, { token: stranger, body: { status: 'CANCELLED' } })).status,
    ).toBe(404)
    const overlap = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: customerId, services: [svc.Piega], operator: ops.Giulia, date_start: later.start },
    })
    expect(overlap.status).toBe(409)
    const marco = await api('POST', '/api/reservations/book', {
      as: 'OPERATOR',
      body: { user: customerId, services: [svc.Piega], operator: ops.Marco, date_start: later.start },
    })
    expect(marco.status).toBe(403)
    expect(await eventCount()).toBe(before)

    // The customer cancels it.
    const cancelled = await api('PUT', `/api/reservations/${id}/status`, { as: 'USER', body: { status: 'CANCELLED' } })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)

    const history = await events(id)
    expect(history.map((e) => [e.kind, e.actor_role])).toEqual([
      ['BOOKED', 'ADMIN'],
      ['MOVED', 'OPERATOR'],
      ['EDITED', 'ADMIN'],
      ['MOVED', 'ADMIN'],
      ['STATUS_CHANGED', 'USER'],
    ])
    expect(history[1]!.changes.date_start).toEqual({ from: t.start, to: later.start })
    expect(history[2]!.changes).toEqual({ note: { from: null, to: 'Allergia alla tinta' } })
    expect(Object.keys(history[3]!.changes).sort()).toEqual(['date_end', 'duration', 'services', 'total_price'])
    expect(history[4]).toMatchObject({ from_status: 'CONFIRMED', to_status: 'CANCELLED' })

    // The history, as the dashboard reads it: admins and the assigned operator; nobody else.
    const read = await api('GET', `/api/reservations/${id}/events`, { as: 'ADMIN' })
    expect(read.status).toBe(200)
    expect(read.body.events.map((e: any) => e.kind)).toEqual(history.map((e) => e.kind))
    expect(read.body.events[1].actor).toMatchObject({ id: giuliaUserId, role: 'OPERATOR' })
    expect((await api('GET', `/api/reservations/${id}/events`, { as: 'OPERATOR' })).status).toBe(200)
    expect((await api('GET', `/api/reservations/${id}/events`, { as: 'USER' })).status).toBe(404)
    expect((await api('GET', `/api/reservations/${id}/events`)).status).toBe(401)
    expect((await api('GET', `/api/reservations/abc/events`, { as: 'ADMIN' })).status).toBe(400)

    // The booking page: the agenda's view of it (no transition out of CANCELLED) and the same history.
    const detail = await api('GET', `/api/reservations/${id}/detail`, { as: 'ADMIN' })
    expect(detail.status).toBe(200)
    const parsed = reservationDetailResponse.parse(detail.body)
    expect(parsed).toMatchObject({ id, status: 'CANCELLED', transitions: [], customer: { id: customerId } })
    expect(parsed.services.map((x) => x.id)).toEqual([svc['Taglio donna'], svc.Piega])
    expect(parsed.events.map((e) => e.kind)).toEqual(history.map((e) => e.kind))
    expect((await api('GET', `/api/reservations/${id}/detail`, { as: 'USER' })).status).toBe(404)
    expect((await api('GET', `/api/reservations/${id}/detail`)).status).toBe(401)
  })

  it('the generic writes are refused to operators and customers: nothing written, no event', async () => {
    // Admins' POST/PUT/DELETE /api/reservations run the use cases: rest-reservations.test.ts.
    const [row] = await sql(`select id, note, status from reservations where status = 'CONFIRMED' limit 1`)
    const before = await eventCount()
    const count = async () => (await sql('select count(*)::int as n from reservations'))[0].n
    const n = await count()
    for (const role of ['OPERATOR', 'USER'] as const) {
      const created = await api('POST', '/api/reservations', {
        as: role,
        body: { user: customerId, services: [svc.Piega], date_start: '2031-03-03T10:00:00Z' },
      })
      expect(created.status, `${role} POST`).toBe(403)
      expect((await api('PATCH', `/api/reservations/${row.id}`, { as: role, body: { note: 'x' } })).status).toBe(403)
      expect((await api('DELETE', `/api/reservations/${row.id}`, { as: role })).status).toBe(403)
    }
    expect(await count()).toBe(n)
    expect((await sql('select note, status from reservations where id = $1', [row.id]))[0]).toEqual({
      note: row.note,
      status: row.status,
    })
    expect(await eventCount()).toBe(before)
  })

  it('every reservation has a history: the seeded ones start IMPORTED', async () => {
    // (Rows other test files insert with raw SQL, after the seed, have none: they bypass the app.)
    const [{ n }] = await sql(
      `select count(*)::int as n from reservations r
        where r.created_at <= (select max(created_at) from reservation_events where kind = 'IMPORTED')
          and not exists (select 1 from reservation_events e where e.reservation_id = r.id)`,
    )
    expect(n).toBe(0)
    const [{ imported }] = await sql(`select count(*)::int as imported from reservation_events where kind = 'IMPORTED'`)
    expect(imported).toBeGreaterThan(50)
  })
})

describe('the salon books by its own rules', () => {
  it('staff are not bound by the minimum notice; customers are', async () => {
    const [cfg] = await sql('select id, min_notice_minutes from config order by id limit 1')
    // Within the longest notice a salon may set (30 days).
    const day = await freeDay(svc.Piega!, 20)
    const t = (await daySlots(day, [svc.Piega!], ops.Marco!))[0]!
    // A notice longer than the distance to that day: customers may not book it any more.
    const noticeMinutes = Math.ceil((Date.parse(t.start) - Date.now()) / 60_000) + 24 * 60
    expect(
      (await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { minNoticeMinutes: noticeMinutes } })).status,
    ).toBe(200)
    try {
      const [token] = await registerCustomers(1, 'notice')
      const session = await api('POST', '/api/reservations/create-session', { token })
      const refused = await api('POST', '/api/reservations/confirm', {
        token,
        body: { id: session.body.data.id, services: [svc.Piega], operator: ops.Marco, date_start: t.start },
      })
      expect(refused.status).toBe(409)
      expect(refused.body.errors[0].data.reason).toBe('TOO_SOON')
      // The dashboard's slots follow the staff rules; the public ones the customers'.
      const q = `date=${day}&services=${svc.Piega}&operator=${ops.Marco}`
      expect((await api('GET', `/api/reservations/time-availability-day?${q}`)).body.slots).toEqual([])
      const staffSlots = await api('GET', `/api/reservations/book-slots?${q}`, { as: 'ADMIN' })
      expect(staffSlots.status).toBe(200)
      expect(staffSlots.body.slots.map((s: { start: string }) => s.start)).toContain(t.start)
      expect((await api('GET', `/api/reservations/book-slots?${q}`, { as: 'USER' })).status).toBe(403)
      // Giulia's account may look at her own agenda's slots only.
      expect((await api('GET', `/api/reservations/book-slots?${q}`, { as: 'OPERATOR' })).status).toBe(403)
      const staff = await api('POST', '/api/reservations/book', {
        as: 'ADMIN',
        body: { user: customerId, services: [svc.Piega], operator: ops.Marco, date_start: t.start },
      })
      expect(staff.status, JSON.stringify(staff.body)).toBe(201)
      await api('PUT', `/api/reservations/${staff.body.data.id}/status`, { as: 'ADMIN', body: { status: 'CANCELLED' } })
    } finally {
      await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { minNoticeMinutes: cfg.min_notice_minutes } })
    }
  })

  it('a customer cannot use the salon’s booking endpoint, and bad input names its field', async () => {
    const day = await freeDay(svc.Piega!, 57)
    const t = (await daySlots(day, [svc.Piega!], ops.Marco!))[0]!
    const asCustomer = await api('POST', '/api/reservations/book', {
      as: 'USER',
      body: { user: customerId, services: [svc.Piega], operator: ops.Marco, date_start: t.start },
    })
    expect(asCustomer.status).toBe(403)
    expect((await api('POST', '/api/reservations/book', { body: {} })).status).toBe(401)
    const bad = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: 'nessuno', services: [], date_start: 'ieri' },
    })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(expect.arrayContaining(['user', 'services', 'date_start']))
  })

  it('confirm reads the calendar inside its transaction: a closure added a moment ago is refused at once', async () => {
    const day = await freeDay(svc.Piega!, 58)
    const t = (await daySlots(day, [svc.Piega!], 'any'))[0]!
    const [token] = await registerCustomers(1, 'closure')
    const session = await api('POST', '/api/reservations/create-session', { token })
    const closure = await api('POST', '/api/business-closures', {
      as: 'ADMIN',
      body: { name: 'Formazione', closure_type: 'FULL_DAY', start_date: day, end_date: day, is_active: true },
    })
    expect(closure.status, JSON.stringify(closure.body)).toBe(201)
    try {
      // No waiting for the cache: the very next confirm must see the closure.
      const res = await api('POST', '/api/reservations/confirm', {
        token,
        body: { id: session.body.data.id, services: [svc.Piega], operator: 'any', date_start: t.start },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body.errors[0].data.reason).toBe('CLOSED')
    } finally {
      await api('DELETE', `/api/business-closures/${closure.body.doc.id}`, { as: 'ADMIN' })
    }
  })
})

// Keep the token cache warm for the roles used above (fewer logins under the rate limit).
beforeAll(async () => {
  await Promise.all((['USER', 'OPERATOR', 'ADMIN'] as const).map((r) => tokenFor(r)))
})
