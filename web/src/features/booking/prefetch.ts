import { api } from '../../lib/api'

/*
 * The wizard's first screen needs the catalogue, the first free day with its times (one query,
 * `first-free`) and the month's free days for the calendar. On a page the server rendered they
 * are embedded (features/booking/seed.ts); on a client navigation they are started when the route
 * is matched (in parallel with the wizard's own code), ready or in flight when the screen asks;
 * each is used once. Small on purpose: the app's route table imports it, so it must not pull the
 * wizard in.
 */

const PREFETCH_TTL_MS = 30_000
const store = new Map<string, { at: number; promise: Promise<unknown> }>()

/** A prefetched answer for `key`, taken once and only while fresh; otherwise null. */
export function takePrefetched<T>(key: string): Promise<T> | null {
  const hit = store.get(key)
  store.delete(key)
  if (!hit || Date.now() - hit.at > PREFETCH_TTL_MS) return null
  return hit.promise as Promise<T>
}

function put<T>(key: string, promise: Promise<T>) {
  promise.catch(() => store.delete(key)) // a failed prefetch is simply asked again
  store.set(key, { at: Date.now(), promise })
  return promise
}

export const catalogueKey = 'catalogue'
export const monthKey = (month: string, services: string, operator: string) => `month|${month}|${services}|${operator}`
export const dayKey = (day: string, services: string, operator: string) => `day|${day}|${services}|${operator}`
export const firstFreeKey = (services: string, operator: string) => `first|${services}|${operator}`

const localDay = (d = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/**
 * For `/reserve?…`: the catalogue always; with services chosen and the day-and-time step coming
 * up, the chosen day's times, or the first free day with its times (one query) and this month's
 * free days for the calendar — in parallel, not one after another.
 */
export function prefetchBooking(url: URL) {
  if (!store.has(catalogueKey)) void put(catalogueKey, api.get('/api/pages/home')) // handled in put
  const services = url.searchParams.get('services')
  if (!services || !/^\d+(,\d+)*$/.test(services) || url.searchParams.get('move')) return
  const step = url.searchParams.get('step') ?? 'when'
  if (step !== 'when') return
  const operator = url.searchParams.get('operator') ?? 'any'
  const query = { services, operator }
  const chosenDay = url.searchParams.get('day')
  if (chosenDay) {
    void put(
      dayKey(chosenDay, services, operator),
      api.get('/api/reservations/time-availability-day', { query: { date: chosenDay, ...query } }),
    )
    return
  }
  void put(firstFreeKey(services, operator), api.get('/api/reservations/first-free', { query }))
  const month = localDay().slice(0, 7)
  void put(
    monthKey(month, services, operator),
    api.get('/api/reservations/availability-month', { query: { month, ...query } }),
  )
}
