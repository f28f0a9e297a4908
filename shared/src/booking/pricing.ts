import { planOf } from './phases'
import type { OperatorInfo, ServiceInfo } from './types'

/**
 * Services done back to back: duration = the customer's time of their chained plan (phases.ts:
 * the sum of their minutes, plus the clean-up of a service followed by another), total_price = sum
 * of prices. Prices are added in whole cents so that 0.1 + 0.2 is 0.3. Values that are not finite
 * numbers count as 0.
 */
export function bookingTotals(
  services: (Pick<ServiceInfo, 'time' | 'price'> & Partial<Pick<ServiceInfo, 'phases' | 'cleanup_minutes'>>)[],
): {
  duration: number
  total_price: number
} {
  let cents = 0
  for (const s of services ?? []) {
    const price = Number(s?.price)
    if (Number.isFinite(price)) cents += Math.round(price * 100)
  }
  const duration = planOf((services ?? []).filter(Boolean)).customerMinutes
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

/** What a booking stores as its amounts after a write: duration (minutes), total price (euro) and end. */
export interface BookingAmounts {
  duration: number
  total_price: number
  date_end: string
}

/**
 * The amounts of a booking after a write, whoever writes it. A new booking, or an edit that
 * chooses its services anew (`{ services }`), is priced from those services, back to back. Any
 * other edit — a move to another time or operator, a note, a status — keeps the price and the
 * duration agreed when it was booked (`{ agreed }`): a later change of the price list or of a
 * service's time never rewrites a booking. The salon may set the length by hand (`duration`, a
 * resize in the agenda): the price stays what the basis says. The end is always start + duration.
 */
export function bookingAmounts(
  start: string | Date,
  basis:
    | { services: Pick<ServiceInfo, 'time' | 'price'>[] }
    | { agreed: { duration?: number | null; total_price?: number | null } },
  durationMinutes?: number,
): BookingAmounts {
  const totals =
    'services' in basis
      ? bookingTotals(basis.services)
      : { duration: Number(basis.agreed.duration ?? 0), total_price: Number(basis.agreed.total_price ?? 0) }
  const duration = durationMinutes ?? totals.duration
  const total_price = totals.total_price
  const startMs = typeof start === 'string' ? Date.parse(start) : start.getTime()
  return { duration, total_price, date_end: new Date(startMs + duration * 60_000).toISOString() }
}
