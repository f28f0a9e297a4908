import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { addCalendarDays, localDayOf } from '@salon/shared/booking/periods'
import type { ReservationStatus } from '@salon/shared/enums/index'
import { ATTENDANCE_WORDS, statusLabelIt } from '@salon/shared/glossary'
import { ApiError } from '../../lib/api'
import { formatDateTime, formatDay, formatDuration, formatTime } from '../../lib/format'
import { t } from '../../lib/i18nPersonal'
import { fetchSalonSettings, telHref } from '../../lib/salon'
import { useToast } from '../../lib/toast'
import { PhoneIcon } from '../../lib/ui/icons'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import {
  fetchAgenda,
  freeReservationRest,
  setReservationStatus,
  undoReservationStatus,
  type AgendaBlockItem,
  type AgendaItem,
} from './api'
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog'
import { LoadError } from '../../lib/ui/LoadError'
import { AgendaPhases, processingHost } from './AgendaPhases'
import { CalendarFeedCards } from './CalendarFeedCard'
import { MyShiftsCards } from './MyShiftsCard'

/**
 * The operator's day (role OPERATOR, in the reserved area): today or the next 7 days, each
 * reservation with the customer's name and phone, the services, the note and the status, and one
 * button for each status change the engine offers this operator now (no "Completato" before the
 * start; a cancellation, a refusal or a no-show asks first), "Ripristina" for 15 minutes after a
 * final status, "Libera il tempo restante" for an appointment over early, and the time the salon
 * blocked for them (training, leave…) in its place among the appointments. A booking with phases
 * lists them (AgendaPhases: tempo di posa, riordino); one that starts in another's tempo di posa
 * says so. The view is in the URL.
 * Below: their shifts and leave of the next four weeks (MyShiftsCard, issue 23), then the private
 * calendar link of their appointments (CalendarFeedCard).
 */
export function Agenda({ name }: { name: string }) {
  const [params, setParams] = useSearchParams()
  const view = params.get('view') === 'week' ? 'week' : 'today'
  const { toast } = useToast()
  const [pending, setPending] = useState<number | null>(null)
  const data = useResource(
    useCallback(
      async (signal: AbortSignal) => {
        const salon = await fetchSalonSettings(signal)
        const today = localDayOf(new Date(), salon.timezone)
        const to = view === 'week' ? addCalendarDays(today, 6) : today
        return { salon, agenda: await fetchAgenda(today, to, signal) }
      },
      [view],
    ),
  )

  const [asking, setAsking] = useState<{ item: AgendaItem; status: ReservationStatus } | null>(null)

  /** One call on one card: the card is busy meanwhile, a toast says how it went, the day reloads. */
  async function act(item: AgendaItem, call: () => Promise<unknown>, done: string, failed: string) {
    setPending(item.id)
    try {
      await call()
      toast({ title: done, variant: 'success' })
    } catch (error) {
      toast({ title: failed, description: error instanceof ApiError ? error.message : undefined, variant: 'error' })
    } finally {
      setPending(null)
      setAsking(null)
      data.reload()
    }
  }
  const change = (item: AgendaItem, status: ReservationStatus) =>
    act(
      item,
      () => setReservationStatus(item.id, status),
      t.agenda.changed(statusLabelIt(status)),
      t.agenda.changeFailed,
    )
  /** Final statuses that tell the customer or take the time away ask first; "Completato" does not (undo is there). */
  const choose = (item: AgendaItem, status: ReservationStatus) =>
    ASK_FIRST.has(status) ? setAsking({ item, status }) : void change(item, status)

  const days =
    data.status === 'success' ? groupByDay(data.data.agenda, data.data.agenda.timezone) : new Map<string, Entry[]>()
  /** Who, if anyone, is in their tempo di posa when this appointment starts. */
  const hostOf = (item: AgendaItem) => {
    const host = data.status === 'success' ? processingHost(item, data.data.agenda.reservations) : undefined
    return host ? whoOf(host) : undefined
  }

  return (
    <>
      <header className="page-heading">
        <h1>{t.agenda.title(name)}</h1>
      </header>
      <nav className="segmented" aria-label={t.agenda.title(name)}>
        {(['today', 'week'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className="segmented__item"
            aria-pressed={view === v}
            onClick={() => setParams(v === 'week' ? { view: 'week' } : {}, { replace: true })}
          >
            {v === 'week' ? t.agenda.week : t.agenda.today}
          </button>
        ))}
      </nav>
      {data.status === 'loading' ? <Spinner /> : null}
      {data.status === 'error' ? (
        <LoadError message={t.agenda.loadError} error={data.error} onRetry={data.reload} />
      ) : null}
      {data.status === 'success' && days.size === 0 ? <p className="card">{t.agenda.empty}</p> : null}
      {[...days].map(([day, items]) => (
        <section key={day} className="agenda-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="agenda-day__title">
            {formatDay(day)}
          </h2>
          <ul className="bookings__list">
            {items.map((entry) =>
              entry.block ? (
                <li key={`block-${entry.block.id}`}>
                  <BlockCard
                    block={entry.block}
                    timeZone={data.status === 'success' ? data.data.agenda.timezone : 'Europe/Rome'}
                  />
                </li>
              ) : (
                <li key={entry.item.id}>
                  <AgendaCard
                    item={entry.item}
                    timeZone={data.status === 'success' ? data.data.agenda.timezone : 'Europe/Rome'}
                    busy={pending === entry.item.id}
                    during={hostOf(entry.item)}
                    onChange={(status) => choose(entry.item, status)}
                    onUndo={() =>
                      void act(
                        entry.item,
                        () => undoReservationStatus(entry.item.id),
                        t.agenda.undone,
                        t.agenda.undoFailed,
                      )
                    }
                    onFreeRest={() =>
                      void act(
                        entry.item,
                        () => freeReservationRest(entry.item.id),
                        t.agenda.freed,
                        t.agenda.freeFailed,
                      )
                    }
                  />
                </li>
              ),
            )}
          </ul>
        </section>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking
            ? t.agenda.confirmTitle(
                t.agenda.transition[asking.status] ?? statusLabelIt(asking.status),
                whoOf(asking.item),
              )
            : ''
        }
        confirmLabel={asking ? (t.agenda.transition[asking.status] ?? statusLabelIt(asking.status)) : ''}
        cancelLabel={t.agenda.back}
        danger
        busy={asking !== null && pending === asking.item.id}
        onConfirm={() => asking && void change(asking.item, asking.status)}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <p>
            {asking.status === 'NO_SHOW' ? '' : `${t.agenda.confirmMails} `}
            {t.agenda.confirmUndo}
          </p>
        ) : null}
      </ConfirmDialog>
      <MyShiftsCards />
      <CalendarFeedCards timeZone={data.status === 'success' ? data.data.salon.timezone : 'Europe/Rome'} />
    </>
  )
}

const ASK_FIRST: ReadonlySet<ReservationStatus> = new Set(['CANCELLED', 'REJECTED', 'NO_SHOW'])

/** Who the appointment is for: the salon's card (issue 24), else the account, else a walk-in nobody named. */
const whoOf = (item: AgendaItem) => {
  const person = item.client ?? item.customer
  if (person) return [person.name, person.surname].filter(Boolean).join(' ') || t.agenda.noCustomer
  return item.client === null && item.customer === null ? t.agenda.walkIn : t.agenda.noCustomer
}

type Entry = { start: string; item: AgendaItem; block?: undefined } | { start: string; block: AgendaBlockItem }

/**
 * Appointments and blocked times by local day, in time order. A block that began before the
 * first day shown (a week of leave) is listed on that first day.
 */
function groupByDay(agenda: { from: string; reservations: AgendaItem[]; blocks: AgendaBlockItem[] }, timeZone: string) {
  const entries: Entry[] = [
    ...agenda.reservations.filter((item) => item.date_start).map((item) => ({ start: item.date_start!, item })),
    ...agenda.blocks.map((block) => ({ start: block.date_start, block })),
  ].sort((a, b) => a.start.localeCompare(b.start))
  const days = new Map<string, Entry[]>()
  for (const entry of entries) {
    const startDay = localDayOf(new Date(entry.start), timeZone)
    const day = startDay < agenda.from ? agenda.from : startDay
    days.set(day, [...(days.get(day) ?? []), entry])
  }
  return new Map([...days].sort(([a], [b]) => a.localeCompare(b)))
}

/** Time the salon took out of this operator's calendar: no customer, no actions. */
function BlockCard({ block, timeZone }: { block: AgendaBlockItem; timeZone: string }) {
  const sameDay = localDayOf(new Date(block.date_start), timeZone) === localDayOf(new Date(block.date_end), timeZone)
  const when = sameDay
    ? `${formatTime(block.date_start, timeZone)}–${formatTime(block.date_end, timeZone)}`
    : t.agenda.blockSpan(formatDateTime(block.date_start, timeZone), formatDateTime(block.date_end, timeZone))
  return (
    <article className="booking-card agenda-card agenda-card--block" aria-label={`${when} ${t.agenda.blocked}`}>
      <header className="booking-card__head">
        <p className="booking-card__when">{when}</p>
        <span className="badge badge--blocked">{t.agenda.blocked}</span>
      </header>
      <p className="booking-card__services">{block.reason || t.agenda.blockedNoReason}</p>
    </article>
  )
}

function AgendaCard({
  item,
  timeZone,
  busy,
  during,
  onChange,
  onUndo,
  onFreeRest,
}: {
  item: AgendaItem
  timeZone: string
  busy: boolean
  /** The customer in whose tempo di posa this appointment sits. */
  during?: string
  onChange: (status: ReservationStatus) => void
  onUndo: () => void
  onFreeRest: () => void
}) {
  const customer = item.client ?? item.customer
  const allergies = item.client?.allergies
  const who = whoOf(item)
  const { undo, freeRest } = item.actions
  const final = item.transitions.length === 0 && !undo.allowed && !freeRest.allowed
  return (
    <article
      className={`booking-card agenda-card${final ? ' booking-card--past' : ''}`}
      aria-label={`${formatTime(item.date_start!, timeZone)} ${who}`}
    >
      <header className="booking-card__head">
        <p className="booking-card__when">
          {formatTime(item.date_start!, timeZone)}–{formatTime(item.date_end!, timeZone)}
          <span className="booking-card__duration"> · {formatDuration(item.duration)}</span>
        </p>
        <span className={`badge badge--${item.status.toLowerCase()}`}>{statusLabelIt(item.status)}</span>
      </header>
      {during ? <p className="agenda-card__during">{t.agenda.phase.during(during)}</p> : null}
      <p className="booking-card__services">{item.services.map((s) => s.title).join(' · ')}</p>
      {item.customer_confirmed_at && item.status !== 'CANCELLED' && item.status !== 'REJECTED' ? (
        <p className="agenda-card__confirmed">✓ {ATTENDANCE_WORDS.it.confirmedByCustomer}</p>
      ) : null}
      <AgendaPhases phases={item.phases} timeZone={timeZone} />
      {allergies ? (
        <p className="agenda-card__allergy" role="note">
          <strong>{t.agenda.allergies}:</strong> {allergies}
        </p>
      ) : null}
      <p className="agenda-card__customer">
        <span>
          <span className="visually-hidden">{t.agenda.customer}: </span>
          {who}
        </span>
        {customer?.phone ? (
          <a href={telHref(customer.phone)} className="booking-card__call">
            <PhoneIcon size={16} />
            {customer.phone}
          </a>
        ) : null}
      </p>
      {item.note ? (
        <p className="booking-card__note">
          <span className="visually-hidden">{t.agenda.note}: </span>“{item.note}”
        </p>
      ) : null}
      {item.transitions.length ? (
        <div className="booking-card__actions" role="group" aria-label={`${t.agenda.actions}: ${who}`}>
          {item.transitions.map((status) => (
            <button
              key={status}
              type="button"
              className={`btn btn--small ${status === 'COMPLETED' || status === 'CONFIRMED' ? 'btn--primary' : 'btn--secondary'}`}
              disabled={busy}
              onClick={() => onChange(status)}
            >
              {t.agenda.transition[status] ?? statusLabelIt(status)}
            </button>
          ))}
        </div>
      ) : null}
      {undo.allowed || freeRest.allowed ? (
        <div className="agenda-card__after">
          {freeRest.allowed && freeRest.until ? (
            <AfterAction
              hint={t.agenda.freeRestHint(formatTime(freeRest.until, timeZone))}
              label={t.agenda.freeRest}
              variant="secondary"
              busy={busy}
              onClick={onFreeRest}
            />
          ) : null}
          {undo.allowed && undo.until ? (
            <AfterAction
              hint={t.agenda.undoHint(formatTime(undo.until, timeZone))}
              label={t.agenda.undo}
              variant="ghost"
              busy={busy}
              onClick={onUndo}
            />
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

/** What can still be done after a final status, and until when: a sentence and its button. */
function AfterAction(props: {
  hint: string
  label: string
  variant: 'secondary' | 'ghost'
  busy: boolean
  onClick: () => void
}) {
  return (
    <p className="agenda-card__hint">
      {props.hint}{' '}
      <button
        type="button"
        className={`btn btn--small btn--${props.variant}`}
        disabled={props.busy}
        onClick={props.onClick}
      >
        {props.label}
      </button>
    </p>
  )
}
