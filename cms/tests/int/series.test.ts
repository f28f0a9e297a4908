import { beforeAll, describe, expect, it } from 'vitest'
import { api, count, errorPaths, mailsTo, registerCustomers, sql, waitForMail } from './helpers'
import { bookingsOf, catalogue, freeSeries, seriesRows, type SeriesRequest } from './seriesHelpers'

/**
 * Repeating appointments (issue 27 §4): every occurrence is checked before anything is written, a
 * conflict is refused with its nearest alternatives and nothing written, and the series is written
 * whole once the alternative is accepted; skip; a race with a single booking; customers only when
 * the salon allows it, and only for themselves; bad input; DST; one mail for the whole series.
 * Each test books in its own weeks, far ahead (staff book a year ahead).
 */

let ops: Record<string, number>
let svc: Record<string, number>
let me: number
let myEmail: string
let other: number

beforeAll(async () => {
  ;({ ops, svc } = await catalogue())
  const [a, b] = await registerCustomers(2, 'series')
  const meRes = (await api('GET', '/api/auth/me', { token: a })).body.user
  me = meRes.id
  myEmail = meRes.email
  other = (await api('GET', '/api/auth/me', { token: b })).body.user.id
})

const base = () => ({ user: me, services: [svc.Piega!], operator: ops.Giulia!, every_weeks: 1, count: 6 })
const post = (path: string, body: SeriesRequest | Record<string, unknown>, as: 'ADMIN' | 'USER' = 'ADMIN') =>
  api('POST', `/api/reservations/series${path}`, { as, body })

describe('a series of 6 with one conflict', () => {
  it('is refused before writing, then written whole once the alternative is accepted', async () => {
    const since = Date.now()
    const body = await freeSeries(base(), 120)
    const check = await post('/check', body)
    const third = check.body.occurrences[2]
    // Someone else takes the third occurrence's time with the same operator.
    const blocker = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: other, services: [svc.Piega], operator: ops.Giulia, date_start: third.date_start },
    })
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(201)

    const before = {
      mine: await bookingsOf(me),
      series: await count('reservation_series'),
      all: await count('reservations'),
    }
    const checked = await post('/check', body)
    expect(checked.status).toBe(200)
    expect(checked.body.occurrences.map((o: { available: boolean }) => o.available)).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
    ])
    expect(checked.body.occurrences[2].reason).toBe('OPERATOR_BUSY')

    const refused = await post('', body)
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.errors[0].data.code).toBe('SERIES_CONFLICTS')
    const conflicts = refused.body.errors[0].data.params.conflicts
    expect(conflicts).toHaveLength(1)
    expect(conflicts[0]).toMatchObject({
      index: 2,
      date_start: third.date_start,
      available: false,
      reason: 'OPERATOR_BUSY',
    })
    expect(conflicts[0].alternatives.length).toBeGreaterThan(0)
    expect(conflicts[0].alternatives.length).toBeLessThanOrEqual(3)
    // Nothing written, not even a draft.
    expect(await bookingsOf(me)).toBe(before.mine)
    expect(await count('reservation_series')).toBe(before.series)
    expect(await count('reservations')).toBe(before.all)

    const alt = conflicts[0].alternatives[0]
    const created = await post('', {
      ...body,
      replace: [{ index: 2, date_start: alt.date_start, operator: alt.operator }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.reservations).toHaveLength(6)
    const rows = await seriesRows(created.body.series_id)
    expect(rows.map((r) => r.series_index)).toEqual([0, 1, 2, 3, 4, 5])
    expect(rows.every((r) => r.status === 'CONFIRMED')).toBe(true)
    expect(new Date(rows[2].date_start).toISOString()).toBe(alt.date_start)
    for (const i of [0, 1, 3, 4, 5])
      expect(new Date(rows[i].date_start).toISOString()).toBe(checked.body.occurrences[i].date_start)
    expect(await bookingsOf(me)).toBe(before.mine + 6)

    // Each occurrence is an ordinary booking carrying its place in the series.
    const detail = await api('GET', `/api/reservations/${rows[2].id}/detail`, { as: 'ADMIN' })
    expect(detail.body.series).toEqual({ id: created.body.series_id, index: 2, count: 6, every_weeks: 1 })
    const alone = await api('GET', `/api/reservations/${blocker.body.data.id}/detail`, { as: 'ADMIN' })
    expect(alone.body.series).toBeNull()

    // One confirmation mail for the whole series, with every date; no mail per occurrence.
    const mail = await waitForMail(myEmail, /appuntamento ricorrente è confermato/, since, 20_000)
    expect(mail.body).toContain('6 appuntamenti, ogni settimana')
    expect((mail.raw.match(/BEGIN:VEVENT/g) ?? []).length).toBeGreaterThanOrEqual(6)
    await new Promise((r) => setTimeout(r, 3000))
    expect(await mailsTo(myEmail, since)).toHaveLength(1)
  })

  it('a skipped occurrence is left out; check writes nothing', async () => {
    const body = await freeSeries({ ...base(), count: 4 }, 180)
    const before = await count('reservations')
    const check = await post('/check', { ...body, skip: [1] })
    expect(check.body.occurrences[1]).toMatchObject({ index: 1, skipped: true })
    expect(await count('reservations')).toBe(before)
    const created = await post('', { ...body, skip: [1] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect((await seriesRows(created.body.series_id)).map((r) => r.series_index)).toEqual([0, 2, 3])
    // The series knows how many it has.
    const mine = await api('GET', `/api/reservations/${created.body.reservations[0].id}/detail`, { as: 'ADMIN' })
    expect(mine.body.series.count).toBe(3)
  })
})

describe('a series racing a single booking for one occurrence', () => {
  it('exactly one wins that time, and the series is all or nothing', async () => {
    const body = await freeSeries(base(), 230)
    const check = await post('/check', body)
    const target = check.body.occurrences[3].date_start
    const before = await bookingsOf(me)
    const [series, single] = await Promise.all([
      post('', body),
      api('POST', '/api/reservations/book', {
        as: 'ADMIN',
        body: { user: other, services: [svc.Piega], operator: ops.Giulia, date_start: target },
      }),
    ])
    expect([series.status, single.status].sort()).toEqual([201, 409])
    const holders = await sql(
      `select count(*)::int as n from reservations where operator_id = $1 and date_start = $2
          and status not in ('CANCELLED', 'REJECTED', 'PENDING_CONFIRMATION')`,
      [ops.Giulia, target],
    )
    expect(holders[0].n).toBe(1)
    if (series.status === 201) expect(await bookingsOf(me)).toBe(before + 6)
    else {
      expect(series.body.errors[0].data.code).toBe('SERIES_CONFLICTS')
      expect(await bookingsOf(me)).toBe(before)
    }
  })
})

describe('who may book a series', () => {
  it('a customer: 403 when the salon has not enabled it, 201 when it has; never for someone else', async () => {
    const [token] = await registerCustomers(1, 'seriescust')
    const user = (await api('GET', '/api/auth/me', { token })).body.user.id as number
    const [{ enabled }] = await sql('select series_for_customers as enabled from config order by id limit 1')
    try {
      await sql('update config set series_for_customers = true')
      const body = await freeSeries({ services: [svc.Piega!], operator: 'any', every_weeks: 1, count: 2 }, 10, {
        token,
      })
      await sql('update config set series_for_customers = false')
      const off = await api('POST', '/api/reservations/series', { token, body })
      expect(off.status).toBe(403)
      expect(off.body.errors[0].data.code).toBe('SERIES_NOT_ENABLED')
      expect(await bookingsOf(user)).toBe(0)

      await sql('update config set series_for_customers = true')
      const forOther = await api('POST', '/api/reservations/series', { token, body: { ...body, user: other } })
      expect(forOther.status).toBe(403)
      const forCard = await api('POST', '/api/reservations/series', { token, body: { ...body, client: 1 } })
      expect(forCard.status).toBe(403)

      const since = Date.now()
      const on = await api('POST', '/api/reservations/series', { token, body })
      expect(on.status, JSON.stringify(on.body)).toBe(201)
      // The salon hears of it once, with both dates; the customer once too.
      const [{ email: salonEmail }] = await sql('select email from config order by id limit 1')
      const salonMail = await waitForMail(salonEmail, /Nuovo appuntamento ricorrente/, since, 20_000)
      expect(salonMail.subject).toContain('2 date da')
      const customerEmail = (await api('GET', '/api/auth/me', { token })).body.user.email as string
      await waitForMail(customerEmail, /appuntamento ricorrente/, since, 20_000)
      const rows = await seriesRows(on.body.series_id)
      expect(rows).toHaveLength(2)
      // Customers' bookings follow autoConfirm, as one booking does.
      const [{ auto }] = await sql('select auto_confirm as auto from config order by id limit 1')
      expect(rows.every((r) => r.status === (auto ? 'CONFIRMED' : 'PENDING'))).toBe(true)
      // "I miei appuntamenti" shows each with its series.
      const mine = await api('GET', '/api/reservations/mine', { token })
      const listed = mine.body.upcoming.filter(
        (r: { series: { id: number } | null }) => r.series?.id === on.body.series_id,
      )
      expect(listed.map((r: { series: { index: number } }) => r.series.index)).toEqual([0, 1])

      // The open-booking cap counts every occurrence (3 by default: 2 held, 2 more refused).
      const more = { ...body, date_start: new Date(Date.parse(body.date_start) + 14 * 86_400_000).toISOString() }
      const capped = await api('POST', '/api/reservations/series', { token, body: more })
      expect(capped.status).toBe(409)
      expect(capped.body.errors[0].data.code).toBe('TOO_MANY_BOOKINGS')
      expect(await bookingsOf(user)).toBe(2)
    } finally {
      await sql('update config set series_for_customers = $1', [enabled])
    }
  })

  it('an operator books a series only into their own agenda', async () => {
    const [own] = await sql(
      `select o.id from operators o join users u on u.id = o.user_id where u.email = 'operatore@demo.salon' order by o.id limit 1`,
    )
    const colleague = Object.values(ops).find((id) => id !== own?.id)!
    const body = { user: me, services: [svc.Piega], date_start: '2027-06-01T08:00:00Z', every_weeks: 1, count: 2 }
    const before = await count('reservations')
    const elsewhere = await api('POST', '/api/reservations/series', {
      as: 'OPERATOR',
      body: { ...body, operator: colleague },
    })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body.errors[0].data.code).toBe('FORBIDDEN_ROLE')
    const anyone = await api('POST', '/api/reservations/series/check', {
      as: 'OPERATOR',
      body: { ...body, operator: 'any' },
    })
    expect(anyone.status).toBe(403)
    expect(await count('reservations')).toBe(before)
  })

  it('a visitor is 401; staff must name the customer', async () => {
    const body = {
      services: [svc.Piega],
      operator: ops.Giulia,
      date_start: '2027-06-01T08:00:00Z',
      every_weeks: 1,
      count: 2,
    }
    expect((await api('POST', '/api/reservations/series', { body })).status).toBe(401)
    const nobody = await post('', body)
    expect(nobody.status).toBe(400)
    expect(errorPaths(nobody.body)).toEqual(['client'])
  })
})

describe('bad input is 400 naming the field', () => {
  const body = () => ({
    user: me,
    services: [svc.Piega],
    operator: ops.Giulia,
    date_start: '2027-06-01T08:00:00Z',
    every_weeks: 1,
  })
  it.each([
    ['count and until', { count: 3, until: '2027-07-01' }, 'count'],
    ['every_weeks 0', { count: 3, every_weeks: 0 }, 'every_weeks'],
    ['27 occurrences', { count: 27 }, 'count'],
    ['27 occurrences up to a date', { until: '2027-12-31' }, 'until'],
    ['an unknown index to skip', { count: 3, skip: [7] }, 'skip'],
  ])('%s', async (_, extra, field) => {
    const before = await count('reservations')
    const res = await post('', { ...body(), ...extra })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(errorPaths(res.body)).toEqual([field])
    expect(await count('reservations')).toBe(before)
  })
})

describe('daylight saving', () => {
  it('a weekly series across the spring change keeps the salon wall-clock time', async () => {
    // Four Tuesdays from 16 (or 23) March 2027: Rome moves to summer time on 28 March.
    const body = await freeSeries(
      { ...base(), operator: 'any', count: 4 },
      Math.ceil((Date.parse('2027-03-16') - Date.now()) / 86_400_000),
      { weeks: 2 },
    )
    const created = await post('', body)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const local = (await seriesRows(created.body.series_id)).map((r) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(r.date_start),
      ),
    )
    const times = new Set(local.map((l) => l.slice(11)))
    expect(times.size).toBe(1)
    const utc = (await seriesRows(created.body.series_id)).map((r) => new Date(r.date_start).getUTCHours())
    // Before the change the salon is UTC+1, after it UTC+2: the same local time is an hour earlier in UTC.
    const crossed = local.map((l) => l.slice(0, 10) >= '2027-03-28')
    expect(crossed).toContain(true)
    expect(crossed).toContain(false)
    expect(utc[crossed.indexOf(false)]! - utc[crossed.indexOf(true)]!).toBe(1)
  })
})
