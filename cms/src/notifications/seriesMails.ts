import { WAITLIST_WORDS, type NotificationKind } from '@salon/shared'
import { layout, subjectLine, type MailLine } from '../platform'
import {
  bookingDetails,
  customerDetails,
  formatWhen,
  salonFooter,
  type ReservationMail,
  type ReservationMailData,
} from './reservationMails'

/**
 * The one mail of a new repeating appointment (issue 27 §4): instead of one confirmation per
 * occurrence, one mail listing every date — to the customer (CONFIRMED or RECEIVED, with one
 * calendar file holding every occurrence) and, when a customer booked it, to the salon
 * (SALON_NEW_BOOKING). Likewise one mail when several occurrences are cancelled at once ("this and
 * the following": CANCELLED, and SALON_CANCELLED when the customer did it) or moved (MOVED). Pure, like
 * `reservationMail`: `data` is the first occurrence's, `dates` every occurrence's start in order.
 * Reminders stay per occurrence.
 */
export const SERIES_MAIL_KINDS: ReadonlySet<NotificationKind> = new Set([
  'CONFIRMED',
  'RECEIVED',
  'SALON_NEW_BOOKING',
  'CANCELLED',
  'SALON_CANCELLED',
  'MOVED',
])

const words = WAITLIST_WORDS.it

export function seriesMail(
  kind: NotificationKind,
  data: ReservationMailData,
  dates: (string | Date)[],
  everyWeeks: number,
): ReservationMail {
  if (!SERIES_MAIL_KINDS.has(kind)) throw new RangeError(`No series mail for ${kind}`)
  const brand = data.salon.name.replace(/\s+/g, ' ').trim() || 'Il tuo salone'
  const tz = data.salon.timezone
  const list = dates.map((d) => formatWhen(d, tz))
  const first = list[0] ?? ''
  const n = list.length
  const often = words.everyWeeks(everyWeeks)
  const name = data.customer.name.trim()
  const hello = name ? `Ciao ${name},` : 'Ciao,'
  const phone = (data.salon.phone ?? '').trim()
  const dateLine: MailLine = { label: n > 1 ? 'Date' : 'Quando', value: list.join('\n') }
  const withDates = (lines: MailLine[]) => lines.map((l) => (l.label === 'Quando' ? dateLine : l))
  const myBookings = data.links.myBookingsUrl
    ? { label: 'I miei appuntamenti', url: data.links.myBookingsUrl }
    : undefined
  const change = myBookings
    ? `Se una data non ti va bene, annullala o spostala da “I miei appuntamenti”${phone ? ` o chiamaci al ${phone}` : ''}.`
    : phone
      ? `Se una data non ti va bene, chiamaci al ${phone}.`
      : 'Se una data non ti va bene, rispondi a questa e-mail.'
  const customer = (subject: string, title: string, paragraphs: string[]) => ({
    subject: subjectLine(subject),
    ...layout(brand, title, paragraphs, myBookings, {
      details: withDates(bookingDetails(data, first)),
      footer: salonFooter(data.salon),
    }),
  })
  if (kind === 'CONFIRMED')
    return customer(`${brand} — il tuo appuntamento ricorrente è confermato`, `${words.repeating} confermato`, [
      hello,
      `abbiamo fissato ${n} appuntamenti, ${often}: ti aspettiamo nelle date qui sotto.`,
      'Le trovi tutte anche nel file del calendario allegato.',
      change,
    ])
  if (kind === 'RECEIVED')
    return customer(`${brand} — abbiamo ricevuto il tuo appuntamento ricorrente`, `${words.repeating} ricevuto`, [
      hello,
      `abbiamo ricevuto la tua richiesta per ${n} appuntamenti, ${often}. Il salone li conferma al più presto: ti scriviamo appena sono confermati.`,
    ])
  if (kind === 'MOVED')
    return customer(`${brand} — i tuoi appuntamenti sono stati spostati`, 'Appuntamenti spostati', [
      hello,
      `abbiamo spostato ${n} date del tuo appuntamento ricorrente: ecco i nuovi orari.`,
      change,
    ])
  if (kind === 'CANCELLED')
    return customer(
      `${brand} — i tuoi appuntamenti sono annullati`,
      'Appuntamenti annullati',
      data.byCustomer
        ? [
            hello,
            `come hai chiesto, abbiamo annullato ${n} date del tuo appuntamento ricorrente.`,
            'Speriamo di rivederti presto!',
          ]
        : [
            hello,
            `${n} date del tuo appuntamento ricorrente sono state annullate.`,
            `Ci dispiace per il disagio: prenota un altro orario dal sito${phone ? ` o chiamaci al ${phone}` : ''}.`,
          ],
    )
  const who = [data.customer.name, data.customer.surname]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ')
  if (kind === 'SALON_CANCELLED') {
    const dashboard = data.links.dashboardUrl ? { label: 'Apri nel pannello', url: data.links.dashboardUrl } : undefined
    return {
      subject: subjectLine(`Appuntamenti annullati: ${who}, ${n} date da ${first}`),
      ...layout(
        brand,
        'Appuntamenti annullati dal cliente',
        [`${who} ha annullato ${n} date del suo appuntamento ricorrente. Gli orari sono di nuovo liberi.`],
        dashboard,
        { details: withDates(customerDetails(data, first)), footer: [] },
      ),
    }
  }
  const dashboard = data.links.dashboardUrl ? { label: 'Apri nel pannello', url: data.links.dashboardUrl } : undefined
  return {
    subject: subjectLine(`Nuovo appuntamento ricorrente: ${who}, ${n} date da ${first}`),
    ...layout(
      brand,
      `Nuovo ${words.repeating.toLowerCase()}`,
      [`${who} ha prenotato ${n} appuntamenti, ${often}, a partire da ${first}.`],
      dashboard,
      { details: withDates(customerDetails(data, first)), footer: [] },
    ),
  }
}
