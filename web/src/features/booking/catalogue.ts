import { bookingTotals, eligibleOperators } from '@salon/shared/booking/pricing'
import type { Catalogue, CatalogueOperator, CatalogueService } from './api'

const idOf = (x: number | { id: number }) => (typeof x === 'object' ? x.id : x)

/** The chosen services in the order chosen (unknown or inactive ids are left out). */
export function chosenServices(catalogue: Catalogue, ids: number[]): CatalogueService[] {
  const byId = new Map(catalogue.categories.flatMap((c) => c.services).map((s) => [s.id, s]))
  return ids.map((id) => byId.get(id)).filter((s): s is CatalogueService => !!s)
}

/**
 * Duration and price of services done back to back: the engine's own sums (cents, no float drift;
 * the customer's time of the chained phases, with the clean-up between two services).
 */
export const totalsOf = (services: CatalogueService[]) =>
  bookingTotals(
    services.map((s) => ({
      time: s.time,
      price: s.price,
      phases: s.phases?.map((p) => ({ minutes: p.minutes, operator_busy: p.operator_busy !== false })),
      cleanup_minutes: s.cleanup_minutes,
    })),
  )

/** Operators who can perform every chosen service, in the salon's order (the engine's rule). */
export function operatorsFor(catalogue: Catalogue, services: CatalogueService[]): CatalogueOperator[] {
  const ids = eligibleOperators(
    services.map((s) => ({ id: s.id, time: s.time, price: s.price, operators: (s.operators ?? []).map(idOf) })),
    catalogue.operators.map((o) => ({ id: o.id, active: o.active, position: o.position })),
  )
  const byId = new Map(catalogue.operators.map((o) => [o.id, o]))
  return ids.map((id) => byId.get(id)!).filter(Boolean)
}

/** The operator's portrait (1x webp), when there is one. */
export const operatorImage = (o: CatalogueOperator) =>
  o.image && typeof o.image === 'object' && o.image.imageUrl ? o.image.imageUrl : null
