import { useCallback } from 'react'
import { formatDateTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { useResource } from '../../lib/useResource'
import { fetchReservation, type Catalogue } from './api'

const idOf = (x: number | { id: number } | null) => (x === null ? null : typeof x === 'object' ? x.id : x)

/**
 * The move wizard's reminder of what is being moved: "Ora: martedì 24 novembre, 10:30 con Giulia",
 * that the old time holds until the new one is confirmed, and — for a booking made with
 * "Qualsiasi operatore" — that every operator's free times are offered.
 */
export function MovingNow({ id, catalogue }: { id: number; catalogue: Catalogue }) {
  const current = useResource(useCallback((signal: AbortSignal) => fetchReservation(id, signal), [id]))
  const booking = current.status === 'success' ? current.data : null
  const operatorId = booking ? idOf(booking.operator) : null
  const operator = catalogue.operators.find((o) => o.id === operatorId)
  return (
    <div className="notice moving-now">
      {booking?.date_start ? (
        <p className="moving-now__current">
          <strong>{t.booking.movingNow}</strong> {formatDateTime(booking.date_start, catalogue.config.timezone)}
          {operator ? ` ${t.bookings.with(operator.name)}` : ''}
        </p>
      ) : null}
      {booking?.any_operator ? <p>{t.booking.movingAny}</p> : null}
      <p>{t.booking.movingNotice}</p>
    </div>
  )
}
