import { beforeAll, describe, expect, it } from 'vitest'
import { api, daySlots, errorPaths, freeDay, registerCustomers, sql } from './helpers'

/**
 * The dashboard's "Sposta o cambia" (issue 11): staff change a booking's services with its time.
 * move-slots then offers the day for the NEW services at the catalogue's duration; the edit
 * charges the catalogue's price; a customer cannot change services.
 */

let svc: Record<string, number>
let ops: Record<string, number>

beforeAll(async () => {
  ops = Object.fromEntries((await sql('select id, name from operators')).map((r) => [r.name, r.id]))
  svc = Object.fromEntries((await sql('select id, title, time, price from services')).map((r) => [r.title, r.id]))
})

describe('staff change the services of a booking', () => {
  it('move-slots for new services uses their duration; the edit takes the catalogue price', async () => {
    const day = await freeDay(svc.Piega!, 24)
    const [token] = await registerCustomers(1, 'staffedit')
    const me = (await api('GET', '/api/auth/me', { token })).body.user.id as number
    const [t] = await daySlots(day, [svc.Piega!], ops.Giulia!)
    const booked = await api('POST', '/api/reservations/book', {
      as: 'ADMIN',
      body: { user: me, services: [svc.Piega], operator: ops.Giulia, date_start: t!.start },
    })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    const id = booked.body.data.id as number
    const [catalogue] = await sql(
      `select sum(time)::int as minutes, sum(price)::float as price from services where id = any($1::int[])`,
      [[svc.Piega, svc['Taglio donna']]],
    )

    const same = await api('GET', `/api/reservations/${id}/move-slots?date=${day}`, { as: 'ADMIN' })
    expect(same.body.duration).toBe(booked.body.data.duration)
    const both = `${svc.Piega},${svc['Taglio donna']}`
    const changed = await api('GET', `/api/reservations/${id}/move-slots?date=${day}&services=${both}`, { as: 'ADMIN' })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.duration).toBe(Number(catalogue.minutes))
    expect(changed.body.total_price).toBeCloseTo(catalogue.price)
    // The longer booking fits fewer starts than the short one.
    expect(changed.body.slots.length).toBeLessThan(same.body.slots.length)

    const start = changed.body.slots[0].start as string
    const edit = await api('PATCH', `/api/reservations/${id}/edit`, {
      as: 'ADMIN',
      body: { date_start: start, services: [svc.Piega, svc['Taglio donna']] },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const [row] = await sql('select duration, total_price, date_start, date_end from reservations where id = $1', [id])
    expect(Number(row.duration)).toBe(Number(catalogue.minutes))
    expect(Number(row.total_price)).toBeCloseTo(catalogue.price)
    expect(new Date(row.date_end).getTime() - new Date(row.date_start).getTime()).toBe(
      Number(catalogue.minutes) * 60_000,
    )

    // The customer may move it, not change its services.
    const mine = await api('GET', `/api/reservations/${id}/move-slots?date=${day}&services=${svc.Piega}`, { token })
    expect(mine.status).toBe(403)
    // Bad lists are 400 naming services.
    const bad = await api('GET', `/api/reservations/${id}/move-slots?date=${day}&services=abc`, { as: 'ADMIN' })
    expect(bad.status).toBe(400)
    expect(errorPaths(bad.body)).toEqual(['services.0'])
  })
})
