import type { CollectionBeforeDeleteHook } from 'payload'
import { HttpError, pool } from '../platform'

/**
 * Services collection, before delete: a service that any booking uses (past ones included) stays —
 * deleting it would strip it from those bookings. 409 with the count, in the owner's words; the
 * dashboard offers to deactivate it instead (it leaves the catalogue, bookings keep it).
 */
export const refuseDeletingUsedService: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { rows } = await pool(req.payload).query<{ n: number }>(
    `select count(distinct parent_id)::int as n from reservations_rels where path = 'services' and services_id = $1`,
    [id],
  )
  const n = rows[0]?.n ?? 0
  if (n > 0) {
    throw new HttpError(
      409,
      'SERVICE_IN_USE',
      `Questo servizio compare in ${n === 1 ? 'una prenotazione' : `${n} prenotazioni`}: non si può eliminare. ` +
        'Disattivalo per toglierlo dal catalogo: le prenotazioni lo conservano.',
      { reason: 'SERVICE_IN_USE', bookings: n, params: { bookings: n } },
    )
  }
}
