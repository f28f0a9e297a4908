import { RESERVATION_STATUS_LABELS, isWaiting, type NotificationKind, type ReservationStatus } from '@salon/shared'
import { layout, subjectLine, type MailLine } from '../platform'
import { formatDateTime, formatDuration, formatPrice } from '@salon/shared/format'

/**
 * The booking e-mails of issue 12, one per `NotificationKind` (shared/src/booking/notifications.ts
 * decides which go out): Italian, warm and short, the same layout as the account mails. Pure: the
 * mail worker loads the facts, calls `reservationMail`, attaches the calendar file `icsMethodFor`
 * asks for, and sends. Customer mails go to `customer.email`; SALON_* mails to `salon.email`.
 */

export interface ReservationMailService {
  title: string
  /** Euro. */
  price: number
  minutes: number
}

export interface ReservationMailData {
  salon: {
    name: string
    address?: string | null
    phone?: string | null
    /** The salon's own address: where SALON_* mails go (the caller sends them there). */
    email?: string | null
    /** IANA zone (`config.timezone`): every date and time is written in it. */
    timezone: string
  }
  customer: {
    /** How the mail greets them: "Ciao Giulia". */
    name: string
    /** Shown to the salon after the name. */
    surname?: string | null
    email?: string | null
    phone?: string | null
  }
  reservation: {
    id: number
    status: ReservationStatus
    /** ISO-8601 instants (with Z or an offset) or Dates. */
    date_start: string | Date
    date_end: string | Date
    /** In booking order. */
    services: ReservationMailService[]
    /** The operator's name; null for "qualsiasi operatore" (not named). */
    operator: string | null
    /** Euro. */
    total: number
    /** The agreed minutes (a staff edit may differ from the services' sum); else the services' sum. */
    duration?: number | null
    note?: string | null
  }
  links: {
    /**
     * Absolute URL of "I miei appuntamenti" (customer mails' button); null for a person the salon
     * booked at the desk who has no account (issue 24): no button, and "call us" instead.
     */
    myBookingsUrl: string | null
    /** Absolute URL of the booking in the dashboard (the salon mails' button, when given). */
    dashboardUrl?: string | null
  }
  /** The start before a move (MOVED: "prima era …"). */
  previousStart?: string | Date | null
  /** The customer cancelled it themself (CANCELLED: "come hai chiesto"). */
  byCustomer?: boolean
}

export interface ReservationMail {
  subject: string
  html: string
  text: string
}

/** 45 → "45,00 €" (a plain space: mail clients differ on the no-break one). */
export const formatEuro = (value: number) => formatPrice(Number(value) || 0).replace(/\u00a0/g, ' ')

/** 45 → "45 min", 60 → "1 h", 75 → "1 h 15 min" (GLOSSARY "Formats"). */
export const formatMinutes = (minutes: number) => formatDuration(Number(minutes) || 0)

/** An instant in the salon's zone, as the site writes it: "sabato 5 dicembre, 10:30". */
export function formatWhen(value: string | Date, timeZone: string): string {
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a date-time: ${String(value)}`)
  return formatDateTime(d, timeZone)
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

export function salonFooter(salon: ReservationMailData['salon']): MailLine[] {
  const lines: MailLine[] = [{ value: clean(salon.name) }]
  if (clean(salon.address)) lines.push({ value: clean(salon.address) })
  if (clean(salon.phone)) lines.push({ label: 'Tel', value: clean(salon.phone), href: telHref(clean(salon.phone)) })
  return lines
}

/** The appointment's facts, as the customer reads them. */
export function bookingDetails(d: ReservationMailData, when: string): MailLine[] {
  const r = d.reservation
  const lines: MailLine[] = [{ label: 'Quando', value: when }]
  if (r.services.length)
    lines.push({
      label: r.services.length > 1 ? 'Servizi' : 'Servizio',
      value: r.services
        .map((s) => `${clean(s.title)} · ${formatMinutes(s.minutes)} · ${formatEuro(s.price)}`)
        .join('\n'),
    })
  if (clean(r.operator)) lines.push({ label: 'Con', value: clean(r.operator) })
  lines.push({
    label: 'Durata',
    value: formatMinutes(r.duration ?? r.services.reduce((sum, s) => sum + (Number(s.minutes) || 0), 0)),
  })
  lines.push({ label: 'Totale', value: formatEuro(r.total) })
  lines.push({ label: 'Stato', value: RESERVATION_STATUS_LABELS[r.status]?.it ?? '' })
  if (clean(r.note)) lines.push({ label: 'Note', value: (r.note ?? '').trim() })
  return lines
}

/** The customer's facts, for the salon. */
export function customerDetails(d: ReservationMailData, when: string): MailLine[] {
  const c = d.customer
  const lines: MailLine[] = [{ label: 'Cliente', value: [clean(c.name), clean(c.surname)].filter(Boolean).join(' ') }]
  if (clean(c.phone)) lines.push({ label: 'Telefono', value: clean(c.phone), href: telHref(clean(c.phone)) })
  const email = clean(c.email)
  if (email)
    lines.push({
      label: 'E-mail',
      value: email,
      href: /^[^\s@<>"':]+@[^\s@<>"':]+$/.test(email) ? `mailto:${email}` : undefined,
    })
  return [...lines, ...bookingDetails(d, when)]
}

const fullName = (c: ReservationMailData['customer']) => [clean(c.name), clean(c.surname)].filter(Boolean).join(' ')

/**
 * The e-mail of one notification: subject, HTML and the same words as plain text. Throws a
 * RangeError when a date of the reservation cannot be read (a mail with a wrong time is worse than none).
 */
export function reservationMail(kind: NotificationKind, data: ReservationMailData): ReservationMail {
  const brand = clean(data.salon.name) || 'Il tuo salone'
  const tz = data.salon.timezone
  const when = formatWhen(data.reservation.date_start, tz)
  const hello = clean(data.customer.name) ? `Ciao ${clean(data.customer.name)},` : 'Ciao,'
  const myBookings = data.links.myBookingsUrl ? { label: 'I miei appuntamenti', url: data.links.myBookingsUrl } : null
  const details = bookingDetails(data, when)
  const footer = salonFooter(data.salon)
  const phone = clean(data.salon.phone)
  const callUs = phone ? ` o chiamaci al ${phone}` : ''
  /** Where the customer changes the booking: their reserved area, or the salon for a desk client without an account. */
  const changeIt = (verb: string) =>
    myBookings
      ? `${verb} da “I miei appuntamenti”${callUs}.`
      : phone
        ? `chiamaci al ${phone}.`
        : 'rispondi a questa e-mail.'
  const mail = (
    subject: string,
    title: string,
    paragraphs: string[],
    action: { label: string; url: string } | null = myBookings,
    lines = details,
    /** The salon's contacts at the end: for the customer, not for the salon itself. */
    withFooter = true,
  ) => ({
    subject: subjectLine(subject),
    ...layout(brand, title, paragraphs, action ?? undefined, { details: lines, footer: withFooter ? footer : [] }),
  })

  switch (kind) {
    case 'RECEIVED':
      return mail(`${brand} — abbiamo ricevuto la tua prenotazione`, 'Prenotazione ricevuta', [
        hello,
        `abbiamo ricevuto la tua richiesta per ${when}. Il salone la conferma al più presto: ti scriviamo appena è confermata.`,
      ])
    case 'CONFIRMED':
      return mail(`${brand} — la tua prenotazione è confermata`, 'Prenotazione confermata', [
        hello,
        `la tua prenotazione è confermata: ti aspettiamo ${when}.`,
        `Se non puoi venire, ${changeIt('annulla o sposta l’appuntamento')}`,
      ])
    case 'REJECTED':
      return mail(`${brand} — non possiamo confermare la tua prenotazione`, 'Prenotazione non confermata', [
        hello,
        `ci dispiace, non possiamo accettare la tua richiesta per ${when}.`,
        `Scegli un altro orario dal sito${callUs}: troveremo un momento per te.`,
      ])
    case 'CANCELLED':
      return mail(
        `${brand} — la tua prenotazione è annullata`,
        'Prenotazione annullata',
        data.byCustomer
          ? [
              hello,
              `come hai chiesto, abbiamo annullato il tuo appuntamento di ${when}.`,
              'Speriamo di rivederti presto!',
            ]
          : [
              hello,
              `il tuo appuntamento di ${when} è stato annullato.`,
              `Ci dispiace per il disagio: prenota un altro orario dal sito${callUs}.`,
            ],
      )
    case 'MOVED': {
      const before = data.previousStart ? formatWhen(data.previousStart, tz) : null
      return mail(`${brand} — il tuo appuntamento è stato spostato`, 'Appuntamento spostato', [
        hello,
        before
          ? `il tuo appuntamento è stato spostato: ora è ${when} (prima era ${before}).`
          : `il tuo appuntamento è stato aggiornato: ora è ${when}.`,
        `Se il nuovo orario non ti va bene, ${changeIt('cambialo')}`,
      ])
    }
    case 'MODIFIED':
      return mail(`${brand} — la tua prenotazione è stata aggiornata`, 'Prenotazione aggiornata', [
        hello,
        `abbiamo aggiornato la tua prenotazione di ${when}: ecco i dettagli.`,
        `Per qualsiasi dubbio scrivici${callUs}.`,
      ])
    case 'REMINDER': {
      const waiting = isWaiting(data.reservation.status)
      return mail(`${brand} — ti aspettiamo ${when}`, 'Promemoria appuntamento', [
        hello,
        `ti ricordiamo il tuo appuntamento: ${when}.`,
        ...(waiting
          ? [`La prenotazione è ancora ${RESERVATION_STATUS_LABELS[data.reservation.status].it.toLowerCase()}.`]
          : []),
        `Se non puoi venire, ${changeIt('annulla o sposta')}`,
      ])
    }
    case 'SALON_NEW_BOOKING': {
      const waiting = isWaiting(data.reservation.status)
      const dashboard = data.links.dashboardUrl ? { label: 'Apri nel pannello', url: data.links.dashboardUrl } : null
      return mail(
        `Nuova prenotazione: ${fullName(data.customer)}, ${when}`,
        'Nuova prenotazione',
        [
          `${fullName(data.customer)} ha prenotato per ${when}.`,
          waiting ? 'È in attesa di conferma: confermala o rifiutala dal pannello.' : 'È già confermata.',
        ],
        dashboard,
        customerDetails(data, when),
        false,
      )
    }
    case 'SALON_CANCELLED': {
      const dashboard = data.links.dashboardUrl ? { label: 'Apri nel pannello', url: data.links.dashboardUrl } : null
      return mail(
        `Prenotazione annullata: ${fullName(data.customer)}, ${when}`,
        'Prenotazione annullata dal cliente',
        [`${fullName(data.customer)} ha annullato l’appuntamento di ${when}. L’orario è di nuovo libero.`],
        dashboard,
        customerDetails(data, when),
        false,
      )
    }
  }
}
