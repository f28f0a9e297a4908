/**
 * The calendar file, parsed back with an independent parser (ical.js): what a calendar app reads
 * must be the reservation's instants, its UID, method and sequence, and the texts escaped.
 * The unit suite runs under TZ=UTC and TZ=Europe/Rome: the output must not depend on the server clock.
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarSequence, type CalendarReservation, type CalendarSalon } from '@salon/shared'
import { reservationIcs, vtimezone, type ReservationIcsInput } from './ics'

const salon: CalendarSalon = {
  name: 'Salone Demo',
  address: 'Via Roma 1, 20121 Milano',
  phone: '+39 02 1234 5678',
  email: 'info@demo.salon',
  timeZone: 'Europe/Rome',
  publicUrl: 'https://salone.example',
}

const reservation: CalendarReservation = {
  id: 42,
  start: '2026-11-24T09:30:00.000Z', // 10:30 in Rome (CET)
  end: '2026-11-24T10:45:00.000Z',
  status: 'CONFIRMED',
  services: ['Taglio donna', 'Piega'],
  operator: 'Giulia Bianchi',
  note: null,
}

const NOW = new Date('2026-11-20T16:05:07.123Z')
const base: ReservationIcsInput = { reservation, salon, method: 'PUBLISH', sequence: 3, now: NOW }

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  return { calendar, vevent, event }
}

const prop = (component: ICAL.Component, name: string) => component.getFirstPropertyValue(name)

describe('reservationIcs', () => {
  it('writes one VCALENDAR with PUBLISH, a VTIMEZONE and one VEVENT with the stable UID and sequence', () => {
    const text = reservationIcs(base)
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true)
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const { calendar, vevent, event } = parse(text)
    expect(prop(calendar, 'version')).toBe('2.0')
    expect(prop(calendar, 'method')).toBe('PUBLISH')
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1)
    expect(prop(calendar.getFirstSubcomponent('vtimezone')!, 'tzid')).toBe('Europe/Rome')
    expect(event.uid).toBe('reservation-42@salone.example')
    expect(event.sequence).toBe(3)
    expect(prop(vevent, 'status')).toBe('CONFIRMED')
  })

  it('DTSTART/DTEND carry TZID=salon zone, local wall clock, and equal the reservation’s instants', () => {
    const text = reservationIcs(base)
    expect(text).toContain('DTSTART;TZID=Europe/Rome:20261124T103000\r\n')
    expect(text).toContain('DTEND;TZID=Europe/Rome:20261124T114500\r\n')
    const { event, vevent } = parse(text)
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Rome')
    expect(event.startDate.zone?.tzid).toBe('Europe/Rome')
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-24T09:30:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T10:45:00.000Z')
  })

  it('DTSTAMP is `now` in UTC (Z), whole seconds', () => {
    const text = reservationIcs(base)
    expect(text).toContain('DTSTAMP:20261120T160507Z\r\n')
    const stamp = parse(text).vevent.getFirstPropertyValue('dtstamp') as ICAL.Time
    expect(stamp.zone?.tzid).toBe('UTC')
    expect(stamp.toJSDate().toISOString()).toBe('2026-11-20T16:05:07.000Z')
  })

  it.each([
    // Spring forward: 02:00 → 03:00. 09:00 local is CEST (+02:00); 01:30 is still CET (+01:00).
    ['2027-03-28T07:00:00.000Z', '2027-03-28T08:30:00.000Z', '20270328T090000', '20270328T103000'],
    ['2027-03-28T00:30:00.000Z', '2027-03-28T01:30:00.000Z', '20270328T013000', '20270328T033000'],
    // Fall back: 03:00 → 02:00. 09:00 local is CET (+01:00) again.
    ['2027-10-31T08:00:00.000Z', '2027-10-31T09:15:00.000Z', '20271031T090000', '20271031T101500'],
    ['2027-10-30T08:00:00.000Z', '2027-10-30T09:00:00.000Z', '20271030T100000', '20271030T110000'],
  ])('DST day: %s–%s is %s–%s in Rome and survives the round trip', (start, end, localStart, localEnd) => {
    const text = reservationIcs({ ...base, reservation: { ...reservation, start, end } })
    expect(text).toContain(`DTSTART;TZID=Europe/Rome:${localStart}\r\n`)
    expect(text).toContain(`DTEND;TZID=Europe/Rome:${localEnd}\r\n`)
    const { event } = parse(text)
    expect(event.startDate.toJSDate().toISOString()).toBe(start)
    expect(event.endDate.toJSDate().toISOString()).toBe(end)
  })

  it('SUMMARY, LOCATION, DESCRIPTION, URL and ORGANIZER in Italian, as the salon', () => {
    const { vevent, event } = parse(reservationIcs(base))
    expect(event.summary).toBe('Taglio donna, Piega — Salone Demo')
    expect(event.location).toBe('Via Roma 1, 20121 Milano')
    expect(event.description.split('\n')).toEqual([
      'Servizi: Taglio donna, Piega',
      'Con: Giulia Bianchi',
      'Stato: Confermata',
      '',
      'Salone Demo',
      'Via Roma 1, 20121 Milano',
      'Tel. +39 02 1234 5678',
      '',
      'I miei appuntamenti: https://salone.example/reserved-area',
    ])
    expect(prop(vevent, 'url')).toBe('https://salone.example/reserved-area')
    const organizer = vevent.getFirstProperty('organizer')!
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:info@demo.salon')
    expect(organizer.getParameter('cn')).toBe('Salone Demo')
  })

  it('escapes commas, semicolons, backslashes and newlines of a note and still reads it back exactly', () => {
    const note = 'Capelli lunghi, mossi; niente lacca\\gel\nArrivo 5 minuti prima,; grazie'
    const text = reservationIcs({ ...base, reservation: { ...reservation, note } })
    const unfolded = text.replace(/\r\n[ \t]/g, '')
    expect(unfolded).toContain(
      'Note: Capelli lunghi\\, mossi\\; niente lacca\\\\gel\\nArrivo 5 minuti prima\\,\\; grazie',
    )
    expect(parse(text).event.description).toContain(`Note: ${note}`)
    // A newline in a note can never start a property of its own.
    const sneaky = reservationIcs({ ...base, reservation: { ...reservation, note: 'x\r\nEND:VEVENT\r\nBEGIN:VEVENT' } })
    expect(sneaky.match(/^BEGIN:VEVENT/gm)).toHaveLength(1)
  })

  it('folds long Italian text at 75 octets without breaking UTF-8, and unfolds to the same text', () => {
    const note = 'è '.repeat(120)
    const text = reservationIcs({ ...base, reservation: { ...reservation, note } })
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
      expect(line).not.toContain('\uFFFD')
    }
    expect(parse(text).event.description).toContain(`Note: ${note.trim()}`)
  })

  it.each([
    ['PENDING', 'TENTATIVE'],
    ['PENDING_PAYMENT', 'TENTATIVE'],
    ['CONFIRMED', 'CONFIRMED'],
    ['CANCELLED', 'CANCELLED'],
    ['REJECTED', 'CANCELLED'],
  ] as const)('STATUS of a %s reservation is %s', (status, expected) => {
    const { vevent } = parse(reservationIcs({ ...base, reservation: { ...reservation, status } }))
    expect(prop(vevent, 'status')).toBe(expected)
  })

  it('REQUEST (booking e-mails): method, the customer as attendee, the salon as organizer', () => {
    const text = reservationIcs({
      ...base,
      method: 'REQUEST',
      sequence: 7,
      attendee: { email: 'cliente@demo.salon', name: 'Maria Rossi' },
    })
    const { calendar, vevent, event } = parse(text)
    expect(prop(calendar, 'method')).toBe('REQUEST')
    expect(event.sequence).toBe(7)
    expect(event.uid).toBe('reservation-42@salone.example')
    const attendee = vevent.getFirstProperty('attendee')!
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe('mailto:cliente@demo.salon')
    expect(attendee.getParameter('cn')).toBe('Maria Rossi')
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED')
  })

  it('CANCEL: method CANCEL and STATUS:CANCELLED whatever the stored status, same UID, higher sequence', () => {
    const first = parse(reservationIcs(base)).event
    const text = reservationIcs({
      ...base,
      method: 'CANCEL',
      sequence: base.sequence + 1,
      attendee: { email: 'cliente@demo.salon' },
    })
    const { calendar, vevent, event } = parse(text)
    expect(prop(calendar, 'method')).toBe('CANCEL')
    expect(prop(vevent, 'status')).toBe('CANCELLED')
    expect(event.uid).toBe(first.uid)
    expect(event.sequence).toBeGreaterThan(first.sequence)
  })

  it('REQUEST and CANCEL refuse to run without an attendee or an organizer e-mail', () => {
    expect(() => reservationIcs({ ...base, method: 'REQUEST' })).toThrow(/attendee/)
    expect(() =>
      reservationIcs({ ...base, method: 'CANCEL', salon: { ...salon, email: null }, attendee: { email: 'a@b.it' } }),
    ).toThrow(/organizer/)
  })

  it('PUBLISH without a salon e-mail leaves ORGANIZER out rather than inventing one', () => {
    const { vevent } = parse(reservationIcs({ ...base, salon: { ...salon, email: '' } }))
    expect(vevent.getFirstProperty('organizer')).toBeNull()
  })

  it('a zone the bundled database does not know falls back to UTC times: still the right instants', () => {
    expect(vtimezone('Europe/Rome')).toContain('TZID:Europe/Rome')
    expect(vtimezone('Mars/Olympus_Mons')).toBeNull()
    const text = reservationIcs({ ...base, salon: { ...salon, timeZone: 'Mars/Olympus_Mons' } })
    expect(text).not.toContain('TZID')
    expect(text).toContain('DTSTART:20261124T093000Z\r\n')
    expect(parse(text).event.startDate.toJSDate().toISOString()).toBe('2026-11-24T09:30:00.000Z')
  })

  it('refuses a bad sequence, an unreadable `now` or an end before the start', () => {
    expect(() => reservationIcs({ ...base, sequence: -1 })).toThrow(/sequence/)
    expect(() => reservationIcs({ ...base, sequence: 1.5 })).toThrow(/sequence/)
    expect(() => reservationIcs({ ...base, now: new Date('nope') })).toThrow(/now/)
    expect(() =>
      reservationIcs({ ...base, reservation: { ...reservation, end: reservation.start as string } }),
    ).toThrow(/end/)
  })

  it("a later change of the reservation gets a higher SEQUENCE (its latest change event's id)", () => {
    const before = parse(reservationIcs({ ...base, sequence: calendarSequence(1041) })).event
    const after = parse(reservationIcs({ ...base, sequence: calendarSequence(1042) })).event
    expect(after.sequence).toBeGreaterThan(before.sequence)
  })
})
