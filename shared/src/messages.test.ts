import { describe, expect, it } from 'vitest'
import { SERVER_ERROR_CODES, codeForStatus, isErrorCode } from './errorCodes'
import { FIELD_MESSAGES, FIELD_MESSAGE_CODES, fieldMessage, messageCode } from './messages'
import * as schemas from './schemas'
import * as booking from './schemas/booking'
import * as catalogue from './schemas/catalogue'
import * as opening from './schemas/opening'
import * as people from './schemas/people'
import * as settings from './schemas/settings'
import * as uploads from './schemas/uploads'

describe('field message codes', () => {
  it('every text of the table comes back as its code, templates with their params', () => {
    for (const code of FIELD_MESSAGE_CODES) {
      const params = { n: 42, from: '09:00', to: '13:00' }
      const text = fieldMessage(code, params)
      const found = messageCode(text)
      expect(found?.code, text).toBe(code)
      if (FIELD_MESSAGES[code].includes('{{n}}')) expect(found?.params?.n).toBe(42)
    }
    expect(messageCode('Al massimo 10.000 €')).toEqual({ code: 'AT_MOST_EUROS', params: { n: 10000 } })
    expect(messageCode('Si sovrappone a 09:00–13:00')).toEqual({
      code: 'OVERLAPS',
      params: { from: '09:00', to: '13:00' },
    })
    expect(messageCode('Al massimo due decimali')).toEqual({ code: 'TWO_DECIMALS' })
    expect(messageCode('Una frase che nessuno ha scritto')).toBeUndefined()
  })

  it('no code is both a field message and a server refusal; every status has a listed code', () => {
    const server = new Set<string>(SERVER_ERROR_CODES)
    expect(FIELD_MESSAGE_CODES.filter((c) => server.has(c))).toEqual([])
    expect(SERVER_ERROR_CODES.length).toBe(server.size)
    for (const status of [400, 401, 403, 404, 405, 409, 413, 418, 422, 423, 429]) {
      expect(isErrorCode(codeForStatus(status))).toBe(true)
    }
  })

  it('every message the shared schemas give zod has a code (no sentence left outside the table)', () => {
    const modules = [schemas, booking, catalogue, opening, people, settings, uploads]
    const all = modules.flatMap((m) => Object.values(m)).filter(isSchema)
    // Many wrong inputs per schema: empty, wrong types, too long, nested wrong values.
    const long = 'x'.repeat(5000)
    const inputs: unknown[] = [
      undefined,
      {},
      '',
      long,
      -1,
      1e9,
      1.234,
      [],
      [1, 1],
      Array.from({ length: 600 }, (_, i) => i),
      { name: '', surname: '', email: 'x', password: 'a', phone_number: 'abc', title: '', price: -1, time: 0 },
      { name: long, title: long, description: long, email: long + '@x.it', note: long, reason: long },
      { from: '2026-02-30', to: '2025-01-01', date: '2026-13-01', date_start: 'x', date_end: 'y' },
      { days: [{ day_of_week: 'x', is_closed: false, intervals: [] }] },
      { period: 'custom' },
      { period: 'month', from: '2026-01-01' },
      { services: [], operator: 'x' },
      { date: '2026-05-04', services: [1, 1], operator: 'any' },
      { date: '2026-05-04', services: '1,2,3,4,5,6,7,8,9,10,11' },
      { ids: [1, 1] },
      { reminderHours: 2, secondReminderHours: 5 },
      { token: '', code: '1', challenge: '' },
    ]
    const unknown = new Set<string>()
    let seen = 0
    for (const schema of all) {
      for (const input of inputs) {
        const result = schema.safeParse(input)
        if (result.success) continue
        for (const issue of result.error?.issues ?? []) {
          seen++
          if (!messageCode(issue.message)) unknown.add(issue.message)
        }
      }
    }
    expect(seen).toBeGreaterThan(200)
    // zod's own English for checks the schemas left without words (e.g. an unknown key of a strict
    // object) is not ours to word: the server codes it INVALID. Ours must all be in the table.
    const italian = [...unknown].filter((m) => !/^(Invalid|Unrecognized|Too (big|small)|Expected|Unexpected)/.test(m))
    expect(italian).toEqual([])
  })
})

type Parsable = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }
const isSchema = (v: unknown): v is Parsable =>
  !!v && typeof v === 'object' && typeof (v as Parsable).safeParse === 'function'
