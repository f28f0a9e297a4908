import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { CALENDAR } from '@salon/shared/constants'
import { belowWidth } from '@salon/shared/breakpoints'
import { addMonths, bookableWindow, monthOf, type WizardChoice } from '@salon/shared/booking/wizard'
import { t } from '../../lib/i18n'
import { FormAlert } from '../../lib/ui/Field'
import { LoadError } from '../../lib/ui/LoadError'
import { MonthCalendar } from '../../lib/ui/MonthCalendar'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchFirstFree, fetchMonthDays, type FirstFree, type SalonConfig } from './api'
import { DayTimes } from './DayTimes'
import type { SeedTimes } from './seed'

interface WhenStepProps {
  choice: WizardChoice
  config: SalonConfig
  notice?: string | null
  /** The booking being moved: its own time does not count as busy. */
  moving?: number
  onDay: (day: string) => void
  onTime: (time: string, day: string) => void
  /** Shown under a day's times once they are in: "Avvisami se si libera" (`full`: the day has none). */
  waitlist?: (args: { day: string; full: boolean }) => ReactNode
  /** The times the server rendered the page with (used when they are for this choice). */
  seed?: SeedTimes | null
  /** The wizard's query at this step for `day` (without a time): the times' GET form carries it. */
  formQuery?: (day: string) => URLSearchParams
}

/**
 * Step 3: a month calendar of days with free times, then the day's times (Mattina / Pomeriggio).
 * With no day chosen it shows the first free day and its times, from one query (`first-free`; the
 * server's render embeds its answer). The wizard remounts it (a new `key`) after a conflict.
 */
export function WhenStep({ choice, config, notice, moving, onDay, onTime, waitlist, seed, formQuery }: WhenStepProps) {
  const timeZone = config.timezone
  const servicesKey = choice.services.join(',')
  const operator = choice.operator
  const seedFor = (kind: SeedTimes['kind']) =>
    seed && seed.kind === kind && seed.services === servicesKey && seed.operator === String(operator) && !moving
      ? seed
      : null
  const [firstSeed] = useState(() => (choice.day ? null : seedFor('first-free')))
  const [daySeed] = useState(() => (choice.day ? seedFor('day') : null))
  const [bookable] = useState(() => bookableWindow(new Date(), timeZone, config.bookingHorizonDays))
  const [month, setMonth] = useState(() => monthOf(choice.day ?? firstSeed?.day ?? bookable.first))
  const [searching, setSearching] = useState(false)
  const [searchResult, setSearchResult] = useState<'none' | 'failed' | null>(null)
  const timesRef = useRef<HTMLDivElement>(null)
  /** A day the customer chose whose times should come into view once they are on screen. */
  const revealing = useRef(false)

  function showTimes() {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    timesRef.current?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' })
  }

  /**
   * On a phone the times are below the calendar: bring them into view once a day is chosen — at
   * once (the spinner), and again when they have loaded (the page is only then tall enough for
   * them to reach the top). Smooth unless the customer asked for reduced motion.
   */
  function chooseDay(day: string) {
    onDay(day)
    if (!window.matchMedia(belowWidth('md')).matches) return
    // The same day again loads nothing new: its times are already there.
    revealing.current = day !== choice.day
    requestAnimationFrame(showTimes)
  }

  function onTimesShown() {
    if (!revealing.current) return
    revealing.current = false
    requestAnimationFrame(showTimes)
  }

  // The first month's free days came with the page when the server rendered it.
  const [monthSeed] = useState(() => (firstSeed ?? daySeed)?.month ?? null)
  const days = useResource(
    useCallback(
      (signal: AbortSignal) =>
        fetchMonthDays(month, { services: servicesKey.split(',').map(Number), operator }, signal),
      [month, servicesKey, operator],
    ),
    monthSeed && monthSeed.month === month ? { data: monthSeed.days } : undefined,
  )
  const freeDays = new Set(days.status === 'success' ? days.data : [])

  // Nothing chosen yet: the first free day and its times at once — one query (rendered by the
  // server when it could); the customer can still pick any other day.
  const wantFirst = !choice.day
  const first = useResource(
    useCallback(
      (signal: AbortSignal): Promise<FirstFree | null> =>
        wantFirst
          ? fetchFirstFree({ services: servicesKey.split(',').map(Number), operator }, signal).then((answer) => {
              // The calendar opens on that day's month (a later one when this month is full).
              if (answer.day) setMonth(monthOf(answer.day))
              return answer
            })
          : Promise.resolve(null),
      [wantFirst, servicesKey, operator],
    ),
    firstSeed ? { data: { day: firstSeed.day, slots: firstSeed.slots } } : undefined,
  )
  const found = first.status === 'success' ? first.data : null
  const autoPicked = useRef(false)
  useEffect(() => {
    if (choice.day || autoPicked.current || !found?.day) return
    autoPicked.current = true
    onDay(found.day) // into the URL: Back, a reload and "Avanti" keep it
  })
  const nothingAhead = searchResult === 'none' || (wantFirst && found?.day === null)
  const inWindow = (day: string) => day >= bookable.first && day <= bookable.last

  async function firstAvailable() {
    setSearching(true)
    setSearchResult(null)
    const services = servicesKey.split(',').map(Number)
    try {
      const answer = await fetchFirstFree({ services, operator }, new AbortController().signal)
      if (answer.day && inWindow(answer.day)) {
        setMonth(monthOf(answer.day))
        chooseDay(answer.day)
      } else setSearchResult('none')
    } catch {
      setSearchResult('failed')
    } finally {
      setSearching(false)
    }
  }

  const shownDay = choice.day ?? found?.day ?? undefined
  /** The day step's GET query without a day: a free day of the calendar submits it (before hydration too). */
  const dayForm = formQuery
    ? { action: '/reserve', query: withoutDay(formQuery(bookable.first)), name: 'day' }
    : undefined
  // The first free day's times came with its answer: no second request for them.
  const initialTimes = choice.day
    ? daySeed && daySeed.day === choice.day
      ? daySeed.slots
      : found && found.day === choice.day
        ? found.slots
        : undefined
    : (found?.slots ?? undefined)

  return (
    <div className="when">
      <FormAlert>{notice}</FormAlert>
      <div className="when__calendar">
        <MonthCalendar
          month={month}
          selected={shownDay}
          isEnabled={(day) => inWindow(day) && freeDays.has(day)}
          onSelect={chooseDay}
          onMonthChange={(delta) => setMonth((m) => addMonths(m, delta))}
          canPrev={month > monthOf(bookable.first)}
          canNext={month < monthOf(bookable.last)}
          weekStartsOn={CALENDAR.italianWeekStartsOn}
          busy={days.status === 'loading'}
          dayForm={dayForm}
          labels={{
            previous: t.booking.previousMonth,
            next: t.booking.nextMonth,
            grid: t.booking.calendarLabel,
            unavailable: t.booking.dayUnavailable,
          }}
        />
        <div className="when__month-state" aria-live="polite">
          {days.status === 'loading' ? <Spinner /> : null}
          {days.status === 'error' ? (
            <LoadError message={t.booking.timesLoadError} error={days.error} onRetry={days.reload} />
          ) : null}
          {days.status === 'success' && freeDays.size === 0 ? (
            <p className="muted">{t.booking.noDaysThisMonth}</p>
          ) : null}
          {nothingAhead ? <p className="notice">{t.booking.noDaysAtAll}</p> : null}
          {searchResult === 'failed' ? <p role="alert">{t.common.networkError}</p> : null}
        </div>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => void firstAvailable()}
          disabled={searching}
          aria-busy={searching}
        >
          {searching ? t.booking.searching : t.booking.firstAvailable}
        </button>
      </div>
      <div className="when__times" ref={timesRef}>
        {shownDay ? (
          <DayTimes
            day={shownDay}
            choice={choice}
            timeZone={timeZone}
            moving={moving}
            selected={choice.time}
            onTime={(time) => onTime(time, shownDay)}
            initial={initialTimes}
            formQuery={formQuery?.(shownDay) ?? new URLSearchParams()}
            onShown={onTimesShown}
            waitlist={moving ? undefined : waitlist}
          />
        ) : wantFirst && first.status === 'loading' ? (
          <Spinner />
        ) : first.status === 'error' && wantFirst ? (
          <LoadError message={t.booking.timesLoadError} error={first.error} onRetry={first.reload} />
        ) : (
          <p className="muted when__hint">{t.booking.chooseDay}</p>
        )}
      </div>
    </div>
  )
}

const withoutDay = (query: URLSearchParams) => {
  query.delete('day')
  query.delete('time')
  return query
}
