/**
 * Abuse of the calendar (issue 10 §7): registrations are limited per client address, a customer
 * holds at most `config.maxOpenBookings` open bookings (staff exempt), and with
 * `requireEmailVerification` an unconfirmed customer neither confirms nor moves a booking.
 * The test server trusts X-Forwarded-For (TRUST_PROXY=true), so each test acts from its own address.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { api, freshAddress, login, sql, unique } from './helpers'

let svc: Record<string, number>

const register = (email: string, address: string, password = 'password123') =>
  api('POST', '/api/users', { body: { email, password, name: 'Rosa' }, headers: { 'x-forwarded-for': address } })

async function newCustomer(role: 'USER' | 'OPERATOR' = 'USER') {
  const email = `${unique('abuse')}@example.com`
  const res = await register(email, freshAddress())
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  if (role !== 'USER') await sql('update users set user_role = $2 where id = $1', [res.body.doc.id, role])
  return { id: res.body.doc.id as number, email, token: await login(email, 'password123') }
}

/** Free starts for Piega on a day past the seed (+30) and the other suites (+33…+49), an hour apart. */
async function spacedSlots(offset: number, n: number): Promise<string[]> {
  for (let d = offset; d < offset + 10; d++) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    const res = await api(
      'GET',
      `/api/reservations/time-availability-day?date=${day}&services=${svc.Piega}&operator=any`,
    )
    if (res.status !== 200) continue
    const starts: string[] = []
    for (const s of res.body.slots as { start: string }[]) {
      const last = starts.at(-1)
      if (!last || new Date(s.start).getTime() - new Date(last).getTime() >= 60 * 60_000) starts.push(s.start)
    }
    if (starts.length >= n) return starts.slice(0, n)
  }
  throw new Error('no day with enough free times')
}

async function book(token: string, date_start: string) {
  const draft = await api('POST', '/api/reservations/create-session', { token })
  expect(draft.status, JSON.stringify(draft.body)).toBe(201)
  const id = draft.body.data.id as number
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id, services: [svc.Piega], operator: 'any', date_start },
  })
  return { id, res }
}

const configId = async () => (await sql('select id from config order by id limit 1'))[0].id as number

beforeAll(async () => {
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
})

describe('registrations per address', () => {
  it('5 registrations an hour from one address; the 6th is 429 with Retry-After, in Italian, and writes nothing', async () => {
    const address = freshAddress()
    for (let i = 0; i < 5; i++) {
      const res = await register(`${unique('reg')}@example.com`, address)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const email = `${unique('reg6')}@example.com`
    const refused = await register(email, address)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.body.errors[0].message).toMatch(/^Troppe registrazioni da questa connessione: riprova tra \d+ minut/)
    expect(refused.body.errors[0].data.reason).toBe('TOO_MANY_REGISTRATIONS')
    expect(await sql('select id from users where email = $1', [email])).toEqual([])
    // Another address is not affected.
    expect((await register(email, freshAddress())).status).toBe(201)
  })

  it('concurrent registrations from one address cannot overshoot: exactly 5 of 10 are created', async () => {
    const address = freshAddress()
    const prefix = unique('race')
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register(`${prefix}-${i}@example.com`, address)),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429])
    const rows = await sql('select id from users where email like $1', [`${prefix}-%`])
    expect(rows).toHaveLength(5)
  })

  it('25 registrations at once from 25 addresses (more than the 10 pool connections): all created, none waits on the pool', async () => {
    // The per-address count runs on each registration's own transaction: were it to ask the pool
    // for a second connection, 10 open transactions would starve it (15 s wait, then 500s).
    const prefix = unique('burst')
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => register(`${prefix}-${i}@example.com`, freshAddress())),
    )
    expect(results.map((r) => r.status)).toEqual(Array(25).fill(201))
    expect(await sql('select id from users where email like $1', [`${prefix}-%`])).toHaveLength(25)
  })

  it('a refused registration (address taken, short password) does not use up the limit', async () => {
    const address = freshAddress()
    for (let i = 0; i < 4; i++) expect((await register('cliente@demo.salon', address)).status).toBe(400)
    for (let i = 0; i < 4; i++)
      expect((await register(`${unique('short')}@example.com`, address, 'corta')).status).toBe(400)
    for (let i = 0; i < 5; i++) expect((await register(`${unique('ok')}@example.com`, address)).status).toBe(201)
    expect((await register(`${unique('no')}@example.com`, address)).status).toBe(429)
  })

  it('an admin adding accounts is not limited', async () => {
    const address = freshAddress()
    for (let i = 0; i < 6; i++) {
      const res = await api('POST', '/api/users', {
        as: 'ADMIN',
        body: { email: `${unique('adm')}@example.com`, password: 'password123', name: 'Staff' },
        headers: { 'x-forwarded-for': address },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
  })
})

describe('open bookings per customer', () => {
  it('the public config tells the site the cap (default 3)', async () => {
    const home = await api('GET', '/api/pages/home')
    expect(home.status).toBe(200)
    expect(home.body.config.maxOpenBookings).toBe(3)
  })

  it('a customer confirms 3 bookings; the 4th is 409 TOO_MANY_BOOKINGS and changes nothing; after a cancellation it goes through', async () => {
    const me = await newCustomer()
    const starts = await spacedSlots(50, 5)
    for (const start of starts.slice(0, 3)) {
      const { res } = await book(me.token, start)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const { id: fourth, res: refused } = await book(me.token, starts[3]!)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].data).toMatchObject({ reason: 'TOO_MANY_BOOKINGS', limit: 3 })
    expect(refused.body.errors[0].message).toMatch(/al massimo 3 appuntamenti.*I miei appuntamenti/)
    expect((await sql('select status, date_start, operator_id from reservations where id = $1', [fourth]))[0]).toEqual({
      status: 'PENDING_CONFIRMATION',
      date_start: null,
      operator_id: null,
    })
    const open = await sql(
      `select id from reservations where user_id = $1 and status not in ('PENDING_CONFIRMATION', 'CANCELLED')`,
      [me.id],
    )
    expect(open).toHaveLength(3)

    const cancel = await api('PUT', `/api/reservations/${open[0].id}/status`, {
      token: me.token,
      body: { status: 'CANCELLED' },
    })
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    const again = await api('POST', '/api/reservations/confirm', {
      token: me.token,
      body: { id: fourth, services: [svc.Piega], operator: 'any', date_start: starts[3] },
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
  })

  it('past bookings do not count', async () => {
    const me = await newCustomer()
    const starts = await spacedSlots(51, 4)
    for (const start of starts.slice(0, 3)) expect((await book(me.token, start)).res.status).toBe(200)
    await sql(
      // Without its operator: 100 days ago that operator's chair held the demo's appointments.
      `update reservations set date_start = date_start - interval '100 days', date_end = date_end - interval '100 days',
              operator_id = null
        where id = (select id from reservations where user_id = $1 and status <> 'PENDING_CONFIRMATION' order by id limit 1)`,
      [me.id],
    )
    expect((await book(me.token, starts[3]!)).res.status).toBe(200)
  })

  it('concurrent confirms of one customer cannot overshoot the cap', async () => {
    const me = await newCustomer()
    const starts = await spacedSlots(52, 6)
    const drafts = await Promise.all(
      starts.map(async () => (await api('POST', '/api/reservations/create-session', { token: me.token })).body.data.id),
    )
    const results = await Promise.all(
      starts.map((date_start, i) =>
        api('POST', '/api/reservations/confirm', {
          token: me.token,
          body: { id: drafts[i], services: [svc.Piega], operator: 'any', date_start },
        }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409])
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.errors[0].data.reason).toBe('TOO_MANY_BOOKINGS')
  })

  it('staff are exempt: an operator books a 4th for themselves', async () => {
    const staff = await newCustomer('OPERATOR')
    const starts = await spacedSlots(53, 4)
    for (const start of starts) {
      const { res } = await book(staff.token, start)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
  })

  it('0 in config means no cap', async () => {
    const cfg = await configId()
    const me = await newCustomer()
    const starts = await spacedSlots(54, 4)
    expect((await api('PATCH', `/api/config/${cfg}`, { as: 'ADMIN', body: { maxOpenBookings: 0 } })).status).toBe(200)
    try {
      for (const start of starts) expect((await book(me.token, start)).res.status).toBe(200)
    } finally {
      await api('PATCH', `/api/config/${cfg}`, { as: 'ADMIN', body: { maxOpenBookings: 3 } })
    }
    expect((await sql('select max_open_bookings from config where id = $1', [cfg]))[0].max_open_bookings).toBe('3')
  })
})

describe('a verified e-mail before booking', () => {
  it('with the switch on, an unconfirmed customer cannot confirm nor move; staff can move their booking; cancelling stays possible', async () => {
    const cfg = await configId()
    const me = await newCustomer()
    const [a, b, c] = await spacedSlots(55, 3)
    const { id: booked, res } = await book(me.token, a!)
    expect(res.status).toBe(200)
    const draft = (await api('POST', '/api/reservations/create-session', { token: me.token })).body.data.id
    await api('PATCH', `/api/config/${cfg}`, { as: 'ADMIN', body: { requireEmailVerification: true } })
    try {
      const confirm = await api('POST', '/api/reservations/confirm', {
        token: me.token,
        body: { id: draft, services: [svc.Piega], operator: 'any', date_start: b },
      })
      expect(confirm.status).toBe(403)
      expect(confirm.body.errors[0].data.reason).toBe('EMAIL_NOT_VERIFIED')
      expect((await sql('select status from reservations where id = $1', [draft]))[0].status).toBe(
        'PENDING_CONFIRMATION',
      )

      const move = await api('POST', `/api/reservations/${booked}/move`, { token: me.token, body: { date_start: b } })
      expect(move.status).toBe(403)
      expect(move.body.errors[0].data.reason).toBe('EMAIL_NOT_VERIFIED')
      expect(move.body.errors[0].message).toMatch(/Conferma il tuo indirizzo e-mail/)
      const [row] = await sql('select date_start from reservations where id = $1', [booked])
      expect(new Date(row.date_start).toISOString()).toBe(new Date(a!).toISOString())

      // 'any': other tests of this file may have booked this booking's operator at c meanwhile.
      const byStaff = await api('POST', `/api/reservations/${booked}/move`, {
        as: 'ADMIN',
        body: { date_start: c, operator: 'any' },
      })
      expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200)

      const cancel = await api('PUT', `/api/reservations/${booked}/status`, {
        token: me.token,
        body: { status: 'CANCELLED' },
      })
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    } finally {
      await api('PATCH', `/api/config/${cfg}`, { as: 'ADMIN', body: { requireEmailVerification: false } })
    }
  })
})
