import type { Access, Where } from 'payload'
import { reservationScope, type ReservationScope } from '@salon/shared'
import { effectiveRole, pool, userOf } from '../platform'
import { loadActor } from './reads'

/** A scope of the engine (`reservationScope`) as a Payload filter on reservations. */
export function whereOf(scope: ReservationScope): boolean | Where {
  if (scope.all) return true
  const or: Where[] = []
  if (scope.operatorIds.length) or.push({ operator: { in: [...scope.operatorIds] } })
  if (scope.customer !== null) or.push({ user: { equals: scope.customer } })
  return or.length ? { or } : false
}

/**
 * Who reads reservations through REST (`GET /api/reservations`, `/:id`, counts): exactly those
 * the engine lets see them (`maySeeReservation`, as the filter `reservationScope`) — admins all,
 * an operator the bookings assigned to their records plus their own, a customer their own,
 * visitors none. The same rule decides the .ics download, the agenda and the booking page.
 */
export const reservationReadAccess: Access = async ({ req }) => {
  const user = userOf(req)
  if (!user) return false
  const role = effectiveRole(user)
  // An admin's scope needs no operator records: spare the query.
  const actor =
    role === 'ADMIN'
      ? { role, userId: user.id, operatorIds: [] }
      : await loadActor(pool(req.payload), { ...user, user_role: role })
  return whereOf(reservationScope(actor))
}
