/**
 * The waitlist's endpoints (docs/api.md "Waitlist"): who may do what (a customer their own only,
 * others' ids 404; staff every entry), bad input answered 400 naming the field, removing an entry
 * withdraws its OPEN offer and frees the held time, staff offering a time by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { api, daySlots, errorPaths, freeDay, slotAt, sql } from './helpers'
import { type Customer, bookWalkIn, customer, join, offersOf, queueIdle, until } from './waitlistSetup'

let ops: Record<string, number>
let svc: Record<string, number>
let a: Customer
let b: Customer

const codeOf = (body: any) => body?.errors?.[0]?.data?.code

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  a = await customer('wl-acc-a')
  b = await customer('wl-acc-b')
})

describe('POST /api/waitlist: bad input and who may send what', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    services: [svc.Piega],
    days: [new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10)],
    from: '09:00',
    to: '12:00',
    ...over,
  })

  it('a visitor is 401; a customer may not name a client; staff must', async () => {
    expect((await api('POST', '/api/waitlist', { body: body() })).status).toBe(401)
    const [card] = await sql('select id from clients where user_id = $1', [b.id])
    const own = await api('POST', '/api/waitlist', { token: a.token, body: body({ client: card.id }) })
    expect(own.status).toBe(400)
    expect(errorPaths(own.body)).toEqual(['client'])
    const staff = await api('POST', '/api/waitlist', { as: 'ADMIN', body: body() })
    expect(staff.status).toBe(400)
    expect(errorPaths(staff.body)).toEqual(['client'])
    expect(await sql('select id from waitlist_entries where client_id = $1', [card.id])).toEqual([])
  })

  it('days in the past or beyond the horizon, a window backwards, no services: 400 naming the field', async () => {
    const past = await api('POST', '/api/waitlist', { token: a.token, body: body({ days: ['2020-01-01'] }) })
    expect(past.status).toBe(400)
    expect(errorPaths(past.body)).toEqual(['days'])
    expect(codeOf(past.body)).toBe('WAITLIST_DAY_PAST')
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10)
    expect(
      errorPaths((await api('POST', '/api/waitlist', { token: a.token, body: body({ days: [far] }) })).body),
    ).toEqual(['days'])
    const backwards = await api('POST', '/api/waitlist', { token: a.token, body: body({ from: '12:00', to: '09:00' }) })
    expect(backwards.status).toBe(400)
    expect(errorPaths(backwards.body)).toEqual(['to'])
    const none = await api('POST', '/api/waitlist', { token: a.token, body: body({ services: [] }) })
    expect(none.status).toBe(400)
    expect(errorPaths(none.body)).toEqual(['services'])
    const unknownService = await api('POST', '/api/waitlist', {
      token: a.token,
      body: body({ services: [99_999_999] }),
    })
    expect(unknownService.status).toBe(400)
    expect(errorPaths(unknownService.body)).toEqual(['services'])
  })

  it('staff add an entry for a card; the day list shows it with who, in line order; customers cannot read it', async () => {
    const [card] = await sql('select id from clients where user_id = $1', [b.id])
    const made = await api('POST', '/api/waitlist', { as: 'ADMIN', body: body({ client: card.id }) })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.client).toMatchObject({ id: card.id, has_account: true })
    const day = body().days[0]
    const list = await api('GET', `/api/waitlist?day=${day}`, { as: 'ADMIN' })
    expect(list.status).toBe(200)
    expect(list.body.docs.map((e: { id: number }) => e.id)).toContain(made.body.id)
    expect((await api('GET', `/api/waitlist?day=${day}`, { token: a.token })).status).toBe(403)
    expect((await api('GET', '/api/waitlist?day=tomorrow', { as: 'ADMIN' })).status).toBe(400)
    // B sees it in their own list (no card details there); A does not.
    const mineB = await api('GET', '/api/waitlist/mine', { token: b.token })
    const seen = mineB.body.docs.find((e: { id: number }) => e.id === made.body.id)
    expect(seen).toBeDefined()
    expect(seen.client).toBeUndefined()
    const mineA = await api('GET', '/api/waitlist/mine', { token: a.token })
    expect(mineA.body.docs.some((e: { id: number }) => e.id === made.body.id)).toBe(false)
  })
})

describe('offers: whose they are, removing, by hand', () => {
  it('an entry for a free time gets its offer; another customer can neither read it nor remove the entry; removing withdraws it and frees the time', async () => {
    const day = await freeDay(svc.Piega!, 30, undefined, { operator: ops.Giulia!, times: ['15:00'] })
    const slot = await slotAt(day, [svc.Piega!], ops.Giulia!, '15:00')
    const entry = await join(a, [svc.Piega!], ops.Giulia!, slot)
    const offer = await until(async () => (await offersOf([entry])).find((o) => o.status === 'OPEN'))
    expect((await daySlots(day, [svc.Piega!], ops.Giulia!)).map((s) => s.start)).not.toContain(slot.start)

    expect((await api('GET', `/api/waitlist/offers/${offer.id}`, { token: b.token })).status).toBe(404)
    expect((await api('DELETE', `/api/waitlist/${entry}`, { token: b.token })).status).toBe(404)
    expect((await api('GET', `/api/waitlist/offers/${offer.id}`, { as: 'OPERATOR' })).status).toBe(200)
    expect((await api('GET', `/api/waitlist/offers/${offer.id}`)).status).toBe(401)

    const removed = await api('DELETE', `/api/waitlist/${entry}`, { token: a.token })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ id: entry, status: 'REMOVED' })
    const [after] = await offersOf([entry])
    expect(after).toMatchObject({ status: 'WITHDRAWN' })
    expect(await sql('select id from reservations where id = $1', [offer.reservation_id])).toEqual([])
    expect((await daySlots(day, [svc.Piega!], ops.Giulia!)).map((s) => s.start)).toContain(slot.start)
    // Gone from the line: no new offer comes.
    await queueIdle()
    expect((await offersOf([entry])).length).toBe(1)
  }, 40_000)

  it('staff offer a time by hand: held and sent (201); a time not free is the booking refusal (409); customers may not', async () => {
    const day = await freeDay(svc.Piega!, 31, undefined, { operator: ops.Giulia!, times: ['16:00', '17:00'] })
    const busy = await slotAt(day, [svc.Piega!], ops.Giulia!, '16:00')
    await bookWalkIn([svc.Piega!], ops.Giulia!, busy.start)
    const free = await slotAt(day, [svc.Piega!], ops.Giulia!, '17:00')
    // A window around the busy time only: the queue has nothing to offer it.
    const entry = await join(b, [svc.Piega!], ops.Giulia!, busy)
    await queueIdle()
    expect(await offersOf([entry])).toEqual([])

    const byCustomer = await api('POST', `/api/waitlist/${entry}/offer`, {
      token: b.token,
      body: { date_start: free.start },
    })
    expect(byCustomer.status).toBe(403)
    const taken = await api('POST', `/api/waitlist/${entry}/offer`, { as: 'ADMIN', body: { date_start: busy.start } })
    expect(taken.status).toBe(409)
    expect(codeOf(taken.body)).toMatch(/OPERATOR_BUSY|SLOT_TAKEN/)
    const bad = await api('POST', `/api/waitlist/${entry}/offer`, { as: 'ADMIN', body: { date_start: 'soon' } })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(['date_start'])
    // An operator (the demo one is Giulia) offers only in their own agenda.
    const elsewhere = await api('POST', `/api/waitlist/${entry}/offer`, {
      as: 'OPERATOR',
      body: { date_start: free.start, operator: ops.Marco },
    })
    expect(elsewhere.status).toBe(403)
    expect(codeOf(elsewhere.body)).toBe('OWN_CALENDAR_ONLY')
    const made = await api('POST', `/api/waitlist/${entry}/offer`, { as: 'ADMIN', body: { date_start: free.start } })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ status: 'OPEN', by_hand: true, date_start: free.start })
    expect(made.body.operator).toMatchObject({ id: ops.Giulia })
    const [row] = await sql('select status, user_id from reservations where id = $1', [made.body.reservation])
    expect(row).toMatchObject({ status: 'PENDING_CONFIRMATION', user_id: b.id })
    expect(
      (await api('POST', '/api/waitlist/99999999/offer', { as: 'ADMIN', body: { date_start: free.start } })).status,
    ).toBe(404)
    // Removed entries are closed to offers.
    expect((await api('DELETE', `/api/waitlist/${entry}`, { as: 'ADMIN' })).status).toBe(200)
    const closed = await api('POST', `/api/waitlist/${entry}/offer`, { as: 'ADMIN', body: { date_start: free.start } })
    expect(closed.status).toBe(409)
    expect(codeOf(closed.body)).toBe('WAITLIST_CLOSED')
  }, 40_000)
})

describe('erasure', () => {
  it('a person who erases their account leaves no waitlist entry or offer behind, and the held time is free', async () => {
    const day = await freeDay(svc.Piega!, 33)
    // Any free time of Giulia's that day (her hours differ from day to day).
    const slot = (await daySlots(day, [svc.Piega!], ops.Giulia!))[2]!
    const gone = await customer('wl-erase')
    const entry = await join(gone, [svc.Piega!], ops.Giulia!, slot)
    const offer = await until(async () => (await offersOf([entry])).find((o) => o.status === 'OPEN'))
    const erased = await api('DELETE', '/api/auth/me', { token: gone.token, body: { password: 'password123' } })
    expect(erased.status, JSON.stringify(erased.body)).toBe(200)
    expect(await sql('select id from waitlist_entries where id = $1', [entry])).toEqual([])
    expect(await sql('select id from waitlist_offers where id = $1', [offer.id])).toEqual([])
    expect(await sql('select id from reservations where id = $1', [offer.reservation_id])).toEqual([])
    expect((await daySlots(day, [svc.Piega!], ops.Giulia!)).map((s) => s.start)).toContain(slot.start)
  }, 40_000)
})
