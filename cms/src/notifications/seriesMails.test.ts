import { describe, expect, it } from 'vitest'
import { seriesMail } from './seriesMails'
import type { ReservationMailData } from './reservationMails'
import { reservationsIcs } from '../reservations'

const data: ReservationMailData = {
  salon: { name: 'Salone Demo', phone: '+39 02 1234 5678', email: 'salone@demo.salon', timezone: 'Europe/Rome' },
  customer: { name: 'Giulia', surname: 'Rossi', email: 'giulia@example.com' },
  reservation: {
    id: 42,
    status: 'CONFIRMED',
    date_start: '2026-03-14T09:00:00.000Z',
    date_end: '2026-03-14T09:45:00.000Z',
    services: [{ title: 'Ritocco radici', price: 35, minutes: 45 }],
    operator: 'Marta',
    total: 35,
  },
  links: {
    myBookingsUrl: 'https://salone.example/reserved-area',
    dashboardUrl: 'https://salone.example/dashboard/booking/42',
  },
}
// Every four weeks at 10:00 in Rome, across the spring change (29 March).
const dates = ['2026-03-14T09:00:00.000Z', '2026-04-11T08:00:00.000Z', '2026-05-09T08:00:00.000Z']

describe('seriesMail', () => {
  it('one confirmation lists every date at the salon time, how often, and where to change one', () => {
    const mail = seriesMail('CONFIRMED', data, dates, 4)
    expect(mail.subject).toBe('Salone Demo — il tuo appuntamento ricorrente è confermato')
    expect(mail.text).toContain('abbiamo fissato 3 appuntamenti, ogni 4 settimane')
    for (const d of ['sabato 14 marzo, 10:00', 'sabato 11 aprile, 10:00', 'sabato 9 maggio, 10:00'])
      expect(mail.text).toContain(d)
    expect(mail.text).toContain('“I miei appuntamenti”')
  })

  it('a request waiting for the salon says so; the salon gets who and from when', () => {
    expect(
      seriesMail('RECEIVED', { ...data, reservation: { ...data.reservation, status: 'PENDING' } }, dates, 1).text,
    ).toContain('ogni settimana. Il salone li conferma al più presto')
    const salon = seriesMail('SALON_NEW_BOOKING', data, dates, 4)
    expect(salon.subject).toBe('Nuovo appuntamento ricorrente: Giulia Rossi, 3 date da sabato 14 marzo, 10:00')
    expect(salon.text).toContain('https://salone.example/dashboard/booking/42')
    expect(() => seriesMail('REMINDER', data, dates, 4)).toThrow(RangeError)
  })
})

describe('reservationsIcs', () => {
  it('one VEVENT per occurrence, each with its own UID and the salon wall-clock time', () => {
    const ics = reservationsIcs({
      salon: {
        name: 'Salone Demo',
        email: 'salone@demo.salon',
        timeZone: 'Europe/Rome',
        publicUrl: 'https://salone.example',
      },
      method: 'REQUEST',
      now: new Date('2026-03-01T10:00:00Z'),
      attendee: { email: 'giulia@example.com', name: 'Giulia Rossi' },
      events: dates.map((start, i) => ({
        reservation: {
          id: 42 + i,
          start,
          end: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
          status: 'CONFIRMED',
          services: ['Ritocco radici'],
        },
        sequence: i,
      })),
    })
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3)
    expect(new Set(ics.match(/^UID:.*$/gm))).toHaveProperty('size', 3)
    expect(ics.match(/^DTSTART;TZID=Europe\/Rome:\d{8}T100000/gm)).toHaveLength(3)
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics.split('BEGIN:VEVENT').slice(1).join('')).not.toContain('RRULE') // the VTIMEZONE has its own
  })
})

describe('seriesMail for several occurrences cancelled at once', () => {
  it('tells the customer once, in their words or the salon’s; the salon when the customer did it', () => {
    const cancelled = { ...data, reservation: { ...data.reservation, status: 'CANCELLED' as const } }
    const own = seriesMail('CANCELLED', { ...cancelled, byCustomer: true }, dates, 4)
    expect(own.subject).toBe('Salone Demo — i tuoi appuntamenti sono annullati')
    expect(own.text).toContain('come hai chiesto, abbiamo annullato 3 date')
    expect(own.text).toContain('sabato 9 maggio, 10:00')
    expect(seriesMail('CANCELLED', cancelled, dates, 4).text).toContain(
      '3 date del tuo appuntamento ricorrente sono state annullate',
    )
    expect(seriesMail('SALON_CANCELLED', cancelled, dates, 4).subject).toBe(
      'Appuntamenti annullati: Giulia Rossi, 3 date da sabato 14 marzo, 10:00',
    )
  })
})

describe('seriesMail for several occurrences moved at once', () => {
  it('lists the new times once', () => {
    const mail = seriesMail('MOVED', data, dates, 4)
    expect(mail.subject).toBe('Salone Demo — i tuoi appuntamenti sono stati spostati')
    expect(mail.text).toContain('abbiamo spostato 3 date del tuo appuntamento ricorrente')
    expect(mail.text).toContain('sabato 11 aprile, 10:00')
  })
})
