import { api } from '../../lib/api'

/*
 * The wizard's first screen needs three answers one after another — the catalogue, the month's
 * free days, the first free day's times. Started when the route is matched (in parallel with the
 * wizard's own code), they are ready or in flight when the screen asks; each is used once.
 * Small on purpose: the app's route table imports it, so it must not pull the wizard in.
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

const localDay = (d = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/**
 * For `/reserve?…`: the catalogue always; with services chosen and the day-and-time step coming
 * up, this month's free days and the first free day's times (or the chosen day's times).
 */
export function prefetchBooking(url: URL) {
  if (!store.has(catalogueKey)) void put(catalogueKey, api.get('/api/pages/home')) // handled in put
  const services = url.searchParams.get('services')
  if (!services || !/^\d+(,\d+)*$/.test(services) || url.searchParams.get('move')) return
  const step = url.searchParams.get('step') ?? 'when'
  if (step !== 'when') return
  const operator = url.searchParams.get('operator') ?? 'any'
  const query = { services, operator }
  const daySlots = (day: string) =>
    put(
      dayKey(day, services, operator),
      api.get<{ slots: unknown[] }>('/api/reservations/time-availability-day', { query: { date: day, ...query } }),
    )
  const chosenDay = url.searchParams.get('day')
  if (chosenDay) {
    void daySlots(chosenDay) // a failure is handled in put
    return
  }
  const today = localDay()
  const month = today.slice(0, 7)
  const days = put(
    monthKey(month, services, operator),
    api.get<{ days: string[] }>('/api/reservations/availability-month', { query: { month, ...query } }),
  )
  days
    .then(({ days: free }) => {
      const first = free.find((d) => d >= today)
      if (first) void daySlots(first).catch(() => {})
    })
    .catch(() => {})
}
