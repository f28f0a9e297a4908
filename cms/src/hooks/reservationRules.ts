import type { CollectionBeforeChangeHook } from 'payload'
import { APIError, ValidationError } from 'payload'
import { amountsOnWrite, canMoveReservation, type ReservationStatus } from '@salon/shared'

const ids = (v: unknown): number[] =>
  Array.isArray(v)
    ? v.map((s) => (typeof s === 'object' && s ? (s as { id: number }).id : Number(s))).filter(Boolean)
    : []

/**
 * Admin writes through POST/PUT/PATCH /api/reservations obey the booking rules: duration, price
 * and end always come from the services, status changes follow the status machine, and the
 * exclusion constraint refuses overlaps (409) — for admins too.
 */
export const reservationRules: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  const serviceIds = ids(data.services ?? originalDoc?.services)
  const start = data.date_start ?? originalDoc?.date_start
  if (start && Number.isNaN(Date.parse(String(start)))) {
    throw new ValidationError({ errors: [{ path: 'date_start', message: 'Data non valida' }] })
  }
  const servicesChanged = data.services !== undefined && ids(data.services).join() !== ids(originalDoc?.services).join()
  const startChanged =
    data.date_start !== undefined && String(data.date_start ?? '') !== String(originalDoc?.date_start ?? '')
  const keepsAgreed = operation === 'update' && !servicesChanged && !startChanged
  let services: { time: number; price: number }[] = []
  if (!keepsAgreed && serviceIds.length) {
    // Through Payload, so that it sees the writes of the request's transaction (e.g. the seed).
    const { docs } = await req.payload.find({
      collection: 'services',
      where: { id: { in: serviceIds } },
      depth: 0,
      pagination: false,
      overrideAccess: true,
      req,
    })
    const missing = serviceIds.filter((id) => !docs.some((d) => d.id === id))
    if (missing.length) throw new ValidationError({ errors: [{ path: 'services', message: 'Servizio inesistente' }] })
    services = serviceIds.map((id) => docs.find((d) => d.id === id)!).map((d) => ({ time: d.time, price: d.price }))
  }
  // The engine decides: an edit of neither services nor start keeps the agreed amounts.
  const amounts = amountsOnWrite({
    isUpdate: operation === 'update',
    servicesChanged,
    startChanged,
    agreed: originalDoc,
    services,
    start: start ? new Date(start).toISOString() : null,
  })
  if (!amounts.ok) {
    throw new ValidationError({
      errors: [{ path: 'services', message: 'Una prenotazione con orario richiede almeno un servizio' }],
    })
  }
  data.duration = amounts.duration
  data.total_price = amounts.total_price
  data.date_end = amounts.date_end
  if (operation === 'update' && data.status && originalDoc?.status && data.status !== originalDoc.status) {
    if (
      !canMoveReservation(
        { status: originalDoc.status as ReservationStatus, date_start: start },
        data.status as ReservationStatus,
      )
    ) {
      throw new APIError(
        `Cambio di stato non consentito: ${originalDoc.status} → ${data.status}`,
        409,
        { reason: 'ILLEGAL_TRANSITION' },
        true,
      )
    }
  }
  return data
}
