/**
 * The operator's calendar feed over HTTP on a real PostgreSQL: who may turn it on, replace and turn
 * it off; the feed itself (unauthenticated, by token) lists only that operator's appointments,
 * never a customer's e-mail, and parses back (ical.js) with the bookings' UIDs and times; a wrong,
 * replaced or revoked token is 404; bad ids are 400 naming `id`. Days: offset 54–55 (the booking horizon ends at 60; see
 * helpers.ts `freeDay`).
 */
import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  api,
  daySlots,
  errorPaths,
  freeDay,
  login,
  registerCustomers,
  slotAt,
  sql,
  unique,
  type ApiResult,
} from './helpers'

let ops: Record<string, number>
let svc: Record<string, number>
let customer: { token: string; id: number; email: string }
let giuliaBooking: { id: number; date_start: string; date_end: string }
let marcoBooking: { id: number; date_start: string; date_end: string }
/** A second OPERATOR account, linked to an operator record of its own (inactive: nobody can book it). */
let other: { token: string; operatorId: number }

const feedPath = (url: string) => new URL(url).pathname
const getFeed = (pathOrToken: string) =>
  api('GET', pathOrToken.startsWith('/') ? pathOrToken : `/api/operators/feed/${pathOrToken}.ics`, { token: null })

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
  return { calendar, events }
}

const expect404 = (res: ApiResult) => {
  expect(res.status, String(res.body)).toBe(404)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  expect(JSON.stringify(res.body)).not.toContain('BEGIN:VCALENDAR')
}

async function rotate(operatorId: number | string, opts: Parameters<typeof api>[2]) {
  return api('POST', `/api/operators/${operatorId}/feed`, opts)
}

async function bookFor(operator: number, day: string, hhmm: string, note?: string) {
  // The hour asked for, or this operator's first free start that day (another suite may have taken it).
  const slot = await slotAt(day, [svc.Piega!], operator, hhmm).catch(
    async () => (await daySlots(day, [svc.Piega!], operator))[0]!,
  )
  const res = await api('POST', '/api/reservations/book', {
    as: 'ADMIN',
    body: { user: customer.id, services: [svc.Piega], operator, date_start: slot.start, note },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: number; date_start: string; date_end: string }
}

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title from services')).map((r) => [r.title, r.id]))
  const [token] = await registerCustomers(1, 'feedcustomer')
  const me = (await api('GET', '/api/auth/me', { token })).body.user
  customer = { token: token!, id: me.id, email: me.email }
  const day = await freeDay(svc.Piega!, 54)
  giuliaBooking = await bookFor(ops.Giulia!, day, '10:00', 'Capelli lunghi, mossi; niente lacca\nGrazie!')
  marcoBooking = await bookFor(ops.Marco!, day, '11:00')

  const email = `${unique('feedop')}@example.com`
  const created = await api('POST', '/api/users', { body: { email, password: 'password123', name: 'Altro' } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await sql(`update users set user_role = 'OPERATOR' where email = $1`, [email])
  const userId = (await sql('select id from users where email = $1', [email]))[0].id as number
  const record = await api('POST', '/api/operators', {
    as: 'ADMIN',
    body: { name: 'Altro', surname: 'Operatore', active: false, user: userId },
  })
  expect(record.status, JSON.stringify(record.body)).toBe(201)
  other = { token: await login(email, 'password123'), operatorId: record.body.doc.id }
})

describe('turning the feed on, replacing and turning it off', () => {
  it('the operator themself: off → on (URL once) → status without URL → off', async () => {
    await api('DELETE', `/api/operators/${ops.Giulia}/feed`, { as: 'OPERATOR' })
    const off = await api('GET', `/api/operators/${ops.Giulia}/feed`, { as: 'OPERATOR' })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body).toMatchObject({ operator: { id: ops.Giulia }, active: false, createdAt: null, rotatedAt: null })

    const on = await rotate(ops.Giulia!, { as: 'OPERATOR' })
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    expect(on.headers.get('cache-control')).toContain('no-store')
    const feed = on.body.data
    expect(feed.active).toBe(true)
    expect(feed.url).toMatch(/^https?:\/\/[^/]+\/api\/operators\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https?:\/\//, 'webcal://'))
    expect(Date.parse(feed.createdAt)).toBeLessThanOrEqual(Date.parse(feed.rotatedAt))

    const status = await api('GET', `/api/operators/${ops.Giulia}/feed`, { as: 'OPERATOR' })
    expect(status.body).toMatchObject({ active: true, createdAt: feed.createdAt, rotatedAt: feed.rotatedAt })
    expect(JSON.stringify(status.body)).not.toMatch(/url|feed\//i)
    // Only the hash is stored: the token is nowhere in the database.
    const token = feedPath(feed.url).split('/').pop()!.replace('.ics', '')
    const [row] = await sql(`select encode(token_hash, 'hex') as hash from operator_feeds where operator_id = $1`, [
      ops.Giulia,
    ])
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.hash).not.toContain(Buffer.from(token).toString('hex'))

    const mine = await api('GET', '/api/operators/my-feeds', { as: 'OPERATOR' })
    expect(mine.status).toBe(200)
    expect(mine.body.feeds).toEqual([
      expect.objectContaining({ operator: expect.objectContaining({ id: ops.Giulia }), active: true }),
    ])

    const revoked = await api('DELETE', `/api/operators/${ops.Giulia}/feed`, { as: 'OPERATOR' })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toMatchObject({ active: false })
    expect404(await getFeed(feedPath(feed.url)))
  })

  it('an admin may do it for any operator; the previous link stops at once', async () => {
    const first = await rotate(ops.Marco!, { as: 'ADMIN' })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect((await getFeed(feedPath(first.body.data.url))).status).toBe(200)
    const second = await rotate(ops.Marco!, { as: 'ADMIN' })
    expect(second.body.data.url).not.toBe(first.body.data.url)
    // Replaced, not turned on anew: still active since the first time.
    expect(second.body.data.createdAt).toBe(first.body.data.createdAt)
    expect404(await getFeed(feedPath(first.body.data.url)))
    expect((await getFeed(feedPath(second.body.data.url))).status).toBe(200)
  })

  it('another operator and a customer are refused (403), a visitor must sign in (401); nothing changes', async () => {
    const before = await sql('select token_hash from operator_feeds where operator_id = $1', [ops.Marco])
    for (const method of ['GET', 'POST', 'DELETE']) {
      const path = `/api/operators/${ops.Marco}/feed`
      expect((await api(method, path, { token: other.token })).status, `other operator ${method}`).toBe(403)
      expect((await api(method, path, { token: customer.token })).status, `customer ${method}`).toBe(403)
      expect((await api(method, path, { as: 'OPERATOR' })).status, `Giulia on Marco's ${method}`).toBe(403)
      expect((await api(method, path)).status, `visitor ${method}`).toBe(401)
    }
    expect(await sql('select token_hash from operator_feeds where operator_id = $1', [ops.Marco])).toEqual(before)
    // Their own record: allowed.
    const own = await rotate(other.operatorId, { token: other.token })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    const mine = await api('GET', '/api/operators/my-feeds', { token: other.token })
    expect(mine.body.feeds.map((f: { operator: { id: number } }) => f.operator.id)).toEqual([other.operatorId])
    expect((await api('GET', '/api/operators/my-feeds', { token: customer.token })).body.feeds).toEqual([])
  })

  it('bad ids are 400 naming `id`; a missing operator is 404', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '1%20or%201%3D1']) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await api(method, `/api/operators/${bad}/feed`, { as: 'ADMIN' })
        expect(res.status, `${method} ${bad} ${JSON.stringify(res.body)}`).toBe(400)
        expect(errorPaths(res.body), bad).toEqual(['id'])
      }
    }
    const [{ max }] = await sql('select coalesce(max(id), 0) + 1000 as max from operators')
    expect((await rotate(max, { as: 'ADMIN' })).status).toBe(404)
  })
})

describe('GET /api/operators/feed/<token>.ics', () => {
  it('lists only that operator’s appointments, as the bookings’ own events, without the customer’s e-mail', async () => {
    const on = await rotate(ops.Giulia!, { as: 'OPERATOR' })
    const res = await getFeed(feedPath(on.body.data.url))
    expect(res.status, String(res.body)).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('cache-control')).toMatch(/^private/)
    const text = res.body as string
    // Unfolded first: a folded line could split the address and hide it from a plain search.
    const unfolded = text.replace(/\r\n[ \t]/g, '')
    expect(unfolded.toLowerCase()).not.toContain(customer.email.toLowerCase())
    expect(unfolded.toLowerCase()).not.toContain(customer.email.split('@')[0]!.toLowerCase())
    expect(text).not.toMatch(/mailto:|ATTENDEE|ORGANIZER/)

    const { calendar, events } = parse(text)
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    const [config] = await sql('select business_name from config order by id limit 1')
    const [giulia] = await sql(`select trim(concat_ws(' ', name, surname)) as name from operators where id = $1`, [
      ops.Giulia,
    ])
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${config.business_name} — ${giulia.name}`)
    expect(text).toContain('X-PUBLISHED-TTL:PT15M')

    // Every event is one of Giulia's, and hers is there; Marco's is not.
    const ids = events.map((e) => Number(/^reservation-(\d+)@/.exec(e.uid)![1]))
    const owners = await sql('select id, operator_id from reservations where id = any($1::int[])', [ids])
    expect(owners.length).toBe(ids.length)
    expect(owners.every((r) => r.operator_id === ops.Giulia)).toBe(true)
    expect(ids).toContain(giuliaBooking.id)
    expect(ids).not.toContain(marcoBooking.id)

    // The same UID as the booking's own calendar file (and its e-mails), and the same times.
    const own = parse((await api('GET', `/api/reservations/${giuliaBooking.id}/ics`, { as: 'ADMIN' })).body).events[0]!
    const event = events.find((e) => e.uid === own.uid)!
    expect(event).toBeDefined()
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(giuliaBooking.date_start).toISOString())
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(giuliaBooking.date_end).toISOString())
    expect(event.sequence).toBe(own.sequence)
    expect(event.description).toContain('Cliente: Cliente Test0')
    expect(event.description).toContain('Tel. cliente: +39 333 000 3333')
    expect(event.description).toContain('Stato: Confermata')
    expect(event.description).toContain('Note: Capelli lunghi, mossi; niente lacca\nGrazie!')
  })

  it('a cancelled appointment leaves the feed; its SEQUENCE grows with a change', async () => {
    const on = await rotate(ops.Marco!, { as: 'ADMIN' })
    const path = feedPath(on.body.data.url)
    const before = parse((await getFeed(path)).body).events.find((e) =>
      e.uid.startsWith(`reservation-${marcoBooking.id}@`),
    )
    expect(before).toBeDefined()
    const cancelled = await api('PUT', `/api/reservations/${marcoBooking.id}/status`, {
      as: 'ADMIN',
      body: { status: 'CANCELLED' },
    })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const after = parse((await getFeed(path)).body).events.map((e) => e.uid)
    expect(after).not.toContain(before!.uid)
  })

  it('a wrong token, one of the wrong shape, a replaced one and a revoked one are all 404', async () => {
    const on = await rotate(other.operatorId, { token: other.token })
    const path = feedPath(on.body.data.url)
    expect((await getFeed(path)).status).toBe(200)
    const token = path.split('/').pop()!.replace('.ics', '')
    const wrong = (token[0] === 'A' ? 'B' : 'A') + token.slice(1)
    expect404(await getFeed(wrong))
    for (const bad of ['short', `${token}x`, `${token}.ical`, '%27%20or%201%3D1', token])
      expect404(await api('GET', `/api/operators/feed/${bad}`, { token: null }))
    await rotate(other.operatorId, { token: other.token })
    expect404(await getFeed(path))
    const latest = await rotate(other.operatorId, { token: other.token })
    await api('DELETE', `/api/operators/${other.operatorId}/feed`, { token: other.token })
    expect404(await getFeed(feedPath(latest.body.data.url)))
  })
})
