import type { PayloadRequest } from 'payload'

/**
 * The reservation as its reader may see it (access rules applied), or — `authorised`, after a
 * service has decided this caller may act on it — as it is.
 */
export const readBack = (req: PayloadRequest, id: number, authorised = false) =>
  req.payload.findByID({ collection: 'reservations', id, depth: 0, req, overrideAccess: authorised })

/**
 * The same reservation as Payload's REST API gives it to its customer (depth 0: relationships as
 * ids), made from a row of `reservations` with its times as ISO strings (repository.ts
 * `DOC_COLUMNS`) and its services in order — the confirm answers with the row its write returned
 * instead of `readBack`, which in a rush waited 17–80 ms for a pooled connection after the booking
 * was committed (docs/benchmarks.md). int fast-confirm and booking hold it equal to
 * GET /api/reservations/:id.
 */
export function reservationDoc(r: Record<string, unknown>, services: number[]) {
  return {
    id: r.id,
    note: r.note,
    user: r.user_id,
    client: r.client_id,
    operator: r.operator_id,
    any_operator: r.any_operator,
    services,
    date_start: r.date_start,
    date_end: r.date_end,
    // numeric columns come as strings; a written time always has both
    duration: Number(r.duration),
    total_price: Number(r.total_price),
    status: r.status,
    customer_confirmed_at: r.customer_confirmed_at,
    updatedAt: r.updated_at,
    createdAt: r.created_at,
  }
}
