/**
 * Issue 24: checkout, takings and the agenda's view of cards, over HTTP against the real server
 * and PostgreSQL (docs/api.md "Checkout", "Takings", "Booking at the desk").
 *
 * The bookings are written with SQL at times the API would not take (already started, and not yet
 * ended, so that no completion job touches them), each on an operator record of its own
 * (inactive: the public never sees them, nobody else books them); two records are linked to
 * OPERATOR accounts of this file's own ("mine" and "another agenda"). The takings and the KPIs
 * are checked on rows seeded in October 2013 and May 2014, months no other suite writes in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkoutResponse, reservationDetailResponse, takingsResponse } from '@salon/shared'
import { BASE_URL, BASE_URL_B, api, errorPaths, login, registerCustomers, sql, tokenFor, unique } from './helpers'

const MIN = 60_000
const reservationIds: number[] = []
const clientIds: number[] = []
const operatorIds: number[] = []
/** An OPERATOR account with an operator record of its own, and a second one for "another agenda". */
let mine: { token: string; userId: number; operator: number }
let another: { token: string; userId: number; operator: number }
let customer: { token: string; id: number }
let svc: { id: number; price: number }[]

async function operatorAccount(prefix: string) {
  const email = `${unique(prefix)}@example.com`
  const created = await api('POST', '/api/users', { body: { email, password: 'password123', name: prefix } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await sql(`update users set user_role = 'OPERATOR' where email = $1`, [email])
  const userId = (await sql('select id from users where email = $1', [email]))[0].id as number
  const record = await api('POST', '/api/operators', {
    as: 'ADMIN',
    body: { name: unique(prefix), surname: 'Cassa', active: false, user: userId },
  })
  expect(record.status, JSON.stringify(record.body)).toBe(201)
  return { token: await login(email, 'password123'), userId, operator: record.body.doc.id as number }
}

/** An operator record of this file's own, without an account: only admins check its bookings out. */
async function newOperator() {
  const [row] = await sql(`insert into operators (name, surname, active) values ($1, 'Cassa', false) returning id`, [
    unique('Banco'),
  ])
  operatorIds.push(row.id)
  return row.id as number
}

/**
 * A booking written as an import would: `status` from `startMs` (default: 10 minutes ago) for
 * `minutes` (default 120), at `price`, with an operator of its own unless one is given.
 */
async function booking(
  opts: {
    operator?: number | null
    startMs?: number
    minutes?: number
    price?: number
    status?: string
    user?: number | null
    client?: number | null
    services?: number[]
  } = {},
) {
  const start = opts.startMs ?? Date.now() - 10 * MIN
  const minutes = opts.minutes ?? 120
  const [r] = await sql(
    `insert into reservations (user_id, client_id, operator_id, status, date_start, date_end, duration, total_price, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now()) returning id`,
    [
      opts.user ?? null,
      opts.client ?? null,
      opts.operator === undefined ? await newOperator() : opts.operator,
      opts.status ?? 'CONFIRMED',
      new Date(start),
      new Date(start + minutes * MIN),
      minutes,
      opts.price ?? 45.5,
    ],
  )
  for (const [i, s] of (opts.services ?? [svc[0]!.id]).entries())
    await sql(`insert into reservations_rels ("order", parent_id, path, services_id) values ($1, $2, 'services', $3)`, [
      i + 1,
      r.id,
      s,
    ])
  reservationIds.push(r.id)
  return r.id as number
}

async function card(fields: { name: string; email?: string | null; allergies?: string | null; anonymised?: boolean }) {
  const [c] = await sql(
    `insert into clients (name, surname, phone_number, email, allergies, anonymised_at)
     values ($1, 'Banco', '333 111 2222', $2, $3, $4) returning id`,
    [fields.name, fields.email ?? null, fields.allergies ?? null, fields.anonymised ? new Date() : null],
  )
  clientIds.push(c.id)
  return c.id as number
}

type Who = { token: string } | { as: 'ADMIN' | 'OPERATOR' | 'USER' | 'visitor' }
const pay = (id: number | string, body: unknown, who: Who = { as: 'ADMIN' }, base?: string) =>
  api('POST', `/api/reservations/${id}/checkout`, { ...who, body, base })
const asMine = (): Who => ({ token: mine.token })

/** 45.50 less 10 % (4.55) = 40.95, plus a 2.50 tip: 43.45, by card and in cash. */
const PERCENT_BODY = {
  discount: { kind: 'PERCENT', value: 10 },
  tip: 2.5,
  payments: [
    { method: 'CARD', amount: 30 },
    { method: 'CASH', amount: 13.45 },
  ],
}

const checkoutRow = async (id: number) =>
  (
    await sql(
      `select subtotal::text, discount_kind, discount_value::text, discount::text, total::text, tip::text, by_id, at
         from reservation_checkouts where reservation_id = $1`,
      [id],
    )
  )[0]
const paymentRows = (id: number) =>
  sql(
    `select method, amount::text, position from reservation_payments where reservation_id = $1 order by position, id`,
    [id],
  )
const statusOf = async (id: number) =>
  (
    await sql(`select status, total_price::numeric(10, 2)::text as total_price from reservations where id = $1`, [id])
  )[0]
const eventsOf = (id: number) =>
  sql(
    `select kind, from_status, to_status, changes, actor_id from reservation_events where reservation_id = $1 order by id`,
    [id],
  )

beforeAll(async () => {
  ;[mine, another] = [await operatorAccount('cassa'), await operatorAccount('altracassa')]
  const [token] = await registerCustomers(1, 'checkoutcustomer')
  customer = { token: token!, id: (await api('GET', '/api/auth/me', { token })).body.user.id }
  svc = (await sql(`select id, price::float8 as price from services where active order by id limit 3`)).map((r) => ({
    id: r.id,
    price: Number(r.price),
  }))
  expect(svc.length).toBe(3)
})

afterAll(async () => {
  await sql('delete from reservations where id = any($1::int[])', [reservationIds])
  await sql('delete from clients where id = any($1::int[])', [clientIds])
  await sql('delete from operators where id = any($1::int[])', [operatorIds])
})

describe('POST /api/reservations/:id/checkout', () => {
  it('records a PERCENT discount, a tip and two methods exactly; the booking becomes COMPLETED with one event', async () => {
    const id = await booking({ user: customer.id, operator: mine.operator })
    const before = Date.now()
    const res = await pay(id, PERCENT_BODY, asMine())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(checkoutResponse.parse(res.body)).toEqual(res.body)
    expect(res.body).toMatchObject({
      id,
      status: 'COMPLETED',
      paid: {
        subtotal: 45.5,
        discount: 4.55,
        total: 40.95,
        tip: 2.5,
        payments: [
          { method: 'CARD', amount: 30 },
          { method: 'CASH', amount: 13.45 },
        ],
        by: { id: mine.userId, name: expect.any(String) },
      },
    })
    expect(Date.parse(res.body.paid.at)).toBeGreaterThanOrEqual(before - 1000)

    expect(await checkoutRow(id)).toMatchObject({
      subtotal: '45.50',
      discount_kind: 'PERCENT',
      discount_value: '10.00',
      discount: '4.55',
      total: '40.95',
      tip: '2.50',
      by_id: mine.userId,
    })
    expect(await paymentRows(id)).toEqual([
      { method: 'CARD', amount: '30.00', position: 0 },
      { method: 'CASH', amount: '13.45', position: 1 },
    ])
    // The agreed price stays; the booking is completed by one status change of its operator.
    expect(await statusOf(id)).toEqual({ status: 'COMPLETED', total_price: '45.50' })
    const events = await eventsOf(id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      kind: 'STATUS_CHANGED',
      from_status: 'CONFIRMED',
      to_status: 'COMPLETED',
      actor_id: mine.userId,
      changes: { status: { from: 'CONFIRMED', to: 'COMPLETED' } },
    })

    // The booking page shows what was paid, and no second checkout.
    const detail = await api('GET', `/api/reservations/${id}/detail`, asMine())
    expect(detail.status).toBe(200)
    expect(reservationDetailResponse.parse(detail.body)).toEqual(detail.body)
    expect(detail.body.paid).toEqual(res.body.paid)
    expect(detail.body.actions.checkout).toEqual({ allowed: false, reason: 'ALREADY_PAID' })
  })

  it('payments that do not add up: 400 PAYMENTS_MISMATCH naming payments with the amount due, nothing written', async () => {
    const id = await booking()
    const short = { ...PERCENT_BODY, payments: [{ method: 'CASH', amount: 43.44 }] }
    const res = await pay(id, short)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].data).toMatchObject({ code: 'PAYMENTS_MISMATCH', params: { expected: 43.45 } })
    expect(errorPaths(res.body)).toEqual(['payments'])
    expect(res.body.errors[0].data.errors[0].message).toBe('I pagamenti devono fare 43,45 €')
    // One cent too much is as wrong as one too little.
    expect((await pay(id, { ...short, payments: [{ method: 'CASH', amount: 43.46 }] })).status).toBe(400)

    const over = await pay(id, {
      discount: { kind: 'AMOUNT', value: 45.51 },
      payments: [{ method: 'CASH', amount: 1 }],
    })
    expect(over.status).toBe(400)
    expect(over.body.errors[0].data.code).toBe('DISCOUNT_OVER_TOTAL')
    expect(errorPaths(over.body)).toEqual(['discount.value'])

    for (const bad of [
      { payments: [] },
      { payments: [{ method: 'CHEQUE', amount: 10 }] },
      { payments: [{ method: 'CASH', amount: 1.005 }] },
      { payments: [{ method: 'CASH', amount: 45.5 }], tip: -1 },
      { payments: [{ method: 'CASH', amount: 45.5 }], discount: { kind: 'PERCENT', value: 101 } },
      { payments: [{ method: 'CASH', amount: 45.5 }], services: [999999] },
      { payments: [{ method: 'CASH', amount: 45.5 }], total: 45.5 },
    ]) {
      const r = await pay(id, bad)
      expect(r.status, JSON.stringify(bad)).toBe(400)
    }
    expect(await checkoutRow(id)).toBeUndefined()
    expect(await paymentRows(id)).toEqual([])
    expect((await statusOf(id)).status).toBe('CONFIRMED')
    expect(await eventsOf(id)).toEqual([])

    // An AMOUNT discount of the whole subtotal leaves only the tip to pay.
    const free = await pay(id, {
      discount: { kind: 'AMOUNT', value: 45.5 },
      tip: 3,
      payments: [{ method: 'CASH', amount: 3 }],
    })
    expect(free.status, JSON.stringify(free.body)).toBe(200)
    expect(free.body.paid).toMatchObject({ subtotal: 45.5, discount: 45.5, total: 0, tip: 3 })
  })

  it('before the start 409 NOT_STARTED (naming the start); twice 409 ALREADY_PAID; other statuses ILLEGAL_TRANSITION', async () => {
    const startMs = Date.now() + 60 * MIN
    const ahead = await booking({ startMs, minutes: 30 })
    const early = await pay(ahead, PERCENT_BODY)
    expect(early.status).toBe(409)
    expect(early.body.errors[0].data).toMatchObject({
      code: 'NOT_STARTED',
      params: { from: new Date(startMs).toISOString() },
    })
    expect(await checkoutRow(ahead)).toBeUndefined()

    const id = await booking()
    expect((await pay(id, PERCENT_BODY)).status).toBe(200)
    const again = await pay(id, PERCENT_BODY)
    expect(again.status).toBe(409)
    expect(again.body.errors[0].data.code).toBe('ALREADY_PAID')
    expect(await paymentRows(id)).toHaveLength(2)

    for (const status of ['CANCELLED', 'NO_SHOW', 'REJECTED', 'PENDING_PAYMENT']) {
      const other = await booking({ status, startMs: Date.now() - 200 * MIN, minutes: 30 })
      const res = await pay(other, PERCENT_BODY)
      expect(res.status, status).toBe(409)
      expect(res.body.errors[0].data.code).toBe('ILLEGAL_TRANSITION')
    }
    expect((await pay(999_999_999, PERCENT_BODY)).status).toBe(404)
    const badId = await pay('abc', PERCENT_BODY)
    expect(badId.status).toBe(400)
    expect(errorPaths(badId.body)).toEqual(['id'])
  })

  it('a COMPLETED booking without a payment can be checked out (its status stays, no new status event)', async () => {
    // On "mine", well before the happy path's booking of the same operator.
    const id = await booking({
      operator: mine.operator,
      status: 'COMPLETED',
      startMs: Date.now() - 300 * MIN,
      minutes: 60,
    })
    const res = await pay(id, { payments: [{ method: 'OTHER', amount: 45.5 }] }, asMine())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.paid).toMatchObject({ subtotal: 45.5, discount: 0, total: 45.5, tip: 0 })
    expect((await statusOf(id)).status).toBe('COMPLETED')
    expect(await eventsOf(id)).toEqual([])
  })

  it('two desks checking out the same booking at once: exactly one 200, the others 409 ALREADY_PAID', async () => {
    const id = await booking()
    const body = { payments: [{ method: 'CASH', amount: 45.5 }] }
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(id, body, { as: 'ADMIN' }, i % 2 && BASE_URL_B ? BASE_URL_B : undefined)),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 409, 409, 409, 409, 409])
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.errors[0].data.code).toBe('ALREADY_PAID')
    expect(await paymentRows(id)).toHaveLength(1)
    expect((await eventsOf(id)).filter((e) => e.to_status === 'COMPLETED')).toHaveLength(1)
  })

  it('who: an operator of another agenda 403, the customer 403, a visitor 401; nothing written', async () => {
    const id = await booking({ user: customer.id })
    const other = await pay(id, PERCENT_BODY, { token: another.token })
    expect(other.status).toBe(403)
    expect(other.body.errors[0].data.code).toBe('FORBIDDEN_ROLE')
    expect((await pay(id, PERCENT_BODY, { token: customer.token })).status).toBe(403)
    expect((await pay(id, PERCENT_BODY, { as: 'USER' })).status).toBe(403)
    // A customer is refused before the body is read.
    expect((await pay(id, { nonsense: true }, { token: customer.token })).status).toBe(403)
    expect((await pay(id, PERCENT_BODY, { as: 'visitor' })).status).toBe(401)
    expect(await checkoutRow(id)).toBeUndefined()
    expect((await statusOf(id)).status).toBe('CONFIRMED')
    // A booking page the other operator may not see does not exist for them.
    expect((await api('GET', `/api/reservations/${id}/detail`, { token: another.token })).status).toBe(404)
  })

  it('the services actually done replace the booking’s and are priced at today’s catalogue; the agreed price stays', async () => {
    const id = await booking({ price: 99, services: [svc[0]!.id] })
    const done = [svc[1]!.id, svc[2]!.id]
    const subtotal = Math.round((svc[1]!.price + svc[2]!.price) * 100) / 100
    const res = await pay(id, { services: done, payments: [{ method: 'CARD', amount: subtotal }] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.paid).toMatchObject({ subtotal, discount: 0, total: subtotal, tip: 0 })
    const rels = await sql(
      `select services_id from reservations_rels where parent_id = $1 and path = 'services' order by "order"`,
      [id],
    )
    expect(rels.map((r) => r.services_id)).toEqual(done)
    expect(Number((await statusOf(id)).total_price)).toBe(99)
    const events = await eventsOf(id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      kind: 'STATUS_CHANGED',
      changes: { status: { to: 'COMPLETED' }, services: { from: [svc[0]!.id], to: done } },
    })
    // The old price would not do now.
    const again = await booking({ price: 99, services: [svc[0]!.id] })
    const wrong = await pay(again, { services: done, payments: [{ method: 'CARD', amount: 99 }] })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].data.params.expected).toBe(subtotal)
  })

  it('an undo of the completion within its minutes drops the checkout, so a wrong one is entered again', async () => {
    const id = await booking()
    expect((await pay(id, PERCENT_BODY)).status).toBe(200)
    const undone = await api('POST', `/api/reservations/${id}/undo`, { as: 'ADMIN' })
    expect(undone.status, JSON.stringify(undone.body)).toBe(200)
    expect((await statusOf(id)).status).toBe('CONFIRMED')
    expect(await checkoutRow(id)).toBeUndefined()
    expect(await paymentRows(id)).toEqual([])
    const redo = await pay(id, { payments: [{ method: 'CARD', amount: 45.5 }] })
    expect(redo.status, JSON.stringify(redo.body)).toBe(200)
    expect(await paymentRows(id)).toEqual([{ method: 'CARD', amount: '45.50', position: 0 }])
  })
})

describe('the agenda and the booking page: client, paid, actions.checkout', () => {
  it('carry the card (contact, account, allergies), what was paid and the checkout button', async () => {
    const deskCard = await card({ name: unique('Rosa'), allergies: 'PPD' })
    const mailCard = await card({ name: unique('Anna'), email: 'anna.banco@example.com' })
    const erased = await card({ name: 'Cliente cancellato', anonymised: true })
    // Today, ahead (not started), for the desk card; started ones for the others.
    const startMs = Date.now() + 30 * MIN
    const walkIn = await booking({ client: deskCard, startMs, minutes: 15 })
    const withMail = await booking({ client: mailCard })
    const withAccount = await booking({ user: customer.id })
    const gone = await booking({ client: erased })
    const anonymous = await booking({ client: null })
    expect((await pay(withMail, { tip: 1, payments: [{ method: 'CASH', amount: 46.5 }] })).status).toBe(200)

    const days = [...new Set([startMs, Date.now() - 10 * MIN].map((t) => localDay(t)))].sort()
    const res = await api('GET', `/api/reservations/agenda?from=${days[0]}&to=${days[days.length - 1]}`, {
      as: 'ADMIN',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const item = (id: number) => res.body.reservations.find((r: { id: number }) => r.id === id)

    expect(item(walkIn).client).toEqual({
      id: deskCard,
      name: expect.stringMatching(/^Rosa/),
      surname: 'Banco',
      phone: '333 111 2222',
      email: null,
      hasAccount: false,
      allergies: 'PPD',
      blocked: false,
      contact: 'NONE',
    })
    // No account: no customer (a card id is no user id); the card says who it is.
    expect(item(walkIn).customer).toBeNull()
    expect(item(walkIn).paid).toBeNull()
    expect(item(walkIn).actions.checkout).toEqual({ allowed: false, reason: 'NOT_STARTED' })

    expect(item(withMail).client).toMatchObject({ id: mailCard, contact: 'EMAIL', hasAccount: false })
    expect(item(withMail).paid).toMatchObject({ total: 45.5, tip: 1, payments: [{ method: 'CASH', amount: 46.5 }] })
    expect(item(withMail).actions.checkout).toEqual({ allowed: false, reason: 'ALREADY_PAID' })

    const account = item(withAccount)
    expect(account.customer).toMatchObject({ id: customer.id })
    expect(account.client).toMatchObject({ hasAccount: true, contact: 'EMAIL' })
    expect(account.client.email).toBe(account.customer.email)
    expect(account.actions.checkout).toEqual({ allowed: true })

    expect(item(gone).client).toBeNull()
    expect(item(anonymous).client).toBeNull()
    expect(item(anonymous).actions.checkout).toEqual({ allowed: true })

    // The dashboard's list of today names the desk's card when there is no account.
    if (localDay(startMs) === localDay(Date.now())) {
      const today = await api('GET', '/api/pages/dashboard-index?period=today', { as: 'ADMIN' })
      const listed = today.body.today.agenda.find((b: { id: number }) => b.id === walkIn)
      expect(listed.customer).toBe(`${item(walkIn).client.name} Banco`)
    }

    // The booking page says the same.
    const detail = await api('GET', `/api/reservations/${walkIn}/detail`, { as: 'ADMIN' })
    expect(reservationDetailResponse.parse(detail.body)).toEqual(detail.body)
    expect(detail.body.client).toEqual(item(walkIn).client)
    expect(detail.body.actions.checkout).toEqual({ allowed: false, reason: 'NOT_STARTED' })
  })
})

/** The local day (Europe/Rome, the demo salon's zone) of an instant. */
const localDay = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(t))

describe('GET /api/reports/takings and takings.csv', () => {
  // 26–27 October 2013 (Rome: summer time ends on the 27th at 03:00), on the two linked records.
  const seeded: number[] = []
  let opA: { id: number; name: string }
  let opB: { id: number; name: string }

  async function paid(
    operator: number,
    at: string,
    total: number,
    tip: number,
    payments: [string, number][],
    client: number | null,
  ) {
    const id = await booking({
      operator,
      startMs: Date.parse(at) - 60 * MIN,
      minutes: 30,
      status: 'COMPLETED',
      price: total,
      client,
    })
    await sql(
      `insert into reservation_checkouts (reservation_id, subtotal, discount, total, tip, at) values ($1, $2, 0, $2, $3, $4)`,
      [id, total, tip, at],
    )
    for (const [i, [method, amount]] of payments.entries())
      await sql(`insert into reservation_payments (reservation_id, method, amount, position) values ($1, $2, $3, $4)`, [
        id,
        method,
        amount,
        i,
      ])
    seeded.push(id)
    return id
  }

  beforeAll(async () => {
    // A rerun on the same database starts from nothing in those days.
    await sql(`delete from reservation_checkouts where at >= '2013-10-20' and at < '2013-11-05'`)
    opA = { id: mine.operator, name: (await sql('select name from operators where id = $1', [mine.operator]))[0].name }
    opB = {
      id: another.operator,
      name: (await sql('select name from operators where id = $1', [another.operator]))[0].name,
    }
    const rosa = await card({ name: 'Rosa', email: null })
    // 23:59 in Rome on the 26th (summer time, UTC+2).
    await paid(opA.id, '2013-10-26T21:59:00Z', 40, 2, [['CARD', 42]], rosa)
    // 00:30 in Rome on the 27th: the next local day, though still the 26th in UTC.
    await paid(
      opA.id,
      '2013-10-26T22:30:00Z',
      54.5,
      5,
      [
        ['CARD', 40],
        ['CASH', 19.5],
      ],
      rosa,
    )
    // 13:00 in Rome on the 27th (winter time, UTC+1), nobody's card.
    await paid(opB.id, '2013-10-27T12:00:00Z', 30, 0, [['TRANSFER', 30]], null)
    // The 28th at 00:10 in Rome: outside the range below.
    await paid(opB.id, '2013-10-27T23:10:00Z', 10, 0, [['OTHER', 10]], null)
  })

  it('groups by the local day of the payment, operator and method; tips apart', async () => {
    const res = await api('GET', '/api/reports/takings?from=2013-10-26&to=2013-10-27', { as: 'ADMIN' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(takingsResponse.parse(res.body)).toEqual(res.body)
    const byOperatorName = [opA, opB].sort((a, b) => a.name.localeCompare(b.name, 'it'))
    expect(res.body).toEqual({
      from: '2013-10-26',
      to: '2013-10-27',
      timezone: 'Europe/Rome',
      totals: { total: 131.5, tips: 7, visits: 3, byMethod: { CASH: 19.5, CARD: 82, TRANSFER: 30, OTHER: 0 } },
      days: [
        {
          date: '2013-10-26',
          total: 42,
          tips: 2,
          visits: 1,
          byMethod: { CASH: 0, CARD: 42, TRANSFER: 0, OTHER: 0 },
          byOperator: [{ operator: opA, total: 42, tips: 2, visits: 1 }],
        },
        {
          date: '2013-10-27',
          total: 89.5,
          tips: 5,
          visits: 2,
          byMethod: { CASH: 19.5, CARD: 40, TRANSFER: 30, OTHER: 0 },
          byOperator: byOperatorName.map((o) =>
            o.id === opA.id
              ? { operator: opA, total: 59.5, tips: 5, visits: 1 }
              : { operator: opB, total: 30, tips: 0, visits: 1 },
          ),
        },
      ],
    })
    const one = await api('GET', '/api/reports/takings?from=2013-10-26&to=2013-10-26', { as: 'ADMIN' })
    expect(one.body.totals).toMatchObject({ total: 42, visits: 1 })
    const next = await api('GET', '/api/reports/takings?from=2013-10-28&to=2013-10-28', { as: 'ADMIN' })
    expect(next.body.totals).toMatchObject({ total: 10, visits: 1, byMethod: { OTHER: 10 } })
  })

  it('the CSV: one row per payment, the tip apportioned, Excel-Italian (BOM, semicolons, decimal comma)', async () => {
    const res = await api('GET', '/api/reports/takings.csv?from=2013-10-26&to=2013-10-27', { as: 'ADMIN' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="incassi-2013-10-26-2013-10-27.csv"')
    // The bytes as Excel reads them: the BOM first (fetch's text() would drop it).
    const raw = await fetch(`${BASE_URL}/api/reports/takings.csv?from=2013-10-26&to=2013-10-27`, {
      headers: { authorization: `JWT ${await tokenFor('ADMIN')}` },
    })
    const bytes = Buffer.from(await raw.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    expect(text.slice(1)).toBe(res.body)
    const [a, b, c, d] = seeded
    expect(text.slice(1).split('\r\n')).toEqual([
      'data;ora;appuntamento;cliente;operatore;metodo;importo;di cui mancia',
      `26/10/2013;23:59;${a};Rosa Banco;${opA.name};Carta;42,00;2,00`,
      // 5 € of tip over 40 + 19.50: 3.36 and 1.64.
      `27/10/2013;00:30;${b};Rosa Banco;${opA.name};Carta;40,00;3,36`,
      `27/10/2013;00:30;${b};Rosa Banco;${opA.name};Contanti;19,50;1,64`,
      `27/10/2013;13:00;${c};;${opB.name};Bonifico;30,00;0,00`,
      '',
    ])
    expect(text).not.toContain(`;${d};`)
  })

  it('admins only; the days are checked', async () => {
    const q = '?from=2013-10-26&to=2013-10-27'
    for (const path of ['/api/reports/takings', '/api/reports/takings.csv']) {
      expect((await api('GET', path + q, { as: 'visitor' })).status).toBe(401)
      expect((await api('GET', path + q, { as: 'USER' })).status).toBe(403)
      expect((await api('GET', path + q, { as: 'OPERATOR' })).status).toBe(403)
      expect((await api('GET', path + q, { token: mine.token })).status).toBe(403)
    }
    const reversed = await api('GET', '/api/reports/takings?from=2013-10-27&to=2013-10-26', { as: 'ADMIN' })
    expect(reversed.status).toBe(400)
    expect(errorPaths(reversed.body)).toEqual(['to'])
    const tooLong = await api('GET', '/api/reports/takings?from=2012-01-01&to=2013-01-01', { as: 'ADMIN' })
    expect(tooLong.status).toBe(400)
    expect(errorPaths(tooLong.body)).toEqual(['to'])
    expect((await api('GET', '/api/reports/takings?from=2012-01-01&to=2012-12-31', { as: 'ADMIN' })).status).toBe(200)
    const missing = await api('GET', '/api/reports/takings.csv?to=2013-10-27', { as: 'ADMIN' })
    expect(missing.status).toBe(400)
    expect(errorPaths(missing.body)).toEqual(['from'])
    expect((await api('GET', '/api/reports/takings?from=2013-10-26&to=2013-10-27&x=1', { as: 'ADMIN' })).status).toBe(
      400,
    )
  })
})

describe('the KPIs count what was paid, net of tips', () => {
  it('dashboard revenue and the reservation reports: the checkout’s total where one exists, else the price', async () => {
    // A week of May 2014: one booking paid 45 (price 50, tip 5), one unpaid at 30, both "mine".
    const paidId = await booking({
      operator: mine.operator,
      startMs: Date.parse('2014-05-06T08:00:00Z'),
      minutes: 30,
      status: 'COMPLETED',
      price: 50,
      services: [svc[0]!.id],
    })
    await sql(
      `insert into reservation_checkouts (reservation_id, subtotal, discount_kind, discount_value, discount, total, tip, at)
       values ($1, 50, 'AMOUNT', 5, 5, 45, 5, '2014-05-06T09:00:00Z')`,
      [paidId],
    )
    await sql(`insert into reservation_payments (reservation_id, method, amount) values ($1, 'CARD', 50)`, [paidId])
    await booking({
      operator: mine.operator,
      startMs: Date.parse('2014-05-07T08:00:00Z'),
      minutes: 30,
      status: 'COMPLETED',
      price: 30,
      services: [svc[0]!.id],
    })

    const res = await api('GET', '/api/pages/dashboard-index?period=custom&from=2014-05-05&to=2014-05-11', {
      as: 'ADMIN',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.figures.current).toMatchObject({ bookings: 2, revenue: 75 })
    expect(res.body.kpis.revenue.current).toBe(75)
    const series = Object.fromEntries(res.body.series.map((d: { day: string; revenue: number }) => [d.day, d.revenue]))
    expect(series).toMatchObject({ '2014-05-06': 45, '2014-05-07': 30 })
    expect(res.body.topOperators.find((o: { id: number }) => o.id === mine.operator)).toMatchObject({ revenue: 75 })
    expect(res.body.topServices[0]).toMatchObject({ id: svc[0]!.id, revenue: 75 })

    const report = await api(
      'GET',
      `/api/reservations/aggregate?from=2014-05-05&to=2014-05-12&operator=${mine.operator}`,
      { as: 'ADMIN' },
    )
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.totals).toMatchObject({ count: 2, total_price: 75 })
  })
})
