/**
 * "Aggiungi al calendario": GET /api/reservations/:id/ics over HTTP on a real PostgreSQL — who may
 * download, the headers, and that the file parsed by an independent parser (ical.js) says what
 * the database says.
 */
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, login, makeRoomForDemoCustomer, sql, unique, type ApiResult } from './helpers'

let ops: Record<string, number>
let svc: Record<string, number>
let booking: { id: number; date_start: string; date_end: string }
let marcoBooking: number

const ics = (id: number | string, opts: Parameters<typeof api>[2] = {}) =>
  api('GET', `/api/reservations/${id}/ics`, opts)

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
  const vevent = calendar.getFirstSubcomponent('vevent')!
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

async function newCustomer() {
  const email = `${unique('ics')}@example.com`
  const res = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Cliente' } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return login(email, 'password123')
}

/** A bookable slot `hhmm` (Rome) on a free day around `offset` days ahead. */
async function slotAt(offset: number, services: number[], operator: number, hhmm: string) {
  const rome = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' })
  for (let d = offset; d < offset + 14; d++) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
    const res = await api(
      'GET',
      `/api/reservations/time-availability-day?date=${day}&services=${services.join(',')}&operator=${operator}`,
    )
    const slot = res.status === 200 && res.body.slots.find((s: any) => rome.format(new Date(s.start)) === hhmm)
    if (slot) return slot as { start: string }
  }
  throw new Error(`no ${hhmm} slot from day +${offset}`)
}

/** create-session + confirm, as the given customer. */
async function book(token: string, services: number[], operator: number, start: string, note?: string) {
  const draft = await api('POST', '/api/reservations/create-session', { token })
  expect(draft.status, JSON.stringify(draft.body)).toBe(201)
  const res = await api('POST', '/api/reservations/confirm', {
    token,
    body: { id: draft.body.data.id, services, operator, date_start: start, note },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { id: number; date_start: string; date_end: string }
}

const expectRefused = (res: ApiResult, status: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  expect(String(res.body)).not.toContain('BEGIN:VCALENDAR')
}

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  await makeRoomForDemoCustomer()
  const customer = await login('cliente@demo.salon')
  const services = [svc['Taglio donna']!, svc.Piega!]
  // Giulia is the demo operator account's operator record.
  const slot = await slotAt(45, services, ops.Giulia!, '16:00')
  booking = await book(customer, services, ops.Giulia!, slot.start, 'Capelli lunghi, mossi; niente lacca\nGrazie!')
  const marcoSlot = await slotAt(46, [svc.Piega!], ops.Marco!, '11:00')
  marcoBooking = (await book(customer, [svc.Piega!], ops.Marco!, marcoSlot.start)).id
})

describe('GET /api/reservations/:id/ics', () => {
  it('the customer downloads it: headers, and DTSTART/DTEND equal the booking’s date_start/date_end', async () => {
    const res = await ics(booking.id, { as: 'USER' })
    expect(res.status, String(res.body)).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="prenotazione-${booking.id}.ics"`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')

    const { calendar, vevent, event } = parse(res.body)
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Rome')
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Rome')
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(booking.date_start).toISOString())
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(booking.date_end).toISOString())
    const host = new URL(String(vevent.getFirstPropertyValue('url'))).hostname
    expect(event.uid).toBe(`reservation-${booking.id}@${host}`)
    // Other suites edit the salon's config: compare with what it says now.
    const [config] = await sql('select business_name, address, email from config order by id limit 1')
    expect(event.summary).toBe(`Taglio donna, Piega — ${config.business_name}`)
    expect(event.location).toBe(config.address || config.business_name)
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE') // PENDING: the salon has not confirmed yet
    expect(event.description).toContain('Con: Giulia')
    expect(event.description).toContain('Stato: In attesa di conferma')
    expect(event.description).toContain('Note: Capelli lunghi, mossi; niente lacca\nGrazie!')
    expect(event.description).toMatch(/I miei appuntamenti: https?:\/\/[^\s]+\/reserved-area$/)
    // ORGANIZER is the salon: its e-mail, or the address our mails come from when it has none.
    expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toMatch(
      config.email ? `mailto:${config.email.toLowerCase()}` : /^mailto:[^@\s]+@[^@\s]+$/,
    )
    expect(event.sequence).toBeGreaterThan(0)
  })

  it('the assigned operator and an admin may download it too; the same event (UID, times)', async () => {
    const mine = parse((await ics(booking.id, { as: 'USER' })).body).event
    for (const as of ['OPERATOR', 'ADMIN'] as const) {
      const res = await ics(booking.id, { as })
      expect(res.status, `${as} ${String(res.body)}`).toBe(200)
      const { event } = parse(res.body)
      expect(event.uid).toBe(mine.uid)
      expect(event.startDate.toJSDate().getTime()).toBe(mine.startDate.toJSDate().getTime())
    }
  })

  it('another customer gets 404 and a visitor 401, like the REST read; an operator not assigned gets 404', async () => {
    const stranger = await newCustomer()
    expectRefused(await ics(booking.id, { token: stranger }), 404)
    expect((await api('GET', `/api/reservations/${booking.id}`, { token: stranger })).status).toBe(404)
    expectRefused(await ics(booking.id), 401)
    expect((await api('GET', `/api/reservations/${booking.id}`)).status).toBe(401)
    // The demo operator account is Giulia; Marco's booking is not theirs.
    expectRefused(await ics(marcoBooking, { as: 'OPERATOR' }), 404)
    expect((await ics(marcoBooking, { as: 'USER' })).status).toBe(200)
  })

  it('a customer account still linked to an operator record (a former operator) is no operator: 404', async () => {
    // Issue 21 §3: who may read a booking is the engine's decision (maySeeReservation), for the
    // calendar file as for the lists — the role is the authority, a stray link grants nothing.
    const former = await newCustomer()
    const formerId = (await api('GET', '/api/auth/me', { token: former })).body.user.id
    const [{ id: record }] = await sql(
      `insert into operators (name, surname, active, user_id) values ('Ex', 'Operatrice', false, $1) returning id`,
      [formerId],
    )
    const [{ id: theirs }] = await sql(
      `insert into reservations (user_id, operator_id, status, date_start, date_end, duration, total_price)
       values (null, $1, 'CONFIRMED', '2027-07-01T01:00:00Z', '2027-07-01T01:30:00Z', 30, 20) returning id`,
      [record],
    )
    expectRefused(await ics(theirs, { token: former }), 404)
    expect((await ics(theirs, { as: 'ADMIN' })).status).toBe(200)
    // The REST read is the same rule as a filter (reservationScope): not by id, not in a list.
    expect((await api('GET', `/api/reservations/${theirs}`, { token: former })).status).toBe(404)
    const list = await api('GET', `/api/reservations?where[operator][equals]=${record}`, { token: former })
    expect(list.status).toBe(200)
    expect(list.body.docs).toEqual([])
    // Once their account is an operator's again, the record's bookings are theirs to see.
    await sql(`update users set user_role = 'OPERATOR' where id = $1`, [formerId])
    const again = await login((await api('GET', '/api/auth/me', { token: former })).body.user.email, 'password123')
    expect((await api('GET', `/api/reservations/${theirs}`, { token: again })).status).toBe(200)
    expect((await ics(theirs, { token: again })).status).toBe(200)
  })

  it('a missing reservation is 404; a bad id is 400 naming `id`', async () => {
    const [{ max }] = await sql('select coalesce(max(id), 0) + 1000 as max from reservations')
    expectRefused(await ics(max, { as: 'ADMIN' }), 404)
    for (const bad of ['abc', '0', '-3', '1.5', '1%20or%201%3D1']) {
      const res = await ics(bad, { as: 'ADMIN' })
      expectRefused(res, 400)
      expect(errorPaths(res.body), bad).toEqual(['id'])
    }
  })

  it('a draft without a time is 409 with a clear message, for its own customer too', async () => {
    const token = await newCustomer()
    const draft = await api('POST', '/api/reservations/create-session', { token })
    const res = await ics(draft.body.data.id, { token })
    expectRefused(res, 409)
    expect(res.body.errors[0].data.reason).toBe('NO_TIME_YET')
    expect(res.body.errors[0].message).toMatch(/non ha ancora un orario/)
    // …and someone else's draft does not even exist for a stranger.
    expectRefused(await ics(draft.body.data.id, { as: 'USER' }), 404)
  })

  it('after each change (confirmed, then at once cancelled) the same UID comes with a higher SEQUENCE and the new STATUS', async () => {
    const before = parse((await ics(booking.id, { as: 'USER' })).body)
    // Changes straight after each other (well within one second): each still gets a higher SEQUENCE
    // (the latest change event's id; a clock in whole seconds gave them the same number).
    const confirmed = await api('PUT', `/api/reservations/${booking.id}/status`, {
      as: 'ADMIN',
      body: { status: 'CONFIRMED' },
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    const after = parse((await ics(booking.id, { as: 'USER' })).body)
    expect(after.event.uid).toBe(before.event.uid)
    expect(after.event.sequence).toBeGreaterThan(before.event.sequence)
    expect(after.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')

    const cancelled = await api('PUT', `/api/reservations/${booking.id}/status`, {
      as: 'USER',
      body: { status: 'CANCELLED' },
    })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const last = parse((await ics(booking.id, { as: 'USER' })).body)
    expect(last.vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(last.event.sequence).toBeGreaterThan(after.event.sequence)
    expect(last.event.description).toContain('Stato: Annullata')
  })

  it('downloading writes nothing', async () => {
    const [before] = await sql('select updated_at, status from reservations where id = $1', [marcoBooking])
    expect((await ics(marcoBooking, { as: 'ADMIN' })).status).toBe(200)
    expect((await sql('select updated_at, status from reservations where id = $1', [marcoBooking]))[0]).toEqual(before)
  })
})
