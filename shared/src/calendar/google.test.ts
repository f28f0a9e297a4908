import { describe, expect, it } from 'vitest'
import { googleCalendarUrl, googleDate } from './google'
import { eventDescription } from './event'
import { booking, salon } from './test-fixtures'

describe('googleCalendarUrl', () => {
  const url = new URL(googleCalendarUrl(booking, salon))

  it('is Google Calendar’s event template with every field', () => {
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect([...url.searchParams.keys()]).toEqual(['action', 'text', 'dates', 'details', 'location', 'ctz'])
    expect(url.searchParams.get('action')).toBe('TEMPLATE')
    expect(url.searchParams.get('ctz')).toBe('Europe/Rome')
  })

  it('carries the instants in UTC, equal to the reservation’s', () => {
    expect(url.searchParams.get('dates')).toBe('20270328T080000Z/20270328T091500Z')
    // …and on the autumn day (CET again, +01:00).
    const autumn = new URL(
      googleCalendarUrl({ ...booking, start: '2027-10-31T10:00:00+01:00', end: '2027-10-31T10:30:00+01:00' }, salon),
    )
    expect(autumn.searchParams.get('dates')).toBe('20271031T090000Z/20271031T093000Z')
  })

  it('round-trips title, description and place through the query string exactly', () => {
    expect(url.searchParams.get('text')).toBe('Taglio donna, Piega — Salone Demo')
    expect(url.searchParams.get('location')).toBe('Via Roma 1, 20121 Milano')
    const details = url.searchParams.get('details')!
    expect(details).toBe(eventDescription(booking, salon))
    expect(details).toContain('Note: Capelli lunghi; niente lacca, grazie\nArrivo 5 minuti prima')
    expect(details).toContain('I miei appuntamenti: https://salone.example:8443/reserved-area')
  })

  it('encodes characters that would break the query (&, #, +, =)', () => {
    const raw = googleCalendarUrl({ ...booking, services: ['Taglio & piega #1 + colore = top'] }, salon)
    expect(raw).not.toMatch(/&(?!(action|text|dates|details|location|ctz)=)/)
    expect(new URL(raw).searchParams.get('text')).toBe('Taglio & piega #1 + colore = top — Salone Demo')
  })

  it('uses the salon name as the place when no address is set', () => {
    const u = new URL(googleCalendarUrl(booking, { ...salon, address: null }))
    expect(u.searchParams.get('location')).toBe('Salone Demo')
  })

  it('refuses an unreadable or inverted time rather than linking a wrong one', () => {
    expect(() => googleCalendarUrl({ ...booking, start: 'not a date' }, salon)).toThrow(/start/)
    expect(() => googleCalendarUrl({ ...booking, end: booking.start }, salon)).toThrow(/end/)
  })

  it('googleDate drops separators and milliseconds', () => {
    expect(googleDate(new Date('2026-11-24T09:30:00.123Z'))).toBe('20261124T093000Z')
  })
})
