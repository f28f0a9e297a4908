/**
 * Refusals are codes (issue 21 §4): every 4xx body is `{ errors: [{ name, message, data: { code,
 * field?, params?, errors?: [{ path, message, code, params? }] } }] }`, `code` from the lists in
 * `@salon/shared/errorCodes`. A sample from each area: zod, Payload's own validation, broken JSON,
 * a malformed id, PostgreSQL, sign-in, who may ask, not found, accounts, a refusal with params.
 */
import { describe, expect, it } from 'vitest'
import { isErrorCode } from '@salon/shared/errorCodes'
import { api, freshAddress, sql, unique } from './helpers'

type Body = {
  errors: {
    name: string
    message: string
    data: {
      code: string
      field?: string
      params?: Record<string, unknown>
      errors?: { path: string; message: string; code: string; params?: Record<string, unknown> }[]
    }
  }[]
}

/** The refusal's data, after checking the one shape. */
function refusal(res: { status: number; body: unknown }, status: number) {
  const text = JSON.stringify(res.body)
  expect(res.status, text).toBe(status)
  const item = (res.body as Body).errors?.[0]
  expect(item, text).toBeDefined()
  expect(typeof item!.message, text).toBe('string')
  expect(isErrorCode(item!.data?.code), text).toBe(true)
  for (const field of item!.data.errors ?? []) {
    expect(isErrorCode(field.code), text).toBe(true)
    expect(typeof field.path, text).toBe('string')
  }
  return item!.data
}

const fieldCodes = (data: Body['errors'][number]['data']) =>
  Object.fromEntries((data.errors ?? []).map((e) => [e.path, e.code]))

describe('every 4xx carries a stable code', () => {
  it('zod (a custom endpoint): INVALID_INPUT, each field its own code, the field list in params', async () => {
    const res = await api('POST', '/api/auth/login', {
      body: { email: '', password: '' },
      headers: { 'x-forwarded-for': freshAddress() },
    })
    const data = refusal(res, 400)
    expect(data.code).toBe('INVALID_INPUT')
    const codesOf = (path: string) => (data.errors ?? []).filter((e) => e.path === path).map((e) => e.code)
    expect(codesOf('email')).toContain('EMAIL_REQUIRED')
    expect(codesOf('password')).toEqual(['PASSWORD_REQUIRED'])
    expect(data.params).toEqual({ fields: 'email, password' })

    const long = await api('POST', '/api/operator-blocks', {
      as: 'ADMIN',
      body: {
        operator: 1,
        date_start: '2030-01-07T09:00:00Z',
        date_end: '2030-01-07T10:00:00Z',
        reason: 'x'.repeat(500),
      },
    })
    const tooLong = refusal(long, 400)
    expect(tooLong.field).toBe('reason')
    expect(tooLong.errors?.[0]).toMatchObject({ code: 'AT_MOST_CHARS', params: { n: expect.any(Number) } })
  })

  it('Payload’s own validation, broken JSON and a malformed id', async () => {
    const payload = refusal(await api('POST', '/api/services', { as: 'ADMIN', body: {} }), 400)
    expect(payload.code).toBe('INVALID_INPUT')
    expect(Object.keys(fieldCodes(payload))).toEqual(expect.arrayContaining(['title', 'time', 'price']))

    const json = refusal(
      await api('POST', '/api/services', {
        as: 'ADMIN',
        rawBody: '{"title": ',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    )
    expect(json).toMatchObject({ code: 'JSON_INVALID', field: 'body' })

    const id = refusal(await api('GET', '/api/banner/abc', { as: 'ADMIN' }), 400)
    expect(id).toMatchObject({ code: 'ID_INVALID', field: 'id' })
  })

  it('PostgreSQL: an unknown related id names the field', async () => {
    const res = await api('POST', '/api/services', {
      as: 'ADMIN',
      body: { title: unique('svc'), time: 30, price: 10, category: 999_999 },
    })
    const data = refusal(res, 400)
    expect(data.field).toBe('category')
    expect(fieldCodes(data).category).toBe('RELATED_MISSING')
  })

  it('sign-in and who may ask: wrong password, 401, 403, not found', async () => {
    const wrong = await api('POST', '/api/auth/login', {
      body: { email: 'cliente@demo.salon', password: 'not-the-password' },
      headers: { 'x-forwarded-for': freshAddress() },
    })
    expect(refusal(wrong, 401).code).toBe('WRONG_CREDENTIALS')

    expect(refusal(await api('GET', '/api/reservations/mine'), 401).code).toBe('UNAUTHORIZED')
    expect(refusal(await api('GET', '/api/auth/factors'), 401).code).toBe('UNAUTHORIZED')

    const forbidden = await api('POST', '/api/services', { as: 'USER', body: { title: 'X', time: 10, price: 10 } })
    expect(refusal(forbidden, 403).code).toBe('FORBIDDEN')

    expect(refusal(await api('GET', '/api/reservations/999999999/detail', { as: 'ADMIN' }), 404).code).toBe('NOT_FOUND')
    const route = await api('GET', '/api/no-such-thing/at-all', { as: 'ADMIN' })
    expect(refusal(route, 404).code).toBe('ROUTE_NOT_FOUND')
    expect(route.body.message).toMatch(/Route not found/)
  })

  it('accounts: a recovery link that is not valid names the token', async () => {
    const res = await api('POST', '/api/auth/password_recovery/check', {
      body: { token: 'not-a-token', email: 'cliente@demo.salon' },
      headers: { 'x-forwarded-for': freshAddress() },
    })
    const data = refusal(res, 400)
    expect(data).toMatchObject({ code: 'LINK_INVALID', field: 'token' })
    expect(fieldCodes(data).token).toBe('LINK_INVALID')
  })

  it('a refusal with params: a service in bookings cannot be deleted (SERVICE_IN_USE, { bookings })', async () => {
    const [used] = await sql<{ id: number }>(
      `select services_id as id from reservations_rels where path = 'services' and services_id is not null limit 1`,
    )
    expect(used, 'the demo data has a booked service').toBeDefined()
    const data = refusal(await api('DELETE', `/api/services/${used!.id}`, { as: 'ADMIN' }), 409)
    expect(data.code).toBe('SERVICE_IN_USE')
    expect(data.params).toEqual({ bookings: expect.any(Number) })
    expect(Number(data.params!.bookings)).toBeGreaterThan(0)
  })
})
