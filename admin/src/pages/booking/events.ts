import { statusLabelIt, type ReservationEventItem } from '@salon/shared'
import { formatWhen } from './when'

const TITLES: Record<ReservationEventItem['kind'], string> = {
  CREATED: 'Il cliente ha iniziato a prenotare',
  CONFIRMED: 'Il cliente ha prenotato',
  BOOKED: 'Prenotata dal salone',
  MOVED: 'Spostata',
  STATUS_CHANGED: 'Stato cambiato',
  EDITED: 'Nota modificata',
  IMPORTED: 'Registrata prima dello storico',
}

const str = (v: unknown) => (typeof v === 'string' ? v : null)

/** One line of a booking's history, in the owner's words: what happened, and the detail that matters. */
export function describeEvent(e: ReservationEventItem): { title: string; detail: string | null } {
  const title = TITLES[e.kind] ?? e.kind
  const c = e.changes
  if (e.kind === 'STATUS_CHANGED' && e.from)
    return { title, detail: `${statusLabelIt(e.from)} → ${statusLabelIt(e.to)}` }
  if (e.kind === 'MOVED') {
    const parts: string[] = []
    if (c.date_start) parts.push(`ora ${formatWhen(str(c.date_start.to), str(c.date_end?.to))}`)
    if (c.operator) parts.push('altro operatore')
    if (c.services) parts.push('servizi cambiati')
    if (c.total_price) parts.push(`totale ${String(c.total_price.from)} € → ${String(c.total_price.to)} €`)
    if (c.status) parts.push(`stato: ${statusLabelIt(String(c.status.to))}`)
    return { title, detail: parts.join(' · ') || null }
  }
  if (e.kind === 'CONFIRMED' || e.kind === 'BOOKED') {
    return { title, detail: `${formatWhen(str(c.date_start?.to), str(c.date_end?.to))} · ${statusLabelIt(e.to)}` }
  }
  if (e.kind === 'EDITED' && c.note) return { title, detail: str(c.note.to) ?? 'Nota cancellata' }
  return { title, detail: e.kind === 'IMPORTED' ? statusLabelIt(e.to) : null }
}
