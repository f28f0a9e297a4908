import { describe, expect, it } from 'vitest'
import { errorResponse, SERVER_ERROR } from './errorResponse'
import { HttpError, fieldError } from './errors'

const pgError = (code: string, detail?: string) => Object.assign(new Error('db'), { code, detail })

describe('errorResponse: the one mapping for Payload and the availability fast path', () => {
  it('an HttpError answers its own status and body', () => {
    expect(errorResponse(fieldError('date', 'DATE_NOT_EXISTS', 'Data inesistente'), '/api/x', false)).toEqual({
      status: 400,
      body: {
        errors: [
          {
            name: 'ValidationError',
            message: 'Dati non validi: date',
            data: {
              code: 'DATE_NOT_EXISTS',
              field: 'date',
              errors: [{ path: 'date', message: 'Data inesistente', code: 'DATE_NOT_EXISTS' }],
            },
          },
        ],
      },
    })
    const busy = errorResponse(new HttpError(409, 'BUSY', 'Occupato'), undefined, true)
    expect(busy?.status).toBe(409)
    expect(busy?.body.errors[0]?.data).toEqual({ code: 'BUSY' })
  })

  it('database errors the request caused are 4xx naming the field, also when wrapped (Drizzle)', () => {
    const fk = errorResponse(pgError('23503', 'Key (category_id)=(9) is not present'), '/api/services', true)
    expect(fk?.status).toBe(400)
    expect(fk?.body.errors[0]?.data).toEqual({
      code: 'RELATED_MISSING',
      field: 'category',
      errors: [{ path: 'category', message: 'Un elemento collegato non esiste.', code: 'RELATED_MISSING' }],
    })
    const wrapped = Object.assign(new Error('drizzle'), { cause: pgError('23P01') })
    expect(errorResponse(wrapped, '/api/reservations', true)).toMatchObject({
      status: 409,
      body: { errors: [{ data: { code: 'SLOT_TAKEN' } }] },
    })
    expect(errorResponse(pgError('22P02'), '/api/banner/abc', false)?.body.errors[0]?.data).toEqual({
      code: 'ID_INVALID',
      field: 'id',
      errors: [{ path: 'id', message: 'Id non valido', code: 'ID_INVALID' }],
    })
  })

  it('a 403 without a user is a 401; a 4xx keeps its message; broken JSON names body', () => {
    const forbidden = Object.assign(new Error('no'), { status: 403 })
    expect(errorResponse(forbidden, '/api/users', false)).toMatchObject({
      status: 401,
      body: { errors: [{ name: 'Unauthorized', data: { code: 'UNAUTHORIZED' } }] },
    })
    expect(errorResponse(forbidden, '/api/users', true)).toEqual({
      status: 403,
      body: { errors: [{ name: 'Error', message: 'no', data: { code: 'FORBIDDEN' } }] },
    })
    const json = Object.assign(new Error('Invalid JSON'), { status: 400 })
    expect(errorResponse(json, '/api/users', true)?.body.errors[0]?.data).toEqual({
      code: 'JSON_INVALID',
      field: 'body',
      errors: [{ path: 'body', message: 'JSON non valido', code: 'JSON_INVALID' }],
    })
    // Payload's own classes say more than their status.
    const wrongPassword = Object.assign(new Error('The email or password provided is incorrect.'), {
      status: 401,
      name: 'AuthenticationError',
    })
    expect(errorResponse(wrongPassword, '/api/auth/login', false)?.body.errors[0]?.data).toEqual({
      code: 'WRONG_CREDENTIALS',
    })
    const locked = Object.assign(new Error('This user is locked.'), { status: 401, name: 'LockedAuth' })
    expect(errorResponse(locked, '/api/auth/login', false)?.body.errors[0]?.data).toEqual({ code: 'ACCOUNT_LOCKED' })
  })

  it('anything else is not ours to answer: null (the caller sends the generic 500 and logs)', () => {
    expect(errorResponse(new Error('boom'), '/api/x', true)).toBeNull()
    expect(errorResponse(undefined, '/api/x', true)).toBeNull()
    expect(
      errorResponse(Object.assign(new Error('v'), { status: 400, data: { errors: [] } }), '/api/x', true),
    ).toBeNull()
    expect(SERVER_ERROR.body.errors[0]?.message).toBe('Something went wrong.')
  })
})
