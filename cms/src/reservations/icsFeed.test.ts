/**
 * The operator's feed, parsed back with an independent parser (ical.js): a subscription calendar
 * (PUBLISH, name, refresh hint, VTIMEZONE) whose events are the bookings' own (UID, SEQUENCE,
 * times — on the DST days too), texts escaped, and no customer e-mail anywhere.
 * The unit suite runs under TZ=UTC and TZ=Europe/Rome: the output must not depend on the server clock.
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarSequence, type CalendarSalon } from '@salon/shared'
import {
  feedName,
  isAmbiguousLocalTime,
  operatorFeedIcs,
  type FeedReservation,
  type OperatorFeedInput,
} from './icsFeed'
import { reservationIcs } from './ics'

const salon: CalendarSalon = {
  name: 'Salone Demo',
  address: 'Via Roma 1, 20121 Milano',
  phone: '+39 02 1234 5678',
  email: 'info@demo.salon',
  timeZone: 'Europe/Rome',
  publicUrl: 'https://salone.example',
}

const NOW = new Date('2026-11-23T06:10:00.000Z')

const booking = (id: number, start: string, end: string, more: Partial<FeedReservation> = {}): FeedReservation => ({
  id,
  start,
  end,
  status: 'CONFIRMED',
  services: ['Taglio donna'],
  operator: 'Giulia Bianchi',
  note: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastChange: 1000 + id,
  customer: { name: 'Ada Rossi', phone: '+39 333 111 2222' },
  ...more,
})

const base: OperatorFeedInput = {
  salon,
  operatorName: 'Giulia Bianchi',
  now: NOW,
  reservations: [
    booking(1, '2026-11-24T09:30:00.000Z', '2026-11-24T10:30:00.000Z'),
    // 2027-03-28: Rome moves from +01 to +02 at 02:00 local (01:00Z).
    booking(2, '2027-03-28T00:30:00.000Z', '2027-03-28T01:30:00.000Z', { status: 'PENDING' }),
    booking(3, '2027-03-28T08:00:00.000Z', '2027-03-28T09:00:00.000Z'),
    // 2027-10-31: back from +02 to +01 at 03:00 local (01:00Z); 02:30 local happens twice.
    booking(4, '2027-10-31T00:30:00.000Z', '2027-10-31T01:30:00.000Z'),
    booking(5, '2027-10-31T09:00:00.000Z', '2027-10-31T10:00:00.000Z'),
  ],
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({ vevent: v, event: new ICAL.Event(v) }))
  return { calendar, events }
}

const iso = (t: ICAL.Time) => t.toJSDate().toISOString()

describe('operatorFeedIcs', () => {
  it('is a PUBLISH subscription named "<salon> — <operator>" with a refresh hint and one VTIMEZONE', () => {
    const text = operatorFeedIcs(base)
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const { calendar, events } = parse(text)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Salone Demo — Giulia Bianchi')
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Rome')
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n')
    expect(text).toContain('\r\nX-PUBLISHED-TTL:PT15M\r\n')
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual([
      'Europe/Rome',
    ])
    expect(events).toHaveLength(5)
    // Every event in the salon's zone but the one at 02:30 on the fall-back night (see the DST test).
    const zones = events.map(({ vevent }) => vevent.getFirstProperty('dtstart')!.getParameter('tzid') ?? 'UTC')
    expect(zones).toEqual(['Europe/Rome', 'Europe/Rome', 'Europe/Rome', 'UTC', 'Europe/Rome'])
  })

  it('each event has the booking’s UID, SEQUENCE and times — the same as its own calendar file', () => {
    const { events } = parse(operatorFeedIcs(base))
    for (const [i, { event, vevent }] of events.entries()) {
      const r = base.reservations[i]!
      expect(event.uid).toBe(`reservation-${r.id}@salone.example`)
      expect(event.sequence).toBe(calendarSequence(r.lastChange))
      expect(iso(event.startDate)).toBe(new Date(r.start).toISOString())
      expect(iso(event.endDate)).toBe(new Date(r.end).toISOString())
      const single = new ICAL.Event(
        new ICAL.Component(
          ICAL.parse(
            reservationIcs({
              reservation: r,
              salon,
              method: 'PUBLISH',
              sequence: calendarSequence(r.lastChange),
              now: NOW,
            }),
          ),
        ).getFirstSubcomponent('vevent')!,
      )
      expect(event.uid).toBe(single.uid)
      expect(event.sequence).toBe(single.sequence)
      expect(event.location).toBe(single.location)
      // The booking's own description, after the customer's lines.
      expect(event.description.endsWith(single.description)).toBe(true)
      expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2026-11-23T06:10:00Z')
    }
  })

  it('writes the salon’s wall clock on the DST days (2027-03-28, 2027-10-31 in Rome)', () => {
    const text = operatorFeedIcs(base)
    expect(text).toContain('DTSTART;TZID=Europe/Rome:20270328T013000') // +01, before the change
    expect(text).toContain('DTSTART;TZID=Europe/Rome:20270328T100000') // +02, after
    expect(text).toContain('DTEND;TZID=Europe/Rome:20270328T033000') // 01:30Z = 03:30 CEST
    // 00:30Z = 02:30 CEST, a wall time the fall-back shows twice: written in UTC, which no parser misreads.
    expect(text).toContain('DTSTART:20271031T003000Z')
    expect(text).toContain('DTEND:20271031T013000Z')
    expect(text).toContain('DTSTART;TZID=Europe/Rome:20271031T100000') // 09:00Z = 10:00 CET
    const { events } = parse(text)
    const byId = new Map(events.map(({ event }) => [event.uid, event]))
    const e = (id: number) => byId.get(`reservation-${id}@salone.example`)!
    expect(iso(e(2).startDate)).toBe('2027-03-28T00:30:00.000Z')
    expect(iso(e(2).endDate)).toBe('2027-03-28T01:30:00.000Z')
    expect(iso(e(3).startDate)).toBe('2027-03-28T08:00:00.000Z')
    expect(iso(e(5).startDate)).toBe('2027-10-31T09:00:00.000Z')
    expect(iso(e(4).startDate)).toBe('2027-10-31T00:30:00.000Z')
    expect(iso(e(4).endDate)).toBe('2027-10-31T01:30:00.000Z')
  })

  it('the summary says who first; status in Italian; statuses map to TENTATIVE/CONFIRMED', () => {
    const { events } = parse(operatorFeedIcs(base))
    const [first, second] = events
    expect(first!.event.summary).toBe('Ada Rossi: Taglio donna — Salone Demo')
    expect(first!.event.description).toMatch(
      /^Cliente: Ada Rossi\nTel\. cliente: \+39 333 111 2222\nServizio: Taglio donna\n/,
    )
    expect(first!.event.description).toContain('Stato: Confermata')
    expect(first!.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(second!.event.description).toContain('Stato: In attesa di conferma')
    expect(second!.vevent.getFirstPropertyValue('status')).toBe('TENTATIVE')
    expect(second!.event.description).not.toMatch(/PENDING|CONFIRMED/)
  })

  it('escapes commas, semicolons and newlines in names, services and notes, and reads them back whole', () => {
    const tricky = booking(9, '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z', {
      services: ['Taglio, corto; sfumato'],
      note: 'Capelli lunghi, mossi; niente lacca\nGrazie!\\fine',
      customer: { name: 'Rossi; Ada, detta "Adi"', phone: null },
    })
    const text = operatorFeedIcs({
      ...base,
      salon: { ...salon, name: 'Salone, Bello; Demo' },
      operatorName: 'Giulia, B.',
      reservations: [tricky],
    })
    expect(text.replace(/\r\n /g, '')).toContain('Note: Capelli lunghi\\, mossi\\; niente lacca\\nGrazie!\\\\fine')
    const { calendar, events } = parse(text)
    expect(events).toHaveLength(1)
    const { event } = events[0]!
    expect(event.summary).toBe('Rossi; Ada, detta "Adi": Taglio, corto; sfumato — Salone, Bello; Demo')
    expect(event.description).toContain('Cliente: Rossi; Ada, detta "Adi"\n')
    expect(event.description).toContain('Note: Capelli lunghi, mossi; niente lacca\nGrazie!\\fine\n')
    expect(event.description).not.toContain('Tel. cliente')
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toContain('Giulia, B.')
  })

  it('never writes an e-mail address: no ORGANIZER, no ATTENDEE, no mailto', () => {
    const lines = operatorFeedIcs(base)
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n') // unfolded
    expect(lines.join('\n')).not.toMatch(/ORGANIZER|ATTENDEE|mailto:/i)
    // The only "@" is the UID's (reservation-<id>@<host>), not an address.
    expect(lines.filter((l) => l.includes('@')).every((l) => /^UID:reservation-\d+@salone\.example$/.test(l))).toBe(
      true,
    )
  })

  it('an empty feed is still a valid calendar; UTC times when the zone is unknown', () => {
    const empty = parse(operatorFeedIcs({ ...base, reservations: [] }))
    expect(empty.events).toHaveLength(0)
    expect(empty.calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    const text = operatorFeedIcs({
      ...base,
      salon: { ...salon, timeZone: 'Mars/Olympus' },
      reservations: [base.reservations[0]!],
    })
    expect(text).toContain('DTSTART:20261124T093000Z')
    expect(text).not.toContain('VTIMEZONE')
  })

  it('knows the wall times a fall-back shows twice (Rome, 2027-10-31 02:00–02:59)', () => {
    const ambiguous = (iso: string) => isAmbiguousLocalTime(new Date(iso), 'Europe/Rome')
    expect(ambiguous('2027-10-31T00:00:00Z')).toBe(true) // 02:00 CEST
    expect(ambiguous('2027-10-31T01:59:00Z')).toBe(true) // 02:59 CET
    expect(ambiguous('2027-10-31T02:00:00Z')).toBe(false) // 03:00 CET
    expect(ambiguous('2027-10-30T23:59:00Z')).toBe(false) // 01:59 CEST
    expect(ambiguous('2027-03-28T01:00:00Z')).toBe(false) // 03:00 CEST, after the gap
    expect(ambiguous('2026-11-24T09:30:00Z')).toBe(false)
  })

  it('refuses a bad clock or refresh interval; names fall back sensibly', () => {
    expect(() => operatorFeedIcs({ ...base, now: new Date('x') })).toThrow(RangeError)
    expect(() => operatorFeedIcs({ ...base, refreshSeconds: 0 })).toThrow(RangeError)
    expect(feedName({ name: '' }, 'Giulia')).toBe('Giulia')
    expect(feedName({ name: ' ' }, ' ')).toBe('Appuntamenti')
  })

  it('shows the operator’s leave as busy events named by their kind, with their own UID; an edit raises SEQUENCE', () => {
    const leave = {
      id: 7,
      kind: 'ANNUAL' as const,
      start: new Date('2026-12-01T23:00:00.000Z'),
      end: new Date('2026-12-03T23:00:00.000Z'),
      note: 'Vacanza',
      updatedAt: new Date('2026-11-20T10:00:00.000Z'),
    }
    const { events } = parse(operatorFeedIcs({ ...base, reservations: [], leave: [leave] }))
    expect(events).toHaveLength(1)
    const { event, vevent } = events[0]!
    expect(event.uid).toBe('leave-7@salone.example')
    expect(event.summary).toBe('Ferie')
    expect(event.description).toBe('Vacanza')
    expect(iso(event.startDate)).toBe('2026-12-01T23:00:00.000Z')
    expect(iso(event.endDate)).toBe('2026-12-03T23:00:00.000Z')
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    const edited = parse(
      operatorFeedIcs({
        ...base,
        reservations: [],
        leave: [{ ...leave, updatedAt: new Date('2026-11-21T10:00:00Z') }],
      }),
    ).events[0]!.event
    expect(edited.sequence).toBeGreaterThan(event.sequence)
  })
})
