import { describe, expect, it } from 'vitest'
import { BOOKING_REFUSAL_CODES } from '@salon/shared/refusals'
import { UPLOAD_USE_KIND_IT } from '@salon/shared/schemas/uploads'
import { en } from '../i18n/en'
import { it as itDict } from '../i18n/it'
import { setLocale } from '../i18n/locale'
import {
  codeOf,
  detailsOf,
  networkError,
  paramsOf,
  reasonOf,
  statusOf,
  toHttpError,
  USE_KIND_IT,
} from './payload-errors'

describe('toHttpError', () => {
  it('keeps the engine reason code so a screen can offer a way out', () => {
    const error = toHttpError(409, {
      errors: [{ name: 'Conflict', message: 'In uso', data: { reason: 'SERVICE_IN_USE', bookings: 3 } }],
    })
    expect(reasonOf(error)).toBe('SERVICE_IN_USE')
    expect(reasonOf(toHttpError(409, { errors: [{ message: 'x' }] }))).toBeUndefined()
  })

  it('keeps the whole data of a refusal with a reason (the bookings in the way of a block), not of field errors', () => {
    const data = { reason: 'BLOCK_OVERLAPS_BOOKING', bookings: [{ id: 7 }], total: 1 }
    expect(detailsOf(toHttpError(409, { errors: [{ message: 'x', data }] }))).toEqual(data)
    expect(
      detailsOf(toHttpError(400, { errors: [{ message: 'x', data: { errors: [{ path: 'a', message: 'b' }] } }] })),
    ).toBeUndefined()
    expect(detailsOf(null)).toBeUndefined()
  })

  it('keys field errors by path so forms can show them next to the field, known messages in English', () => {
    const error = toHttpError(400, {
      errors: [
        {
          name: 'ValidationError',
          message: 'Dati non validi: title, price',
          // As the server sends it: each field error with its code (issue 21 §4).
          data: {
            code: 'INVALID_INPUT',
            params: { fields: 'title, price' },
            errors: [
              { path: 'title', message: 'Il titolo è obbligatorio', code: 'TITLE_REQUIRED' },
              { path: 'price', message: 'Deve essere positivo', code: 'INVALID' },
              { path: 'price', message: 'Massimo due decimali', code: 'INVALID' },
              { path: 'intervals.0.opening_time', message: 'Usa il formato HH:mm (es. 09:30)', code: 'TIME_FORMAT' },
            ],
          },
        },
      ],
    })
    expect(error).toEqual({
      name: 'ValidationError',
      statusCode: 400,
      code: 'INVALID_INPUT',
      params: { fields: 'title, price' },
      message: 'Invalid data: title, price',
      errors: {
        title: 'The title is required',
        // Messages the table does not know are shown as the server wrote them.
        price: ['Deve essere positivo', 'Massimo due decimali'],
        'intervals.0.opening_time': 'Use the HH:mm format (e.g. 09:30)',
      },
    })
  })

  it('keeps a refusal’s params as sent, lists included (a series’ conflicts, issue 27)', () => {
    const conflicts = [{ index: 2, date_start: '2027-01-26T09:30:00.000Z', alternatives: [] }]
    const error = toHttpError(409, {
      errors: [{ message: 'Alcune date non sono libere', data: { code: 'SERIES_CONFLICTS', params: { conflicts } } }],
    })
    expect(codeOf(error)).toBe('SERIES_CONFLICTS')
    expect(paramsOf(error)).toEqual({ conflicts })
    expect(error.message).toBe('Some dates are not free: pick an alternative for each or skip it.')
    expect(paramsOf(toHttpError(409, { errors: [{ message: 'No' }] }))).toBeUndefined()
  })

  it('uses the messages of all errors, without field errors when there are none', () => {
    const error = toHttpError(409, { errors: [{ message: 'Lo slot non è più disponibile.' }, { message: 'Riprova.' }] })
    expect(error).toEqual({ statusCode: 409, message: 'Lo slot non è più disponibile. Riprova.' })
    expect(error).not.toHaveProperty('errors')
  })

  it('falls back to a body message, then the status text, then the status', () => {
    expect(toHttpError(500, { message: 'boom' }).message).toBe('boom')
    expect(toHttpError(502, '<html>Bad gateway</html>', 'Bad Gateway').message).toBe('Bad Gateway')
    expect(toHttpError(418, undefined).message).toBe('HTTP 418')
  })

  it('ignores malformed entries instead of crashing on them', () => {
    const error = toHttpError(400, {
      errors: [null, 'x', { message: 'Bad', data: { errors: [{ message: 'no path' }, 3] } }],
    })
    expect(error).toEqual({ statusCode: 400, message: 'Bad' })
  })
})

describe('networkError / statusOf', () => {
  it('gives unreachable servers status 0 and an Italian message', () => {
    const error = networkError(new TypeError('Failed to fetch'))
    expect(error.statusCode).toBe(0)
    expect(error.message).toContain('Could not reach the server')
  })

  it('reads statusCode or status', () => {
    expect(statusOf({ statusCode: 401 })).toBe(401)
    expect(statusOf({ status: 403 })).toBe(403)
    expect(statusOf(new Error('x'))).toBeUndefined()
    expect(statusOf(null)).toBeUndefined()
  })
})

describe('booking refusals are worded by their code (issue 21 §4)', () => {
  const refusal = (
    data: Record<string, unknown>,
    message = 'Questo orario è appena stato prenotato da qualcun altro.',
  ) => toHttpError(409, { errors: [{ name: 'Conflict', message, data }] })

  it('the English dashboard says a taken time in English, the Italian one in Italian', () => {
    setLocale('en')
    expect(refusal({ reason: 'SLOT_TAKEN' }).message).toBe('This time has just been booked by someone else.')
    setLocale('it')
    expect(refusal({ reason: 'SLOT_TAKEN' }).message).toBe('Questo orario è appena stato prenotato da qualcun altro.')
    setLocale('en')
  })

  it('fills in the limit; `code` counts like `reason`; the reason stays for the screens', () => {
    const cap = refusal({ reason: 'TOO_MANY_BOOKINGS', code: 'TOO_MANY_BOOKINGS', limit: 3 }, 'Puoi avere al massimo…')
    expect(cap.message).toBe('The customer already has 3 upcoming bookings, the most allowed online.')
    expect(reasonOf(cap)).toBe('TOO_MANY_BOOKINGS')
    expect(refusal({ code: 'NOT_STARTED', params: { from: '2026-12-01T14:55:00.000Z' } }).message).toBe(
      'The appointment has not started yet.',
    )
  })

  it('an answer without a known code keeps the old way: translated by its text, or as it came', () => {
    expect(refusal({ reason: 'SOMETHING_NEW' }, 'Una frase nuova').message).toBe('Una frase nuova')
  })

  it('any refusal is worded by its code: the image in use names where, in English', () => {
    const uses = [
      { kind: 'service', id: 1, name: 'Piega' },
      { kind: 'operator', id: 2, name: 'Giulia Rossi' },
    ]
    const error = toHttpError(409, {
      errors: [{ name: 'Conflict', message: 'Questa immagine è in uso…', data: { code: 'IMAGE_IN_USE', uses } }],
    })
    expect(error.message).toBe(
      'This image is in use and cannot be deleted. Used by: service “Piega”, operator “Giulia Rossi”. Choose another image there first.',
    )
    expect(codeOf(error)).toBe('IMAGE_IN_USE')
    const login = toHttpError(401, {
      errors: [
        { name: 'AuthenticationError', message: 'E-mail o password errate', data: { code: 'WRONG_CREDENTIALS' } },
      ],
    })
    expect(login.message).toBe('The e-mail or password is not right.')
  })

  it('names where an image is used with the shared Italian words (kept apart from zod for the first load)', () => {
    expect(USE_KIND_IT).toEqual(UPLOAD_USE_KIND_IT)
  })

  it('every code the server can send has words in both dictionaries', () => {
    for (const code of BOOKING_REFUSAL_CODES) {
      expect(en, code).toHaveProperty([`refusal.${code}`])
      expect(itDict, code).toHaveProperty([`refusal.${code}`])
    }
  })
})
