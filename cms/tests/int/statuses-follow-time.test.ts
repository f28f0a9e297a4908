/**
 * Issue 20: statuses that follow time, over HTTP against the real server and PostgreSQL.
 * COMPLETED / NO_SHOW are refused before the start for every role, each with its code; an
 * appointment over early keeps its time blocked (the database guard and the operators' blocks
 * see it) until staff free the rest; a final status set by mistake is undone within 15 minutes,
 * its block with it; and the mails' links open the app on its public origin.
 *
 * The bookings are written with SQL at times the API would not take (already started), on an
 * operator record of this file's own, so nothing else of the suite books into them.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, BASE_URL_B, DEMO_EMAIL, api, registerCustomers, sql, unique, waitForMail } from './helpers'

const MIN = 60_000
let giulia: number
let customer: { id: number; email: string; token: string }

beforeAll(async () => {
  const [g] = await sql(
    `select o.id from operators o join users u on u.id = o.user_id where u.email = $1 order by o.id limit 1`,
    [DEMO_EMAIL.OPERATOR],
  )
  giulia = g.id
  const [token] = await registerCustomers(1, 'follow-time')
  const me = await api('GET', '/api/auth/me', { token })
  customer = { id: me.body.user.id, email: me.body.user.email, token: token! }
})

/** An operator record of this test's own (inactive: the public never sees it), for bookings at any hour. */
async function newOperator() {
  const [row] = await sql(`insert into operators (name, surname, active) values ($1, 'Test', false) returning id`, [
    unique('Tempo'),
  ])
  return row.id as number
}

/** A CONFIRMED booking of `operator` from `startMs` for `minutes`, written as an import would. */
async function booking(operator: number, startMs: number, minutes: number, user: number | null = null) {
  const [r] = await sql(
    `insert into reservations (user_id, operator_id, status, date_start, date_end, duration, total_price)
     values ($1, $2, 'CONFIRMED', $3, $4, $5, 55) returning id`,
    [user, operator, new Date(startMs), new Date(startMs + minutes * MIN), minutes],
  )
  return r.id as number
}

const setStatus = (id: number, status: string, as: 'ADMIN' | 'OPERATOR' | 'USER' = 'ADMIN', token?: string) =>
  api('PUT', `/api/reservations/${id}/status`, token ? { token, body: { status } } : { as, body: { status } })
const row = async (id: number) =>
  (await sql(`select status, date_start, date_end from reservations where id = $1`, [id]))[0]
/** An operator block over [from, to): the database refuses it where a booking holds the time. */
const block = (operator: number, from: number, to: number) =>
  api('POST', '/api/operator-blocks', {
    as: 'ADMIN',
    body: { operator, date_start: new Date(from).toISOString(), date_end: new Date(to).toISOString(), reason: 'Prova' },
  })

describe('COMPLETED and NO_SHOW only from the start', () => {
  it('before the start every role is refused, each with its code, and nothing changes', async () => {
    // Giulia's (the demo operator's) appointment next year at 03:00: nobody else books then.
    const start = Date.parse('2027-06-15T01:00:00Z')
    const id = await booking(giulia, start, 60, customer.id)
    for (const status of ['COMPLETED', 'NO_SHOW']) {
      const asAdmin = await setStatus(id, status, 'ADMIN')
      expect(asAdmin.status).toBe(409)
      expect(asAdmin.body.errors[0].data).toMatchObject({ code: 'NOT_STARTED', params: { from: expect.any(String) } })
      const asOperator = await setStatus(id, status, 'OPERATOR')
      expect(asOperator.status).toBe(409)
      expect(asOperator.body.errors[0].data.code).toBe('NOT_STARTED')
      const asCustomer = await setStatus(id, status, 'USER', customer.token)
      expect(asCustomer.status).toBe(403)
      expect(asCustomer.body.errors[0].data.code).toBe('FORBIDDEN_STATUS')
    }
    const noShow = await setStatus(id, 'NO_SHOW', 'ADMIN')
    expect(noShow.body.errors[0].data.params.from).toBe(new Date(start + 10 * MIN).toISOString())
    expect((await row(id)).status).toBe('CONFIRMED')
    expect(await sql(`select 1 from reservation_events where reservation_id = $1`, [id])).toHaveLength(0)
  })

  it('the agenda offers only what makes sense now: "Annulla" ahead, "Completata" once started', async () => {
    const ahead = await booking(giulia, Date.parse('2027-06-16T01:00:00Z'), 30)
    // Yesterday at 03:00 or 04:00 in Rome: started, and nobody else books then (booking.test.ts takes 02:00).
    const started = await booking(
      giulia,
      Date.parse(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T02:00:00Z`),
      30,
    )
    const detail = async (id: number) => (await api('GET', `/api/reservations/${id}/detail`, { as: 'OPERATOR' })).body
    expect((await detail(ahead)).transitions).toEqual(['CANCELLED'])
    expect((await detail(started)).transitions).toEqual(['COMPLETED', 'NO_SHOW', 'CANCELLED'])
  })
})

describe('an appointment over early keeps its time until staff free the rest', () => {
  it('completed 20 minutes into a 2-hour colour: the rest stays blocked; freed, it can be taken', async () => {
    const op = await newOperator()
    const start = Date.now() - 20 * MIN
    const end = start + 120 * MIN
    const id = await booking(op, start, 120)
    expect((await setStatus(id, 'COMPLETED')).status).toBe(200)
    expect((await row(id)).date_end.getTime()).toBe(end)

    // The database guard still sees the chair taken: no booking, no block in the rest of its time.
    await expect(booking(op, Date.now() + 30 * MIN, 30)).rejects.toThrow(/reservation_phases_operator_no_overlap/)
    expect((await block(op, Date.now() + 30 * MIN, Date.now() + 60 * MIN)).status).toBe(409)

    const detail = (await api('GET', `/api/reservations/${id}/detail`, { as: 'ADMIN' })).body
    expect(detail.actions.freeRest).toEqual({ allowed: true, until: new Date(end).toISOString() })
    expect(detail.actions.undo.allowed).toBe(true)

    const before = Date.now()
    const freed = await api('POST', `/api/reservations/${id}/free-rest`, { as: 'ADMIN' })
    expect(freed.status, JSON.stringify(freed.body)).toBe(200)
    const after = await row(id)
    expect(after.status).toBe('COMPLETED')
    expect(after.date_end.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(after.date_end.getTime()).toBeLessThanOrEqual(Date.now())
    const [event] = await sql(
      `select kind, changes from reservation_events where reservation_id = $1 order by id desc`,
      [id],
    )
    expect(event.kind).toBe('FREED')

    const taken = await block(op, Date.now() + 30 * MIN, Date.now() + 60 * MIN)
    expect(taken.status, JSON.stringify(taken.body)).toBe(201)
    expect((await api('POST', `/api/reservations/${id}/free-rest`, { as: 'ADMIN' })).status).toBe(409)
  })

  it('free-rest is staff only, and only for an appointment over and in progress', async () => {
    const op = await newOperator()
    const id = await booking(op, Date.now() - 10 * 60 * MIN, 30, customer.id)
    expect((await api('POST', `/api/reservations/${id}/free-rest`, { as: 'ADMIN' })).body.errors[0].data.code).toBe(
      'NOTHING_TO_FREE',
    )
    expect((await setStatus(id, 'COMPLETED')).status).toBe(200)
    const asCustomer = await api('POST', `/api/reservations/${id}/free-rest`, { token: customer.token })
    expect(asCustomer.status).toBe(403)
    const visitor = await api('POST', `/api/reservations/${id}/free-rest`, { as: 'visitor' })
    expect(visitor.status).toBe(401)
    const bad = await api('POST', `/api/reservations/abc/free-rest`, { as: 'ADMIN' })
    expect(bad.status).toBe(400)
  })
})

describe('undo within the window', () => {
  it('a completion undone restores the booking, its block and its freed time', async () => {
    const op = await newOperator()
    const start = Date.now() - 30 * MIN
    const end = start + 90 * MIN
    const id = await booking(op, start, 90)
    expect((await setStatus(id, 'COMPLETED')).status).toBe(200)
    expect((await api('POST', `/api/reservations/${id}/free-rest`, { as: 'ADMIN' })).status).toBe(200)

    const undone = await api('POST', `/api/reservations/${id}/undo`, { as: 'ADMIN' })
    expect(undone.status, JSON.stringify(undone.body)).toBe(200)
    const back = await row(id)
    expect(back.status).toBe('CONFIRMED')
    expect(back.date_end.getTime()).toBe(end)
    const kinds = (await sql(`select kind from reservation_events where reservation_id = $1 order by id`, [id])).map(
      (e) => e.kind,
    )
    expect(kinds).toEqual(['STATUS_CHANGED', 'FREED', 'UNDONE'])
    // The block is back: the rest of its time is the booking's again.
    expect((await block(op, end - 20 * MIN, end - 10 * MIN)).status).toBe(409)
    // Nothing left to undo.
    const again = await api('POST', `/api/reservations/${id}/undo`, { as: 'ADMIN' })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].data.code).toBe('NOTHING_TO_UNDO')
  })

  it('an undo whose time was taken since is refused (409 SLOT_TAKEN) and changes nothing', async () => {
    const op = await newOperator()
    const start = Date.now() - 60 * MIN
    const id = await booking(op, start, 180)
    expect((await setStatus(id, 'NO_SHOW')).status).toBe(200)
    expect((await api('POST', `/api/reservations/${id}/free-rest`, { as: 'ADMIN' })).status).toBe(200)
    const walkIn = await booking(op, Date.now() + 15 * MIN, 45)
    const undo = await api('POST', `/api/reservations/${id}/undo`, { as: 'ADMIN' })
    expect(undo.status).toBe(409)
    expect(undo.body.errors[0].data.reason).toBe('SLOT_TAKEN')
    expect((await row(id)).status).toBe('NO_SHOW')
    expect((await row(walkIn)).status).toBe('CONFIRMED')
  })

  it('after 15 minutes the undo is refused (UNDO_EXPIRED)', async () => {
    const op = await newOperator()
    const id = await booking(op, Date.now() - 6 * 60 * MIN, 30)
    expect((await setStatus(id, 'COMPLETED')).status).toBe(200)
    await sql(
      `update reservation_events set created_at = created_at - interval '16 minutes' where reservation_id = $1`,
      [id],
    )
    const late = await api('POST', `/api/reservations/${id}/undo`, { as: 'ADMIN' })
    expect(late.status).toBe(409)
    expect(late.body.errors[0].data.code).toBe('UNDO_EXPIRED')
    expect((await row(id)).status).toBe('COMPLETED')
  })

  it('a cancellation undone by staff tells the customer it stands; every mail links to the app', async () => {
    const start = Date.parse('2027-06-17T01:00:00Z')
    const id = await booking(giulia, start, 45, customer.id)
    const since = Date.now()
    expect((await setStatus(id, 'CANCELLED', 'OPERATOR')).status).toBe(200)
    const cancelled = await waitForMail(customer.email, /annullata/, since)
    expect((await api('POST', `/api/reservations/${id}/undo`, { as: 'OPERATOR' })).status).toBe(200)
    expect((await row(id)).status).toBe('CONFIRMED')
    const confirmed = await waitForMail(customer.email, /confermata/, since)

    for (const mail of [cancelled, confirmed]) {
      const links = [...mail.body.matchAll(/https?:\/\/[^\s"'<>)]+/g)]
        .map((m) => m[0])
        .filter((u) => !/\.(png|svg)/.test(u))
      const myBookings = links.find((u) => u.includes('/reserved-area'))
      expect(myBookings, mail.subject).toBeDefined()
      // The public origin of a process that serves the site (the suite runs two, each with its own
      // SERVER_URL, and either may send the mail) — never a port nobody visits. What `npm start`
      // gives its job process is checked in scripts/lib/processes.test.ts.
      const served = [BASE_URL, BASE_URL_B].filter(Boolean).map((u) => new URL(u).origin)
      expect(served).toContain(new URL(myBookings!).origin)
      const page = await fetch(myBookings!, { redirect: 'manual' })
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)
    }
  })
})
