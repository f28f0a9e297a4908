/**
 * The agenda's closed time (issue 20): `GET /api/reservations/agenda` carries `closed`, the
 * ranges the engine refuses bookings in (`closedTime` of @salon/shared) — closed hours, the
 * weekday the salon never opens, closures and holidays — so the dashboard shades exactly what the
 * public site will not offer. Reads only (the demo salon's week and its Christmas holiday).
 */
import { describe, expect, it } from 'vitest'
import { addCalendarDays, closedTime, weekdayIndex } from '@salon/shared'
import { api, sql } from './helpers'

interface Closed {
  start: string
  end: string
  kind: string
  day: string
}

describe('GET /api/reservations/agenda → closed', () => {
  it('is what the engine computes from the stored hours, closures and holidays, for every day asked', async () => {
    // A December week with Christmas (a yearly holiday in the demo salon) and a Sunday.
    const year = new Date().getUTCFullYear() + 1
    const christmas = `${year}-12-25`
    const monday = addCalendarDays(christmas, -weekdayIndex(christmas))
    const sunday = addCalendarDays(monday, 6)
    const res = await api('GET', `/api/reservations/agenda?from=${monday}&to=${sunday}`, { as: 'ADMIN' })
    expect(res.status).toBe(200)
    const closed = res.body.closed as Closed[]
    const kindsOf = (day: string) => [...new Set(closed.filter((c) => c.day === day).map((c) => c.kind))]

    // Read back from the database what the engine needs, and compare: one rule, one answer.
    const hours = await sql(
      `select bh.day_of_week, bh.is_closed, oi.opening_time, oi.closing_time
         from business_hours bh left join operating_intervals oi on oi.business_hours_id = bh.id`,
    )
    const opening = Object.values(
      hours.reduce<
        Record<
          string,
          { day_of_week: string; is_closed: boolean; intervals: { opening_time: string; closing_time: string }[] }
        >
      >((acc, r) => {
        const d = (acc[r.day_of_week] ??= { day_of_week: r.day_of_week, is_closed: !!r.is_closed, intervals: [] })
        if (r.opening_time) d.intervals.push({ opening_time: r.opening_time, closing_time: r.closing_time })
        return acc
      }, {}),
    )
    const closures = (
      await sql(`select closure_type, start_date, end_date, recurring_rule, is_active from business_closures`)
    ).map((c) => ({
      ...c,
      start_date: new Date(c.start_date).toISOString(),
      end_date: new Date(c.end_date).toISOString(),
    }))
    const holidays = (await sql(`select date, recurring_yearly, is_active from holidays`)).map((h) => ({
      ...h,
      date: new Date(h.date).toISOString(),
    }))
    const [{ timezone }] = await sql(`select timezone from config order by id limit 1`)
    const expected = closedTime(monday, sunday, { opening: opening as never, closures, holidays }, timezone).map(
      (r) => ({
        start: new Date(r.start).toISOString(),
        end: new Date(r.end).toISOString(),
        kind: r.kind,
        day: r.day,
      }),
    )
    expect(closed).toEqual(expected)

    // And what that means in the demo salon: Christmas is a holiday all day; every day has closed time.
    const xmas = closed.filter((c) => c.day === christmas)
    expect(xmas).toHaveLength(1)
    expect(xmas[0]!.kind).toBe('HOLIDAY')
    for (let d = monday; d <= sunday; d = addCalendarDays(d, 1)) expect(kindsOf(d).length, d).toBeGreaterThan(0)
    // Ranges never overlap and stay in their day.
    for (let i = 1; i < closed.length; i++) expect(closed[i]!.start >= closed[i - 1]!.end).toBe(true)
  })

  it('an open weekday of the demo salon is shaded before opening, at lunch and after closing', async () => {
    const [open] = await sql(
      `select bh.day_of_week from business_hours bh
        where not coalesce(bh.is_closed, false)
          and (select count(*) from operating_intervals oi where oi.business_hours_id = bh.id) >= 2 limit 1`,
    )
    if (!open) return expect.unreachable('the demo salon has a day with a lunch break')
    const names = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']
    // A day of that weekday five weeks ahead, on no holiday or closure of the seed.
    let day = addCalendarDays(new Date().toISOString().slice(0, 10), 35)
    while (names[weekdayIndex(day)] !== open.day_of_week) day = addCalendarDays(day, 1)
    const res = await api('GET', `/api/reservations/agenda?from=${day}`, { as: 'OPERATOR' })
    expect(res.status).toBe(200)
    const hours = (res.body.closed as Closed[]).filter((c) => c.kind === 'HOURS')
    expect(hours.length).toBeGreaterThanOrEqual(3)
    expect(hours.every((c) => c.day === day)).toBe(true)
  })
})
