import { beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogueKey, dayKey, firstFreeKey, monthKey, prefetchBooking, takePrefetched } from './prefetch'

const get = vi.hoisted(() => vi.fn())
vi.mock('../../lib/api', () => ({ api: { get } }))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00') })
  get.mockReset()
  get.mockImplementation(async (path: string) =>
    path.endsWith('availability-month') ? { days: ['2026-11-20', '2026-11-24', '2026-11-25'] } : { ok: path },
  )
  // Forget what an earlier test left (a taken answer is dropped from the store).
  for (const key of [
    catalogueKey,
    monthKey('2026-11', '4,1', 'any'),
    dayKey('2026-11-24', '4,1', 'any'),
    firstFreeKey('4,1', 'any'),
  ]) {
    takePrefetched(key)?.catch(() => {})
  }
})

describe('prefetchBooking', () => {
  it('a link with services: catalogue, the first free day with its times (one query) and this month, in parallel', async () => {
    prefetchBooking(new URL('http://x/reserve?services=4,1'))
    // All three start at once: none waits for another's answer.
    expect(get.mock.calls).toEqual([
      ['/api/pages/home'],
      ['/api/reservations/first-free', { query: { services: '4,1', operator: 'any' } }],
      ['/api/reservations/availability-month', { query: { month: '2026-11', services: '4,1', operator: 'any' } }],
    ])
    expect(await takePrefetched(catalogueKey)).toEqual({ ok: '/api/pages/home' })
    expect(await takePrefetched(firstFreeKey('4,1', 'any'))).toEqual({ ok: '/api/reservations/first-free' })
    expect(await takePrefetched(monthKey('2026-11', '4,1', 'any'))).toEqual({
      days: ['2026-11-20', '2026-11-24', '2026-11-25'],
    })
    // Each answer is used once: the next ask goes to the server.
    expect(takePrefetched(catalogueKey)).toBeNull()
  })

  it('a link with a day: that day’s times only', () => {
    prefetchBooking(new URL('http://x/reserve?services=4,1&day=2026-11-24&step=when'))
    expect(get.mock.calls.slice(1)).toEqual([
      ['/api/reservations/time-availability-day', { query: { date: '2026-11-24', services: '4,1', operator: 'any' } }],
    ])
    expect(takePrefetched(dayKey('2026-11-24', '4,1', 'any'))).not.toBeNull()
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
