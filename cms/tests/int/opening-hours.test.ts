/**
 * The week's opening hours saved at once (PUT /api/business_hours/week): the shared schema's
 * rules on the server, admins only, all or nothing, and the public times follow at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, errorPaths, sql } from './helpers'

type Week = {
  days: { day_of_week: string; is_closed: boolean; intervals: { opening_time: string; closing_time: string }[] }[]
}
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']
/** The demo salon's week, whatever other test files did to the tables before this one. */
const DEMO: Week = {
  days: DAYS.map((d) => ({
    day_of_week: d,
    is_closed: d === 'MONDAY' || d === 'SUNDAY',
    intervals:
      d === 'MONDAY' || d === 'SUNDAY'
        ? []
        : [
            { opening_time: '09:00', closing_time: '13:00' },
            { opening_time: '14:30', closing_time: '19:30' },
          ],
  })),
}
let savedHours: Record<string, unknown>[]
let savedIntervals: Record<string, unknown>[]

beforeAll(async () => {
  // Put back exactly what was there (other files' rows included) when done.
  savedHours = await sql('select * from business_hours order by id')
  savedIntervals = await sql('select * from operating_intervals order by id')
  expect((await api('PUT', '/api/business_hours/week', { as: 'ADMIN', body: DEMO })).status).toBe(200)
})
afterAll(async () => {
  await sql('delete from operating_intervals')
  await sql('delete from business_hours')
  for (const r of savedHours)
    await sql(
      'insert into business_hours (id, day_of_week, is_closed, updated_at, created_at) values ($1, $2, $3, $4, $5)',
      [r.id, r.day_of_week, r.is_closed, r.updated_at, r.created_at],
    )
  for (const r of savedIntervals)
    await sql(
      `insert into operating_intervals (id, opening_time, closing_time, business_hours_id, updated_at, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [r.id, r.opening_time, r.closing_time, r.business_hours_id, r.updated_at, r.created_at],
    )
})

describe('PUT /api/business_hours/week', () => {
  it('reads the seven days in order, each with its intervals', async () => {
    const read: Week = (await api('GET', '/api/business_hours/week')).body
    expect(read).toEqual(DEMO)
    expect(read.days.map((d) => d.day_of_week)).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
    ])
    expect(read.days[1].intervals.length).toBe(2)
  })

  it('admins only', async () => {
    expect((await api('PUT', '/api/business_hours/week', { body: DEMO })).status).toBe(401)
    for (const as of ['USER', 'OPERATOR'] as const)
      expect((await api('PUT', '/api/business_hours/week', { as, body: DEMO })).status).toBe(403)
  })

  it('an overlap and a closing before opening are 400s naming the fields; nothing is written', async () => {
    const before = await sql('select * from operating_intervals order by id')
    const bad = structuredClone(DEMO)
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
    expect(closed).toBe(DEMO.days[0]!.is_closed)
  })

  it('a saved week is what the public times use, at once', async () => {
    const week = structuredClone(DEMO)
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
