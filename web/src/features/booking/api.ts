import type { SeriesBody, SeriesCheckResponse, SeriesCreatedResponse } from '@salon/shared/schemas/series'
import type { OpeningDay } from '@salon/shared/booking/types'
import { api } from '../../lib/api'
import { learnSalonZone, type SalonSettings } from '../../lib/salon'
import { catalogueKey, dayKey, firstFreeKey, monthKey, takePrefetched } from './prefetch'

export interface CatalogueService {
  id: number
  title: string
  /** Minutes. */
  time: number
  /** Euro. */
  price: number
  description?: string | null
  /** Who can perform it (ids, or populated at depth 1); empty = every operator. */
  operators?: (number | { id: number })[] | null
  /**
   * Its phases and clean-up (issue 25), as `/api/services` and the home send them: read only for
   * the booking's total (`totalsOf`: a clean-up between two services is time the customer waits).
   * Never shown to a customer, who sees `time` (the sum of the phases) and the total.
   */
  phases?:
    | {
        id?: string | null
        minutes: number
        operator_busy?: boolean | null
        station?: number | { id: number } | null
        label?: string | null
      }[]
    | null
  cleanup_minutes?: number | null
}

export interface CatalogueOperator {
  id: number
  name: string
  position?: number | null
  active?: boolean | null
  image?: { imageUrl?: string | null; alt?: string | null } | number | null
}

export type SalonConfig = SalonSettings

export interface Catalogue {
  config: SalonConfig
  categories: { id: number | null; name: string; services: CatalogueService[] }[]
  operators: CatalogueOperator[]
  /** The weekly opening hours: which days can be "tutto pieno", and the waitlist's time windows. */
  openingHours?: OpeningDay[]
}

/** Services by category, the operators and the salon's settings: one cacheable call (`/api/pages/home`). */
export async function fetchCatalogue(signal: AbortSignal): Promise<Catalogue> {
  const page = await (takePrefetched<Catalogue>(catalogueKey) ?? api.get<Catalogue>('/api/pages/home', { signal }))
  return {
    config: learnSalonZone(page.config),
    categories: page.categories,
    operators: page.operators,
    openingHours: page.openingHours ?? [],
  }
}

export interface Slot {
  start: string
  end: string
  operators: number[]
}

type Choice = { services: number[]; operator: 'any' | number }
const choiceQuery = (c: Choice) => ({ services: c.services.join(','), operator: String(c.operator) })

/** The local days of `month` with at least one free time. */
export async function fetchMonthDays(month: string, choice: Choice, signal: AbortSignal): Promise<string[]> {
  const q = choiceQuery(choice)
  const res = await (takePrefetched<{ days: string[] }>(monthKey(month, q.services, q.operator)) ??
    api.get<{ days: string[] }>('/api/reservations/availability-month', { query: { month, ...q }, signal }))
  return res.days
}

/** The free times of one local day. */
export async function fetchDaySlots(day: string, choice: Choice, signal: AbortSignal): Promise<Slot[]> {
  const q = choiceQuery(choice)
  const res = await (takePrefetched<{ slots: Slot[] }>(dayKey(day, q.services, q.operator)) ??
    api.get<{ slots: Slot[] }>('/api/reservations/time-availability-day', { query: { date: day, ...q }, signal }))
  return res.slots
}

export interface FirstFree {
  /** The first local day with a free start, `null` when none up to the booking horizon. */
  day: string | null
  slots: Slot[]
}

/**
 * The first free day from `from` (default today, salon time) and its free times: one query
 * (`GET /api/reservations/first-free`), the one the server's render of `/reserve` made too.
 */
export async function fetchFirstFree(choice: Choice, signal: AbortSignal, from?: string): Promise<FirstFree> {
  const q = choiceQuery(choice)
  const res = await ((!from && takePrefetched<FirstFree>(firstFreeKey(q.services, q.operator))) ||
    api.get<FirstFree>('/api/reservations/first-free', { query: { ...q, ...(from ? { from } : {}) }, signal }))
  return { day: res.day, slots: res.slots }
}

export interface Reservation {
  id: number
  status: string
  date_start: string | null
  date_end: string | null
  duration: number
  total_price: number
  note?: string | null
  services: (number | { id: number })[]
  operator: number | { id: number } | null
  /** Booked with "Qualsiasi operatore": moving it may go to any operator. */
  any_operator?: boolean | null
}

/** Opens a booking session (a draft held for `holdMinutes`). */
export async function createSession(): Promise<{ id: number; expiresAt: string }> {
  const res = await api.post<{ data: { id: number }; expiresAt: string }>('/api/reservations/create-session')
  return { id: res.data.id, expiresAt: res.expiresAt }
}

export interface ConfirmInput extends Choice {
  id: number
  date_start: string
  note?: string
}

/** Turns the session into a booking (PENDING, or CONFIRMED when the salon confirms automatically). */
export async function confirmBooking(input: ConfirmInput): Promise<Reservation> {
  const res = await api.post<{ data: Reservation }>('/api/reservations/confirm', {
    id: input.id,
    services: input.services,
    operator: input.operator,
    date_start: input.date_start,
    ...(input.note ? { note: input.note } : {}),
  })
  return res.data
}

export async function fetchReservation(id: number, signal: AbortSignal): Promise<Reservation> {
  return api.get<Reservation>(`/api/reservations/${id}`, { query: { depth: 0 }, signal })
}

/** The free starts of a day for moving booking `id` (its own time is not counted as busy). */
export async function fetchMoveSlots(id: number, day: string, operator: 'any' | number, signal: AbortSignal) {
  const res = await api.get<{ slots: Slot[] }>(`/api/reservations/${id}/move-slots`, {
    query: { date: day, operator: String(operator) },
    signal,
  })
  return res.slots
}

/** Moves booking `id` to a new start in one step on the server; a refusal leaves it as it was. */
export async function moveBooking(id: number, date_start: string, operator: 'any' | number): Promise<Reservation> {
  const res = await api.post<{ data: Reservation }>(`/api/reservations/${id}/move`, { date_start, operator })
  return res.data
}

/** `POST /api/reservations/series/check` → every occurrence checked, with alternatives for the ones not free; nothing written. */
export function checkSeries(body: SeriesBody) {
  return api.post<SeriesCheckResponse>('/api/reservations/series/check', body)
}

/** `POST /api/reservations/series` → 201 every occurrence written; 409 SERIES_CONFLICTS (`params.conflicts`) and nothing written. */
export function createSeries(body: SeriesBody) {
  return api.post<SeriesCreatedResponse>('/api/reservations/series', body)
}
