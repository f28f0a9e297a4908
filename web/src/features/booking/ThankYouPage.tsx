import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router'
import { googleCalendarUrl } from '@salon/shared/calendar/google'
import type { ReservationStatus } from '@salon/shared/enums/index'
import { statusLabelIt } from '@salon/shared/glossary'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18n'
import { BRAND } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { CalendarIcon, CheckIcon } from '../../lib/ui/icons'
import { PageLoader } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchCatalogue, fetchReservation } from './api'
import { BookingDetails } from './BookingDetails'
import { chosenServices } from './catalogue'

const idOf = (x: number | { id: number }) => (typeof x === 'object' ? x.id : x)

/** `/reserve/thankyou?id=…`: where a confirmed booking lands — what, with whom, when, and "Aggiungi al calendario". */
export function ThankYouPage() {
  useDocumentTitle(t.booking.thankYouTitle)
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const data = useResource(
    useCallback(
      async (signal: AbortSignal) => {
        if (!Number.isInteger(id) || id <= 0) return null
        const [reservation, catalogue] = await Promise.all([fetchReservation(id, signal), fetchCatalogue(signal)])
        return { reservation, catalogue }
      },
      [id],
    ),
  )

  if (data.status === 'loading') return <PageLoader />
  if (data.status === 'error' || !data.data || !data.data.reservation.date_start) {
    const gone = data.status === 'error' && data.error instanceof ApiError && data.error.status === 404
    return (
      <article className="prose-page">
        <h1>{t.booking.thankYouTitle}</h1>
        <p>{gone || data.status === 'success' ? t.booking.thankYouText : t.common.genericError}</p>
        <Link to={ROUTE_NAMES.reservedArea} className="btn btn--primary">
          {t.booking.goToMyBookings}
        </Link>
      </article>
    )
  }

  const { reservation, catalogue } = data.data
  const timeZone = catalogue.config.timezone
  const services = chosenServices(catalogue, reservation.services.map(idOf))
  const operatorId = reservation.operator === null ? null : idOf(reservation.operator)
  const operator = catalogue.operators.find((o) => o.id === operatorId)
  const confirmed = reservation.status === 'CONFIRMED'
  const google = googleCalendarUrl(
    {
      id: reservation.id,
      start: reservation.date_start!,
      end: reservation.date_end ?? reservation.date_start!,
      status: reservation.status as ReservationStatus,
      services: services.map((s) => s.title),
      operator: operator?.name ?? null,
      note: reservation.note,
    },
    {
      name: catalogue.config.businessName ?? BRAND,
      address: catalogue.config.address,
      phone: catalogue.config.phone,
      email: catalogue.config.email,
      timeZone,
      publicUrl: window.location.origin,
    },
  )

  return (
    <article className="thanks">
      <span className="thanks__icon" aria-hidden="true">
        <CheckIcon size={32} />
      </span>
      <h1 className="thanks__title">{t.booking.thankYouHeading}</h1>
      <p className="thanks__lead">{confirmed ? t.booking.thankYouConfirmed : t.booking.thankYouPending}</p>
      <BookingDetails
        services={services}
        operatorName={operator?.name ?? t.booking.anyOperator}
        start={reservation.date_start!}
        timeZone={timeZone}
        totals={reservation}
        extra={[
          {
            label: t.booking.status,
            value: (
              <span className={`badge badge--${reservation.status.toLowerCase()}`}>
                {statusLabelIt(reservation.status)}
              </span>
            ),
          },
        ]}
      />
      <div className="thanks__actions">
        <a className="btn btn--secondary btn--block" href={`/api/reservations/${reservation.id}/ics`} download>
          <CalendarIcon size={20} />
          {t.booking.addToCalendar}
        </a>
        <a className="btn btn--ghost btn--block" href={google} target="_blank" rel="noopener noreferrer">
          {t.booking.googleCalendar}
          <span className="visually-hidden"> ({t.common.newWindow})</span>
        </a>
        <Link to={ROUTE_NAMES.reservedArea} className="btn btn--primary btn--block">
          {t.booking.goToMyBookings}
        </Link>
      </div>
    </article>
  )
}
