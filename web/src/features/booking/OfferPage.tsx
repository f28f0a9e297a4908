import { useCallback, useEffect, useState } from 'react'
import { Link, UNSAFE_ErrorResponseImpl, useNavigate, useParams } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { formatTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { REFUSALS_IT } from '../../lib/refusals'
import { fetchSalonSettings, type SalonSettings } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { FormAlert } from '../../lib/ui/Field'
import { BellIcon, CheckIcon, ClockIcon } from '../../lib/ui/icons'
import { LoadError } from '../../lib/ui/LoadError'
import { PageLoader } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchOffer, refusalCode, type WaitlistOfferDetail } from '../../lib/waitlist'
import { confirmBooking } from './api'
import { BookingDetails } from './BookingDetails'
import { isTimeGone } from './useBookingSession'

const W = t.waitlist

/** What the page shows instead of the button once the offer cannot be booked any more. */
type Outcome = 'taken' | 'expired' | 'gone' | 'withdrawn'

/** The refused confirm, by its code: who has the time now (never a raw code on screen). */
export function offerOutcome(error: unknown): Outcome | null {
  const code = refusalCode(error)
  if (code === 'SESSION_CONFIRMED') return 'taken'
  if (code === 'OFFER_TAKEN' || isTimeGone(error)) return 'gone'
  if (code === 'OFFER_EXPIRED' || code === 'SESSION_EXPIRED') return 'expired'
  if (code === 'WAITLIST_CLOSED') return 'withdrawn'
  if (error instanceof ApiError && error.status === 404) return 'expired'
  return null
}

/**
 * `/reserve/offer/:id`: "Si è liberato un posto" — the time held for this customer, what, with whom,
 * the price, until when it is kept (a live countdown), and ONE button that books it through the
 * normal confirm. The link of the offer's mail and SMS. Someone else's offer or an unknown one is
 * the site's 404.
 */
export function OfferPage() {
  useDocumentTitle(W.offerTitle)
  const offerId = Number(useParams().id)
  const data = useResource(
    useCallback(
      async (signal: AbortSignal) => {
        const [offer, salon] = await Promise.all([fetchOffer(offerId, signal), fetchSalonSettings(signal)])
        return { offer, salon }
      },
      [offerId],
    ),
  )
  if (data.status === 'loading') return <PageLoader />
  if (data.status === 'error') {
    if (data.error instanceof ApiError && data.error.status === 404) {
      // The router's own 404 (RouteErrorScreen shows the site's not-found, as for an unknown path).
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw new UNSAFE_ErrorResponseImpl(404, 'Not Found', null)
    }
    return <LoadError className="offer" message={W.loadOfferError} error={data.error} onRetry={data.reload} />
  }
  return <Offer offer={data.data.offer} salon={data.data.salon} />
}

/** Now, every second while `active` (the countdown). */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

function Offer({ offer, salon }: { offer: WaitlistOfferDetail; salon: SalonSettings }) {
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [booking, setBooking] = useState(false)
  const open = offer.status === 'OPEN' && !outcome
  const now = useNow(open)
  const left = Date.parse(offer.expires_at) - now
  const timeZone = salon.timezone

  const status: Outcome | 'open' =
    outcome ??
    (offer.status === 'TAKEN'
      ? 'taken'
      : offer.status === 'WITHDRAWN'
        ? 'withdrawn'
        : offer.status === 'EXPIRED' || left <= 0
          ? 'expired'
          : 'open')

  async function book() {
    if (!offer.reservation) return setOutcome('expired')
    setBooking(true)
    setError(null)
    try {
      const reservation = await confirmBooking({
        id: offer.reservation,
        services: offer.services.map((s) => s.id),
        operator: offer.operator_choice === 'any' || !offer.operator ? 'any' : offer.operator.id,
        date_start: offer.date_start,
      })
      void navigate(`${ROUTE_NAMES.reserveThankYou}?id=${reservation.id}`, { replace: true })
    } catch (err) {
      setBooking(false)
      const found = offerOutcome(err)
      if (found) setOutcome(found)
      else if (err instanceof ApiError) setError(err.isNetworkError ? t.common.networkError : err.message)
      else setError(t.booking.confirmFailed)
    }
  }

  const again = `${ROUTE_NAMES.reserve}?services=${offer.services.map((s) => s.id).join(',')}&step=when`
  const details = (
    <BookingDetails
      services={offer.services.map((s) => ({ id: s.id, title: s.name, time: s.duration, price: s.price }))}
      operatorName={offer.operator?.name ?? t.booking.anyOperator}
      start={offer.date_start}
      timeZone={timeZone}
      totals={{
        duration: offer.services.reduce((sum, s) => sum + s.duration, 0),
        total_price: offer.total_price,
      }}
    />
  )

  if (status === 'taken') {
    return (
      <article className="thanks offer">
        <span className="thanks__icon" aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h1 className="thanks__title">{W.takenTitle}</h1>
        <p className="thanks__lead">{W.takenText}</p>
        {details}
        <div className="thanks__actions">
          {offer.reservation ? (
            <Link
              className="btn btn--secondary btn--block"
              to={`${ROUTE_NAMES.reserveThankYou}?id=${offer.reservation}`}
            >
              {W.seeBooking}
            </Link>
          ) : null}
          <Link className="btn btn--primary btn--block" to={ROUTE_NAMES.reservedArea}>
            {t.booking.goToMyBookings}
          </Link>
        </div>
      </article>
    )
  }

  if (status !== 'open') {
    const words = {
      expired: [W.expiredTitle, W.expiredText],
      gone: [W.offerTitle, REFUSALS_IT.OFFER_TAKEN as string],
      withdrawn: [W.withdrawnTitle, W.withdrawnText],
    }[status]
    return (
      <article className="offer offer--closed">
        <h1 className="offer__title">{words[0]}</h1>
        <p className="notice" role="status">
          {words[1]}
        </p>
        <div className="thanks__actions">
          <Link className="btn btn--primary btn--block" to={again}>
            {W.bookOther}
          </Link>
          <Link className="btn btn--ghost btn--block" to={ROUTE_NAMES.reservedArea}>
            {t.booking.goToMyBookings}
          </Link>
        </div>
      </article>
    )
  }

  return (
    <article className="offer">
      <span className="thanks__icon" aria-hidden="true">
        <BellIcon size={30} />
      </span>
      <h1 className="offer__title">{W.offerTitle}</h1>
      <p className="offer__lead">{W.offerLead}</p>
      {details}
      <p className="offer__hold">
        <ClockIcon size={18} />
        <span>
          <strong>{W.heldUntil(formatTime(offer.expires_at, timeZone))}</strong>
          {/* Read once, not every second: the countdown is for the eyes. */}
          <span className="offer__left" aria-hidden="true">
            {W.timeLeft(mmss(left))}
          </span>
        </span>
      </p>
      <FormAlert>{error}</FormAlert>
      <button
        type="button"
        className="btn btn--primary btn--block btn--large"
        onClick={() => void book()}
        disabled={booking}
        aria-busy={booking || undefined}
      >
        {booking ? W.booking : W.book}
      </button>
    </article>
  )
}
