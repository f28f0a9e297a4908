/**
 * GET /api/reservations/first-free (issue 28): the first day from `from` with a free start and its
 * starts — the same answer as availability-month (the first day listed) and time-availability-day
 * (that day's slots); a closed day and a day made full are skipped; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, localDayOf, weekdayIndex } from '@salon/shared'
import { api, daySlots, errorPaths, sql } from './helpers'

let ops: number[]
let piega: number
const blocks: number[] = []
const today = () => localDayOf(new Date(), 'Europe/Rome')

const firstFree = (query: string) => api('GET', `/api/reservations/first-free?${query}`)

/** The first day listed by availability-month from `from` on (this month and the next two). */
async function firstListed(from: string, operator: number | 'any'): Promise<string | undefined> {
  for (let m = 0; m < 3; m++) {
    const [y, mo] = from.slice(0, 7).split('-').map(Number) as [number, number]
    const month = new Date(Date.UTC(y, mo - 1 + m, 1)).toISOString().slice(0, 7)
    const res = await api(
      'GET',
      `/api/reservations/availability-month?month=${month}&services=${piega}&operator=${operator}`,
    )
    expect(res.status).toBe(200)
    const day = (res.body.days as string[]).find((d) => d >= from)
    if (day) return day
  }
  return undefined
}

beforeAll(async () => {
  ops = (await sql('select id from operators where active order by id')).map((r) => r.id)
  piega = (await sql(`select id from services where title = 'Piega'`))[0].id
})

afterAll(async () => {
  for (const id of blocks) await api('DELETE', `/api/operator-blocks/${id}`, { as: 'ADMIN' })
})

describe('GET /api/reservations/first-free', () => {
  it('agrees with the month and day endpoints, from today and from a later day', async () => {
    for (const from of [undefined, addCalendarDays(today(), 20)]) {
      const res = await firstFree(`services=${piega}&operator=any${from ? `&from=${from}` : ''}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const expected = await firstListed(from ?? today(), 'any')
      expect(expected).toBeDefined()
      expect(res.body.day).toBe(expected)
      expect(res.body.slots.length).toBeGreaterThan(0)
      expect(res.body.slots).toEqual(await daySlots(expected!, [piega], 'any'))
      expect(res.body).toMatchObject({ timezone: 'Europe/Rome', duration: 30 })
    }
  })

  it('skips a closed day: from a Sunday the answer is the first open day after it', async () => {
    const base = addCalendarDays(today(), 14)
    const sunday = addCalendarDays(base, (6 - weekdayIndex(base) + 7) % 7) // weekdayIndex: Monday = 0
    expect(await daySlots(sunday, [piega], 'any')).toEqual([])
    const res = await firstFree(`services=${piega}&from=${sunday}`)
    expect(res.status).toBe(200)
    expect(res.body.day > sunday).toBe(true)
    expect(res.body.day).toBe(await firstListed(sunday, 'any'))
  })

  it('skips a day made full: an operator blocked for the whole day', async () => {
    // A day and an operator with free times and no booking in the way of a whole-day block.
    let found: { day: string; op: number } | undefined
    const refused: string[] = []
    for (let n = 12; n < 58 && !found; n++) {
      const day = addCalendarDays(today(), n)
      for (const op of ops) {
        if ((await daySlots(day, [piega], op)).length === 0) continue
        const res = await api('POST', '/api/operator-blocks', {
          as: 'ADMIN',
          body: {
            operator: op,
            date_start: `${addCalendarDays(day, -1)}T21:00:00.000Z`,
            date_end: `${day}T23:00:00.000Z`,
            reason: 'int first-free',
          },
        })
        if (res.status !== 201) {
          refused.push(`${day} ${op}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`)
          continue
        }
        blocks.push(res.body.data.id)
        found = { day, op }
        break
      }
    }
    expect(found, refused.slice(0, 3).join('\n')).toBeDefined()
    const { day, op } = found!
    expect(await daySlots(day, [piega], op)).toEqual([])
    const res = await firstFree(`services=${piega}&operator=${op}&from=${day}`)
    expect(res.status).toBe(200)
    expect(res.body.day > day).toBe(true)
    expect(res.body.day).toBe(await firstListed(day, op))
    expect(res.body.slots).toEqual(await daySlots(res.body.day, [piega], op))
    // The block gone, the day is the first again.
    const id = blocks.pop()!
    expect((await api('DELETE', `/api/operator-blocks/${id}`, { as: 'ADMIN' })).status).toBe(200)
    expect((await firstFree(`services=${piega}&operator=${op}&from=${day}`)).body.day).toBe(day)
  })

  it('answers day null past the horizon', async () => {
    const res = await firstFree(`services=${piega}&from=${addCalendarDays(today(), 400)}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ day: null, slots: [] })
  })

  it('400 naming the field for bad input', async () => {
    const cases: [string, string][] = [
      ['', 'services'],
      ['services=abc', 'services'],
      [`services=${piega}&from=2026-13-40`, 'from'],
      [`services=${piega}&operator=someone`, 'operator'],
      ['services=99999999', 'services'],
      [`services=${piega}&operator=99999999`, 'operator'],
    ]
    for (const [query, field] of cases) {
      const res = await firstFree(query)
      expect(res.status, query).toBe(400)
      // `services.0` for a non-number (docs/api.md), the field itself otherwise.
      expect(
        errorPaths(res.body).some((p) => p === field || p.startsWith(`${field}.`)),
        `${query}: ${JSON.stringify(errorPaths(res.body))}`,
      ).toBe(true)
    }
  })
})
