import { beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueKey, dayKey, monthKey, prefetchBooking, takePrefetched } from './prefetch'

const get = vi.hoisted(() => vi.fn())
vi.mock('../../lib/api', () => ({ api: { get } }))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00') })
  get.mockReset()
  get.mockImplementation(async (path: string) =>
    path.endsWith('availability-month') ? { days: ['2026-11-20', '2026-11-24', '2026-11-25'] } : { ok: path },
  )
  // Forget what an earlier test left (a taken answer is dropped from the store).
  for (const key of [catalogueKey, monthKey('2026-11', '4,1', 'any'), dayKey('2026-11-24', '4,1', 'any')]) {
    takePrefetched(key)?.catch(() => {})
  }
})

describe('prefetchBooking', () => {
  it('a link with services: catalogue, this month, then the first free day from today', async () => {
    prefetchBooking(new URL('http://x/reserve?services=4,1'))
    expect(await takePrefetched(catalogueKey)).toEqual({ ok: '/api/pages/home' })
    expect(await takePrefetched(monthKey('2026-11', '4,1', 'any'))).toEqual({
      days: ['2026-11-20', '2026-11-24', '2026-11-25'],
    })
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(3))
    expect(get.mock.calls[2]).toEqual([
      '/api/reservations/time-availability-day',
      { query: { date: '2026-11-24', services: '4,1', operator: 'any' } },
    ])
    expect(takePrefetched(dayKey('2026-11-24', '4,1', 'any'))).not.toBeNull()
    // Each answer is used once: the next ask goes to the server.
    expect(takePrefetched(catalogueKey)).toBeNull()
  })

  it('only the catalogue when there is nothing to show times for (no services, another step, a move)', () => {
    prefetchBooking(new URL('http://x/reserve'))
    prefetchBooking(new URL('http://x/reserve?services=4&step=services'))
    prefetchBooking(new URL('http://x/reserve?services=4&move=12'))
    prefetchBooking(new URL('http://x/reserve?services=4;drop'))
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/api/pages/home'])
  })

  it('an answer older than 30 s is not used', () => {
    prefetchBooking(new URL('http://x/reserve'))
    vi.setSystemTime(new Date('2026-11-22T10:00:31'))
    expect(takePrefetched(catalogueKey)).toBeNull()
  })
})
