import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS, type NotificationKind } from '@salon/shared'
import { formatEuro, formatMinutes, formatWhen, reservationMail, type ReservationMailData } from './reservationMails'
import { passwordRecoveryMail } from '../platform'

const data: ReservationMailData = {
  salon: {
    name: 'Salone Demo',
    address: 'Via Roma 1, Milano',
    phone: '+39 02 1234 5678',
    email: 'salone@demo.salon',
    timezone: 'Europe/Rome',
  },
  customer: { name: 'Giulia', surname: 'Rossi', email: 'giulia@example.com', phone: '+39 333 123 4567' },
  reservation: {
    id: 42,
    status: 'CONFIRMED',
    date_start: '2026-12-05T09:30:00.000Z', // sabato 5 dicembre, 10:30 a Roma
    date_end: '2026-12-05T10:45:00.000Z',
    services: [
      { title: 'Taglio donna', price: 25, minutes: 45 },
      { title: 'Piega', price: 20, minutes: 30 },
    ],
    operator: 'Marta',
    total: 45,
    note: null,
  },
  links: { myBookingsUrl: 'https://salone.example/area-riservata' },
}

const WHEN = 'sabato 5 dicembre, 10:30'
const with_ = (patch: Partial<ReservationMailData['reservation']>): ReservationMailData => ({
  ...data,
  reservation: { ...data.reservation, ...patch },
})
/** The HTML's visible words (tags dropped, entities of the escape read back). */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ')

describe('formatting', () => {
  it('dates in Italian in the salon’s zone, whatever the process zone', () => {
    expect(formatWhen('2026-12-05T09:30:00Z', 'Europe/Rome')).toBe(WHEN)
    expect(formatWhen('2026-12-05T09:30:00Z', 'UTC')).toBe('sabato 5 dicembre, 09:30')
    expect(formatWhen(new Date('2026-12-05T23:30:00Z'), 'Europe/Rome')).toBe('domenica 6 dicembre, 00:30')
    expect(() => formatWhen('not a date', 'Europe/Rome')).toThrow(RangeError)
  })

  it('across the daylight-saving changes of 2027 in Rome', () => {
    // Spring, 28 March: 10:00 local is 08:00Z (CEST); the day before 10:00 is 09:00Z (CET).
    expect(formatWhen('2027-03-28T08:00:00Z', 'Europe/Rome')).toBe('domenica 28 marzo, 10:00')
    expect(formatWhen('2027-03-27T09:00:00Z', 'Europe/Rome')).toBe('sabato 27 marzo, 10:00')
    expect(formatWhen('2027-03-28T01:00:00Z', 'Europe/Rome')).toBe('domenica 28 marzo, 03:00')
    // Autumn, 31 October: 10:00 local is 09:00Z (CET); the day before 10:00 is 08:00Z (CEST).
    expect(formatWhen('2027-10-31T09:00:00Z', 'Europe/Rome')).toBe('domenica 31 ottobre, 10:00')
    expect(formatWhen('2027-10-30T08:00:00Z', 'Europe/Rome')).toBe('sabato 30 ottobre, 10:00')
  })

  it('money and durations', () => {
    expect(formatEuro(45)).toBe('45,00 €')
    expect(formatEuro(1234.5)).toBe('1234,50 €')
    expect(formatMinutes(45)).toBe('45 min')
    expect(formatMinutes(60)).toBe('1 h')
    expect(formatMinutes(75)).toBe('1 h 15 min')
  })
})

describe('reservationMail: every kind', () => {
  it('each kind has its own subject, and the text part says what the HTML says', () => {
    const subjects = new Set<string>()
    for (const kind of NOTIFICATION_KINDS) {
      const m = reservationMail(kind, data)
      expect(m.subject, kind).toBeTruthy()
      subjects.add(m.subject)
      expect(m.html, kind).toMatch(/^<!doctype html>/)
      expect(m.html, kind).not.toMatch(/<img/i)
      const words = visible(m.html)
      for (const line of m.text.split('\n').filter(Boolean)) {
        // Every text line appears in the HTML (links written as "Label: url" in text only).
        const [label, ...rest] = line.split(': ')
        expect(words, `${kind}: ${line}`).toContain(rest.length ? rest.join(': ').split('\n')[0]! : label!)
      }
      expect(m.text, kind).toContain(WHEN)
      expect(m.text, kind).toContain('Salone Demo')
    }
    expect(subjects.size).toBe(NOTIFICATION_KINDS.length)
  })

  const customerKinds: NotificationKind[] = [
    'RECEIVED',
    'CONFIRMED',
    'REJECTED',
    'CANCELLED',
    'MOVED',
    'MODIFIED',
    'REMINDER',
  ]
  it('customer mails: greeting, services, operator, price, salon contacts, the bookings button', () => {
    for (const kind of customerKinds) {
      const m = reservationMail(kind, data)
      expect(m.text, kind).toMatch(/^Salone Demo\n/)
      expect(m.text, kind).toContain('Ciao Giulia,')
      expect(m.text, kind).toContain('Servizi: Taglio donna · 45 min · 25,00 €\nPiega · 30 min · 20,00 €')
      expect(m.text, kind).toContain('Con: Marta')
      expect(m.text, kind).toContain('Durata: 1 h 15 min')
      expect(m.text, kind).toContain('Totale: 45,00 €')
      expect(m.text, kind).toContain('Via Roma 1, Milano')
      expect(m.text, kind).toContain('Tel: +39 02 1234 5678')
      expect(m.text, kind).toContain('I miei appuntamenti: https://salone.example/area-riservata')
      expect(m.html, kind).toContain('href="tel:+390212345678"')
      expect(m.html, kind).toContain('href="https://salone.example/area-riservata"')
      // The customer's own contacts are not repeated to them.
      expect(m.text, kind).not.toContain('giulia@example.com')
    }
  })

  it('RECEIVED: the request, still waiting', () => {
    const m = reservationMail('RECEIVED', with_({ status: 'PENDING' }))
    expect(m.subject).toBe('Salone Demo — abbiamo ricevuto la tua prenotazione')
    expect(m.text).toContain(`abbiamo ricevuto la tua richiesta per ${WHEN}`)
    expect(m.text).toContain('Stato: In attesa di conferma')
  })

  it('CONFIRMED: "la tua prenotazione è confermata"', () => {
    const m = reservationMail('CONFIRMED', data)
    expect(m.subject).toBe('Salone Demo — la tua prenotazione è confermata')
    expect(m.text).toContain(`Ciao Giulia,\nla tua prenotazione è confermata: ti aspettiamo ${WHEN}.`)
    expect(m.text).toContain('Stato: Confermata')
    expect(m.text).toContain('o chiamaci al +39 02 1234 5678')
  })

  it('REJECTED and CANCELLED, by the salon or by the customer', () => {
    const rejected = reservationMail('REJECTED', with_({ status: 'REJECTED' }))
    expect(rejected.subject).toBe('Salone Demo — non possiamo confermare la tua prenotazione')
    expect(rejected.text).toContain(`non possiamo accettare la tua richiesta per ${WHEN}`)
    expect(rejected.text).toContain('Stato: Rifiutata')
    const bySalon = reservationMail('CANCELLED', with_({ status: 'CANCELLED' }))
    expect(bySalon.subject).toBe('Salone Demo — la tua prenotazione è annullata')
    expect(bySalon.text).toContain(`il tuo appuntamento di ${WHEN} è stato annullato`)
    expect(bySalon.text).toContain('Stato: Annullata')
    const byThem = reservationMail('CANCELLED', { ...with_({ status: 'CANCELLED' }), byCustomer: true })
    expect(byThem.text).toContain(`come hai chiesto, abbiamo annullato il tuo appuntamento di ${WHEN}`)
  })

  it('MOVED names the new and the old time', () => {
    const m = reservationMail('MOVED', { ...data, previousStart: '2026-12-04T08:00:00Z' })
    expect(m.subject).toBe('Salone Demo — il tuo appuntamento è stato spostato')
    expect(m.text).toContain(`ora è ${WHEN} (prima era venerdì 4 dicembre, 09:00)`)
    expect(reservationMail('MOVED', data).text).toContain(`ora è ${WHEN}.`)
  })

  it('MODIFIED shows the updated facts, the note included', () => {
    const m = reservationMail('MODIFIED', with_({ total: 50, note: 'Portare la foto del colore' }))
    expect(m.subject).toBe('Salone Demo — la tua prenotazione è stata aggiornata')
    expect(m.text).toContain('Totale: 50,00 €')
    expect(m.text).toContain('Note: Portare la foto del colore')
    // The agreed duration as the salon set it, not the services' 45 + 30 minutes.
    expect(m.text).toContain('Durata: 1 h 15 min')
    expect(reservationMail('MODIFIED', with_({ duration: 90 })).text).toContain('Durata: 1 h 30 min')
  })

  it('REMINDER: the time in the subject; a pending booking says so', () => {
    const m = reservationMail('REMINDER', data)
    expect(m.subject).toBe(`Salone Demo — ti aspettiamo ${WHEN}`)
    expect(m.text).toContain(`ti ricordiamo il tuo appuntamento: ${WHEN}.`)
    expect(m.text).not.toContain('ancora')
    expect(reservationMail('REMINDER', with_({ status: 'PENDING' })).text).toContain(
      'La prenotazione è ancora in attesa di conferma.',
    )
  })

  it('"qualsiasi operatore": no operator line; no phone: no tel link, no "chiamaci"', () => {
    const m = reservationMail('CONFIRMED', {
      ...with_({ operator: null }),
      salon: { ...data.salon, phone: null, address: null },
    })
    expect(m.text).not.toContain('Con:')
    expect(m.text).not.toContain('chiamaci')
    expect(m.html).not.toContain('tel:')
    expect(m.text).not.toContain('Dove:')
  })
})

describe('reservationMail: the salon’s mails', () => {
  it('SALON_NEW_BOOKING: who, how to reach them, what, when', () => {
    const m = reservationMail('SALON_NEW_BOOKING', with_({ status: 'PENDING' }))
    expect(m.subject).toBe(`Nuova prenotazione: Giulia Rossi, ${WHEN}`)
    expect(m.text).toContain(`Giulia Rossi ha prenotato per ${WHEN}.`)
    expect(m.text).toContain('È in attesa di conferma: confermala o rifiutala dal pannello.')
    expect(m.text).toContain('Cliente: Giulia Rossi')
    expect(m.text).toContain('Telefono: +39 333 123 4567')
    expect(m.text).toContain('E-mail: giulia@example.com')
    expect(m.html).toContain('href="tel:+393331234567"')
    expect(m.html).toContain('href="mailto:giulia@example.com"')
    expect(m.text).toContain('Con: Marta')
    expect(m.text).not.toContain('Ciao Giulia')
    // The salon's own contacts are not repeated to the salon.
    expect(m.text).not.toContain('Tel: +39 02 1234 5678')
    // No dashboard link given: no button (never the customer's page).
    expect(m.text).not.toContain('I miei appuntamenti')
    expect(reservationMail('SALON_NEW_BOOKING', data).text).toContain('È già confermata.')
  })

  it('SALON_CANCELLED, with the dashboard link when given', () => {
    const m = reservationMail('SALON_CANCELLED', {
      ...with_({ status: 'CANCELLED' }),
      links: { ...data.links, dashboardUrl: 'https://salone.example/dashboard/booking/show/42' },
    })
    expect(m.subject).toBe(`Prenotazione annullata: Giulia Rossi, ${WHEN}`)
    expect(m.text).toContain(`Giulia Rossi ha annullato l’appuntamento di ${WHEN}. L’orario è di nuovo libero.`)
    expect(m.text).toContain('Apri nel pannello: https://salone.example/dashboard/booking/show/42')
    expect(m.html).toContain('href="https://salone.example/dashboard/booking/show/42"')
  })
})

describe('reservationMail: hostile input', () => {
  const evil: ReservationMailData = {
    ...data,
    salon: { ...data.salon, name: 'Salone <b>Demo</b> & Co', address: '"Via" <Roma>' },
    customer: { ...data.customer, name: '<script>alert(1)</script>', surname: 'O’Neil\r\nBcc: x@evil.example' },
    reservation: {
      ...data.reservation,
      services: [{ title: '<img src=x onerror=alert(1)>', price: 25, minutes: 45 }],
      operator: '<i>Marta</i>',
      note: 'a <b>bold</b> "note"',
    },
  }

  it('HTML escapes every value: a customer named <script> is text', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const m = reservationMail(kind, evil)
      expect(m.html, kind).not.toContain('<script>')
      expect(m.html, kind).not.toContain('<img')
      expect(m.html, kind).not.toContain('<i>Marta')
      expect(m.html, kind).not.toContain('<b>')
      expect(m.html, kind).toContain('Salone &#60;b&#62;Demo&#60;/b&#62; &#38; Co')
    }
    expect(reservationMail('CONFIRMED', evil).html).toContain('Ciao &#60;script&#62;alert(1)&#60;/script&#62;,')
    // The plain text keeps the words as written.
    expect(reservationMail('CONFIRMED', evil).text).toContain('Ciao <script>alert(1)</script>,')
  })

  it('a line break in a name cannot add a header to the subject', () => {
    const m = reservationMail('SALON_NEW_BOOKING', evil)
    expect(m.subject).not.toMatch(/[\r\n]/)
    expect(m.subject).toContain('O’Neil Bcc: x@evil.example')
  })

  it('a link that is not http(s), mailto or tel is shown as text, not linked', () => {
    const m = reservationMail('SALON_NEW_BOOKING', {
      ...evil,
      customer: { ...evil.customer, email: 'javascript:alert(1)' },
    })
    expect(m.html).not.toContain('href="mailto:javascript')
  })
})

describe('the account mails keep their layout', () => {
  it('password recovery: same words, no details box, no footer', () => {
    const m = passwordRecoveryMail('Salone Demo', 'Giulia', 'https://salone.example/x')
    expect(m.text).toBe(
      [
        'Salone Demo',
        '',
        'Reimposta la tua password',
        '',
        'Ciao Giulia,',
        'abbiamo ricevuto una richiesta per reimpostare la password del tuo account. Il link vale 60 minuti e si può usare una sola volta.',
        'Se non sei stato tu, ignora questa e-mail: la tua password resta quella di prima.',
        '',
        'Scegli una nuova password: https://salone.example/x',
        '',
      ].join('\n'),
    )
  })
})

describe('a person booked at the desk without an account (issue 24)', () => {
  it('gets no "I miei appuntamenti" button and is asked to call the salon instead', () => {
    const desk = { ...data, links: { myBookingsUrl: null } }
    const mail = reservationMail('CONFIRMED', desk)
    expect(mail.html).not.toContain('I miei appuntamenti')
    expect(mail.text).not.toContain('I miei appuntamenti')
    expect(mail.text).toContain(`chiamaci al ${data.salon.phone}`)
    const withAccount = reservationMail('CONFIRMED', data)
    expect(withAccount.text).toContain('I miei appuntamenti')
  })
})
