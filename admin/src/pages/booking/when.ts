/**
 * Times on the booking screens, in the browser's zone (the salon's own screen) and in Italian:
 * "sabato 5 dicembre 2026, 10:00–11:15".
 */
import { STAFF_HORIZON_DAYS } from '@salon/shared'

const dayFmt = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
const timeFmt = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' })

export const timeOf = (iso: string) => timeFmt.format(new Date(iso))

export function formatWhen(start: string | null, end: string | null): string {
  if (!start) return 'Senza orario (bozza)'
  const s = new Date(start)
  return `${dayFmt.format(s)}, ${timeOf(start)}${end ? `–${timeOf(end)}` : ''}`
}

/** The days the salon may book on: from today to the staff horizon (a year; the engine's rule). */
export function staffBookingDays(now = new Date()): { min: string; max: string } {
  const last = new Date(now)
  last.setDate(last.getDate() + STAFF_HORIZON_DAYS)
  return { min: dayOf(null, now), max: dayOf(null, last) }
}

/** The local day `YYYY-MM-DD` of an instant (today when there is none). */
export function dayOf(iso: string | null, now = new Date()): string {
  const d = iso ? new Date(iso) : now
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}
