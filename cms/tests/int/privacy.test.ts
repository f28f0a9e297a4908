/**
 * Privacy (issue 24 §5, docs/api.md "Privacy") over HTTP on a real PostgreSQL: a person's export
 * (their own, never the staff's notes or technical record; the salon's, with them), the erasure by
 * the person (`DELETE /api/auth/me`, with the password) and by the salon
 * (`POST /api/clients/:id/erase`): upcoming bookings cancelled with the usual mails, the card
 * anonymised, the account and everything hanging from it gone, the mails kept emptied, the past
 * bookings and payments kept — and the dashboard's KPIs the same before and after. Who may ask.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, localDayOf, startOfLocalDay } from '@salon/shared'
import { PNG_8x8, api, errorPaths, freeDay, login, slotAt, sql, unique, uploadForm, waitForMail } from './helpers'

const ROME = 'Europe/Rome'
let piega: { id: number; title: string; price: number }
let giulia: number

beforeAll(async () => {
  ;[piega] = await sql(`select id, title, price::float8 as price from services where title = 'Piega'`)
  ;[{ id: giulia }] = await sql(`select id from operators where name = 'Giulia'`)
})

interface Customer {
  id: number
  email: string
  token: string
  card: number
}

async function newCustomer(name = 'Rosa'): Promise<Customer> {
  const email = `${unique('privacy')}@example.com`.toLowerCase()
  const res = await api('POST', '/api/users', {
    body: { email, password: 'password123', name, surname: 'Bianchi', phone_number: '+39 333 123 4567' },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const id = res.body.doc.id as number
  const [card] = await sql(`select id from clients where user_id = $1`, [id])
  expect(card, 'registration made the account’s card').toBeTruthy()
  return { id, email, token: await login(email, 'password123'), card: card.id }
}

/**
 * 00:05 local of the day `daysAgo` days before today, each test its own day: the salon is closed then,
 * so Giulia has no other booking to overlap (the database guard would refuse it).
 */
const nightOf = (daysAgo: number) =>
  new Date(startOfLocalDay(addCalendarDays(localDayOf(new Date(), ROME), -daysAgo), ROME).getTime() + 5 * 60_000)

/** A booking that already happened (written directly: the rules refuse the past), paid at the desk. */
async function pastPaidBooking(c: { user?: number | null; card: number }, start: Date, note: string) {
  const [r] = await sql(
    `insert into reservations (user_id, client_id, operator_id, date_start, date_end, duration, total_price, status, note, created_at, updated_at)
     values ($1, $2, $3, $4, $4::timestamptz + interval '30 minutes', 30, $5, 'COMPLETED', $6, now(), now()) returning id`,
    [c.user ?? null, c.card, giulia, start, piega.price, note],
  )
  await sql(`insert into reservations_rels (parent_id, path, services_id, "order") values ($1, 'services', $2, 1)`, [
    r.id,
    piega.id,
  ])
  await sql(
    `insert into reservation_events (reservation_id, kind, to_status, created_at) values ($1, 'IMPORTED', 'COMPLETED', $2)`,
    [r.id, start],
  )
  await sql(
    `insert into reservation_checkouts (reservation_id, subtotal, discount, total, tip, at) values ($1, $2, 0, $2, 2, $3)`,
    [r.id, piega.price, start],
  )
  await sql(
    `insert into reservation_payments (reservation_id, method, amount, position) values ($1, 'CARD', $2, 0), ($1, 'CASH', 2, 1)`,
    [r.id, piega.price],
  )
  return r.id as number
}

/** What the salon writes about a card for its own work: technical record, block reason, a staff note. */
async function staffRecord(card: number) {
  const patch = await api('PATCH', `/api/clients/${card}`, {
    as: 'ADMIN',
    body: {
      allergies: 'PPD segreto',
      technical_notes: 'Formula 7.1 segreta',
      blocked_reason: 'Motivo interno',
      tags: ['VIP'],
    },
  })
  expect(patch.status, JSON.stringify(patch.body)).toBe(200)
  const note = await api('POST', `/api/clients/${card}/notes`, {
    as: 'ADMIN',
    body: { body: 'Nota dello staff segreta' },
  })
  expect(note.status, JSON.stringify(note.body)).toBe(201)
}

const STAFF_ONLY = ['PPD segreto', 'Formula 7.1 segreta', 'Motivo interno', 'Nota dello staff segreta']

/** Books through the real flow (session → confirm) on a free day well ahead: next month or later. */
async function upcomingBooking(token: string, offset: number, note: string) {
  const day = await freeDay(piega.id, offset)
  const slot = await slotAt(day, [piega.id], 'any', '10:00')
  const draft = await api('POST', '/api/reservations/create-session', { token })
  expect(draft.status, JSON.stringify(draft.body)).toBe(201)
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id: draft.body.data.id, services: [piega.id], operator: slot.operators[0], date_start: slot.start, note },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id as number
}

/** The figures of the dashboard a period shows (lists of today's names aside). */
async function kpis(query: string) {
  const res = await api('GET', `/api/pages/dashboard-index?${query}`, { as: 'ADMIN' })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const { kpis, figures, series, topServices, topOperators } = res.body
  return { kpis, figures, series, topServices, topOperators }
}

describe('GET /api/auth/me/export', () => {
  it('gives the customer their account, card, bookings with services, operator, payments and history — never the staff’s notes or technical record', async () => {
    const rosa = await newCustomer()
    await staffRecord(rosa.card)
    const past = await pastPaidBooking({ user: rosa.id, card: rosa.card }, nightOf(50), 'Capelli lunghi')
    const waitDay = await freeDay(piega.id, 2)
    const joined = await api('POST', '/api/waitlist', {
      token: rosa.token,
      body: { services: [piega.id], operator: giulia, days: [waitDay], from: '09:00', to: '12:00' },
    })
    expect(joined.status, JSON.stringify(joined.body)).toBe(201)
    const res = await api('GET', '/api/auth/me/export', { token: rosa.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="i-miei-dati.json"')
    expect(res.headers.get('cache-control')).toContain('no-store')
    const data = res.body
    expect(data.account).toMatchObject({
      id: rosa.id,
      email: rosa.email,
      name: 'Rosa',
      surname: 'Bianchi',
      role: 'USER',
    })
    expect(data.client).toMatchObject({ id: rosa.card, name: 'Rosa', surname: 'Bianchi', tags: ['VIP'] })
    for (const key of ['allergies', 'technical_notes', 'blocked_reason', 'notes'])
      expect(data.client).not.toHaveProperty(key)
    const text = JSON.stringify(data)
    for (const secret of STAFF_ONLY) expect(text).not.toContain(secret)
    const booking = data.bookings.find((b: { id: number }) => b.id === past)
    expect(booking).toMatchObject({
      status: 'COMPLETED',
      total_price: piega.price,
      note: 'Capelli lunghi',
      services: [{ id: piega.id, title: piega.title, price: piega.price }],
      operator: { id: giulia, name: 'Giulia' },
      paid: {
        total: piega.price,
        tip: 2,
        payments: [
          { method: 'CARD', amount: piega.price },
          { method: 'CASH', amount: 2 },
        ],
      },
    })
    expect(booking.paid).not.toHaveProperty('by')
    expect(booking.history).toEqual([expect.objectContaining({ kind: 'IMPORTED', to: 'COMPLETED', by: 'SYSTEM' })])
    expect(booking.history[0]).not.toHaveProperty('actor')
    // What she waits for is hers too (issue 27), without who at the salon added it.
    expect(data.waitlist).toEqual([
      expect.objectContaining({
        id: joined.body.id,
        status: 'ACTIVE',
        days: [waitDay],
        from: '09:00',
        to: '12:00',
        services: [{ id: piega.id, title: piega.title }],
        operator: { id: giulia, name: 'Giulia' },
        offers: [],
      }),
    ])
    expect(data.waitlist[0]).not.toHaveProperty('createdBy')
  })

  it('is only ever one’s own: another customer’s export holds none of it, and a visitor gets 401', async () => {
    const rosa = await newCustomer()
    const past = await pastPaidBooking({ user: rosa.id, card: rosa.card }, nightOf(51), 'x')
    const other = await newCustomer('Lia')
    const theirs = await api('GET', '/api/auth/me/export', { token: other.token })
    expect(theirs.status).toBe(200)
    expect(theirs.body.account.id).toBe(other.id)
    expect(theirs.body.client.id).toBe(other.card)
    expect(theirs.body.bookings).toEqual([])
    expect(theirs.body.waitlist).toEqual([])
    expect(JSON.stringify(theirs.body)).not.toContain(rosa.email)
    expect(JSON.stringify(theirs.body)).not.toContain(`"id":${past}`)
    // The salon's path is not theirs to use, for their own card or anyone's.
    expect((await api('GET', `/api/clients/${rosa.card}/export`, { token: other.token })).status).toBe(403)
    expect((await api('GET', `/api/clients/${other.card}/export`, { token: other.token })).status).toBe(403)
    expect((await api('GET', '/api/auth/me/export')).status).toBe(401)
  })
})

describe('GET /api/clients/:id/export (ADMIN)', () => {
  it('gives the salon the same document with its staff notes and technical record', async () => {
    const rosa = await newCustomer()
    await staffRecord(rosa.card)
    await pastPaidBooking({ user: rosa.id, card: rosa.card }, nightOf(52), 'x')
    const res = await api('GET', `/api/clients/${rosa.card}/export`, { as: 'ADMIN' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="cliente-${rosa.card}.json"`)
    expect(res.body.account).toMatchObject({ id: rosa.id, email: rosa.email })
    expect(res.body.client).toMatchObject({
      id: rosa.card,
      allergies: 'PPD segreto',
      technical_notes: 'Formula 7.1 segreta',
      blocked_reason: 'Motivo interno',
      notes: [
        expect.objectContaining({
          body: 'Nota dello staff segreta',
          author: expect.objectContaining({ name: expect.any(String) }),
        }),
      ],
    })
    expect(res.body.bookings).toHaveLength(1)
    expect(res.body.bookings[0].history[0]).toHaveProperty('actor', null)
  })

  it('400 for a bad id, 404 for a card that does not exist', async () => {
    const bad = await api('GET', '/api/clients/abc/export', { as: 'ADMIN' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toContain('id')
    expect((await api('GET', '/api/clients/99999999/export', { as: 'ADMIN' })).status).toBe(404)
    expect((await api('POST', '/api/clients/99999999/erase', { as: 'ADMIN' })).status).toBe(404)
  })
})

describe('who may use the salon’s privacy paths', () => {
  it('a customer and an operator get 403, a visitor 401, and nothing is erased', async () => {
    const rosa = await newCustomer()
    for (const as of ['USER', 'OPERATOR'] as const) {
      expect((await api('GET', `/api/clients/${rosa.card}/export`, { as })).status).toBe(403)
      expect((await api('POST', `/api/clients/${rosa.card}/erase`, { as })).status).toBe(403)
    }
    expect((await api('GET', `/api/clients/${rosa.card}/export`)).status).toBe(401)
    expect((await api('POST', `/api/clients/${rosa.card}/erase`)).status).toBe(401)
    expect((await api('DELETE', '/api/auth/me', { body: { password: 'password123' } })).status).toBe(401)
    const [card] = await sql(`select name, anonymised_at, user_id from clients where id = $1`, [rosa.card])
    expect(card).toEqual({ name: 'Rosa', anonymised_at: null, user_id: rosa.id })
  })
})

describe('DELETE /api/auth/me', () => {
  it('a wrong or missing password is a 400 naming `password`, and nothing changes', async () => {
    const rosa = await newCustomer()
    const upcoming = await upcomingBooking(rosa.token, 45, 'Non toccare')
    const [booked] = await sql(`select status, note from reservations where id = $1`, [upcoming])
    expect(booked.note).toBe('Non toccare')
    const wrong = await api('DELETE', '/api/auth/me', { token: rosa.token, body: { password: 'sbagliata' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].data.errors[0]).toMatchObject({ path: 'password', code: 'PASSWORD_WRONG' })
    expect(wrong.headers.get('set-cookie')).toBeNull()
    const missing = await api('DELETE', '/api/auth/me', { token: rosa.token, body: {} })
    expect(missing.status).toBe(400)
    expect(errorPaths(missing.body)).toEqual(['password'])
    const unknown = await api('DELETE', '/api/auth/me', { token: rosa.token, body: { password: 'password123', x: 1 } })
    expect(unknown.status).toBe(400)
    expect(await sql(`select id from users where id = $1`, [rosa.id])).toHaveLength(1)
    expect((await sql(`select name, user_id, anonymised_at from clients where id = $1`, [rosa.card]))[0]).toEqual({
      name: 'Rosa',
      user_id: rosa.id,
      anonymised_at: null,
    })
    expect((await sql(`select status, note from reservations where id = $1`, [upcoming]))[0]).toEqual(booked)
    expect((await api('GET', '/api/auth/me', { token: rosa.token })).body.user.id).toBe(rosa.id)
  })

  it('erases the account: upcoming booking cancelled with its mail, card anonymised, past visits and payments kept, KPIs unchanged', async () => {
    const rosa = await newCustomer()
    await staffRecord(rosa.card)
    // A visit today (the local day and month of the registration).
    const past = await pastPaidBooking({ user: rosa.id, card: rosa.card }, nightOf(0), 'Frangia corta')
    const upcoming = await upcomingBooking(rosa.token, 47, 'Porto mia figlia')
    const photo = await api('PUT', '/api/auth/me/avatar', {
      token: rosa.token,
      rawBody: uploadForm({}, { name: 'me.png', data: PNG_8x8, type: 'image/png' }),
    })
    expect(photo.status, JSON.stringify(photo.body)).toBe(200)
    const [{ upload_id: photoId }] = await sql(`select upload_id from users where id = $1`, [rosa.id])
    // A mail already sent about the past visit, naming her.
    await sql(
      `insert into notifications (reservation_id, kind, recipient, address, dedupe_key, subject, html, text, status, sent_at)
       values ($1, 'CONFIRMED', 'CUSTOMER', $2, $3, 'Ciao Rosa', '<p>Ciao Rosa</p>', 'Ciao Rosa', 'SENT', now())`,
      [past, rosa.email, unique('dedupe')],
    )
    const today = localDayOf(new Date(), ROME)
    const periods = ['period=month', `period=custom&from=${today}&to=${today}`]
    const before = await Promise.all(periods.map(kpis))
    expect(before[1].figures.current.bookings).toBeGreaterThanOrEqual(1)
    const erasedBefore = (await sql(`select count(*)::int as n from erased_accounts`))[0].n
    const since = Date.now()

    const res = await api('DELETE', '/api/auth/me', { token: rosa.token, body: { password: 'password123' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ message: expect.any(String), cancelled: 1 })
    const cookies = res.headers.get('set-cookie') ?? ''
    expect(cookies).toMatch(/payload-token=/)
    expect(cookies).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i)

    // The account and all that hung from it.
    expect(await sql(`select id from users where id = $1`, [rosa.id])).toHaveLength(0)
    for (const table of ['users_sessions', 'refresh_sessions'])
      expect(
        await sql(`select 1 from ${table} where ${table === 'users_sessions' ? '_parent_id' : 'user_id'} = $1`, [
          rosa.id,
        ]),
      ).toHaveLength(0)
    expect(await sql(`select id from upload where id = $1`, [photoId])).toHaveLength(0)
    expect((await api('GET', '/api/auth/me', { token: rosa.token })).body?.user ?? null).toBeNull()
    expect((await api('GET', '/api/auth/me/export', { token: rosa.token })).status).toBe(401)
    expect((await sql(`select count(*)::int as n from erased_accounts`))[0].n).toBe(erasedBefore + 1)

    // The card: no one in it any more.
    const [card] = await sql(`select * from clients where id = $1`, [rosa.card])
    expect(card).toMatchObject({
      name: 'Cliente cancellato',
      surname: null,
      phone_number: null,
      email: null,
      birthday: null,
      marketing_consent: false,
      tags: [],
      allergies: null,
      technical_notes: null,
      blocked_reason: null,
      user_id: null,
    })
    expect(card.anonymised_at).toBeTruthy()
    expect(await sql(`select id from client_notes where client_id = $1`, [rosa.card])).toHaveLength(0)

    // The upcoming booking: cancelled, the customer told (a real mail), the salon told she cancelled.
    expect(
      (await sql(`select status, note, client_id, user_id from reservations where id = $1`, [upcoming]))[0],
    ).toEqual({
      status: 'CANCELLED',
      note: null,
      client_id: rosa.card,
      user_id: null,
    })
    const mail = await waitForMail(rosa.email, /annullata/i, since)
    expect(mail.body).toContain('come hai chiesto')
    const notices = await sql(`select kind, recipient from notifications where reservation_id = $1 order by id`, [
      upcoming,
    ])
    expect(notices).toEqual(
      expect.arrayContaining([
        { kind: 'CANCELLED', recipient: 'CUSTOMER' },
        { kind: 'SALON_CANCELLED', recipient: 'SALON' },
      ]),
    )
    const [cancelEvent] = await sql(
      `select actor_id, actor_role from reservation_events where reservation_id = $1 and to_status = 'CANCELLED'`,
      [upcoming],
    )
    expect(cancelEvent).toEqual({ actor_id: null, actor_role: 'USER' })
    // …and once sent, the mails about her (the booking's confirmation, the cancellation) are emptied too.
    await expect
      .poll(
        async () =>
          await sql(
            `select kind, status, address, html from notifications
              where reservation_id = $1 and recipient = 'CUSTOMER' order by id`,
            [upcoming],
          ),
        { timeout: 15_000 },
      )
      .toEqual([
        { kind: expect.stringMatching(/^(RECEIVED|CONFIRMED)$/), status: 'SENT', address: '', html: '' },
        { kind: 'CANCELLED', status: 'SENT', address: '', html: '' },
      ])
    expect(
      await sql(`select address, subject, html, text from notifications where reservation_id = $1`, [past]),
    ).toEqual([{ address: '', subject: '', html: '', text: '' }])
    expect(await sql(`select 1 from reservation_events where actor_id = $1`, [rosa.id])).toHaveLength(0)

    // The past visit stays, with what it cost and how it was paid, and no one's words in it.
    expect(
      (
        await sql(
          `select status, total_price::float8 as price, note, client_id, operator_id from reservations where id = $1`,
          [past],
        )
      )[0],
    ).toEqual({
      status: 'COMPLETED',
      price: piega.price,
      note: null,
      client_id: rosa.card,
      operator_id: giulia,
    })
    expect(
      await sql(
        `select method, amount::float8 as amount from reservation_payments where reservation_id = $1 order by position`,
        [past],
      ),
    ).toEqual([
      { method: 'CARD', amount: piega.price },
      { method: 'CASH', amount: 2 },
    ])
    expect(await Promise.all(periods.map(kpis))).toEqual(before)

    // Erasing what is erased: nothing left to do.
    const again = await api('POST', `/api/clients/${rosa.card}/erase`, { as: 'ADMIN' })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ cancelled: 0 })
    expect(await Promise.all(periods.map(kpis))).toEqual(before)
  })

  it('wrong passwords count: after five in a row the sixth try is 429 with Retry-After, and the account stays', async () => {
    const rosa = await newCustomer()
    for (let i = 0; i < 5; i++)
      expect(
        (await api('DELETE', '/api/auth/me', { token: rosa.token, body: { password: `sbagliata${i}` } })).status,
      ).toBe(400)
    const limited = await api('DELETE', '/api/auth/me', { token: rosa.token, body: { password: 'password123' } })
    expect(limited.status).toBe(429)
    expect(limited.body.errors[0].data.code).toBe('TOO_MANY_ATTEMPTS')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await sql(`select id from users where id = $1`, [rosa.id])).toHaveLength(1)
  })

  it('the salon’s last administrator cannot leave: 409 LAST_ADMIN, nothing changes', async () => {
    const admins = await sql(`select email from users where user_role = 'ADMIN'`)
    expect(admins.map((a) => a.email)).toEqual(['admin@demo.salon'])
    const res = await api('DELETE', '/api/auth/me', { as: 'ADMIN', body: { password: 'demo1234' } })
    expect(res.status).toBe(409)
    expect(res.body.errors[0].data.code).toBe('LAST_ADMIN')
    expect(await sql(`select id from users where email = 'admin@demo.salon'`)).toHaveLength(1)
  })
})

describe('POST /api/clients/:id/erase (ADMIN)', () => {
  it('erases a card made at the desk: its upcoming booking cancelled with a mail to its address, the card anonymised, the mails kept emptied, the visits kept', async () => {
    const name = `Desk${Date.now()}`
    const email = `${name.toLowerCase()}@example.com`
    const created = await api('POST', '/api/clients', {
      as: 'ADMIN',
      body: { name, surname: 'Verdi', phone_number: '333 7654321', email, tags: ['Nuova'] },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const card = created.body.doc as { id: number }
    expect((await api('PATCH', `/api/clients/${card.id}`, { as: 'ADMIN', body: { allergies: 'Nichel' } })).status).toBe(
      200,
    )
    const note = await api('POST', `/api/clients/${card.id}/notes`, {
      as: 'ADMIN',
      body: { body: 'Preferisce Giulia' },
    })
    expect(note.status, JSON.stringify(note.body)).toBe(201)
    const past = await pastPaidBooking({ card: card.id }, nightOf(30), 'Ricordarsi il colore')
    await sql(
      `insert into notifications (reservation_id, kind, recipient, address, dedupe_key, subject, html, text, status, sent_at)
       values ($1, 'SALON_NEW_BOOKING', 'SALON', 'salone@example.com', $2, $3, $3, $3, 'SENT', now())`,
      [past, unique('dedupe'), `Nuova prenotazione: ${name} Verdi`],
    )
    // An appointment next month, booked at the desk for the card.
    const slot = await slotAt(await freeDay(piega.id, 49), [piega.id], 'any', '11:00')
    const booked = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { client: card.id, services: [piega.id], operator: slot.operators[0], date_start: slot.start },
    })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const up = { id: booked.body.data.id as number }
    const since = Date.now()
    const revenueBefore = (
      await sql(
        `select sum(total_price)::float8 as s from reservations where client_id = $1 and status = 'COMPLETED'`,
        [card.id],
      )
    )[0].s

    const res = await api('POST', `/api/clients/${card.id}/erase`, { as: 'ADMIN' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ cancelled: 1 })
    expect((await sql(`select status from reservations where id = $1`, [up.id]))[0].status).toBe('CANCELLED')
    const [after] = await sql(
      `select name, surname, phone_number, email, tags, allergies, anonymised_at from clients where id = $1`,
      [card.id],
    )
    expect(after).toMatchObject({
      name: 'Cliente cancellato',
      surname: null,
      phone_number: null,
      email: null,
      tags: [],
      allergies: null,
    })
    expect(after.anonymised_at).toBeTruthy()
    expect(await sql(`select id from client_notes where client_id = $1`, [card.id])).toHaveLength(0)
    expect((await sql(`select note, status from reservations where id = $1`, [past]))[0]).toEqual({
      note: null,
      status: 'COMPLETED',
    })
    expect(
      (await sql(`select address, subject, html from notifications where reservation_id = $1`, [past]))[0],
    ).toEqual({
      address: 'salone@example.com',
      subject: '',
      html: '',
    })
    expect(
      (
        await sql(
          `select sum(total_price)::float8 as s from reservations where client_id = $1 and status = 'COMPLETED'`,
          [card.id],
        )
      )[0].s,
    ).toBe(revenueBefore)
    // She is told (the card's address, before it was emptied), and the desk no longer finds her.
    const mail = await waitForMail(email, /annullata/i, since)
    expect(mail.body).toContain('è stato annullato')
    const listed = await api('GET', `/api/clients?search=${encodeURIComponent(name)}`, { as: 'ADMIN' })
    expect(listed.status).toBe(200)
    expect(listed.body.docs.map((d: { id: number }) => d.id)).not.toContain(card.id)
    // Its export says only that someone was erased.
    const exported = await api('GET', `/api/clients/${card.id}/export`, { as: 'ADMIN' })
    expect(exported.status).toBe(200)
    expect(exported.body.account).toBeNull()
    expect(JSON.stringify(exported.body)).not.toContain(name)
    expect(JSON.stringify(exported.body)).not.toContain('Preferisce Giulia')
    expect(exported.body.bookings.map((b: { id: number }) => b.id).sort()).toEqual([past, up.id].sort())
  })
})
