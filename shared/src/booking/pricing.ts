import type { OperatorInfo, ServiceInfo } from './types'

/**
 * Services done back to back: duration = sum of minutes, total_price = sum of prices. Prices are
 * added in whole cents so that 0.1 + 0.2 is 0.3. Values that are not finite numbers count as 0.
 */
export function bookingTotals(services: Pick<ServiceInfo, 'time' | 'price'>[]): {
  duration: number
  total_price: number
} {
  let duration = 0
  let cents = 0
  for (const s of services ?? []) {
    const time = Number(s?.time)
    const price = Number(s?.price)
    if (Number.isFinite(time)) duration += time
    if (Number.isFinite(price)) cents += Math.round(price * 100)
  }
  return { duration, total_price: cents / 100 }
}

/** An operator or service counts as active unless it is explicitly switched off. */
export function isActive(x: { active?: boolean | null }): boolean {
  return x.active !== false
}

/**
 * Operators (active ones, in order of `position` then id; no position sorts last) who can
 * perform EVERY service (service.operators empty = everyone).
 */
export function eligibleOperators(services: ServiceInfo[], operators: OperatorInfo[]): number[] {
  const position = (o: OperatorInfo) =>
    typeof o.position === 'number' && Number.isFinite(o.position) ? o.position : Number.POSITIVE_INFINITY
  const sorted = operators.filter(isActive).sort((a, b) => position(a) - position(b) || a.id - b.id)
  const out: number[] = []
  for (const o of sorted) {
    if (out.includes(o.id)) continue
    if (services.every((s) => !s.operators?.length || s.operators.includes(o.id))) out.push(o.id)
  }
  return out
}

/** What a reservation write stores as its amounts: duration, total price and end. */
export type ReservationAmounts =
  | { ok: true; duration: number; total_price: number; date_end: string | null }
  | { ok: false; reason: 'SERVICES_REQUIRED' }

/**
 * The amounts of a reservation written by staff (create or edit): an edit that changes neither
 * the services nor the start keeps the price, duration and end agreed at booking (a later price
 * list change never rewrites a booking); otherwise they come from the services, back to back, and
 * the end is start + duration. A reservation with a time needs at least one service.
 */
export function amountsOnWrite(input: {
  isUpdate: boolean
  servicesChanged: boolean
  startChanged: boolean
  agreed?: { duration?: number | null; total_price?: number | null; date_end?: string | null } | null
  /** The chosen services' minutes and prices (in booking order); empty when none is chosen. */
  services: Pick<ServiceInfo, 'time' | 'price'>[]
  /** ISO start, or null for a reservation without a time yet. */
  start: string | null
}): ReservationAmounts {
  if (input.isUpdate && !input.servicesChanged && !input.startChanged) {
    return {
      ok: true,
      duration: Number(input.agreed?.duration ?? 0),
      total_price: Number(input.agreed?.total_price ?? 0),
      date_end: input.agreed?.date_end ?? null,
    }
  }
  if (!input.services.length) {
    if (input.start) return { ok: false, reason: 'SERVICES_REQUIRED' }
    return { ok: true, duration: 0, total_price: 0, date_end: null }
  }
  const { duration, total_price } = bookingTotals(input.services)
  const date_end = input.start ? new Date(Date.parse(input.start) + duration * 60_000).toISOString() : null
  return { ok: true, duration, total_price, date_end }
}
