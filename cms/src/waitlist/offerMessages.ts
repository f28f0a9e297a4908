import { SMS_ONE_SEGMENT, WAITLIST_WORDS, smsWhen } from '@salon/shared'
import { formatDateTime } from '@salon/shared/format'
import { layout, subjectLine } from '../platform'

/**
 * The offer's words (docs/notifications.md "Waitlist offers"): the mail — "Si è liberato un posto",
 * when, with whom, the button to the offer page, how long it is held — and the SMS, one GSM-7
 * segment. Pure: offers.ts reads the facts and queues both in the offer's transaction.
 */
export interface OfferMessageFacts {
  salon: string
  timeZone: string
  customerName: string
  start: string
  services: string[]
  operator: string | null
  /** Absolute URL of the offer page (`/reserve/offer/{id}`). */
  link: string
  holdMinutes: number
  now: Date
}

const plain = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()

export function offerMail(f: OfferMessageFacts) {
  const title = WAITLIST_WORDS.it.offer
  const when = formatDateTime(f.start, f.timeZone)
  const paragraphs = [
    `Ciao ${f.customerName}, buone notizie: si è liberato un posto che aspettavi.`,
    `Te lo teniamo per ${f.holdMinutes} minuti: prenotalo con un tocco prima che passi alla persona successiva in lista.`,
  ]
  const details = [
    { label: 'Quando', value: when },
    { label: 'Servizi', value: f.services.join('\n') },
    ...(f.operator ? [{ label: 'Con', value: f.operator }] : []),
  ]
  const { html, text } = layout(f.salon, title, paragraphs, { label: 'Prenota ora', url: f.link }, { details })
  return { subject: subjectLine(`${title}: ${when}`), html, text }
}

/** "Salone Demo: si è liberato un posto sab 28/11 alle 10:00. Tenuto 10 min: https://…" — one segment. */
export function offerSmsText(f: OfferMessageFacts): string {
  const rest = `: si è liberato un posto ${smsWhen(f.start, f.timeZone, f.now)}. Tenuto ${f.holdMinutes} min: ${f.link}`
  const name = plain(f.salon) || 'Il salone'
  const room = Math.max(12, SMS_ONE_SEGMENT - rest.length)
  return (name.length <= room ? name : `${name.slice(0, room - 1).trimEnd()}.`) + rest
}
