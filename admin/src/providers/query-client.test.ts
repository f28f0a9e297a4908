import { describe, expect, it } from 'vitest'
import { shouldRetryQuery } from './query-client'

describe('shouldRetryQuery (spec §9)', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504, 0])('retries a read once on %i', (statusCode) => {
    expect(shouldRetryQuery(0, { statusCode })).toBe(true)
    expect(shouldRetryQuery(1, { statusCode })).toBe(false)
  })

  it.each([400, 401, 403, 404, 422])('never retries %i', (statusCode) => {
    expect(shouldRetryQuery(0, { statusCode })).toBe(false)
  })

  it('does not retry errors without a status (bugs, unsupported filters)', () => {
    expect(shouldRetryQuery(0, new Error('x'))).toBe(false)
  })
})
