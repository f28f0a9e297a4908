import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Pool } from 'pg'

/**
 * A process loads this module twice (Next's bundle of Payload's graph, and server.ts through tsx):
 * here, two fresh instances of it, as two module graphs see them. What one publishes the other
 * must see, or the availability fast path would run without a pool and the confirm never skip Next.
 */
const twoCopies = async () => {
  vi.resetModules()
  const first = await import('./runtime')
  vi.resetModules()
  const second = await import('./runtime')
  return [first, second] as const
}

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('salon.runtime')]
})

describe('process runtime', () => {
  it('is two module instances, one state', async () => {
    const [payloadSide, serverSide] = await twoCopies()
    expect(payloadSide).not.toBe(serverSide)
    expect(serverSide.publishedPool()).toBeNull()
    expect(serverSide.fastWriteFor('/api/reservations/confirm')).toBeNull()

    const pool = { totalCount: 0 } as unknown as Pool
    payloadSide.publishPool(pool)
    const confirm = async () => new Response('ok')
    payloadSide.publishFastWrites({ '/api/reservations/confirm': confirm })

    expect(serverSide.publishedPool()).toBe(pool)
    expect(serverSide.fastWriteFor('/api/reservations/confirm')).toBe(confirm)
    expect(serverSide.fastWriteFor('/api/reservations/move')).toBeNull()
  })

  it('keeps one calendar copy and one home counter for both', async () => {
    const [payloadSide, serverSide] = await twoCopies()
    expect(serverSide.runtime().calendar).toBe(payloadSide.runtime().calendar)
    payloadSide.runtime().homeChanges++
    payloadSide.runtime().homeChanges++
    expect(serverSide.runtime().homeChanges).toBe(2)
  })

  it('lets server.ts stop the worker the Payload side started, once', async () => {
    vi.resetModules()
    const jobs = await import('./jobRunner')
    vi.resetModules()
    const server = await import('./jobRunner')
    const stop = vi.fn(async () => {})
    jobs.publishRunner({ stop })
    expect(server.publishedRunner()).not.toBeNull()
    await server.stopPublishedRunner()
    await server.stopPublishedRunner()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(jobs.publishedRunner()).toBeNull()
  })
})
