import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactElement,
} from 'react'
import { TOOLTIP } from '@salon/shared/constants'

/*
 * A tooltip for icon-only buttons (spec §9: open delay 700 ms, skip delay 300 ms). Hover with a
 * mouse or pen opens it after the delay — at once when another tooltip closed less than 300 ms
 * ago, so running along a row of icons does not wait each time. Keyboard focus opens it at once;
 * a click, leaving, blur or Escape (anywhere) closes it. The text is linked to the control by
 * `aria-describedby` while shown, and it can be hovered itself (WCAG 1.4.13). One open at a time.
 * It shows below the control, shifted sideways to stay inside the viewport.
 * Touch never opens it: the control's accessible name is its `aria-label`.
 * A control that already has keyboard focus when React takes over a server-rendered page (a Tab
 * pressed before hydration) shows its tooltip at once, as if the focus had come a moment later.
 */

/** Until this time (ms since epoch) the next tooltip skips its open delay. */
let skipUntil = 0
/** The tooltip open now, if any (one at a time). */
let current: { id: string; close: () => void } | null = null

/** Keep the bubble this far (px) from the viewport's sides. */
const EDGE = 8

export interface TooltipProps {
  /** The text shown (usually the control's `aria-label`). */
  content: string
  /** One focusable element (a button or a link). */
  children: ReactElement<{ 'aria-describedby'?: string }>
}

export function Tooltip({ content, children }: TooltipProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const openRef = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pressed = useRef(false)
  const bubble = useRef<HTMLSpanElement>(null)
  const anchor = useRef<HTMLSpanElement>(null)

  const hide = useCallback(() => {
    clearTimeout(timer.current)
    if (!openRef.current) return
    openRef.current = false
    skipUntil = Date.now() + TOOLTIP.skipDelayMs
    if (current?.id === id) current = null
    setOpen(false)
  }, [id])

  const show = useCallback(() => {
    clearTimeout(timer.current)
    if (openRef.current) return
    if (current && current.id !== id) current.close()
    current = { id, close: hide }
    openRef.current = true
    setOpen(true)
  }, [id, hide])

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      if (current?.id === id) current = null
    },
    [id],
  )

  // Focus that came before hydration fired no handler of ours: keyboard focus (`:focus-visible`,
  // not a tap's) found on mount opens the tooltip now.
  useEffect(() => {
    const focused = document.activeElement
    if (focused && focused !== anchor.current && anchor.current?.contains(focused) && focusVisible(focused)) show()
  }, [show])

  // Escape dismisses it without moving focus or the pointer.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, hide])

  // Stay inside the viewport: shift sideways when centring would cross an edge.
  useLayoutEffect(() => {
    const el = bubble.current
    if (!open || !el) return
    el.style.setProperty('--tooltip-shift', '0px')
    const rect = el.getBoundingClientRect()
    const width = document.documentElement.clientWidth
    const shift = rect.left < EDGE ? EDGE - rect.left : rect.right > width - EDGE ? width - EDGE - rect.right : 0
    if (shift) el.style.setProperty('--tooltip-shift', `${Math.round(shift)}px`)
  }, [open])

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType === 'touch' || openRef.current) return
    if (Date.now() < skipUntil) show()
    else {
      clearTimeout(timer.current)
      timer.current = setTimeout(show, TOOLTIP.openDelayMs)
    }
  }

  function onPointerDown() {
    // The focus a press gives (not in Safari) comes in this same task; later focus is the keyboard's.
    pressed.current = true
    setTimeout(() => (pressed.current = false), 0)
    hide()
  }

  // Focus (React's bubbles) that follows a press is not keyboard focus: the click is the point.
  function onFocus() {
    if (!pressed.current) show()
  }

  // The anchor listens for its control (focus and pointer events bubble to it), so the control's
  // own handlers stay untouched; only its description is added.
  return (
    <span
      ref={anchor}
      className="tooltip-anchor"
      onPointerEnter={onPointerEnter}
      onPointerLeave={hide}
      onPointerDown={onPointerDown}
      onFocus={onFocus}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : children.props['aria-describedby'] })}
      {open ? (
        <span ref={bubble} id={id} role="tooltip" className="tooltip">
          {content}
        </span>
      ) : null}
    </span>
  )
}

/** Whether the element's focus is the keyboard's (browsers without `:focus-visible`: any focus). */
function focusVisible(el: Element) {
  try {
    return el.matches(':focus-visible')
  } catch {
    return true
  }
}
