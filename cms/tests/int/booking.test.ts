/**
 * The booking flow over HTTP on a real PostgreSQL: session → slots → confirm, the status machine,
 * the cancellation policy, ownership, and the database guard under concurrency.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES, STATUS_TRANSITIONS } from '@salon/shared'
import { api, errorPaths, freeDay as freeDayFor, login, makeRoomForDemoCustomer, slotAt, sql, unique } from './helpers'

let ops: Record<string, number>
let svc: Record<string, number>
let customerId: number

async function newCustomers(n: number): Promise<{ id: number; token: string }[]> {
  const out = []
  for (let i = 0; i < n; i++) {
    const email = `${unique('book')}@example.com`
    const res = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Cliente' } })
    out.push({ id: res.body.doc.id, token: await login(email, 'password123') })
  }
  return out
}

/** A future open day far from the seeded reservations (seed: up to +30 days). */
const freeDay = (offset: number) => freeDayFor(svc.Piega!, offset)

const session = async (token: string) => {
  const res = await api('POST', '/api/reservations/create-session', { token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id as number
}

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  customerId = (await sql(`select id from users where email = 'cliente@demo.salon'`))[0].id
  await makeRoomForDemoCustomer()
})

describe('a customer books', () => {
  it('create-session → slots → confirm → sees the reservation; the slot is gone', async () => {
    const day = await freeDay(33)
    const draft = await session((await tokenOf('USER'))!)
    const slot = await slotAt(day, [svc['Taglio donna'], svc.Piega], ops.Giulia, '10:00')
    const res = await api('POST', '/api/reservations/confirm', {
      as: 'USER',
      body: {
        id: draft,
        services: [svc['Taglio donna'], svc.Piega],
        operator: ops.Giulia,
        date_start: slot.start,
        note: 'Capelli lunghi',
      },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      id: draft,
      status: 'PENDING',
      operator: ops.Giulia,
      duration: 75,
      total_price: 55,
      user: customerId,
      note: 'Capelli lunghi',
    })
    expect(new Date(res.body.data.date_end).getTime() - new Date(slot.start).getTime()).toBe(75 * 60_000)
    expect(res.body.data.services).toEqual([svc['Taglio donna'], svc.Piega])

    const mine = await api('GET', `/api/reservations/${draft}`, { as: 'USER' })
    expect(mine.status).toBe(200)
    // Two services in their order, a note, a client card: the answer is what the customer reads.
    expect(res.body.data).toEqual(mine.body)
    const after = await api(
      'GET',
      `/api/reservations/time-availability-day?date=${day}&services=${svc.Piega}&operator=${ops.Giulia}`,
    )
    const overlapping = after.body.slots.filter(
      (s: any) => new Date(s.start) < new Date(res.body.data.date_end) && new Date(s.end) > new Date(slot.start),
    )
    expect(overlapping).toEqual([])
    const check = await api(
      'GET',
      `/api/reservations/check-availability?date_start=${encodeURIComponent(slot.start)}&services=${svc.Piega}&operator=${ops.Giulia}`,
    )
    expect(check.body).toMatchObject({ available: false, reason: 'OPERATOR_BUSY' })
  })

  it('the month overview lists days with slots and no Sunday or Monday', async () => {
    const month = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7)
    const res = await api('GET', `/api/reservations/availability-month?month=${month}&services=${svc.Piega}`)
    expect(res.status).toBe(200)
    expect(res.body.days.length).toBeGreaterThan(10)
    for (const d of res.body.days) expect(d.startsWith(month)).toBe(true)
    for (const d of res.body.days) expect([0, 1]).not.toContain(new Date(d + 'T12:00:00Z').getUTCDay())
  })

  it('confirm refuses price, duration, status or an end sent by the client', async () => {
    const draft = await session((await tokenOf('USER'))!)
    const day = await freeDay(34)
    const slot = await slotAt(day, [svc.Piega], 'any', '11:00')
    for (const extra of [
      { total_price: 1 },
      { duration: 5 },
      { status: 'CONFIRMED' },
      { date_end: slot.end },
      { user: 1 },
    ]) {
      const res = await api('POST', '/api/reservations/confirm', {
        as: 'USER',
        body: { id: draft, services: [svc.Piega], date_start: slot.start, ...extra },
      })
      expect(res.status, JSON.stringify(extra)).toBe(400)
    }
    expect((await sql('select status, date_start from reservations where id = $1', [draft]))[0]).toEqual({
      status: 'PENDING_CONFIRMATION',
      date_start: null,
    })
  })

  it("a customer cannot confirm someone else's draft, nor confirm twice", async () => {
    const [other] = await newCustomers(1)
    const draft = await session(other!.token)
    const day = await freeDay(35)
    const slot = await slotAt(day, [svc.Piega], 'any', '12:00')
    const body = { id: draft, services: [svc.Piega], date_start: slot.start }
    expect((await api('POST', '/api/reservations/confirm', { as: 'USER', body })).status).toBe(404)
    expect((await api('POST', '/api/reservations/confirm', { token: other!.token, body })).status).toBe(200)
    const again = await api('POST', '/api/reservations/confirm', { token: other!.token, body })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].data.reason).toBe('SESSION_CONFIRMED')
  })

  it('an expired draft cannot be confirmed and is cleaned up', async () => {
    const [c] = await newCustomers(1)
    const draft = await session(c!.token)
    await sql(`update reservations set created_at = now() - interval '11 minutes' where id = $1`, [draft])
    const day = await freeDay(36)
    const slot = await slotAt(day, [svc.Piega], 'any', '15:00')
    const res = await api('POST', '/api/reservations/confirm', {
      token: c!.token,
      body: { id: draft, services: [svc.Piega], date_start: slot.start },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors[0].data.reason).toBe('SESSION_EXPIRED')
    await session(c!.token) // a new session sweeps this customer's expired drafts
    expect(await sql('select id from reservations where id = $1', [draft])).toEqual([])
  })

  it('a customer holds at most 10 drafts at once', async () => {
    const [c] = await newCustomers(1)
    const opened = await Promise.all(
      Array.from({ length: 12 }, () => api('POST', '/api/reservations/create-session', { token: c!.token })),
    )
    expect(opened.filter((r) => r.status === 201)).toHaveLength(10)
    expect(opened.filter((r) => r.status === 429)).toHaveLength(2)
    expect((await sql(`select count(*)::int as n from reservations where user_id = $1`, [c!.id]))[0].n).toBe(10)
  })

  it('visitors cannot open sessions or confirm', async () => {
    expect((await api('POST', '/api/reservations/create-session')).status).toBe(401)
    expect(
      (
        await api('POST', '/api/reservations/confirm', {
          body: { id: 1, services: [1], date_start: '2030-01-01T10:00:00Z' },
        })
      ).status,
    ).toBe(401)
  })
})

describe('no double booking, ever', () => {
  it('50 concurrent confirms of overlapping times for one operator: exactly one succeeds', async () => {
    const day = await freeDay(38)
    const a = await slotAt(day, [svc.Piega], ops.Marco, '10:00')
    const b = await slotAt(day, [svc.Piega], ops.Marco, '10:15')
    const customers = await newCustomers(50)
    const drafts = await Promise.all(customers.map((c) => session(c.token)))
    const results = await Promise.all(
      customers.map((c, i) =>
        api('POST', '/api/reservations/confirm', {
          token: c.token,
          body: { id: drafts[i], services: [svc.Piega], operator: ops.Marco, date_start: (i % 2 ? b : a).start },
        }),
      ),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.errors[0].message).toMatch(/disponibile|prenotato/)
    const rows = await sql(
      `select id from reservations where operator_id = $1 and status in ('PENDING','CONFIRMED')
        and tstzrange(date_start, date_end) && tstzrange($2::timestamptz, $3::timestamptz)`,
      [ops.Marco, a.start, b.end],
    )
    expect(rows).toHaveLength(1)
    // 50 registrations and logins (password hashing) first: on a loaded 2-core machine that alone
    // can pass 30 s.
  }, 90_000)

  it('"any operator" with 2 eligible operators and 10 concurrent confirms of one time: exactly 2 bookings', async () => {
    const day = await freeDay(39)
    const slot = await slotAt(day, [svc.Colore], 'any', '15:00')
    expect(slot.operators.sort()).toEqual([ops.Giulia, ops.Marco].sort())
    const customers = await newCustomers(10)
    const drafts = await Promise.all(customers.map((c) => session(c.token)))
    const results = await Promise.all(
      customers.map((c, i) =>
        api('POST', '/api/reservations/confirm', {
          token: c.token,
          body: { id: drafts[i], services: [svc.Colore], operator: 'any', date_start: slot.start },
        }),
      ),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(2)
    expect(results.filter((r) => r.status === 409)).toHaveLength(8)
    expect(new Set(ok.map((r) => r.body.data.operator))).toEqual(new Set([ops.Giulia, ops.Marco]))
  })

  it('an admin cannot bypass the guard either: an overlapping booking is a 409, and the server computes price, duration and end', async () => {
    const day = await freeDay(40)
    const slot = await slotAt(day, [svc.Balayage], ops.Giulia, '09:00')
    // The server decides amounts and status: extra fields are refused, not obeyed.
    const sneaky = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: {
        user: customerId,
        operator: ops.Giulia,
        services: [svc.Balayage],
        date_start: slot.start,
        total_price: 1,
      },
    })
    expect(sneaky.status).toBe(400)
    expect(errorPaths(sneaky.body)).toContain('body')
    const first = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: customerId, operator: ops.Giulia, services: [svc.Balayage], date_start: slot.start },
    })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data).toMatchObject({ duration: 120, total_price: 95, status: 'CONFIRMED', user: customerId })
    expect(new Date(first.body.data.date_end).getTime() - new Date(slot.start).getTime()).toBe(120 * 60_000)
    const overlap = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: {
        user: customerId,
        operator: ops.Giulia,
        services: [svc.Piega],
        date_start: new Date(new Date(slot.start).getTime() + 60 * 60_000).toISOString(),
      },
    })
    expect(overlap.status).toBe(409)
    const changed = await api('PATCH', `/api/reservations/${first.body.data.id}/edit`, {
      as: 'ADMIN',
      body: { services: [svc.Piega] },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.data).toMatchObject({ duration: 30, total_price: 20 })
  })
})

async function tokenOf(role: 'USER' | 'OPERATOR' | 'ADMIN') {
  const { tokenFor } = await import('./helpers')
  return tokenFor(role)
}

/** A reservation in a given status, inserted directly (no operator, so the guard stays out of it). */
async function reservationIn(
  status: string,
  userId = customerId,
  startInHours = 24 * 20,
  operatorId: number | null = null,
) {
  const start = new Date(Date.now() + startInHours * 3_600_000)
  const [row] = await sql(
    `insert into reservations (user_id, operator_id, date_start, date_end, duration, total_price, status, created_at, updated_at)
     values ($1, $2, $3, $4, 30, 20, $5, now(), now()) returning id`,
    [userId, operatorId, start, new Date(start.getTime() + 30 * 60_000), status],
  )
  return row.id as number
}

describe('the status machine', () => {
  it('every illegal transition is a 409; every legal one a 200 (admin)', async () => {
    for (const from of RESERVATION_STATUSES) {
      for (const to of RESERVATION_STATUSES) {
        // Started an hour ago, with no operator: COMPLETED and NO_SHOW are legal only from the
        // start (and the no-show grace), which statuses-follow-time.test.ts checks.
        const id = await reservationIn(from, customerId, -1)
        const res = await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: to } })
        const legal = (STATUS_TRANSITIONS[from] as readonly string[]).includes(to)
        expect(res.status, `${from} → ${to}: ${JSON.stringify(res.body)}`).toBe(legal ? 200 : 409)
        const [row] = await sql('select status from reservations where id = $1', [id])
        expect(row.status).toBe(legal ? to : from)
      }
    }
  })

  it('an unknown status is a 400 naming status', async () => {
    const id = await reservationIn('PENDING')
    const res = await api('PUT', `/api/reservations/${id}/status`, { as: 'ADMIN', body: { status: 'DONE' } })
    expect(res.status).toBe(400)
    expect(errorPaths(res.body)).toContain('status')
  })

  it('a customer cancels their own booking inside the time limit, not outside it, not when disabled', async () => {
    const inside = await reservationIn('CONFIRMED', customerId, 24.1) // limit: 24 hours before
    expect(
      (await api('PUT', `/api/reservations/${inside}/status`, { as: 'USER', body: { status: 'CANCELLED' } })).status,
    ).toBe(200)
    const near = await reservationIn('CONFIRMED', customerId, 23.9)
    const late = await api('PUT', `/api/reservations/${near}/status`, { as: 'USER', body: { status: 'CANCELLED' } })
    expect(late.status).toBe(409)
    expect(late.body.errors[0].data.reason).toBe('TOO_LATE_TO_CANCEL')
    const [cfg] = await sql('select id from config limit 1')
    await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { cancellationEnabled: false } })
    try {
      const other = await reservationIn('CONFIRMED', customerId, 72)
      const off = await api('PUT', `/api/reservations/${other}/status`, { as: 'USER', body: { status: 'CANCELLED' } })
      expect(off.status).toBe(409)
      expect(off.body.errors[0].data.reason).toBe('CANCELLATION_DISABLED')
    } finally {
      await api('PATCH', `/api/config/${cfg.id}`, { as: 'ADMIN', body: { cancellationEnabled: true } })
    }
  })

  it('a customer can only cancel, and only their own', async () => {
    const own = await reservationIn('PENDING')
    expect(
      (await api('PUT', `/api/reservations/${own}/status`, { as: 'USER', body: { status: 'CONFIRMED' } })).status,
    ).toBe(403)
    const [other] = await sql(`select id from users where email = 'francesca.gallo@example.com'`)
    const theirs = await reservationIn('CONFIRMED', other.id)
    expect((await api('GET', `/api/reservations/${theirs}`, { as: 'USER' })).status).toBe(404)
    expect(
      (await api('PUT', `/api/reservations/${theirs}/status`, { as: 'USER', body: { status: 'CANCELLED' } })).status,
    ).toBe(404)
    expect((await api('PATCH', `/api/reservations/${theirs}`, { as: 'USER', body: { note: 'x' } })).status).toBe(403)
    expect((await api('PATCH', `/api/reservations/${theirs}/edit`, { as: 'USER', body: { note: 'x' } })).status).toBe(
      404,
    )
    expect((await sql('select status from reservations where id = $1', [theirs]))[0].status).toBe('CONFIRMED')
  })

  it('an operator moves only their own reservations', async () => {
    // Yesterday at night (02:00 or 03:00 in Rome): started, and no other booking of theirs then.
    const night =
      (Date.parse(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T01:00:00Z`) - Date.now()) / 3_600_000
    const mine = await reservationIn('CONFIRMED', customerId, night, ops.Giulia)
    const res = await api('PUT', `/api/reservations/${mine}/status`, { as: 'OPERATOR', body: { status: 'COMPLETED' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const marcos = await reservationIn('CONFIRMED', customerId, night, ops.Marco)
    expect(
      (await api('PUT', `/api/reservations/${marcos}/status`, { as: 'OPERATOR', body: { status: 'NO_SHOW' } })).status,
    ).toBe(404)
    expect((await sql('select status from reservations where id = $1', [marcos]))[0].status).toBe('CONFIRMED')
  })
})

describe('availability input', () => {
  it.each([
    ['/api/reservations/time-availability-day?date=2026-02-30&services=1', ['date']],
    ['/api/reservations/time-availability-day?date=domani&services=', ['date', 'services']],
    ['/api/reservations/time-availability-day?date=2030-01-08&services=1,1', ['services']],
    ['/api/reservations/time-availability-day?date=2030-01-08&services=abc', ['services.0']],
    ['/api/reservations/time-availability-day?date=2030-01-08&services=1&operator=nobody', ['operator']],
    ['/api/reservations/time-availability-day?date=2030-01-08&services=999999', ['services']],
    ['/api/reservations/check-availability?date_start=ieri&services=1', ['date_start']],
    ['/api/reservations/availability-month?month=2030-13&services=1', ['month']],
    ['/api/reservations/availability-month?month=2030-01&services=1&operator=999999', ['operator']],
  ])('%s → 400', async (path, fields) => {
    const res = await api('GET', path)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    for (const f of fields) expect(errorPaths(res.body)).toContain(f)
  })

  it.each([
    [
      'POST',
      '/api/reservations/confirm',
      { id: 'x', services: [], date_start: 'now' },
      ['id', 'services', 'date_start'],
    ],
    ['PUT', '/api/reservations/abc/status', { status: 'CANCELLED' }, ['id']],
  ])('%s %s with bad input → 400', async (method, path, body, fields) => {
    const res = await api(method, path, { as: 'USER', body })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    for (const f of fields) expect(errorPaths(res.body)).toContain(f)
  })
})

describe('edges found in review', () => {
  it('an admin editing a note, or moving the booking, keeps the price and duration agreed at booking', async () => {
    const day = await freeDay(41)
    const slot = await slotAt(day, [svc['Taglio uomo']], ops.Luca, '16:00')
    const created = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: customerId, operator: ops.Luca, services: [svc['Taglio uomo']], date_start: slot.start },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    await sql('update services set price = price + 10, time = time + 15 where id = $1', [svc['Taglio uomo']])
    try {
      const edited = await api('PATCH', `/api/reservations/${created.body.data.id}/edit`, {
        as: 'ADMIN',
        body: { note: 'Porta la foto del taglio' },
      })
      expect(edited.status).toBe(200)
      expect(edited.body.data).toMatchObject({
        note: 'Porta la foto del taglio',
        total_price: created.body.data.total_price,
        duration: created.body.data.duration,
        date_end: created.body.data.date_end,
      })
      const later = new Date(new Date(slot.start).getTime() + 60 * 60_000).toISOString()
      const moved = await api('PATCH', `/api/reservations/${created.body.data.id}/edit`, {
        as: 'ADMIN',
        body: { date_start: later },
      })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      expect(moved.body.data).toMatchObject({
        total_price: created.body.data.total_price,
        duration: created.body.data.duration,
      })
      expect(new Date(moved.body.data.date_end).getTime() - new Date(later).getTime()).toBe(
        created.body.data.duration * 60_000,
      )
    } finally {
      await sql('update services set price = price - 10, time = time - 15 where id = $1', [svc['Taglio uomo']])
    }
  })

  it('an unreadable start or a year beyond the calendar is a 400, not a 500', async () => {
    const bad = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: customerId, services: [svc.Piega], date_start: 'domani' },
    })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('date_start')
    const far = await api(
      'GET',
      `/api/reservations/check-availability?date_start=9999-12-31T23:30:00Z&services=${svc.Piega}`,
    )
    expect(far.status).toBe(400)
    expect(errorPaths(far.body)).toContain('date_start')
    expect(
      (await api('GET', `/api/reservations/time-availability-day?date=9999-12-31&services=${svc.Piega}`)).status,
    ).toBe(400)
  })

  it('a draft without a time can be cancelled but never turned into a booking', async () => {
    const draft = await session((await tokenOf('USER'))!)
    expect(
      (await api('PUT', `/api/reservations/${draft}/status`, { as: 'ADMIN', body: { status: 'CONFIRMED' } })).status,
    ).toBe(409)
    expect(
      (
        await api('PATCH', `/api/reservations/${draft}/edit`, {
          as: 'ADMIN',
          body: { date_start: new Date(Date.now() + 86_400_000 * 50).toISOString() },
        })
      ).status,
    ).toBe(409)
    expect(
      (await api('PUT', `/api/reservations/${draft}/status`, { as: 'USER', body: { status: 'CANCELLED' } })).status,
    ).toBe(200)
  })

  it('an operator can book for themselves and read the booking back', async () => {
    const res = await api('POST', '/api/reservations/create-session', { as: 'OPERATOR' })
    expect(res.status).toBe(201)
    expect(res.body.data.status).toBe('PENDING_CONFIRMATION')
  })
})
