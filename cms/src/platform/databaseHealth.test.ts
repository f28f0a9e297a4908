import net from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { databaseDown, isDatabaseGone, noteDatabaseError, observedClient } from './databaseHealth'
import { errorResponse } from './errorResponse'
import { HttpError } from './errors'
import { runtime } from './runtime'

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {})
/** How drizzle hands the driver's error on: wrapped, the original as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

afterEach(() => {
  const s = runtime().database
  if (s.probe) clearTimeout(s.probe)
  s.probe = null
  s.downSince = null
  s.verifying = false
})

describe('isDatabaseGone: "PostgreSQL is unreachable", not "the request was wrong" nor "the pool is busy"', () => {
  it.each([
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    [
      'crash of another backend',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout (pool)', new Error('Connection terminated due to connection timeout')],
    ['connect timeout (client)', new Error('timeout expired')],
    ['wrapped by drizzle', wrapped(new Error('Connection terminated unexpectedly'))],
    ['every address refused', new AggregateError([withCode('refused', 'ECONNREFUSED')], 'connect failed')],
  ])('%s → gone', (_, err) => expect(isDatabaseGone(err)).toBe(true))

  it.each([
    ['exclusion constraint', withCode('conflicting key value', '23P01')],
    ['bad value', wrapped(withCode('invalid input syntax', '22P02'))],
    ['pool busy (waited DATABASE_POOL_WAIT_MS)', new Error('timeout exceeded when trying to connect')],
    ['a refusal', new HttpError(409, 'SLOT_TAKEN', 'preso')],
    ['nothing', undefined],
  ])('%s → not gone', (_, err) => expect(isDatabaseGone(err)).toBe(false))
})

describe('errorResponse while PostgreSQL is unreachable', () => {
  it('a connection error is a 503 DATABASE_UNAVAILABLE in the one error shape, and the process is down', () => {
    expect(databaseDown()).toBe(false)
    const answer = errorResponse(wrapped(withCode('connect ECONNREFUSED', 'ECONNREFUSED')), '/api/services', true)
    expect(answer?.status).toBe(503)
    expect(answer?.body.errors[0]?.data?.code).toBe('DATABASE_UNAVAILABLE')
    expect(answer?.body.errors[0]?.message).toMatch(/riprova/)
    expect(databaseDown()).toBe(true)
  })

  it('while down, a visitor refused for not being signed in gets the 503 (the failed user lookup was swallowed)', () => {
    const visitor = Object.assign(new Error('Forbidden'), { status: 403 })
    expect(errorResponse(visitor, '/api/reservations', false)?.status).toBe(401)
    noteDatabaseError(withCode('refused', 'ECONNREFUSED'))
    expect(errorResponse(visitor, '/api/reservations', false)?.status).toBe(503)
    // Refusals that are the request's own stay what they are.
    expect(errorResponse(withCode('conflict', '23P01'), '/api/x', true)?.status).toBe(409)
  })
})

describe('observedClient', () => {
  it('a refused connect marks the process down (whoever holds the client)', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer()
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo
        srv.close(() => resolve(port))
      })
    })
    const Client = observedClient(500)
    const client = new Client({ connectionString: `postgres://x:y@127.0.0.1:${port}/z` })
    await expect(client.connect()).rejects.toThrow(/ECONNREFUSED/)
    expect(databaseDown()).toBe(true)
  })

  it('gives up a connect that hangs after its own timeout; down only once a probe cannot connect either', async () => {
    const sockets: net.Socket[] = []
    const srv = net.createServer((s) => void sockets.push(s)) // accepts, never answers
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()))
    const { port } = srv.address() as net.AddressInfo
    const url = `postgres://x:y@127.0.0.1:${port}/z`
    vi.stubEnv('DATABASE_URL', url)
    vi.stubEnv('DATABASE_CONNECT_TIMEOUT_MS', '300')
    try {
      const Client = observedClient(300)
      const t0 = Date.now()
      await expect(new Client({ connectionString: url }).connect()).rejects.toThrow(/timeout/)
      expect(Date.now() - t0).toBeLessThan(2000)
      // Slow is not gone yet: a probe checks first (a saturated machine connects slowly too).
      expect(databaseDown()).toBe(false)
      expect(runtime().database.verifying).toBe(true)
      for (const t1 = Date.now(); !databaseDown() && Date.now() - t1 < 3000;)
        await new Promise((r) => setTimeout(r, 50))
      expect(databaseDown()).toBe(true)
    } finally {
      vi.unstubAllEnvs()
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => srv.close(() => resolve()))
    }
  })
})
