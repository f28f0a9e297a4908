import { beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, login, registerCustomers, sql, unique, waitForMail } from './helpers'
import { catalogue, freeSeries, seriesRows } from './seriesHelpers'

/**
 * "This and the following" of a repeating appointment (issue 27 §4): `scope: 'following'` on
 * PUT /:id/status and POST /:id/move touches this occurrence and the later ones of its series, all
 * or nothing; 'one' (or no scope) only this one. Each test books in its own weeks, far ahead.
 */

let ops: Record<string, number>
let svc: Record<string, number>
let me: number
let myEmail: string
let token: string
let other: number

beforeAll(async () => {
  ;({ ops, svc } = await catalogue())
  const [a, b] = await registerCustomers(2, 'seriesscope')
  token = a!
  const who = (await api('GET', '/api/auth/me', { token })).body.user
  me = who.id
  myEmail = who.email
  other = (await api('GET', '/api/auth/me', { token: b })).body.user.id
})

async function bookSeries(offset: number, count = 6) {
  const body = await freeSeries(
    { user: me, services: [svc.Piega!], operator: ops.Marco!, every_weeks: 1, count },
    offset,
  )
  const res = await api('POST', '/api/reservations/series', { as: 'ADMIN', body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return seriesRows(res.body.series_id as number)
}

const statuses = async (seriesId: number) =>
  (await sql('select status from reservations where series_id = $1 order by series_index', [seriesId])).map(
    (r) => r.status,
  )
const seriesOf = async (id: number) =>
  (await sql('select series_id from reservations where id = $1', [id]))[0].series_id as number

describe('cancel', () => {
  it("'following' from occurrence 3 cancels 3..6 only; 'one' only that one", async () => {
    const rows = await bookSeries(150)
    const seriesId = await seriesOf(rows[0].id)
    const since = Date.now()
    const res = await api('PUT', `/api/reservations/${rows[2].id}/status`, {
      as: 'ADMIN',
      body: { status: 'CANCELLED', scope: 'following' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await statuses(seriesId)).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ])
    // Each got its own event (its own mail and its reminders removed).
    const events = await sql(
      `select reservation_id from reservation_events where to_status = 'CANCELLED' and reservation_id = any($1::int[])`,
      [rows.map((r) => r.id)],
    )
    expect(events.map((e) => e.reservation_id).sort()).toEqual(
      rows
        .slice(2)
        .map((r) => r.id)
        .sort(),
    )
    // One mail for the four, listing them; no mail per occurrence.
    const mail = await waitForMail(myEmail, /i tuoi appuntamenti sono annullati/, since, 20_000)
    expect(mail.body).toContain('4 date del tuo appuntamento ricorrente')
    await expect(waitForMail(myEmail, /la tua prenotazione/, since, 3000)).rejects.toThrow()

    const one = await api('PUT', `/api/reservations/${rows[0].id}/status`, {
      as: 'ADMIN',
      body: { status: 'CANCELLED', scope: 'one' },
    })
    expect(one.status).toBe(200)
    expect(await statuses(seriesId)).toEqual([
      'CANCELLED',
      'CONFIRMED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ])
  })

  it('a customer may cancel their following ones within the policy; a stranger gets 404', async () => {
    const rows = await bookSeries(300, 3)
    const seriesId = await seriesOf(rows[0].id)
    const strangerToken = await login((await registerCustomer()).email, 'password123')
    const stranger = await api('PUT', `/api/reservations/${rows[1].id}/status`, {
      token: strangerToken,
      body: { status: 'CANCELLED', scope: 'following' },
    })
    expect(stranger.status).toBe(404)
    const res = await api('PUT', `/api/reservations/${rows[1].id}/status`, {
      token,
      body: { status: 'CANCELLED', scope: 'following' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await statuses(seriesId)).toEqual(['CONFIRMED', 'CANCELLED', 'CANCELLED'])
  })

  it('a customer whose first one is too late to cancel online is refused the whole; nothing changes', async () => {
    const rows = await bookSeries(40, 3)
    const seriesId = await seriesOf(rows[0].id)
    const hoursTo = (i: number) => (new Date(rows[i].date_start).getTime() - Date.now()) / 3_600_000
    // The policy: at least L hours before. The first occurrence is inside it, the next ones are not.
    const limit = Math.ceil(hoursTo(0)) + 24
    expect(hoursTo(1)).toBeGreaterThan(limit)
    const [saved] = await sql('select cancellation_time_limit as l from config order by id limit 1')
    try {
      await sql('update config set cancellation_time_limit = $1, updated_at = now()', [limit])
      const late = await api('PUT', `/api/reservations/${rows[0].id}/status`, {
        token,
        body: { status: 'CANCELLED', scope: 'following' },
      })
      expect(late.status, JSON.stringify(late.body)).toBe(409)
      expect(late.body.errors[0].data.code).toBe('TOO_LATE_TO_CANCEL')
      expect(await statuses(seriesId)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED'])
      const fromSecond = await api('PUT', `/api/reservations/${rows[1].id}/status`, {
        token,
        body: { status: 'CANCELLED', scope: 'following' },
      })
      expect(fromSecond.status, JSON.stringify(fromSecond.body)).toBe(200)
      expect(await statuses(seriesId)).toEqual(['CONFIRMED', 'CANCELLED', 'CANCELLED'])
    } finally {
      await sql('update config set cancellation_time_limit = $1, updated_at = now()', [saved.l])
    }
  })

  it('a bad scope is 400 naming it', async () => {
    const res = await api('PUT', '/api/reservations/1/status', {
      as: 'ADMIN',
      body: { status: 'CANCELLED', scope: 'all' },
    })
    expect(res.status).toBe(400)
    expect(errorPaths(res.body)).toEqual(['scope'])
  })
})

async function registerCustomer() {
  const email = `${unique('seriesstranger')}@example.com`
  const res = await api('POST', '/api/users', {
    body: { email, password: 'password123', name: 'Altro', surname: 'Cliente', phone_number: '+39 333 000 4444' },
  })
  expect(res.status).toBe(201)
  return { email }
}

describe('move', () => {
  it("'following' shifts every later occurrence by the same time — all of them, or none", async () => {
    const rows = await bookSeries(200)
    const seriesId = await seriesOf(rows[0].id)
    const starts = rows.map((r) => new Date(r.date_start).getTime())
    const HOUR = 3_600_000
    // Someone takes Marco one hour after occurrence 5: moving 2..6 one hour later must fail whole.
    const blocker = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: {
        user: other,
        services: [svc.Piega],
        operator: ops.Marco,
        date_start: new Date(starts[4]! + HOUR).toISOString(),
        override_hours: true,
      },
    })
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(201)
    const move = (scope: 'one' | 'following') =>
      api('POST', `/api/reservations/${rows[1].id}/move`, {
        as: 'ADMIN',
        body: { date_start: new Date(starts[1]! + HOUR).toISOString(), scope },
      })
    const refused = await move('following')
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.errors[0].data.code).toBe('SERIES_CONFLICTS')
    expect(refused.body.errors[0].data.params.conflicts.map((c: { index: number }) => c.index)).toEqual([4])
    const unchanged = (await seriesRows(seriesId)).map((r) => new Date(r.date_start).getTime())
    expect(unchanged).toEqual(starts)

    // The time freed, the same move goes through for 2..6; occurrence 1 stays.
    const freed = await api('PUT', `/api/reservations/${blocker.body.data.id}/status`, {
      as: 'ADMIN',
      body: { status: 'CANCELLED' },
    })
    expect(freed.status).toBe(200)
    const since = Date.now()
    const moved = await move('following')
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const after = (await seriesRows(seriesId)).map((r) => new Date(r.date_start).getTime())
    expect(after).toEqual(starts.map((s, i) => (i === 0 ? s : s + HOUR)))
    // One mail with the five new times, not one per occurrence.
    const mail = await waitForMail(myEmail, /i tuoi appuntamenti sono stati spostati/, since, 20_000)
    expect(mail.body).toContain('spostato 5 date')
    await expect(waitForMail(myEmail, /il tuo appuntamento è stato spostato/, since, 3000)).rejects.toThrow()
  })

  it("'one' (or no scope) moves only that occurrence", async () => {
    const rows = await bookSeries(250, 3)
    const seriesId = await seriesOf(rows[0].id)
    const starts = rows.map((r) => new Date(r.date_start).getTime())
    const res = await api('POST', `/api/reservations/${rows[0].id}/move`, {
      as: 'ADMIN',
      body: { date_start: new Date(starts[0]! + 30 * 60_000).toISOString() },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const after = (await seriesRows(seriesId)).map((r) => new Date(r.date_start).getTime())
    expect(after).toEqual([starts[0]! + 30 * 60_000, starts[1], starts[2]])
  })
})
