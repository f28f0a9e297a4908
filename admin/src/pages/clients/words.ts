import type { DuplicateItem } from '@salon/shared/schemas/clients'
import type { T } from '../../i18n/use-t'
import { dateFormat, formatNumber } from '../../lib/format'

/** "1 visit" / "3 visits" ("1 visita" / "3 visite"). */
export const visitsText = (t: T, n: number) =>
  n === 1 ? t('clients.visitsOne') : t('clients.visitsMany', { n: formatNumber(n, t.locale) })

/** A day in words on the salon's clock ("2 Nov 2026" / "2 nov 2026"). */
export const dayText = (iso: string, t: T, timeZone: string) =>
  dateFormat(t.intl, { dateStyle: 'medium', timeZone }).format(new Date(iso))

/** A moment in words on the salon's clock ("2 Nov 2026, 10:30"). */
export const momentText = (iso: string, t: T, timeZone: string) =>
  dateFormat(t.intl, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))

/** Why the server thinks two cards are one person: "Same phone, same e-mail". */
export function reasonsText(t: T, reasons: DuplicateItem['reasons']): string {
  const words = reasons.map((r) => t(`clients.reason.${r}`))
  const text = words.join(', ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
