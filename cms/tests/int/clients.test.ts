/**
 * The front desk (issue 24): client cards apart from login accounts — who may see and change them,
 * the fuzzy search, creation at the desk, booking a card (with no e-mail: no mail), an operator's own
 * clients, an account joining a desk card only once its e-mail is verified, duplicates and merge,
 * a card blocked from booking online, walk-ins and booking outside the offered times.
 * This file has a salon of its own (setup.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { clientHistoryResponse, clientListResponse, duplicatesResponse } from '@salon/shared'
import { api, errorPaths, freshAddress, login, sql, unique, waitForMail } from './helpers'

let svc: Record<string, number>
let ops: Record<string, number>

const DAY_MS = 86_400_000
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10)

const createCard = async (body: Record<string, unknown>, as: 'ADMIN' | 'OPERATOR' = 'ADMIN') => {
  const res = await api('POST', '/api/clients', { as, body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { doc: { id: number; name: string }; duplicates: { id: number }[] }
}

/** A free start of `operator` on a weekday 10–20 days ahead, from the public times. */
async function freeStart(operator: number, offset: number) {
  for (let d = offset; d < offset + 10; d++) {
    const day = isoDay(Date.now() + d * DAY_MS)
    const res = await api(
      'GET',
      `/api/reservations/time-availability-day?date=${day}&services=${svc.Piega}&operator=${operator}`,
    )
    const slots = res.body.slots as { start: string }[]
    if (slots?.length > 4) return slots[2]!.start
  }
  throw new Error('no free day')
}

const book = (body: Record<string, unknown>, as: 'ADMIN' | 'OPERATOR' = 'ADMIN', token?: string) =>
  api('POST', '/api/reservations/book', token ? { token, body } : { as, body })

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators where active')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
})

describe('who may see and change cards', () => {
  it('visitors 401, customers 403 on every path; staff in', async () => {
    const { doc } = await createCard({ name: 'Anna', phone_number: '333 000 1111' })
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/clients'],
      ['POST', '/api/clients', { name: 'X', phone_number: '333 000 2222' }],
      ['GET', `/api/clients/${doc.id}`],
      ['PATCH', `/api/clients/${doc.id}`, { allergies: 'PPD' }],
      ['GET', `/api/clients/${doc.id}/history`],
      ['GET', `/api/clients/${doc.id}/notes`],
      ['POST', `/api/clients/${doc.id}/notes`, { body: 'x' }],
      ['GET', `/api/clients/${doc.id}/duplicates`],
      ['POST', `/api/clients/${doc.id}/merge`, { from: doc.id }],
    ]
    for (const [method, path, body] of paths) {
      expect((await api(method, path, { body })).status, `${method} ${path} visitor`).toBe(401)
      expect((await api(method, path, { as: 'USER', body })).status, `${method} ${path} customer`).toBe(403)
    }
    expect((await api('GET', `/api/clients/${doc.id}`, { as: 'ADMIN' })).body.allergies).toBeNull()
  })

  it('an operator sees only their own clients and changes only the technical record and tags', async () => {
    const admins = await createCard({ name: 'Solo', surname: 'Admin', phone_number: '333 000 3333' })
    const mine = await createCard({ name: 'Mia', surname: 'Operatrice', phone_number: '333 000 4444' }, 'OPERATOR')
    const listed = await api('GET', '/api/clients?limit=100', { as: 'OPERATOR' })
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    const list = clientListResponse.parse(listed.body)
    expect(list.docs.map((d) => d.id)).toContain(mine.doc.id)
    expect(list.docs.map((d) => d.id)).not.toContain(admins.doc.id)
    expect((await api('GET', `/api/clients/${admins.doc.id}/history`, { as: 'OPERATOR' })).status).toBe(404)
    expect((await api('GET', `/api/clients/${admins.doc.id}`, { as: 'OPERATOR' })).status).toBe(404)
    const rename = await api('PATCH', `/api/clients/${mine.doc.id}`, { as: 'OPERATOR', body: { name: 'Altro' } })
    expect(rename.status).toBe(403)
    expect(errorPaths(rename.body)).toContain('name')
    const record = await api('PATCH', `/api/clients/${mine.doc.id}`, {
      as: 'OPERATOR',
      body: { allergies: 'Allergia PPD', technical_notes: '6.3 + 20 vol', tags: ['Colore'] },
    })
    expect(record.status, JSON.stringify(record.body)).toBe(200)
    expect(record.body.doc).toMatchObject({ name: 'Mia', allergies: 'Allergia PPD', tags: ['Colore'] })
  })

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const before = (await sql('select count(*)::int as n from clients'))[0].n
    const noPhone = await api('POST', '/api/clients', { as: 'ADMIN', body: { name: 'Senza' } })
    expect(noPhone.status).toBe(400)
    expect(errorPaths(noPhone.body)).toEqual(['phone_number'])
    const badMail = await api('POST', '/api/clients', {
      as: 'ADMIN',
      body: { name: 'A', phone_number: '333 111 2222', email: 'non-mail', birthday: '2026-02-30' },
    })
    expect(errorPaths(badMail.body).sort()).toEqual(['birthday', 'email'])
    const serverSet = await api('POST', '/api/clients', {
      as: 'ADMIN',
      body: { name: 'A', phone_number: '333 111 2222', user: 1 },
    })
    expect(serverSet.status).toBe(400)
    expect(serverSet.body.errors[0].data.errors[0]).toMatchObject({ path: 'user', code: 'SET_BY_SERVER' })
    expect((await sql('select count(*)::int as n from clients'))[0].n).toBe(before)
    const { doc } = await createCard({ name: 'Lia', phone_number: '333 111 2223' })
    const patch = await api('PATCH', `/api/clients/${doc.id}`, {
      as: 'ADMIN',
      body: { anonymised_at: 'x', tags: [''] },
    })
    expect(patch.status).toBe(400)
    expect(errorPaths(patch.body)).toContain('anonymised_at')
  })
})

describe('the desk search', () => {
  it('finds a card by name with accents and typos ignored, and by phone however it is spaced', async () => {
    const rosa = await createCard({ name: 'Rosa', surname: 'Bianchi', phone_number: '333 1234567' })
    const nicco = await createCard({ name: 'Niccolò', surname: 'Ferrà', phone_number: '+39 347 765 4321' })
    const search = async (q: string) =>
      clientListResponse.parse((await api('GET', `/api/clients?search=${encodeURIComponent(q)}`, { as: 'ADMIN' })).body)
        .docs
    expect((await search('rosa bianki')).map((d) => d.id)).toContain(rosa.doc.id)
    expect((await search('BIANCHI ros'))[0]!.id).toBe(rosa.doc.id)
    expect((await search('niccolo ferra'))[0]!.id).toBe(nicco.doc.id)
    expect((await search('3331234567'))[0]!.id).toBe(rosa.doc.id)
    expect((await search('333 123 4567'))[0]!.id).toBe(rosa.doc.id)
    expect((await search('765-4321'))[0]!.id).toBe(nicco.doc.id)
    expect(await search('%%%')).toEqual([])
    const bad = await api('GET', `/api/clients?limit=1000&sort=x`, { as: 'ADMIN' })
    expect(bad.status).toBe(400)
  })
})

describe('booking a card at the desk', () => {
  it('books a card without an account or e-mail: the booking points to the card, and no mail is queued', async () => {
    const { doc } = await createCard({ name: 'Rosa', surname: 'Telefono', phone_number: '333 765 0000' })
    const res = await book({
      client: doc.id,
      services: [svc.Piega],
      operator: ops.Giulia,
      date_start: await freeStart(ops.Giulia!, 10),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [row] = await sql('select user_id, client_id, status from reservations where id = $1', [res.body.data.id])
    expect(row).toMatchObject({ user_id: null, client_id: doc.id, status: 'CONFIRMED' })
    expect(
      (
        await sql(`select count(*)::int as n from notifications where reservation_id = $1 and recipient = 'CUSTOMER'`, [
          res.body.data.id,
        ])
      )[0].n,
    ).toBe(0)
    const history = clientHistoryResponse.parse(
      (await api('GET', `/api/clients/${doc.id}/history`, { as: 'ADMIN' })).body,
    )
    expect(history.upcoming.map((v) => v.id)).toEqual([res.body.data.id])
    expect(history.stats).toMatchObject({ upcoming: 1, visits: 0, cancellations: 0 })
  })

  it('mails a card with an e-mail', async () => {
    const email = `${unique('desk')}@example.com`
    const { doc } = await createCard({ name: 'Carla', phone_number: '333 765 0001', email })
    const since = Date.now()
    const res = await book({
      client: doc.id,
      services: [svc.Piega],
      operator: ops.Giulia,
      date_start: await freeStart(ops.Giulia!, 11),
    })
    expect(res.status).toBe(201)
    expect((await waitForMail(email, /./, since)).body).toContain('Carla')
  })

  it('refuses both or neither of user and client, and a card an operator may not book', async () => {
    const { doc } = await createCard({ name: 'Ugo', phone_number: '333 765 0002' })
    const start = await freeStart(ops.Giulia!, 12)
    const both = await book({ client: doc.id, user: 1, services: [svc.Piega], operator: ops.Giulia, date_start: start })
    expect(both.status).toBe(400)
    expect(errorPaths(both.body)).toContain('client')
    const operatorOps = (
      await sql(`select o.id from operators o join users u on u.id = o.user_id where u.email = 'operatore@demo.salon'`)
    ).map((r) => r.id)
    const own = operatorOps[0] as number
    const notTheirs = await book(
      { client: doc.id, services: [svc.Piega], operator: own, date_start: await freeStart(own, 12) },
      'OPERATOR',
    )
    expect(notTheirs.status).toBe(400)
    expect(notTheirs.body.errors[0].data.errors[0]).toMatchObject({ path: 'client', code: 'UNKNOWN_CUSTOMER' })
    const theirs = await createCard({ name: 'Per', surname: 'Operatore', phone_number: '333 765 0003' }, 'OPERATOR')
    const ok = await book(
      { client: theirs.doc.id, services: [svc.Piega], operator: own, date_start: await freeStart(own, 13) },
      'OPERATOR',
    )
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
  })
})

describe('an account joins a desk card only once its e-mail is verified', () => {
  it('registration leaves the desk card alone; confirming the address merges it, bookings and notes included', async () => {
    const email = `${unique('join')}@example.com`
    const desk = await createCard({ name: 'Rosa', surname: 'Banco', phone_number: '333 765 0004', email })
    const booked = await book({
      client: desk.doc.id,
      services: [svc.Piega],
      operator: ops.Marco,
      date_start: await freeStart(ops.Marco!, 14),
    })
    expect(booked.status).toBe(201)
    expect(
      (await api('POST', `/api/clients/${desk.doc.id}/notes`, { as: 'ADMIN', body: { body: 'Preferisce Marco' } }))
        .status,
    ).toBe(201)
    const since = Date.now()
    const reg = await api('POST', '/api/users', {
      headers: { 'x-forwarded-for': freshAddress() },
      body: {
        email,
        password: 'password123',
        name: 'Rosa',
        surname: 'Banco',
        phone_number: '333 765 0004',
        privacy_accepted: true,
      },
    })
    expect(reg.status, JSON.stringify(reg.body)).toBe(201)
    const userId = reg.body.doc.id as number
    const token = await login(email, 'password123')
    // Not verified: the account has its own card; the desk card and its booking stay apart.
    const [own] = await sql('select id from clients where user_id = $1', [userId])
    expect(own.id).not.toBe(desk.doc.id)
    expect((await sql('select user_id from clients where id = $1', [desk.doc.id]))[0].user_id).toBeNull()
    const mineBefore = await api('GET', '/api/reservations/mine', { token })
    expect([...mineBefore.body.upcoming].map((r: { id: number }) => r.id)).not.toContain(booked.body.data.id)
    // Verified: the desk card is merged into the account's card.
    const link = /\/confirm\?token=([^\s"<&]+)/.exec(
      (await waitForMail(email, /conferma il tuo indirizzo/i, since)).body,
    )
    expect((await api('POST', '/api/auth/confirm', { body: { token: decodeURIComponent(link![1]!) } })).status).toBe(
      200,
    )
    expect(await sql('select id from clients where id = $1', [desk.doc.id])).toEqual([])
    expect((await sql('select client_id, user_id from reservations where id = $1', [booked.body.data.id]))[0]).toEqual({
      client_id: own.id,
      user_id: userId,
    })
    expect((await sql('select count(*)::int as n from client_notes where client_id = $1', [own.id]))[0].n).toBe(1)
    const mineAfter = await api('GET', '/api/reservations/mine', { token })
    expect([...mineAfter.body.upcoming].map((r: { id: number }) => r.id)).toContain(booked.body.data.id)
  })
})

describe('duplicates and merge', () => {
  it('finds the same phone, e-mail or name, and merges every booking and note onto the kept card', async () => {
    const keep = await createCard({ name: 'Giovanna', surname: 'Doppia', phone_number: '333 765 0005', tags: ['VIP'] })
    const dup = await createCard({
      name: 'Giovanna',
      surname: 'Doppia',
      phone_number: '3337650005',
      email: 'gio@example.com',
      tags: ['Colore'],
    })
    expect(dup.duplicates.map((d) => d.id)).toContain(keep.doc.id)
    const found = duplicatesResponse.parse(
      (await api('GET', `/api/clients/${keep.doc.id}/duplicates`, { as: 'ADMIN' })).body,
    )
    expect(found.docs.find((d) => d.id === dup.doc.id)?.reasons.sort()).toEqual(['NAME', 'PHONE'])
    const booked = await book({
      client: dup.doc.id,
      services: [svc.Piega],
      operator: ops.Giulia,
      date_start: await freeStart(ops.Giulia!, 15),
    })
    expect(booked.status).toBe(201)
    await api('PATCH', `/api/clients/${dup.doc.id}`, { as: 'ADMIN', body: { allergies: 'Nichel' } })
    await api('POST', `/api/clients/${dup.doc.id}/notes`, { as: 'ADMIN', body: { body: 'Chiama dopo le 18' } })
    expect(
      (await api('POST', `/api/clients/${keep.doc.id}/merge`, { as: 'OPERATOR', body: { from: dup.doc.id } })).status,
    ).toBe(403)
    const self = await api('POST', `/api/clients/${keep.doc.id}/merge`, { as: 'ADMIN', body: { from: keep.doc.id } })
    expect(self.status).toBe(400)
    expect(errorPaths(self.body)).toEqual(['from'])
    const merged = await api('POST', `/api/clients/${keep.doc.id}/merge`, { as: 'ADMIN', body: { from: dup.doc.id } })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    expect(merged.body.moved).toEqual({ reservations: 1, notes: 1 })
    expect(merged.body.doc).toMatchObject({ email: 'gio@example.com', allergies: 'Nichel' })
    expect([...merged.body.doc.tags].sort()).toEqual(['Colore', 'VIP'])
    expect((await sql('select client_id from reservations where id = $1', [booked.body.data.id]))[0].client_id).toBe(
      keep.doc.id,
    )
    expect(await sql('select id from clients where id = $1', [dup.doc.id])).toEqual([])
    const notes = await api('GET', `/api/clients/${keep.doc.id}/notes`, { as: 'ADMIN' })
    expect(notes.body.docs.map((n: { body: string }) => n.body)).toEqual(['Chiama dopo le 18'])
  })

  it('refuses to merge two cards that both have an account', async () => {
    const [a, b] = await sql(`select id from clients where user_id is not null order by id limit 2`)
    const res = await api('POST', `/api/clients/${a.id}/merge`, { as: 'ADMIN', body: { from: b.id } })
    expect(res.status).toBe(409)
    expect(res.body.errors[0].data.reason).toBe('BOTH_HAVE_ACCOUNTS')
  })
})

describe('a card blocked from booking online', () => {
  it('tells the customer politely to call, with the salon’s number; staff still book them', async () => {
    const customer = (
      await sql(`select c.id from clients c join users u on u.id = c.user_id where u.email = 'cliente@demo.salon'`)
    )[0]
    expect(
      (
        await api('PATCH', `/api/clients/${customer.id}`, {
          as: 'ADMIN',
          body: { blocked_online: true, blocked_reason: 'Tre assenze' },
        })
      ).status,
    ).toBe(200)
    try {
      const res = await api('POST', '/api/reservations/create-session', { as: 'USER' })
      expect(res.status).toBe(403)
      expect(res.body.errors[0].data.reason).toBe('CLIENT_BLOCKED')
      const phone = (await sql('select phone from config limit 1'))[0].phone
      expect(phone, 'the demo salon has a phone').toBeTruthy()
      expect(res.body.errors[0].data.params.phone).toBe(phone)
      const staff = await book({
        client: customer.id,
        services: [svc.Piega],
        operator: ops.Giulia,
        date_start: await freeStart(ops.Giulia!, 16),
      })
      expect(staff.status, JSON.stringify(staff.body)).toBe(201)
    } finally {
      await api('PATCH', `/api/clients/${customer.id}`, { as: 'ADMIN', body: { blocked_online: false } })
    }
    expect((await api('POST', '/api/reservations/create-session', { as: 'USER' })).status).toBe(201)
  })
})

describe('walk-ins and booking outside the offered times', () => {
  it('books a walk-in now with someone free, anonymous or for a card', async () => {
    // Today open all day in this file's salon, whatever time the suite runs.
    await sql(`delete from holidays`)
    await sql(`delete from business_closures`)
    await sql(`update operating_intervals set opening_time = '00:00', closing_time = '24:00'`)
    // And nobody busy around now (the demo salon's own bookings of today would decide otherwise).
    await sql(`update reservations set status = 'CANCELLED'
                where date_start < now() + interval '3 hours' and date_end > now() - interval '1 hour'`)
    const res = await api('POST', '/api/reservations/walk-in', { as: 'ADMIN', body: { services: [svc.Piega] } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [row] = await sql('select date_start, client_id, user_id, status from reservations where id = $1', [
      res.body.data.id,
    ])
    expect(Math.abs(new Date(row.date_start).getTime() - Date.now())).toBeLessThan(90_000)
    expect(row).toMatchObject({ client_id: null, user_id: null, status: 'CONFIRMED' })
    const { doc } = await createCard({ name: 'Passante', phone_number: '333 765 0006' })
    const named = await api('POST', '/api/reservations/walk-in', {
      as: 'ADMIN',
      body: { services: [svc.Piega], client: doc.id },
    })
    expect(named.status, JSON.stringify(named.body)).toBe(201)
    expect(named.body.data.operator).not.toEqual(res.body.data.operator)
    expect(
      (await api('POST', '/api/reservations/walk-in', { as: 'USER', body: { services: [svc.Piega] } })).status,
    ).toBe(403)
    const bad = await api('POST', '/api/reservations/walk-in', { as: 'ADMIN', body: { services: [] } })
    expect(errorPaths(bad.body)).toEqual(['services'])
  })

  it('asks for override_hours before booking when the salon is closed, then books', async () => {
    await sql(`update operating_intervals set opening_time = '09:00', closing_time = '13:00'`)
    const day = isoDay(Date.now() + 20 * DAY_MS)
    const { doc } = await createCard({ name: 'Sera', phone_number: '333 765 0007' })
    const late = new Date(`${day}T19:30:00Z`).toISOString() // 20:30 in Rome, after closing
    const body = { client: doc.id, services: [svc.Piega], operator: ops.Giulia, date_start: late }
    const refused = await book(body)
    expect(refused.status).toBe(409)
    expect(['OUTSIDE_OPENING_HOURS', 'CLOSED']).toContain(refused.body.errors[0].data.reason)
    const forced = await book({ ...body, override_hours: true })
    expect(forced.status, JSON.stringify(forced.body)).toBe(201)
    // Never over another booking of the operator.
    const again = await book({ ...body, override_hours: true })
    expect(again.status).toBe(409)
    expect(['OPERATOR_BUSY', 'SLOT_TAKEN']).toContain(again.body.errors[0].data.reason)
    expect(
      (await api('POST', '/api/reservations/book', { as: 'USER', body: { ...body, override_hours: true } })).status,
    ).toBe(403)
  })
})
