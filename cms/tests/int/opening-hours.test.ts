/**
 * The week's opening hours saved at once (PUT /api/business_hours/week): the shared schema's
 * rules on the server, admins only, all or nothing, and the public times follow at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, sql } from './helpers'

let original: {
  days: { day_of_week: string; is_closed: boolean; intervals: { opening_time: string; closing_time: string }[] }[]
}

beforeAll(async () => {
  original = (await api('GET', '/api/business_hours/week')).body
})
afterAll(async () => {
  expect((await api('PUT', '/api/business_hours/week', { as: 'ADMIN', body: original })).status).toBe(200)
})

describe('PUT /api/business_hours/week', () => {
  it('reads the seven days in order, each with its intervals', () => {
    expect(original.days.map((d) => d.day_of_week)).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
    ])
    expect(original.days[1]!.intervals.length).toBeGreaterThan(0)
  })

  it('admins only', async () => {
    expect((await api('PUT', '/api/business_hours/week', { body: original })).status).toBe(401)
    for (const as of ['USER', 'OPERATOR'] as const)
      expect((await api('PUT', '/api/business_hours/week', { as, body: original })).status).toBe(403)
  })

  it('an overlap and a closing before opening are 400s naming the fields; nothing is written', async () => {
    const before = await sql('select * from operating_intervals order by id')
    const bad = structuredClone(original)
    bad.days[0] = {
      day_of_week: 'MONDAY',
      is_closed: false,
      intervals: [{ opening_time: '10:00', closing_time: '12:00' }],
    }
    bad.days[1]!.intervals = [
      { opening_time: '09:00', closing_time: '13:00' },
      { opening_time: '12:00', closing_time: '11:00' },
    ]
    const res = await api('PUT', '/api/business_hours/week', { as: 'ADMIN', body: bad })
    expect(res.status).toBe(400)
    expect(errorPaths(res.body)).toEqual(expect.arrayContaining(['days.1.intervals.1.closing_time']))
    expect(await sql('select * from operating_intervals order by id')).toEqual(before)
    const [{ closed }] = await sql(`select is_closed as closed from business_hours where day_of_week = 'MONDAY'`)
    expect(closed).toBe(original.days[0]!.is_closed)
  })

  it('a saved week is what the public times use, at once', async () => {
    const week = structuredClone(original)
    week.days[0] = {
      day_of_week: 'MONDAY',
      is_closed: false,
      intervals: [{ opening_time: '10:00', closing_time: '11:00' }],
    }
    const res = await api('PUT', '/api/business_hours/week', { as: 'ADMIN', body: week })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.days[0]).toEqual(week.days[0])
    const d = new Date(Date.now() + 10 * 86_400_000)
    while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1)
    const day = d.toISOString().slice(0, 10)
    const [svc] = await sql(`select id from services where title = 'Piega'`)
    const slots = await api(
      'GET',
      `/api/reservations/time-availability-day?date=${day}&services=${svc.id}&operator=any`,
    )
    const hours = slots.body.slots.map((s: { start: string }) =>
      new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' }).format(
        new Date(s.start),
      ),
    )
    expect(hours[0]).toBe('10:00')
    expect(hours.at(-1)).toBe('10:30')
  })
})
