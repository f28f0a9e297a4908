import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Calendar } from '@event-calendar/core'

const loadLibrary = () => import('./calendar-lib')

export type CalendarOptions = Calendar.Options

const GRID_POSITIONS = ['aria-colindex', 'aria-rowindex', 'aria-colspan', 'aria-rowspan']
const TABLE_ROLES =
  '[role="table"],[role="rowgroup"],[role="row"],[role="columnheader"],[role="rowheader"],[role="cell"]'

/**
 * The library marks its grid up as a table but puts the event buttons outside any cell, which
 * assistive technology cannot make sense of (axe: aria-required-children). The grid is made
 * presentational instead: every card carries its whole meaning in its name (time, status, who,
 * what, operator), the column titles stay visible text, and the region has a name.
 */
export function flattenTableRoles(root: Element) {
  for (const node of root.querySelectorAll(TABLE_ROLES)) {
    node.setAttribute('role', 'presentation')
  }
  // Grid positions mean nothing outside a grid (the days above the operators' columns of the week
  // of every operator carry aria-colspan and aria-colindex without any role).
  for (const node of root.querySelectorAll(GRID_POSITIONS.map((a) => `[${a}]`).join(',')))
    for (const a of GRID_POSITIONS) node.removeAttribute(a)
}

/**
 * The one place that knows `@event-calendar/core` (vkurko EventCalendar, MIT; see admin/README.md):
 * a plain-JS calendar mounted into a div once, then fed changed options with `setOption`, and
 * destroyed on unmount (StrictMode mounts twice in development). The library and its CSS are
 * fetched here, when the calendar mounts (their own chunk: `calendar-lib.ts`); a failed fetch
 * (a new deploy) reaches the dashboard's error boundary, which offers a reload. Only the options whose value
 * changed (by reference) are pushed, so a re-render of the page does not re-lay out the grid.
 * Swapping the library means rewriting this file and the option names in index.tsx, not the
 * mapping (mapping.ts is library-agnostic).
 */
export function EventCalendar({
  options,
  label,
  onReady,
}: {
  options: CalendarOptions
  /** The region's accessible name. */
  label: string
  onReady?: (calendar: Calendar | null) => void
}) {
  const el = useRef<HTMLDivElement>(null)
  const cal = useRef<Calendar | null>(null)
  const applied = useRef<CalendarOptions>({})
  const latest = useRef(options)
  const [failure, setFailure] = useState<Error | null>(null)
  useLayoutEffect(() => {
    latest.current = options
  })

  useEffect(() => {
    const root = el.current!
    let calendar: Calendar | null = null
    let observer: MutationObserver | null = null
    let destroy: ((c: Calendar) => Promise<void>) | null = null
    let cancelled = false
    loadLibrary().then(
      (lib) => {
        if (cancelled) return
        const options = latest.current
        // For scripts/bench-agenda.mjs: when the calendar was created and handed its events (User Timing).
        performance.mark('agenda:mount')
        if (options.events?.length) performance.mark('agenda:events')
        calendar = lib.createCalendar(root, [lib.TimeGrid, lib.ResourceTimeGrid, lib.Interaction], options)
        destroy = lib.destroyCalendar
        cal.current = calendar
        applied.current = { ...options }
        flattenTableRoles(root)
        observer = new MutationObserver(() => flattenTableRoles(root))
        observer.observe(root, {
          childList: true,
          subtree: true,
          attributes: true,
          attributeFilter: ['role', ...GRID_POSITIONS],
        })
        onReady?.(calendar)
      },
      (error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error : new Error(String(error)))
      },
    )
    return () => {
      cancelled = true
      observer?.disconnect()
      if (calendar && destroy) {
        cal.current = null
        onReady?.(null)
        void destroy(calendar)
      }
    }
    // Created once; later changes go through setOption below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const calendar = cal.current
    if (!calendar) return // not loaded yet: created with the latest options
    const before = applied.current
    if (before.events !== options.events) performance.mark('agenda:events')
    for (const key of Object.keys(options) as (keyof CalendarOptions)[]) {
      if (before[key] !== options[key]) calendar.setOption(key, options[key])
    }
    applied.current = { ...options }
  }, [options])

  if (failure) throw failure // the error boundary's screen, with Reload
  return <div ref={el} role="region" aria-label={label} className="salon-agenda" />
}
