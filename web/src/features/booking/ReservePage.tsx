import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router'
import { ROUTE_NAMES } from '@salon/shared/routes'
import { ApiError } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { formatDuration, formatPrice } from '../../lib/format'
import { t } from '../../lib/i18n'
import { loginHref, registerHref } from '../../lib/paths'
import { learnSalonZone, type SalonSettings } from '../../lib/salon'
import { useDocumentTitle } from '../../lib/title'
import { useToast } from '../../lib/toast'
import { ChevronLeftIcon } from '../../lib/ui/icons'
import { PageLoader } from '../../lib/ui/Spinner'
import { StickyBar } from '../../lib/ui/StickyBar'
import { useResource } from '../../lib/useResource'
import { confirmBooking, fetchCatalogue, moveBooking, type Catalogue } from './api'
import { chosenServices, operatorsFor, totalsOf } from './catalogue'
import { OperatorStep } from './OperatorStep'
import { SERVICES_FORM_ID, ServicesStep } from './ServicesStep'
import { confirmRefusal, confirmReopening, isTimeGone, useBookingSession } from './useBookingSession'
import { useWizard, wizardQuery } from './useWizard'
import type { ReserveSeed, SeedTimes } from './seed'
import { WhenStep } from './WhenStep'
import { WizardAction, type WizardNext } from './WizardAction'
import { LoadError } from '../../lib/ui/LoadError'
import { MovingNow } from './MovingNow'
import { bookableWindow } from '@salon/shared/booking/wizard'
import { opensOn } from '../../lib/waitlistWindow'
import { WaitlistPrompt } from './WaitlistPrompt'
import { useSeries } from './useSeries'

// Not on the first screen: fetched when the summary (or a booked series) is shown, so the
// wizard's first load stays small (issue 28: /reserve ≤ 60 KiB gzip beyond the vendor chunk).
const SummaryStep = lazy(() => import('./SummaryStep').then((m) => ({ default: m.SummaryStep })))
const SeriesPanel = lazy(() => import('./SeriesPanel').then((m) => ({ default: m.SeriesPanel })))
const SeriesThanks = lazy(() => import('./SeriesPanel').then((m) => ({ default: m.SeriesThanks })))
/** The note's rule (`bookingNote`, zod), loaded when first needed. */
const noteRule = () => import('@salon/shared/schemas/booking').then((m) => m.bookingNote)

const NOTE_KEY = 'salon.booking.note'
/** Refusals that mean "that time is no longer free": back to the times, the rest kept. */
/** `/reserve`: the booking wizard — services, operator, day and time, summary — with its state in the URL. */
export function ReservePage() {
  useDocumentTitle(t.booking.title)
  // Rendered by the server: the catalogue and the first free times are in the page already.
  const loaded = useLoaderData() as ReserveSeed | null | undefined
  const [seed] = useState(() => {
    learnSalonZone(loaded?.catalogue.config as SalonSettings | undefined)
    return loaded ?? null
  })
  const catalogue = useResource(fetchCatalogue, seed ? { data: seed.catalogue as Catalogue } : undefined)

  // As tall as the wizard will be, so nothing below moves when it appears.
  if (catalogue.status === 'loading') {
    return (
      <div className="wizard">
        <PageLoader />
      </div>
    )
  }
  if (catalogue.status === 'error') {
    return (
      <LoadError
        className="wizard wizard--state"
        message={t.booking.loadError}
        error={catalogue.error}
        onRetry={catalogue.reload}
      />
    )
  }
  return <Wizard catalogue={catalogue.data} seed={seed?.times ?? null} />
}

function Wizard({ catalogue, seed }: { catalogue: Catalogue; seed: SeedTimes | null }) {
  const wizard = useWizard()
  const { choice, step } = wizard
  const auth = useAuth()
  const navigate = useNavigate()
  const signedIn = auth.status === 'authenticated'
  const services = chosenServices(catalogue, choice.services)
  const totals = totalsOf(services)
  const operators = operatorsFor(catalogue, services)
  const operator = choice.operator === 'any' ? null : (operators.find((o) => o.id === choice.operator) ?? null)

  // No sessionStorage on the server's render (the note shows on the summary only, client-rendered).
  const [note, setNote] = useState(() =>
    typeof sessionStorage === 'undefined' ? '' : (sessionStorage.getItem(NOTE_KEY) ?? ''),
  )
  const [noteError, setNoteError] = useState<string>()
  const [conflict, setConflict] = useState<{ key: number; message: string } | null>(null)
  const [submitting, setSubmitting] = useState(false)
  // Confirmed meanwhile in another tab: this choice is booked, a second confirm would book it twice.
  const [alreadyBooked, setAlreadyBooked] = useState(false)
  const [error, setError] = useState<ReactNode>(null)
  const moving = wizard.moving
  const session = useBookingSession(step === 'summary' && signedIn && !moving)
  const { toast } = useToast()
  // "Avvisami se si libera" open under the day's times; `?waitlist=1` reopens it after login.
  const [searchParams] = useSearchParams()
  const [waitlistOpen, setWaitlistOpen] = useState(() => searchParams.get('waitlist') === '1')
  const waitlistReturn = `${wizard.hrefFor('when')}&waitlist=1`
  /** The day step of this choice on `day` (its times' GET form, the waitlist link). */
  const dayQuery = (day: string) => wizardQuery({ ...choice, day, time: undefined }, 'when', moving)
  // "Ripeti" on the summary: customers book a series only where the salon allows it (issue 27).
  const series = useSeries({ services: choice.services, operator: choice.operator, time: choice.time ?? '', note })
  const seriesOn = !!catalogue.config.seriesForCustomers && signedIn && !moving && series.on
  const seriesDone = series.created
  useEffect(() => {
    if (!seriesDone) return
    session.forget()
    sessionStorage.removeItem(NOTE_KEY)
    window.scrollTo({ top: 0 })
    // Once, when the series is booked (session is a new object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seriesDone])

  // Focus follows the step: its heading is announced and the page starts from the top.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
    window.scrollTo({ top: 0 })
  }, [step])

  function onNote(value: string) {
    setNote(value)
    sessionStorage.setItem(NOTE_KEY, value)
    void noteRule().then((bookingNote) => {
      const parsed = bookingNote.safeParse(value)
      // Only the latest text's verdict counts (an earlier check may land after it).
      if (sessionStorage.getItem(NOTE_KEY) === value)
        setNoteError(parsed.success ? undefined : parsed.error.issues[0]?.message)
    })
  }

  async function confirm() {
    const bookingNote = await noteRule()
    const parsed = bookingNote.safeParse(note)
    if (!parsed.success) return setNoteError(parsed.error.issues[0]?.message)
    if (!choice.time) return
    setSubmitting(true)
    setError(null)
    const input = { services: choice.services, operator: choice.operator, date_start: choice.time, note: parsed.data }
    try {
      // A session gone (held too long, removed) is reopened with the same choice, and said so.
      const reservation = await confirmReopening(
        session,
        (id) => confirmBooking({ id, ...input }),
        () => toast({ title: t.booking.sessionReopened, variant: 'info' }),
      )
      session.forget()
      sessionStorage.removeItem(NOTE_KEY)
      void navigate(`${ROUTE_NAMES.reserveThankYou}?id=${reservation.id}`, { replace: true })
    } catch (err) {
      setSubmitting(false)
      const refusal = confirmRefusal(err)
      if (refusal.kind === 'time-gone') {
        setConflict((c) => ({ key: (c?.key ?? 0) + 1, message: t.booking.slotTaken }))
        wizard.goTo('when', { time: undefined })
      } else if (refusal.kind === 'booking-cap') {
        // The choice stays: once a booking is cancelled in "I miei appuntamenti", it can be confirmed.
        setError(
          <>
            {t.booking.bookingCap(refusal.limit)} <Link to={ROUTE_NAMES.reservedArea}>{t.booking.myBookings}</Link>
          </>,
        )
      } else if (refusal.kind === 'busy') {
        setError(t.booking.busy)
      } else if (refusal.kind === 'already-booked') {
        // Confirmed meanwhile (another tab): the booking exists; nothing left to confirm here.
        setAlreadyBooked(true)
        setError(
          <>
            {t.booking.alreadyBooked} <Link to={ROUTE_NAMES.reservedArea}>{t.booking.myBookings}</Link>
          </>,
        )
      } else if (err instanceof ApiError) {
        setError(
          err.isNetworkError ? t.common.networkError : err.fieldErrors.note || err.message || t.booking.confirmFailed,
        )
        if (err.fieldErrors.note) setNoteError(err.fieldErrors.note)
      } else setError(t.booking.confirmFailed)
    }
  }

  /** Moving a booking: one step on the server; a refusal leaves the booking as it was. */
  async function move(id: number) {
    if (!choice.time) return
    setSubmitting(true)
    setError(null)
    try {
      await moveBooking(id, choice.time, choice.operator)
      toast({ title: t.bookings.moved, variant: 'success' })
      void navigate(ROUTE_NAMES.reservedArea, { replace: true })
    } catch (err) {
      setSubmitting(false)
      if (isTimeGone(err)) {
        setConflict((c) => ({ key: (c?.key ?? 0) + 1, message: t.booking.slotTaken }))
        wizard.goTo('when', { time: undefined })
      } else setError(err instanceof ApiError ? err.message : t.booking.confirmFailed)
    }
  }

  const summaryHref = wizard.hrefFor('summary')
  const next: Record<typeof step, WizardNext> = {
    services: {
      label: t.booking.next,
      disabled: services.length === 0,
      go: () => wizard.goTo('operator'),
      submit: { form: SERVICES_FORM_ID, name: 'step', value: 'operator' },
    },
    operator: { label: t.booking.next, disabled: operators.length === 0, go: () => wizard.goTo('when') },
    when: { label: t.booking.next, disabled: !choice.time, go: () => wizard.goTo('summary') },
    summary: seriesOn
      ? series.occurrences
        ? {
            label: series.busy === 'booking' ? t.series.bookingN : t.series.bookN(series.toBook),
            disabled: !series.ready,
            go: () => void series.book(),
          }
        : {
            label: series.busy === 'checking' ? t.series.checking : t.series.check,
            disabled: !!series.busy,
            go: () => void series.check(),
          }
      : moving
        ? {
            label: submitting ? t.booking.moving : t.booking.moveConfirm,
            disabled: submitting,
            go: () => void move(moving),
          }
        : signedIn
          ? {
              label: submitting ? t.booking.confirming : t.booking.confirm,
              disabled: submitting || alreadyBooked || !!noteError || session.state.status === 'opening',
              go: () => void confirm(),
            }
          : { label: t.booking.loginToConfirm, href: loginHref(summaryHref) },
  }
  const action = next[step]
  if (seriesDone)
    return (
      <Suspense fallback={<PageLoader />}>
        <SeriesThanks created={seriesDone} timeZone={catalogue.config.timezone} />
      </Suspense>
    )
  const previous = { services: null, operator: 'services', when: moving ? null : 'operator', summary: 'when' } as const

  return (
    <div className="wizard">
      <header className="wizard__head">
        {previous[step] ? (
          <Link className="wizard__back" to={wizard.hrefFor(previous[step])}>
            <ChevronLeftIcon size={18} />
            {t.booking.back}
          </Link>
        ) : (
          <Link className="wizard__back" to={moving ? ROUTE_NAMES.reservedArea : ROUTE_NAMES.home}>
            <ChevronLeftIcon size={18} />
            {moving ? t.bookings.title : t.common.home}
          </Link>
        )}
        <p className="wizard__progress">{t.booking.stepOf(wizard.position, wizard.total)}</p>
        <ol className="wizard__dots" aria-hidden="true">
          {Array.from({ length: wizard.total }, (_, i) => (
            <li key={i} className={i < wizard.position ? 'is-done' : ''} />
          ))}
        </ol>
        <h1 className="wizard__title" ref={headingRef} tabIndex={-1}>
          {t.booking.steps[step]}
        </h1>
        {moving ? <MovingNow id={moving} catalogue={catalogue} /> : null}
      </header>

      <div className="wizard__body">
        {step === 'services' ? (
          <ServicesStep
            catalogue={catalogue}
            selected={choice.services}
            onChange={(s) => wizard.update({ services: s, time: undefined })}
            hidden={choice.operator === 'any' ? undefined : new URLSearchParams({ operator: String(choice.operator) })}
          />
        ) : null}
        {step === 'operator' ? (
          <OperatorStep
            operators={operators}
            selected={operator ? operator.id : 'any'}
            serviceCount={services.length}
            onChange={(o) => wizard.update({ operator: o, time: undefined })}
          />
        ) : null}
        {step === 'when' ? (
          <WhenStep
            key={conflict?.key ?? 0}
            choice={choice}
            config={catalogue.config}
            notice={conflict?.message}
            moving={moving}
            onDay={(day) => wizard.update({ day, time: undefined })}
            onTime={(time, day) => wizard.update({ day, time })}
            // After a conflict the times are asked again: the page's own are stale.
            seed={conflict ? null : seed}
            formQuery={dayQuery}
            waitlist={({ day, full }) =>
              // A closed day has no times either: nothing to wait for there.
              full && !opensOn(day, catalogue.openingHours ?? []) ? null : (
                <WaitlistPrompt
                  full={full}
                  open={waitlistOpen}
                  onOpen={() => setWaitlistOpen(true)}
                  openHref={`/reserve?${dayQuery(day)}&waitlist=1`}
                  join={{
                    day,
                    lastDay: bookableWindow(new Date(), catalogue.config.timezone, catalogue.config.bookingHorizonDays)
                      .last,
                    services: choice.services,
                    operator,
                    opening: catalogue.openingHours ?? [],
                    signedIn,
                    loginHref: loginHref(waitlistReturn),
                    registerHref: registerHref(waitlistReturn),
                    onClose: () => setWaitlistOpen(false),
                  }}
                />
              )
            }
          />
        ) : null}
        {step === 'summary' && choice.time ? (
          <Suspense fallback={<PageLoader />}>
            <SummaryStep
              services={services}
              operator={operator}
              time={choice.time}
              config={catalogue.config}
              totals={totals}
              note={note}
              noteError={noteError}
              onNote={onNote}
              signedIn={signedIn}
              moving={!!moving}
              loginHref={loginHref(summaryHref)}
              registerHref={registerHref(summaryHref)}
              returnHref={summaryHref}
              // A series is checked and booked on its own: the single booking's countdown does not apply.
              session={seriesOn ? { status: 'idle' } : session.state}
              error={error ?? (session.state.status === 'error' ? sessionError(session.state.error) : null)}
              changeHref={wizard.hrefFor}
              repeat={
                catalogue.config.seriesForCustomers && signedIn && !moving ? (
                  <SeriesPanel series={series} timeZone={catalogue.config.timezone} />
                ) : null
              }
            />
          </Suspense>
        ) : null}
      </div>

      <StickyBar
        summary={
          services.length ? (
            <>
              <span className="sticky-bar__count">{t.booking.selectedCount(services.length)}</span>
              <span>
                <strong className="sticky-bar__total">{formatPrice(totals.total_price)}</strong>
                <span className="sticky-bar__count"> · {formatDuration(totals.duration)}</span>
              </span>
            </>
          ) : (
            <span className="sticky-bar__count">{t.booking.nothingChosen}</span>
          )
        }
        action={<WizardAction action={action} busy={submitting} />}
      />
    </div>
  )
}

function sessionError(error: unknown) {
  if (error instanceof ApiError) return error.isNetworkError ? t.common.networkError : error.message
  return t.booking.confirmFailed
}
