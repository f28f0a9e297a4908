import { useCallback, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { statusLabelIt } from '@salon/shared/glossary'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { formatDateTime, formatDuration, formatPrice } from '../../lib/format'
import { t } from '../../lib/i18n'
import { fetchSalonSettings, SALON_PHONE, telHref, type SalonSettings } from '../../lib/salon'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { CalendarIcon, PhoneIcon, RepeatIcon } from '../../lib/ui/icons'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchMyReservations, setReservationStatus, type MyReservationItem } from './api'
import { seriesOf } from './series'
import { WaitlistSection } from './WaitlistSection'
import type { SeriesScope } from '@salon/shared/schemas/series'
import { LoadError } from '../../lib/ui/LoadError'

type Action = MyReservationItem['actions']['cancel']

/**
 * The wizard at the day step, with this booking's services and operator ("Prenota di nuovo",
 * "Sposta"). A booking made with "Qualsiasi operatore" opens with any operator: its move is offered
 * every operator's free times (the server reassigns it as a confirm would).
 */
export function wizardHref(item: MyReservationItem, move: boolean) {
  const params = new URLSearchParams({ services: item.services.map((s) => s.id).join(',') })
  if (item.operator && !item.anyOperator) params.set('operator', String(item.operator.id))
  if (move) params.set('move', String(item.id))
  params.set('step', 'when')
  return `${ROUTE_NAMES.reserve}?${params.toString()}`
}

/**
 * "I miei appuntamenti": upcoming (soonest first) with cancel and move as the policy allows, then
 * the cancelled or rejected ones whose day has not come yet (apart: they are not past), then the past.
 */
export function MyBookings({ onlyIfAny = false }: { onlyIfAny?: boolean }) {
  const [pastPage, setPastPage] = useState(1)
  const data = useResource(
    useCallback(
      async (signal: AbortSignal) => {
        const [mine, salon] = await Promise.all([fetchMyReservations(pastPage, signal), fetchSalonSettings(signal)])
        return { mine, salon }
      },
      [pastPage],
    ),
  )
  const [cancelling, setCancelling] = useState<MyReservationItem | null>(null)
  const [busy, setBusy] = useState(false)
  // An occurrence of a repeating appointment: this one only, or this and the following.
  const [scope, setScope] = useState<SeriesScope>('one')
  const { toast } = useToast()

  async function cancel(item: MyReservationItem) {
    setBusy(true)
    try {
      await setReservationStatus(item.id, 'CANCELLED', seriesOf(item) ? scope : undefined)
      toast({ title: t.bookings.cancelled, variant: 'success' })
      setCancelling(null)
      data.reload()
    } catch (error) {
      toast({
        title: t.bookings.cancelFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'error',
      })
      setCancelling(null)
      data.reload()
    } finally {
      setBusy(false)
    }
  }

  if (data.status === 'loading') return onlyIfAny ? null : <Spinner />
  if (data.status === 'error') {
    return <LoadError message={t.bookings.loadError} error={data.error} onRetry={data.reload} />
  }
  const { mine, salon } = data.data
  if (onlyIfAny && mine.upcoming.length === 0 && mine.cancelled.length === 0 && mine.past.length === 0) return null
  return (
    <>
      <section aria-labelledby="upcoming-title" className="bookings">
        <h2 id="upcoming-title" className="bookings__title">
          {t.bookings.upcoming}
        </h2>
        {mine.upcoming.length === 0 ? (
          <div className="card bookings__empty">
            <p>{t.bookings.noUpcoming}</p>
            <Link to={ROUTE_NAMES.reserve} className="btn btn--primary">
              <CalendarIcon size={18} />
              {t.account.bookNow}
            </Link>
          </div>
        ) : (
          <ul className="bookings__list">
            {mine.upcoming.map((item) => (
              <li key={item.id}>
                <BookingCard
                  item={item}
                  salon={salon}
                  onCancel={() => {
                    setScope('one')
                    setCancelling(item)
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <WaitlistSection timeZone={salon.timezone} />

      {mine.cancelled.length ? (
        <BookingSection id="cancelled-title" title={t.bookings.cancelledTitle} items={mine.cancelled} salon={salon} />
      ) : null}

      {mine.past.length ? (
        <BookingSection id="past-title" title={t.bookings.past} items={mine.past} salon={salon}>
          <div className="bookings__pages">
            {pastPage > 1 ? (
              <button type="button" className="btn btn--ghost" onClick={() => setPastPage((p) => p - 1)}>
                {t.bookings.newer}
              </button>
            ) : null}
            {mine.pastPagination.hasNextPage ? (
              <button type="button" className="btn btn--ghost" onClick={() => setPastPage((p) => p + 1)}>
                {t.bookings.older}
              </button>
            ) : null}
          </div>
        </BookingSection>
      ) : null}

      <ConfirmDialog
        open={!!cancelling}
        title={t.bookings.cancelTitle}
        confirmLabel={t.bookings.cancelConfirm}
        cancelLabel={t.bookings.keep}
        busy={busy}
        danger
        onConfirm={() => cancelling && void cancel(cancelling)}
        onCancel={() => setCancelling(null)}
      >
        {cancelling?.date_start ? (
          <p>
            {t.bookings.cancelText(
              cancelling.services.map((s) => s.title).join(', '),
              formatDateTime(cancelling.date_start, salon.timezone),
            )}
          </p>
        ) : null}
        {cancelling && seriesOf(cancelling) ? (
          <fieldset className="series-scope">
            <legend>{t.series.cancelWhich}</legend>
            {(['one', 'following'] as const).map((value) => (
              <label key={value} className="series-scope__option">
                <input
                  type="radio"
                  name="series-scope"
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                />
                {value === 'one' ? t.series.onlyThis : t.series.thisAndFollowing}
              </label>
            ))}
          </fieldset>
        ) : null}
      </ConfirmDialog>
    </>
  )
}

function BookingCard({
  item,
  salon,
  past,
  onCancel,
}: {
  item: MyReservationItem
  salon: SalonSettings
  /** Closed (past, or called off): no cancel or move, "Prenota di nuovo" instead. */
  past?: boolean
  onCancel?: () => void
}) {
  const phone = salon.phone || SALON_PHONE
  const when = item.date_start ? formatDateTime(item.date_start, salon.timezone) : ''
  const { cancel, move } = item.actions
  const series = seriesOf(item)
  return (
    <article className={`booking-card${past ? ' booking-card--past' : ''}`} aria-label={when}>
      <header className="booking-card__head">
        <p className="booking-card__when">{when}</p>
        <span className={`badge badge--${item.status.toLowerCase()}`}>{statusLabelIt(item.status)}</span>
      </header>
      {!past && item.changedBySalonAt ? <p className="booking-card__changed">{t.bookings.changedBySalon}</p> : null}
      <p className="booking-card__services">{item.services.map((s) => s.title).join(' · ')}</p>
      {series ? (
        <p className="booking-card__series">
          <RepeatIcon size={16} />
          {t.series.label(series.every_weeks, series.index, series.count)}
        </p>
      ) : null}
      <p className="booking-card__meta">
        {item.operator ? `${t.bookings.with(item.operator.name)} · ` : ''}
        {formatDuration(item.duration)} · {formatPrice(item.total_price)}
      </p>
      {item.note ? <p className="booking-card__note">“{item.note}”</p> : null}
      {past ? (
        <div className="booking-card__actions">
          <Link className="btn btn--secondary btn--small" to={wizardHref(item, false)}>
            {t.bookings.bookAgain}
          </Link>
        </div>
      ) : (
        <>
          <div className="booking-card__actions">
            {move.allowed ? (
              <Link className="btn btn--secondary btn--small" to={wizardHref(item, true)}>
                {t.bookings.move}
              </Link>
            ) : null}
            {cancel.allowed ? (
              <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
                {t.bookings.cancel}
              </button>
            ) : null}
          </div>
          <PolicyNote cancel={cancel} salon={salon} phone={phone} />
        </>
      )}
    </article>
  )
}

/** Until when the booking can still be changed online — or why not, and whom to call. */
function PolicyNote({ cancel, salon, phone }: { cancel: Action; salon: SalonSettings; phone: string }) {
  if (cancel.allowed) {
    return cancel.until ? (
      <p className="booking-card__policy">{t.bookings.changeUntil(formatDateTime(cancel.until, salon.timezone))}</p>
    ) : null
  }
  const why =
    cancel.reason === 'CANCELLATION_DISABLED'
      ? t.bookings.cancellationDisabled
      : cancel.reason === 'TOO_LATE_TO_CANCEL'
        ? t.bookings.tooLate(salon.cancellationTimeLimit)
        : null
  if (!why) return null
  return (
    <p className="booking-card__policy">
      {why}{' '}
      <a href={telHref(phone)} className="booking-card__call">
        <PhoneIcon size={16} />
        {t.bookings.call(phone)}
      </a>
    </p>
  )
}

/** A closed list of bookings under its heading ("Appuntamenti annullati", "Appuntamenti passati"), and what follows it. */
function BookingSection({
  id,
  title,
  items,
  salon,
  children,
}: {
  id: string
  title: string
  items: MyReservationItem[]
  salon: SalonSettings
  children?: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="bookings">
      <h2 id={id} className="bookings__title">
        {title}
      </h2>
      <ul className="bookings__list">
        {items.map((item) => (
          <li key={item.id}>
            <BookingCard item={item} salon={salon} past />
          </li>
        ))}
      </ul>
      {children}
    </section>
  )
}
