import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../lib/api'
import { formatTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { useToast } from '../../lib/toast'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { BellIcon } from '../../lib/ui/icons'
import { LoadError } from '../../lib/ui/LoadError'
import { useResource } from '../../lib/useResource'
import { fetchMyWaitlist, leaveWaitlist, offerHref, openOffer, type WaitlistEntryItem } from '../../lib/waitlist'

const W = t.waitlist

const shortDay = new Intl.DateTimeFormat('it-IT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
/** "sab 28 nov, dom 29 nov" — the days of an entry, short. */
export function entryDays(days: readonly string[]) {
  return [...days]
    .sort()
    .map((day) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number]
      return shortDay.format(new Date(Date.UTC(y, m - 1, d, 12)))
    })
    .join(', ')
}

const what = (entry: WaitlistEntryItem) => entry.services.map((s) => s.name).join(' · ')

/**
 * "Lista d’attesa" in "I miei appuntamenti": the entries still waiting (services, days, window,
 * operator) with "Togli dalla lista", an open offer as a prominent link to book it, and the ones
 * ended in the last days in a quiet line with their status in words. Nothing when there is none.
 */
export function WaitlistSection({ timeZone }: { timeZone: string }) {
  const data = useResource(fetchMyWaitlist)
  const [removing, setRemoving] = useState<WaitlistEntryItem | null>(null)
  const [busy, setBusy] = useState(false)
  const { toast } = useToast()

  async function remove(entry: WaitlistEntryItem) {
    setBusy(true)
    try {
      await leaveWaitlist(entry.id)
      toast({ title: W.removed, variant: 'success' })
    } catch (error) {
      toast({
        title: W.removeFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'error',
      })
    } finally {
      setBusy(false)
      setRemoving(null)
      data.reload()
    }
  }

  if (data.status === 'loading') return null
  if (data.status === 'error') return <LoadError message={W.loadError} error={data.error} onRetry={data.reload} />
  const active = data.data.filter((e) => e.status === 'ACTIVE')
  const ended = data.data.filter((e) => e.status !== 'ACTIVE')
  if (!active.length && !ended.length) return null

  return (
    <section aria-labelledby="waitlist-title" className="bookings waitlist">
      <h2 id="waitlist-title" className="bookings__title">
        {W.title}
      </h2>
      {active.length ? (
        <ul className="bookings__list">
          {active.map((entry) => {
            const offer = openOffer(entry)
            return (
              <li key={entry.id}>
                <article className="booking-card waitlist-card" aria-label={what(entry)}>
                  {offer ? (
                    <Link className="waitlist-card__offer" to={offerHref(offer.id)}>
                      <BellIcon size={20} />
                      {W.offerOpen(formatTime(offer.expires_at, timeZone))}
                    </Link>
                  ) : null}
                  <header className="booking-card__head">
                    <p className="booking-card__services">{what(entry)}</p>
                    <span className="badge badge--pending">{W.entryStatus[entry.status]}</span>
                  </header>
                  <p className="booking-card__when">{entryDays(entry.days)}</p>
                  <p className="booking-card__meta">
                    {W.windowText(entry.from, entry.to)} ·{' '}
                    {entry.operator ? W.with(entry.operator.name) : W.anyOperator}
                  </p>
                  <div className="booking-card__actions">
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => setRemoving(entry)}>
                      {W.remove}
                    </button>
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      ) : null}
      {ended.length ? (
        <div className="waitlist__recent">
          <h3 className="waitlist__recent-title">{W.recent}</h3>
          <ul className="waitlist__recent-list">
            {ended.map((entry) => (
              <li key={entry.id} className="muted">
                {what(entry)} · {entryDays(entry.days)} — {W.entryStatus[entry.status]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <ConfirmDialog
        open={!!removing}
        title={W.removeTitle}
        confirmLabel={W.removeYes}
        cancelLabel={W.keep}
        busy={busy}
        danger
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing ? <p>{W.removeText(`${what(removing)}, ${entryDays(removing.days)}`)}</p> : null}
      </ConfirmDialog>
    </section>
  )
}
