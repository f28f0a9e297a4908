import { statusLabel, type ReservationEventItem } from '@salon/shared'
import type { MessageKey } from '../../i18n/en'
import { getLocale, type Locale } from '../../i18n/locale'
import { tr } from '../../i18n/translate'
import { formatMoney } from '../../lib/format'
import { formatWhen, timeOf } from './when'

const str = (v: unknown) => (typeof v === 'string' ? v : null)
const money = (v: unknown, locale: Locale) => formatMoney(typeof v === 'number' ? v : String(v), locale)

/** One line of a booking's history, in the owner's words: what happened, and the detail that matters. */
export function describeEvent(
  e: ReservationEventItem,
  locale: Locale = getLocale(),
  timeZone?: string,
): { title: string; detail: string | null } {
  const key = `event.${e.kind}` as MessageKey
  const title = tr(key, undefined, locale)
  const status = (s: string | null | undefined) => statusLabel(String(s ?? ''), locale)
  const c = e.changes
  if ((e.kind === 'STATUS_CHANGED' || e.kind === 'UNDONE') && e.from)
    return { title, detail: `${status(e.from)} → ${status(e.to)}` }
  if (e.kind === 'FREED' && str(c.date_end?.to))
    return { title, detail: tr('event.endsAt', { time: timeOf(str(c.date_end?.to)!, locale, timeZone) }, locale) }
  if (e.kind === 'MOVED') {
    const parts: string[] = []
    if (c.date_start)
      parts.push(
        tr('event.now', { when: formatWhen(str(c.date_start.to), str(c.date_end?.to), locale, timeZone) }, locale),
      )
    if (c.operator) parts.push(tr('event.otherOperator', undefined, locale))
    if (c.services) parts.push(tr('event.servicesChanged', undefined, locale))
    if (c.total_price)
      parts.push(
        tr('event.total', { from: money(c.total_price.from, locale), to: money(c.total_price.to, locale) }, locale),
      )
    if (c.status) parts.push(tr('event.status', { status: status(String(c.status.to)) }, locale))
    return { title, detail: parts.join(' · ') || null }
  }
  if (e.kind === 'CONFIRMED' || e.kind === 'BOOKED') {
    return {
      title,
      detail: `${formatWhen(str(c.date_start?.to), str(c.date_end?.to), locale, timeZone)} · ${status(e.to)}`,
    }
  }
  if (e.kind === 'EDITED' && c.note)
    return { title, detail: str(c.note.to) ?? tr('event.noteCleared', undefined, locale) }
  return { title, detail: e.kind === 'IMPORTED' ? status(e.to) : null }
}
