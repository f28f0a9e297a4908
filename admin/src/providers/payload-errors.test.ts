import { describe, expect, it } from 'vitest'
import { detailsOf, networkError, reasonOf, statusOf, toHttpError } from './payload-errors'

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
          data: {
            errors: [
              { path: 'title', message: 'Il titolo è obbligatorio' },
              { path: 'price', message: 'Deve essere positivo' },
              { path: 'price', message: 'Massimo due decimali' },
              { path: 'intervals.0.opening_time', message: 'Usa il formato HH:mm (es. 09:30)' },
            ],
          },
        },
      ],
    })
    expect(error).toEqual({
      name: 'ValidationError',
      statusCode: 400,
      message: 'Invalid data: title, price',
      errors: {
        title: 'The title is required',
        // Messages the table does not know are shown as the server wrote them.
        price: ['Deve essere positivo', 'Massimo due decimali'],
        'intervals.0.opening_time': 'Use the HH:mm format (e.g. 09:30)',
      },
    })
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
