/**
 * Spec §7's generic reservation calls for staff (issue 21 §6): an admin's POST /api/reservations,
 * PUT/PATCH /api/reservations/:id and DELETE /api/reservations/:id run the same use cases as the
 * dashboard's buttons (POST /book, PATCH /:id/edit, PUT /:id/status): the same rules and guard, one
 * event each, the same mails — checked here side by side with a twin booking written through the
 * dashboard's endpoints. Customers and operators get 403, visitors 401, and nothing is written.
 *
 * The bookings go to an operator record of this file's own, on days far ahead (staff may book a
 * year ahead), so no other file's times are touched; it is switched off when the file ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, freshAddress, sql, unique, waitForMail, type Role } from './helpers'

let operator: number
let piega: number
/** Open to every operator, as Piega: a second service for re-pricing. */
let treatment: number
let adminId: number
/** Free starts of our operator, one day per test (`slotsOn`), each used once. */
const days: string[] = []

beforeAll(async () => {
  ;[{ id: piega }] = await sql(`select id from services where active and title = 'Piega'`)
  ;[{ id: treatment }] = await sql(`select id from services where active and title = 'Trattamento ristrutturante'`)
  ;[{ id: adminId }] = await sql(`select id from users where email = 'admin@demo.salon'`)
  // Active while this file runs: staff book only active operators (Piega and the treatment are
  // open to every operator, so ours may do them).
  ;[{ id: operator }] = await sql(
    `insert into operators (name, surname, active, position, updated_at, created_at)
     values ($1, 'Rest', true, 999, now(), now()) returning id`,
    [unique('Spec7')],
  )
  // Days with a full agenda of free starts for our operator, from ~5 months ahead.
  for (let d = 150; days.length < 6 && d < 200; d++) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    if ((await bookSlots(day)).length >= 12) days.push(day)
  }
  expect(days.length, 'free days for the test operator').toBe(6)
}, 60_000)

afterAll(async () => {
  await sql(`update operators set active = false where id = $1`, [operator])
})

async function bookSlots(day: string, services = [piega]) {
  const res = await api(
    'GET',
    `/api/reservations/book-slots?date=${day}&services=${services.join(',')}&operator=${operator}`,
    { as: 'ADMIN' },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.slots as { start: string; end: string }[]
}

/** A customer of our own (fresh address, so their mails are theirs alone). */
async function customer() {
  const email = `${unique('spec7')}@example.com`.toLowerCase()
  const res = await api('POST', '/api/users', {
    headers: { 'x-forwarded-for': freshAddress() },
    body: { email, password: 'password123', name: 'Paola', surname: 'Generica', phone_number: '+39 333 000 7777' },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.doc.id as number, email }
}

const events = (id: number) =>
  sql<{ kind: string; actor_id: number | null; from_status: string | null; to_status: string; changes: object }>(
    'select kind, actor_id, from_status, to_status, changes from reservation_events where reservation_id = $1 order by id',
    [id],
  )

/** The mails a reservation's events caused, once the queue has sent `n` of them. */
async function notifications(id: number, n: number) {
  const read = () =>
    sql<{ kind: string; recipient: string; ics_method: string | null; status: string; event_kind: string }>(
      `select n.kind, n.recipient, n.ics_method, n.status, e.kind as event_kind
         from notifications n join reservation_events e on e.id = n.event_id
        where n.reservation_id = $1 order by n.id`,
      [id],
    )
  await expect.poll(async () => (await read()).filter((r) => r.status === 'SENT').length, { timeout: 20_000 }).toBe(n)
  // A moment more: a duplicate arriving late must fail the count too.
  await new Promise((r) => setTimeout(r, 1000))
  const rows = await read()
  expect(rows.length).toBe(n)
  return rows.map(({ kind, recipient, ics_method, event_kind }) => ({ kind, recipient, ics_method, event_kind }))
}

const reservation = async (id: number) =>
  (
    await sql(
      `select r.status, r.operator_id, r.date_start, r.date_end, r.duration::float8 as duration,
              r.total_price::float8 as total_price, r.note,
              (select array_agg(services_id order by "order") from reservations_rels
                where parent_id = r.id and path = 'services') as services
         from reservations r where r.id = $1`,
      [id],
    )
  )[0]

const iso = (v: unknown) => new Date(v as string).toISOString()

/** The fields a 400 names, each once. */
const named = (body: unknown) => [...new Set(errorPaths(body))].sort()

describe('admin: POST /api/reservations', () => {
  it('books like the dashboard: CONFIRMED, priced from the services, one BOOKED event, the same confirmation mail', async () => {
    const slots = await bookSlots(days[0]!)
    const [a, b] = [await customer(), await customer()]
    const viaRest = await api('POST', '/api/reservations', {
      as: 'ADMIN',
      body: { user: a.id, services: [piega], operator, date_start: slots[0]!.start, note: 'Prenotata al telefono' },
    })
    expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(201)
    expect(viaRest.body.message).toBe('Prenotazione registrata')
    const id = viaRest.body.doc.id as number
    expect(viaRest.body.doc).toMatchObject({ id, status: 'CONFIRMED', operator, user: a.id, services: [piega] })

    const viaButton = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: b.id, services: [piega], operator, date_start: slots[4]!.start, note: 'Prenotata al telefono' },
    })
    expect(viaButton.status, JSON.stringify(viaButton.body)).toBe(201)
    const twin = viaButton.body.data.id as number

    // The same booking but for its customer and time.
    const [mine, theirs] = [await reservation(id), await reservation(twin)]
    expect(iso(mine.date_start)).toBe(iso(slots[0]!.start))
    const shape = (r: any) => ({ ...r, date_start: undefined, date_end: undefined })
    expect(shape(mine)).toEqual(shape(theirs))
    expect(Date.parse(mine.date_end) - Date.parse(mine.date_start)).toBe(mine.duration * 60_000)
    const [catalogue] = await sql(`select price::float8 as price from services where id = $1`, [piega])
    expect(mine.total_price).toBe(catalogue.price)

    // One event each, by the admin.
    expect(await events(id)).toEqual([
      expect.objectContaining({ kind: 'BOOKED', actor_id: adminId, from_status: null, to_status: 'CONFIRMED' }),
    ])
    expect((await events(twin)).map((e) => e.kind)).toEqual(['BOOKED'])

    // The same mails: the customer's confirmation with the calendar file (the salon made it: no
    // "new booking" mail to itself).
    const sent = await notifications(id, 1)
    expect(sent).toEqual([{ kind: 'CONFIRMED', recipient: 'CUSTOMER', ics_method: 'REQUEST', event_kind: 'BOOKED' }])
    expect(await notifications(twin, 1)).toEqual(sent)
    const mail = await waitForMail(a.email, /è confermata/i, 0, 20_000)
    expect(mail.raw).toMatch(/METHOD:REQUEST/)
  })

  it('a taken time: 409 from the engine, and concurrent POSTs onto one free time make exactly one booking (the guard)', async () => {
    const slots = await bookSlots(days[1]!)
    const who = await customer()
    const body = (start: string) => ({ user: who.id, services: [piega], operator, date_start: start })
    const first = await api('POST', '/api/reservations', { as: 'ADMIN', body: body(slots[0]!.start) })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const again = await api('POST', '/api/reservations', { as: 'ADMIN', body: body(slots[0]!.start) })
    expect(again.status, JSON.stringify(again.body)).toBe(409)
    expect(again.body.errors[0].data.reason).toBe('OPERATOR_BUSY')

    const start = slots[6]!.start
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', '/api/reservations', { as: 'ADMIN', body: body(start) })),
    )
    expect(burst.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    for (const r of burst.filter((r) => r.status === 409))
      expect(['SLOT_TAKEN', 'OPERATOR_BUSY'], JSON.stringify(r.body)).toContain(r.body.errors[0].data.reason)
    const rows = await sql(`select id from reservations where operator_id = $1 and date_start = $2`, [operator, start])
    expect(rows).toHaveLength(1)
    expect((await events(rows[0].id)).map((e) => e.kind)).toEqual(['BOOKED'])
  })

  it('a bad or server-set field is a 400 naming it, and nothing is written', async () => {
    const slots = await bookSlots(days[1]!)
    const who = await customer()
    const n = (await sql(`select count(*)::int as n from reservations where user_id = $1`, [who.id]))[0].n
    const cases: [Record<string, unknown>, string[]][] = [
      [{ user: who.id, services: [piega], operator, date_start: slots[10]!.start, total_price: 1 }, ['total_price']],
      [{ user: who.id, services: [piega], operator, date_start: slots[10]!.start, status: 'COMPLETED' }, ['status']],
      [{ user: who.id, services: [piega], operator, date_start: 'domani' }, ['date_start']],
      [{ user: who.id, services: [], operator, date_start: slots[10]!.start }, ['services']],
      [{ user: 99_999_999, services: [piega], operator, date_start: slots[10]!.start }, ['user']],
      [{ user: who.id, services: [piega], operator: 99_999_999, date_start: slots[10]!.start }, ['operator']],
      [
        { user: who.id, services: [piega], date_start: slots[10]!.start, colour: 'rosso', date_end: 'x' },
        ['colour', 'date_end'],
      ],
    ]
    for (const [body, paths] of cases) {
      const res = await api('POST', '/api/reservations', { as: 'ADMIN', body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(named(res.body), JSON.stringify(body)).toEqual(paths)
    }
    const broken = await api('POST', '/api/reservations', {
      as: 'ADMIN',
      rawBody: '{"user":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
    expect((await sql(`select count(*)::int as n from reservations where user_id = $1`, [who.id]))[0].n).toBe(n)
  })
})

describe('admin: PUT and PATCH /api/reservations/:id', () => {
  it('a move (PUT) is the dashboard edit: one MOVED event, the "spostato" mail with the new time', async () => {
    const slots = await bookSlots(days[2]!)
    const [a, b] = [await customer(), await customer()]
    const book = async (who: number, start: string) => {
      const res = await api('POST', '/api/reservations', {
        as: 'ADMIN',
        body: { user: who, services: [piega], operator, date_start: start },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body.doc.id as number
    }
    const [id, twin] = [await book(a.id, slots[0]!.start), await book(b.id, slots[4]!.start)]
    await notifications(id, 1)
    await notifications(twin, 1)

    const put = await api('PUT', `/api/reservations/${id}`, { as: 'ADMIN', body: { date_start: slots[8]!.start } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body.doc).toMatchObject({ id, status: 'CONFIRMED', date_start: iso(slots[8]!.start) })
    const edit = await api('PATCH', `/api/reservations/${twin}/edit`, {
      as: 'ADMIN',
      body: { date_start: slots[12]!.start },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)

    const moved = await events(id)
    expect(moved.map((e) => e.kind)).toEqual(['BOOKED', 'MOVED'])
    expect(moved[1]).toMatchObject({
      actor_id: adminId,
      changes: { date_start: { from: iso(slots[0]!.start), to: iso(slots[8]!.start) } },
    })
    expect((await events(twin)).map((e) => e.kind)).toEqual(['BOOKED', 'MOVED'])
    const sent = await notifications(id, 2)
    expect(sent[1]).toEqual({ kind: 'MOVED', recipient: 'CUSTOMER', ics_method: 'REQUEST', event_kind: 'MOVED' })
    expect(await notifications(twin, 2)).toEqual(sent)
    // The old time is free again, the new one taken.
    const after = (await bookSlots(days[2]!)).map((s) => s.start)
    expect(after).toContain(slots[0]!.start)
    expect(after).not.toContain(slots[8]!.start)

    // PATCH (Payload's own verb) does the same: new services are priced anew, one MOVED event.
    const [both] = await sql(
      `select sum(time)::int as minutes, sum(price)::float8 as price from services where id = any($1::int[])`,
      [[piega, treatment]],
    )
    const longer = (await bookSlots(days[2]!, [piega, treatment]))[0]!
    const patched = await api('PATCH', `/api/reservations/${id}`, {
      as: 'ADMIN',
      body: { services: [piega, treatment], date_start: longer.start },
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect(patched.body.doc).toMatchObject({
      services: [piega, treatment],
      duration: both.minutes,
      total_price: both.price,
    })
    expect((await events(id)).map((e) => e.kind)).toEqual(['BOOKED', 'MOVED', 'MOVED'])
    const note = await api('PATCH', `/api/reservations/${id}`, { as: 'ADMIN', body: { note: 'Porta la foto' } })
    expect(note.status, JSON.stringify(note.body)).toBe(200)
    expect(note.body.doc.note).toBe('Porta la foto')
    expect((await events(id)).map((e) => e.kind)).toEqual(['BOOKED', 'MOVED', 'MOVED', 'EDITED'])
  })

  it('a status alone is the status button; mixed with other fields, server-set or bad fields: 400 naming them, nothing changed', async () => {
    const slots = await bookSlots(days[3]!)
    const who = await customer()
    const made = await api('POST', '/api/reservations', {
      as: 'ADMIN',
      body: { user: who.id, services: [piega], operator, date_start: slots[0]!.start },
    })
    const id = made.body.doc.id as number
    const before = await reservation(id)
    const cases: [Record<string, unknown>, string[]][] = [
      [{ status: 'CANCELLED', note: 'e poi' }, ['status']],
      [{ status: 'FINITO' }, ['status']],
      [{ total_price: 5 }, ['total_price']],
      [{ user: who.id + 1 }, ['user']],
      [{ date_start: 'ieri' }, ['date_start']],
      [{ duration: 2 }, ['duration']],
      [{}, ['body']],
    ]
    for (const [body, paths] of cases) {
      for (const method of ['PUT', 'PATCH']) {
        const res = await api(method, `/api/reservations/${id}`, { as: 'ADMIN', body })
        expect(res.status, `${method} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400)
        expect(named(res.body)).toEqual(paths)
      }
    }
    expect(await reservation(id)).toEqual(before)
    expect((await events(id)).map((e) => e.kind)).toEqual(['BOOKED'])

    // The engine's rules hold: an appointment that has not started cannot be a no-show.
    const early = await api('PUT', `/api/reservations/${id}`, { as: 'ADMIN', body: { status: 'NO_SHOW' } })
    expect(early.status, JSON.stringify(early.body)).toBe(409)
    expect(early.body.errors[0].data.code).toBe('NOT_STARTED')
    // A status alone: one STATUS_CHANGED event, as PUT /:id/status.
    const modified = await api('PUT', `/api/reservations/${id}`, { as: 'ADMIN', body: { status: 'MODIFIED' } })
    expect(modified.status, JSON.stringify(modified.body)).toBe(200)
    expect(modified.body.doc.status).toBe('MODIFIED')
    expect((await events(id)).map((e) => [e.kind, e.to_status])).toEqual([
      ['BOOKED', 'CONFIRMED'],
      ['STATUS_CHANGED', 'MODIFIED'],
    ])
    expect((await api('PUT', '/api/reservations/99999999', { as: 'ADMIN', body: { note: 'x' } })).status).toBe(404)
  })
})

describe('admin: DELETE /api/reservations/:id', () => {
  it('cancels like the dashboard: the row and its history stay, one event, the CANCEL mail; a second DELETE changes nothing', async () => {
    const slots = await bookSlots(days[4]!)
    const [a, b] = [await customer(), await customer()]
    const book = async (who: number, start: string) =>
      (
        await api('POST', '/api/reservations', {
          as: 'ADMIN',
          body: { user: who, services: [piega], operator, date_start: start },
        })
      ).body.doc.id as number
    const [id, twin] = [await book(a.id, slots[0]!.start), await book(b.id, slots[4]!.start)]
    await notifications(id, 1)
    await notifications(twin, 1)

    const del = await api('DELETE', `/api/reservations/${id}`, { as: 'ADMIN' })
    expect(del.status, JSON.stringify(del.body)).toBe(200)
    expect(del.body.doc).toMatchObject({ id, status: 'CANCELLED' })
    const button = await api('PUT', `/api/reservations/${twin}/status`, { as: 'ADMIN', body: { status: 'CANCELLED' } })
    expect(button.status, JSON.stringify(button.body)).toBe(200)

    expect((await reservation(id)).status).toBe('CANCELLED')
    const history = await events(id)
    expect(history.map((e) => [e.kind, e.from_status, e.to_status, e.actor_id])).toEqual([
      ['BOOKED', null, 'CONFIRMED', adminId],
      ['STATUS_CHANGED', 'CONFIRMED', 'CANCELLED', adminId],
    ])
    expect((await events(twin)).map((e) => [e.kind, e.to_status])).toEqual(history.map((e) => [e.kind, e.to_status]))
    const sent = await notifications(id, 2)
    expect(sent[1]).toEqual({
      kind: 'CANCELLED',
      recipient: 'CUSTOMER',
      ics_method: 'CANCEL',
      event_kind: 'STATUS_CHANGED',
    })
    expect(await notifications(twin, 2)).toEqual(sent)
    const mail = await waitForMail(a.email, /annullat/i, 0, 20_000)
    expect(mail.raw).toMatch(/METHOD:CANCEL/)
    expect(mail.raw).toContain(`reservation-${id}@`)
    // Its time is free for someone else.
    expect((await bookSlots(days[4]!)).map((s) => s.start)).toContain(slots[0]!.start)

    // Already called off: 200, unchanged, no event, no mail.
    const again = await api('DELETE', `/api/reservations/${id}`, { as: 'ADMIN' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.doc.status).toBe('CANCELLED')
    expect(await events(id)).toHaveLength(2)
    await notifications(id, 2)

    expect((await api('DELETE', '/api/reservations/99999999', { as: 'ADMIN' })).status).toBe(404)
    expect((await api('DELETE', '/api/reservations/abc', { as: 'ADMIN' })).status).toBe(400)
  })

  it('an appointment that is over stays on record: 409, nothing changed', async () => {
    const who = await customer()
    const [{ id }] = await sql(
      `insert into reservations (user_id, operator_id, status, date_start, date_end, duration, total_price, created_at, updated_at)
       values ($1, $2, 'COMPLETED', now() - interval '3 days', now() - interval '3 days' + interval '30 minutes', 30, 20, now(), now())
       returning id`,
      [who.id, operator],
    )
    const res = await api('DELETE', `/api/reservations/${id}`, { as: 'ADMIN' })
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(res.body.errors[0].data.code).toBe('ILLEGAL_TRANSITION')
    expect((await reservation(id)).status).toBe('COMPLETED')
    expect(await events(id)).toHaveLength(0)
  })
})

describe('customers and operators: 403 on the generic writes, visitors 401', () => {
  it.each<[Role, number, number]>([
    ['USER', 403, 0],
    ['OPERATOR', 403, 4],
    ['visitor', 401, 8],
  ])('%s → %i, nothing written, no event', async (role, status, slot) => {
    const slots = (await bookSlots(days[5]!)).slice(slot)
    const who = await customer()
    const made = await api('POST', '/api/reservations', {
      as: 'ADMIN',
      body: { user: who.id, services: [piega], operator, date_start: slots[0]!.start },
    })
    const id = made.body.doc.id as number
    const before = await reservation(id)
    // Ours only: the app's own jobs may write elsewhere meanwhile.
    const count = async () =>
      (await sql('select count(*)::int as n from reservations where operator_id = $1', [operator]))[0].n as number
    const ourEvents = async () =>
      (
        await sql(
          `select count(*)::int as n from reservation_events e join reservations r on r.id = e.reservation_id
            where r.operator_id = $1`,
          [operator],
        )
      )[0].n as number
    const eventsBefore = await ourEvents()
    const n = await count()
    const body = { user: who.id, services: [piega], operator, date_start: slots[6]!.start }
    expect((await api('POST', '/api/reservations', { as: role, body })).status).toBe(status)
    expect((await api('PUT', `/api/reservations/${id}`, { as: role, body: { note: 'x' } })).status).toBe(status)
    expect((await api('PATCH', `/api/reservations/${id}`, { as: role, body: { status: 'CANCELLED' } })).status).toBe(
      status,
    )
    expect((await api('DELETE', `/api/reservations/${id}`, { as: role })).status).toBe(status)
    expect(await count()).toBe(n)
    expect(await reservation(id)).toEqual(before)
    expect(await ourEvents()).toBe(eventsBefore)
  })

  it("Payload's own bulk writes stay closed, admins included", async () => {
    const where = `where[operator][equals]=${operator}`
    for (const role of ['ADMIN', 'OPERATOR', 'USER'] as const) {
      expect((await api('PATCH', `/api/reservations?${where}`, { as: role, body: { note: 'tutte' } })).status).toBe(403)
      expect((await api('DELETE', `/api/reservations?${where}`, { as: role })).status).toBe(403)
    }
    expect((await sql(`select count(*)::int as n from reservations where note = 'tutte'`))[0].n).toBe(0)
  })
})
