import { useCallback, useEffect, type ReactNode } from 'react'
import { partOfDay, type WizardChoice } from '@salon/shared/booking/wizard'
import { formatDay, formatTime } from '../../lib/format'
import { t } from '../../lib/i18n'
import { HiddenFields } from '../../lib/ui/HiddenFields'
import { LoadError } from '../../lib/ui/LoadError'
import { Spinner } from '../../lib/ui/Spinner'
import { useResource } from '../../lib/useResource'
import { fetchDaySlots, fetchMoveSlots, type Slot } from './api'

export interface DayTimesProps {
  day: string
  choice: WizardChoice
  timeZone: string
  moving?: number
  selected?: string
  onTime: (time: string) => void
  /** The day's times when already known (rendered by the server, or the first-free answer): not asked again. */
  initial?: Slot[]
  /**
   * The wizard's query for this day at the day-and-time step (without `time`): the times are the
   * submit buttons of a GET form to `/reserve` carrying it, so a tap before the page's JavaScript
   * has run still chooses the time (the server renders the page with it); after that the tap is
   * handled in place.
   */
  formQuery: URLSearchParams
  /** Called once the day's times (or their absence) are on screen. */
  onShown?: () => void
  waitlist?: (args: { day: string; full: boolean }) => ReactNode
}

/** A day's free times, grouped Mattina / Pomeriggio, and what to offer under them. */
export function DayTimes({
  day,
  choice,
  timeZone,
  moving,
  selected,
  onTime,
  initial,
  formQuery,
  onShown,
  waitlist,
}: DayTimesProps) {
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
    initial ? { data: initial } : undefined,
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
      <h2 id={headingId} className="times__title">
        {t.booking.timesOf(formatDay(day))}
      </h2>
      {slots.status === 'loading' ? <Spinner /> : null}
      {slots.status === 'error' ? (
        <LoadError message={t.booking.timesLoadError} error={slots.error} onRetry={slots.reload} />
      ) : null}
      {slots.status === 'success' ? (
        <TimeGroups slots={slots.data} timeZone={timeZone} selected={selected} onTime={onTime} formQuery={formQuery} />
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
  formQuery,
}: {
  slots: Slot[]
  timeZone: string
  selected?: string
  onTime: (time: string) => void
  formQuery: URLSearchParams
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
    <form method="get" action="/reserve" className="times__form">
      <HiddenFields query={formQuery} />
      {groups.map((group) => (
        <div key={group.key} className="times__group" role="group" aria-label={group.label}>
          <h3 className="times__group-title">{group.label}</h3>
          <ul className="times__list">
            {group.slots.map((slot) => {
              const isSelected = selected !== undefined && Date.parse(selected) === Date.parse(slot.start)
              return (
                <li key={slot.start}>
                  <button
                    type="submit"
                    name="time"
                    value={slot.start}
                    className="time-slot"
                    data-testid="time-slot"
                    aria-pressed={isSelected}
                    onClick={(event) => {
                      event.preventDefault()
                      onTime(slot.start)
                    }}
                  >
                    {formatTime(slot.start, timeZone)}
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </form>
  )
}
