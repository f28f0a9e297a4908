import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { TOASTS } from '@salon/shared/constants'
import { t } from './i18n'

/**
 * Toasts per spec §9: at most 5 on screen, 5000 ms by default, bottom-right, removed 200 ms after
 * closing (time for the exit animation), swipe right (50 px) to dismiss, F8 jumps to them.
 */

export type ToastVariant = 'info' | 'success' | 'error'

export interface ToastOptions {
  title: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds; `Infinity` keeps it until closed. */
  duration?: number
}

interface ToastEntry extends Required<Omit<ToastOptions, 'description'>> {
  id: number
  description?: string
  open: boolean
}

interface ToastApi {
  toast: (options: ToastOptions) => number
  dismiss: (id: number) => void
}

const ToastContext = createContext<ToastApi | null>(null)

const SWIPE_THRESHOLD_PX = 50
const HOTKEY = 'F8'

let nextId = 1

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([])
  const removalTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const viewportRef = useRef<HTMLOListElement>(null)

  const scheduleRemoval = useCallback((id: number) => {
    if (removalTimers.current.has(id)) return
    removalTimers.current.set(
      id,
      setTimeout(() => {
        removalTimers.current.delete(id)
        setToasts((list) => list.filter((x) => x.id !== id))
      }, TOASTS.removeDelayMs),
    )
  }, [])

  const dismiss = useCallback(
    (id: number) => {
      setToasts((list) => list.map((x) => (x.id === id ? { ...x, open: false } : x)))
      scheduleRemoval(id)
    },
    [scheduleRemoval],
  )

  const toast = useCallback(
    (options: ToastOptions) => {
      const id = nextId++
      const entry: ToastEntry = {
        id,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'info',
        duration: options.duration ?? TOASTS.durationMs,
        open: true,
      }
      setToasts((list) => {
        const next = [...list, entry]
        const open = next.filter((x) => x.open)
        const overflow = new Set(open.slice(0, Math.max(0, open.length - TOASTS.max)).map((x) => x.id))
        if (overflow.size === 0) return next
        overflow.forEach((oid) => scheduleRemoval(oid))
        return next.map((x) => (overflow.has(x.id) ? { ...x, open: false } : x))
      })
      return id
    },
    [scheduleRemoval],
  )

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === HOTKEY) viewportRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    const timers = removalTimers.current
    return () => {
      window.removeEventListener('keydown', onKey)
      timers.forEach(clearTimeout)
    }
  }, [])

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss])

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-region" aria-label={`Notifiche (${HOTKEY})`}>
        <ol ref={viewportRef} className="toast-viewport" tabIndex={-1}>
          {toasts.map((entry) => (
            <ToastItem key={entry.id} entry={entry} onClose={() => dismiss(entry.id)} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  )
}

function ToastItem({ entry, onClose }: { entry: ToastEntry; onClose: () => void }) {
  const [paused, setPaused] = useState(false)
  const [offset, setOffset] = useState(0)
  const swipeStart = useRef<number | null>(null)

  // onClose is recreated on every render of the list: the timer reads the latest one, and is not
  // restarted by it.
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  }, [onClose])
  useEffect(() => {
    if (!entry.open || paused || !Number.isFinite(entry.duration)) return
    const id = setTimeout(() => closeRef.current(), entry.duration)
    return () => clearTimeout(id)
  }, [entry.open, entry.duration, paused])

  return (
    <li
      className={`toast toast--${entry.variant}`}
      data-state={entry.open ? 'open' : 'closed'}
      style={offset ? { transform: `translateX(${offset}px)`, transition: 'none' } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(e) => {
        if ((e.target as HTMLElement).closest('button')) return
        swipeStart.current = e.clientX
        e.currentTarget.setPointerCapture(e.pointerId)
      }}
      onPointerMove={(e) => {
        if (swipeStart.current !== null) setOffset(Math.max(0, e.clientX - swipeStart.current))
      }}
      onPointerUp={() => {
        const dismissed = offset > SWIPE_THRESHOLD_PX
        swipeStart.current = null
        setOffset(0)
        if (dismissed) onClose()
      }}
      onPointerCancel={() => {
        swipeStart.current = null
        setOffset(0)
      }}
    >
      {/* The live region is the message, inside the list item: a list item itself may not take a
          role (axe "list"), and the close button is not part of what is read out. */}
      <div
        className="toast__body"
        role={entry.variant === 'error' ? 'alert' : 'status'}
        aria-live={entry.variant === 'error' ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        <p className="toast__title">{entry.title}</p>
        {entry.description ? <p className="toast__description">{entry.description}</p> : null}
      </div>
      <button type="button" className="toast__close" aria-label={t.common.closeNotification} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  )
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext)
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>')
  return ctx
}
