import { describe, expect, it } from 'vitest'
import { HttpError } from './errors'
import { MAX_ATTEMPTS, withRetries } from './retry'

const pgError = (code: string) => Object.assign(new Error(code), { code })
/** Drizzle wraps the driver's error: the code may sit on `cause`. */
const wrapped = (code: string) => Object.assign(new Error('query failed'), { cause: pgError(code) })
const noPause = () => Promise.resolve()

function failing(codes: (string | null)[]) {
  let calls = 0
  const run = () => {
    const code = codes[calls++]
    return code ? Promise.reject(code === 'wrapped' ? wrapped('40P01') : pgError(code)) : Promise.resolve('done')
  }
  return { run, calls: () => calls }
}

describe('withRetries', () => {
  it('runs once when nothing fails', async () => {
    const f = failing([null])
    await expect(withRetries(f.run, MAX_ATTEMPTS, noPause)).resolves.toBe('done')
    expect(f.calls()).toBe(1)
  })

  it('runs a deadlocked or serialization-failed transaction again, also when the code is wrapped', async () => {
    const f = failing(['40P01', '40001', 'wrapped', null])
    await expect(withRetries(f.run, 4, noPause)).resolves.toBe('done')
    expect(f.calls()).toBe(4)
  })

  it('gives up after the bound with a 409 BUSY, never the database error', async () => {
    const f = failing(['40P01', '40P01', '40P01', '40P01', null])
    const err = await withRetries(f.run, 4, noPause).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpError)
    expect((err as HttpError).status).toBe(409)
    expect((err as HttpError).data).toEqual({ reason: 'BUSY' })
    expect(f.calls()).toBe(4)
  })

  it('passes any other error through at once', async () => {
    for (const code of ['23P01', '23505', '22P02']) {
      const f = failing([code, null])
      await expect(withRetries(f.run, 4, noPause)).rejects.toMatchObject({ code })
      expect(f.calls()).toBe(1)
    }
    const http = new HttpError(404, 'NOT_FOUND', 'Not Found')
    await expect(withRetries(() => Promise.reject(http), 4, noPause)).rejects.toBe(http)
  })

  it('pauses between attempts, longer each time', async () => {
    const pauses: number[] = []
    const f = failing(['40001', '40001', null])
    await withRetries(f.run, 4, (attempt) => {
      pauses.push(attempt)
      return Promise.resolve()
    })
    expect(pauses).toEqual([1, 2])
  })
})
