import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../lib/api'
import { createSession } from './api'

export interface BookingSession {
  id: number
  expiresAt: string
}

const KEY = 'salon.booking.session'
/** A session this close to its end is not reused: a confirm needs a moment. */
const MARGIN_MS = 5_000
/** Fresh sessions opened by the countdown while the customer does nothing. */
const MAX_SILENT_RENEWALS = 6

const stored = (): BookingSession | null => {
  try {
    const s = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as BookingSession | null
    return s && typeof s.id === 'number' && Date.parse(s.expiresAt) > Date.now() + MARGIN_MS ? s : null
  } catch {
    return null
  }
}

export type SessionState =
  | { status: 'idle' | 'opening' }
  | { status: 'open'; session: BookingSession; remainingMs: number; renewed: boolean }
  | { status: 'error'; error: unknown }

/**
 * The booking session (a draft the server holds for `holdMinutes`) behind the summary: opened
 * when a signed-in customer reaches it, reused across reloads of this tab, counted down on
 * screen, and opened afresh when it runs out — the choice itself lives in the URL and is kept.
 */
export function useBookingSession(enabled: boolean) {
  const [session, setSession] = useState<BookingSession | null>(() => stored())
  const [phase, setPhase] = useState<{ status: 'idle' | 'opening' } | { status: 'error'; error: unknown }>({
    status: 'idle',
  })
  const [renewed, setRenewed] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const renewals = useRef(0)

  const open = useCallback(async (renewal: boolean): Promise<BookingSession> => {
    setPhase({ status: 'opening' })
    try {
      const fresh = await createSession()
      sessionStorage.setItem(KEY, JSON.stringify(fresh))
      setSession(fresh)
      setRenewed(renewal)
      setNow(Date.now())
      setPhase({ status: 'idle' })
      return fresh
    } catch (error) {
      setPhase({ status: 'error', error })
      throw error
    }
  }, [])

  const expired = !session || Date.parse(session.expiresAt) <= now
  useEffect(() => {
    if (!enabled || !expired || phase.status !== 'idle') return
    if (session && renewals.current >= MAX_SILENT_RENEWALS) return
    if (session) renewals.current++
    open(!!session).catch(() => {})
  }, [enabled, expired, session, phase.status, open])

  // The countdown on screen.
  useEffect(() => {
    if (!enabled || !session) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [enabled, session])

  /** A session that is still open on the server, opening a new one when needed. */
  const current = useCallback(async () => stored() ?? open(true), [open])
  /** After the confirm: the session is a booking now (the screen is left right after). */
  const forget = useCallback(() => sessionStorage.removeItem(KEY), [])

  const state: SessionState =
    phase.status !== 'idle'
      ? phase
      : session && !expired
        ? { status: 'open', session, remainingMs: Date.parse(session.expiresAt) - now, renewed }
        : { status: 'idle' }

  return { state, current, renew: () => open(true), forget }
}

/** The refusal's code (`data.code`; `reason` on older answers). */
const codeOf = (error: unknown) =>
  error instanceof ApiError ? (error.errors[0]?.data?.code ?? error.errors[0]?.data?.reason ?? '') : ''

/**
 * A confirm refused because the session is gone (expired, removed), by its code. Not one confirmed
 * meanwhile (another tab): that booking exists, and confirming a new session would book twice.
 */
export const isSessionGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || ['SESSION_EXPIRED', 'NOT_FOUND'].includes(codeOf(error)))

/**
 * Confirms on the open session; when the server says the session is gone, opens a new one and
 * confirms again with the same choice, once — `onReopened`, once that confirm went through, tells
 * the customer in a word. Any other refusal is the caller's to word (`confirmRefusal`).
 */
export async function confirmReopening<T>(
  session: { current: () => Promise<BookingSession>; renew: () => Promise<BookingSession> },
  confirm: (sessionId: number) => Promise<T>,
  onReopened: () => void,
): Promise<T> {
  try {
    return await confirm((await session.current()).id)
  } catch (err) {
    if (!isSessionGone(err)) throw err
    const booked = await confirm((await session.renew()).id)
    onReopened()
    return booked
  }
}

/** The codes of a time that is no longer free (taken meanwhile, too soon now, closed since…). */
export const TIME_GONE_REASONS: ReadonlySet<string> = new Set([
  'SLOT_TAKEN',
  'OPERATOR_BUSY',
  'STATION_BUSY',
  'OFF_SHIFT',
  'TOO_SOON',
  'IN_THE_PAST',
  'CLOSED',
  'OUTSIDE_OPENING_HOURS',
  'NOT_ON_SLOT_GRID',
  'BEYOND_HORIZON',
  'NO_ELIGIBLE_OPERATOR',
])

/** A confirm or move refused because the chosen time is no longer free: by its code, not by 409 alone. */
export const isTimeGone = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && TIME_GONE_REASONS.has(codeOf(error))

/**
 * What the wizard does with a refused confirm, by the refusal's code: a time gone → back to the
 * times; the customer's open-booking cap → say so, point to "I miei appuntamenti", keep the choice;
 * too many requests at once → try again, the choice kept; this booking already confirmed (another
 * tab) → point to "I miei appuntamenti", never a second booking; anything else → its words (`lib/refusals.ts`).
 */
export type ConfirmRefusal =
  | { kind: 'time-gone' }
  | { kind: 'booking-cap'; limit: number | null }
  | { kind: 'busy' }
  | { kind: 'already-booked' }
  | { kind: 'other' }

export function confirmRefusal(error: unknown): ConfirmRefusal {
  if (isTimeGone(error)) return { kind: 'time-gone' }
  const reason = codeOf(error)
  if (reason === 'TOO_MANY_BOOKINGS') {
    const limit = Number((error as ApiError).errors[0]?.data?.limit)
    return { kind: 'booking-cap', limit: Number.isFinite(limit) && limit > 0 ? limit : null }
  }
  if (reason === 'BUSY') return { kind: 'busy' }
  if (reason === 'SESSION_CONFIRMED') return { kind: 'already-booked' }
  return { kind: 'other' }
}
