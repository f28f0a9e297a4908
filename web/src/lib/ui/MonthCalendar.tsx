import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { CALENDAR } from '@salon/shared/constants'
import { addCalendarDays } from '@salon/shared/booking/periods'
import { monthGrid } from '@salon/shared/booking/wizard'
import { WEEKDAYS_IT } from '@salon/shared/format'
import { formatDay, formatMonth } from '../format'
import { HiddenFields } from './HiddenFields'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import { Tooltip } from './Tooltip'

export interface MonthCalendarProps {
  /** `YYYY-MM` shown. */
  month: string
  /** Selected `YYYY-MM-DD`, if any. */
  selected?: string
  /** Whether a day of the shown grid can be chosen (free times, inside the bookable window). */
  isEnabled: (day: string) => boolean
  onSelect: (day: string) => void
  onMonthChange: (delta: -1 | 1) => void
  canPrev: boolean
  canNext: boolean
  /** 0 = Sunday (the spec's component default), 1 = Monday (the Italian site). */
  weekStartsOn?: 0 | 1
  labels: { previous: string; next: string; grid: string; unavailable: string }
  /** Shown under the grid while the month's free days load. */
  busy?: boolean
  /**
   * The calendar as a GET form: each day that can be chosen submits `name=<day>` with `query` to
   * `action`, so a day works before the page has hydrated and without JavaScript (the server
   * renders that day). Once hydrated, a click is `onSelect` as always.
   */
  dayForm?: { action: string; query: URLSearchParams; name: string }
}

/**
 * A month of 6 × 7 days (spec §9). Keyboard: one tab stop in the grid, arrows move by day/week,
 * Home/End to the week's ends, PageUp/PageDown change month; Enter or Space choose. Touch: a
 * quick horizontal swipe (≤ 300 ms, ≥ 60 px sideways, ≤ 80 px vertical) changes month.
 */
export function MonthCalendar({
  month,
  selected,
  isEnabled,
  onSelect,
  onMonthChange,
  canPrev,
  canNext,
  weekStartsOn = CALENDAR.defaultWeekStartsOn,
  labels,
  busy,
  dayForm,
}: MonthCalendarProps) {
  const grid = monthGrid(month, weekStartsOn, CALENDAR.weeks)
  const inMonth = grid.filter((d) => d.inMonth).map((d) => d.day)
  const fallback = inMonth.find(isEnabled) ?? inMonth[0]!
  const [focusDay, setFocusDay] = useState<string | null>(null)
  const active = focusDay && focusDay.startsWith(month) ? focusDay : selected?.startsWith(month) ? selected : fallback
  const gridRef = useRef<HTMLDivElement>(null)
  const swipe = useRef<{ x: number; y: number; t: number } | null>(null)

  // Focus moves after the render that shows the day (it may be in the month just switched to).
  const pendingFocus = useRef<string | null>(null)
  useEffect(() => {
    const day = pendingFocus.current
    if (!day) return
    const button = gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)
    if (button) {
      pendingFocus.current = null
      button.focus()
    }
  })
  const focus = (day: string) => {
    pendingFocus.current = day
    setFocusDay(day)
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }
    let target: string | null = null
    if (event.key in moves) target = addCalendarDays(active, moves[event.key]!)
    else if (event.key === 'Home') target = addCalendarDays(active, -((dayIndex(active) - weekStartsOn + 7) % 7))
    else if (event.key === 'End') target = addCalendarDays(active, 6 - ((dayIndex(active) - weekStartsOn + 7) % 7))
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      const delta = event.key === 'PageUp' ? -1 : 1
      if (delta === -1 ? canPrev : canNext) onMonthChange(delta)
      event.preventDefault()
      return
    } else return
    event.preventDefault()
    if (!target.startsWith(month)) {
      const delta = target < month ? -1 : 1
      if (delta === -1 ? !canPrev : !canNext) return
      onMonthChange(delta)
    }
    focus(target)
  }

  function onPointerDown(event: PointerEvent) {
    swipe.current = { x: event.clientX, y: event.clientY, t: event.timeStamp }
  }
  function onPointerUp(event: PointerEvent) {
    const start = swipe.current
    swipe.current = null
    if (!start) return
    const delta = swipeDelta(event.clientX - start.x, event.clientY - start.y, event.timeStamp - start.t)
    if (delta === -1 && canPrev) onMonthChange(-1)
    if (delta === 1 && canNext) onMonthChange(1)
  }

  const weekdays = Array.from({ length: 7 }, (_, i) => WEEKDAYS_IT[(i + weekStartsOn) % 7]!)

  const Root = dayForm ? 'form' : 'div'
  return (
    <Root className="calendar" {...(dayForm ? { method: 'get', action: dayForm.action } : {})}>
      <HiddenFields query={dayForm?.query} />
      <div className="calendar__head">
        <Tooltip content={labels.previous}>
          <button
            type="button"
            className="icon-btn"
            onClick={() => onMonthChange(-1)}
            disabled={!canPrev}
            aria-label={labels.previous}
          >
            <ChevronLeftIcon />
          </button>
        </Tooltip>
        <h2 className="calendar__month" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <Tooltip content={labels.next}>
          <button
            type="button"
            className="icon-btn"
            onClick={() => onMonthChange(1)}
            disabled={!canNext}
            aria-label={labels.next}
          >
            <ChevronRightIcon />
          </button>
        </Tooltip>
      </div>
      <div
        ref={gridRef}
        className="calendar__grid"
        role="group"
        aria-label={`${labels.grid}, ${formatMonth(month)}`}
        aria-busy={busy || undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        {weekdays.map((name) => (
          <span key={name} className="calendar__weekday" aria-hidden="true">
            {name.slice(0, 3)}
          </span>
        ))}
        {grid.map(({ day, inMonth: mine }) => {
          if (!mine) return <span key={day} className="calendar__pad" aria-hidden="true" />
          const enabled = isEnabled(day)
          const isSelected = day === selected
          return (
            <button
              key={day}
              type={dayForm && enabled ? 'submit' : 'button'}
              name={dayForm && enabled ? dayForm.name : undefined}
              value={dayForm && enabled ? day : undefined}
              data-day={day}
              className="calendar__day"
              tabIndex={day === active ? 0 : -1}
              aria-pressed={isSelected}
              aria-disabled={!enabled || undefined}
              aria-label={enabled ? formatDay(day) : `${formatDay(day)}, ${labels.unavailable}`}
              onClick={(event) => {
                event.preventDefault()
                if (enabled) onSelect(day)
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setFocusDay(day)}
            >
              {Number(day.slice(8))}
            </button>
          )
        })}
      </div>
    </Root>
  )
}

/** 0 = Sunday … 6 = Saturday. */
function dayIndex(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/**
 * Spec §9 swipe: at most 300 ms, at least 60 px sideways, at most 80 px vertical. A swipe to the
 * left shows the next month (+1), to the right the previous one (−1); anything else is 0.
 */
export function swipeDelta(dx: number, dy: number, ms: number): -1 | 0 | 1 {
  if (ms > CALENDAR.swipeMaxMs || Math.abs(dy) > CALENDAR.swipeMaxY || Math.abs(dx) < CALENDAR.swipeMinX) return 0
  return dx < 0 ? 1 : -1
}
