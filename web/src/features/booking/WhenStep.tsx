import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { CALENDAR } from '@salon/shared/constants'
import { belowWidth } from '@salon/shared/breakpoints'
import { addMonths, bookableWindow, monthOf, partOfDay, type WizardChoice } from '@salon/shared/booking/wizard'
import { formatDay, formatTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { FormAlert } from '../../lib/ui/Field'
import { LoadError } from '../../lib/ui/LoadError'
import { MonthCalendar } from '../../lib/ui/MonthCalendar'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchDaySlots, fetchMonthDays, fetchMoveSlots, type SalonConfig, type Slot } from './api'

interface WhenStepProps {
  choice: WizardChoice
  config: SalonConfig
  notice?: string | null
  /** The booking being moved: its own time does not count as busy. */
  moving?: number
  onDay: (day: string) => void
  onTime: (time: string) => void
  /** Shown under a day's times once they are in: "Avvisami se si libera" (`full`: the day has none). */
  waitlist?: (args: { day: string; full: boolean }) => ReactNode
}

/**
 * Step 3: a month calendar of days with free times, then the day's times (Mattina / Pomeriggio).
 * The wizard remounts it (a new `key`) to load fresh times after a conflict.
 */
export function WhenStep({ choice, config, notice, moving, onDay, onTime, waitlist }: WhenStepProps) {
  const timeZone = config.timezone
  const [bookable] = useState(() => bookableWindow(new Date(), timeZone, config.bookingHorizonDays))
  const [month, setMonth] = useState(() => monthOf(choice.day ?? bookable.first))
  const [searching, setSearching] = useState(false)
  const [searchResult, setSearchResult] = useState<'none' | 'failed' | null>(null)
  const servicesKey = choice.services.join(',')
  const operator = choice.operator
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

  const days = useResource(
    useCallback(
      (signal: AbortSignal) =>
        fetchMonthDays(month, { services: servicesKey.split(',').map(Number), operator }, signal),
      [month, servicesKey, operator],
    ),
  )
  const freeDays = new Set(days.status === 'success' ? days.data : [])

  // Nothing chosen yet: show the first free day's times at once (this month's, else the first
  // month that has one) — the customer can still pick any other day.
  const autoPicked = useRef(false)
  const firstFree =
    days.status === 'success' ? days.data.find((d) => d >= bookable.first && d <= bookable.last) : undefined
  const monthLoaded = days.status === 'success'
  useEffect(() => {
    if (choice.day || autoPicked.current || !monthLoaded) return
    autoPicked.current = true
    if (firstFree) onDay(firstFree)
    else void firstAvailable(false)
  })
  const inWindow = (day: string) => day >= bookable.first && day <= bookable.last

  async function firstAvailable(scroll = true) {
    setSearching(true)
    setSearchResult(null)
    const services = servicesKey.split(',').map(Number)
    const controller = new AbortController()
    try {
      for (let m = monthOf(bookable.first); m <= monthOf(bookable.last); m = addMonths(m, 1)) {
        const found = (await fetchMonthDays(m, { services, operator }, controller.signal)).filter(inWindow)
        if (found.length) {
          setMonth(m)
          if (scroll) chooseDay(found[0]!)
          else onDay(found[0]!)
          return
        }
      }
      setSearchResult('none')
    } catch {
      setSearchResult('failed')
    } finally {
      setSearching(false)
    }
  }

  return (
    <div className="when">
      <FormAlert>{notice}</FormAlert>
      <div className="when__calendar">
        <MonthCalendar
          month={month}
          selected={choice.day}
          isEnabled={(day) => inWindow(day) && freeDays.has(day)}
          onSelect={chooseDay}
          onMonthChange={(delta) => setMonth((m) => addMonths(m, delta))}
          canPrev={month > monthOf(bookable.first)}
          canNext={month < monthOf(bookable.last)}
          weekStartsOn={CALENDAR.italianWeekStartsOn}
          busy={days.status === 'loading'}
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
          {searchResult === 'none' ? <p className="notice">{t.booking.noDaysAtAll}</p> : null}
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
        {choice.day ? (
          <DayTimes
            day={choice.day}
            choice={choice}
            timeZone={timeZone}
            moving={moving}
            selected={choice.time}
            onTime={onTime}
            onShown={onTimesShown}
            waitlist={moving ? undefined : waitlist}
          />
        ) : (
          <p className="muted when__hint">{t.booking.chooseDay}</p>
        )}
      </div>
    </div>
  )
}

function DayTimes({
  day,
  choice,
  timeZone,
  moving,
  selected,
  onTime,
  onShown,
  waitlist,
}: {
  day: string
  choice: WizardChoice
  timeZone: string
  moving?: number
  selected?: string
  onTime: (time: string) => void
  /** Called once the day's times (or their absence) are on screen. */
  onShown?: () => void
  waitlist?: WhenStepProps['waitlist']
}) {
  const servicesKey = choice.services.join(',')
  const operator = choice.operator
  const slots = useResource(
    useCallback(
      (signal: AbortSignal) =>
        moving
          ? fetchMoveSlots(moving, day, operator, signal)
          : fetchDaySlots(day, { services: servicesKey.split(',').map(Number), operator }, signal),
      [day, servicesKey, operator, moving],
    ),
  )
  const headingId = `times-${day}`
  const loaded = slots.status !== 'loading'
  useEffect(() => {
    if (loaded) onShown?.()
    // Once per day loaded: onShown is a new function on every render of the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, day])

  return (
    <section aria-labelledby={headingId} className="times">
      <h3 id={headingId} className="times__title">
        {t.booking.timesOf(formatDay(day))}
      </h3>
      {slots.status === 'loading' ? <Spinner /> : null}
      {slots.status === 'error' ? (
        <LoadError message={t.booking.timesLoadError} error={slots.error} onRetry={slots.reload} />
      ) : null}
      {slots.status === 'success' ? (
        <TimeGroups slots={slots.data} timeZone={timeZone} selected={selected} onTime={onTime} />
      ) : null}
      {slots.status === 'success' ? waitlist?.({ day, full: slots.data.length === 0 }) : null}
    </section>
  )
}

function TimeGroups({
  slots,
  timeZone,
  selected,
  onTime,
}: {
  slots: Slot[]
  timeZone: string
  selected?: string
  onTime: (time: string) => void
}) {
  if (slots.length === 0) return <p className="muted">{t.booking.noTimes}</p>
  const groups = [
    {
      key: 'morning' as const,
      label: t.booking.morning,
      slots: slots.filter((s) => partOfDay(s.start, timeZone) === 'morning'),
    },
    {
      key: 'afternoon' as const,
      label: t.booking.afternoon,
      slots: slots.filter((s) => partOfDay(s.start, timeZone) === 'afternoon'),
    },
  ].filter((g) => g.slots.length)
  return (
    <>
      {groups.map((group) => (
        <div key={group.key} className="times__group" role="group" aria-label={group.label}>
          <h4 className="times__group-title">{group.label}</h4>
          <ul className="times__list">
            {group.slots.map((slot) => {
              const isSelected = selected !== undefined && Date.parse(selected) === Date.parse(slot.start)
              return (
                <li key={slot.start}>
                  <button
                    type="button"
                    className="time-slot"
                    data-testid="time-slot"
                    aria-pressed={isSelected}
                    onClick={() => onTime(slot.start)}
                  >
                    {formatTime(slot.start, timeZone)}
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </>
  )
}
