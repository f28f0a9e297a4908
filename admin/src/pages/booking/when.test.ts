import { describe, expect, it } from 'vitest'
import { dayOf, formatListWhen, formatWhen, staffBookingDays, timeOf } from './when'

// These run in TZ=UTC and TZ=Europe/Rome: the answers must be the salon's, never the browser's.
describe('booking times on the salon’s clock', () => {
  it('writes a booking in the salon’s zone, on the DST day too', () => {
    // 29 March 2026: Rome moves to CEST at 02:00, so 08:00Z is 10:00 there and 04:00 in New York.
    expect(formatWhen('2026-03-29T08:00:00Z', '2026-03-29T09:15:00Z', 'it', 'Europe/Rome')).toBe(
      'domenica 29 marzo 2026, 10:00–11:15',
    )
    expect(formatWhen('2026-03-29T08:00:00Z', null, 'en', 'America/New_York')).toBe('Sunday, 29 March 2026, 04:00')
    expect(timeOf('2026-11-23T23:30:00Z', 'it', 'Europe/Rome')).toBe('00:30')
  })

  it('the lists write a start in words, on the salon’s clock whatever the browser’s zone', () => {
    // 18:00Z on 24 December is 19:00 in Rome (CET).
    expect(formatListWhen('2026-12-24T18:00:00Z', 'it', 'Europe/Rome')).toBe('gio 24 dic 2026, 19:00')
    expect(formatListWhen('2026-12-24T18:00:00Z', 'en', 'Europe/Rome')).toBe('Thu 24 Dec 2026, 19:00')
    // Just after midnight in Rome is still the 23rd in UTC: the salon's day counts.
    expect(formatListWhen('2026-11-23T23:30:00Z', 'it', 'Europe/Rome')).toBe('mar 24 nov 2026, 00:30')
    expect(formatListWhen('2026-03-29T08:00:00Z', 'en', 'Europe/Rome')).toBe('Sun 29 Mar 2026, 10:00')
  })

  it('a draft without a time says so', () => {
    expect(formatWhen(null, null, 'it', 'Europe/Rome')).not.toMatch(/\d/)
  })

  it('the day of an instant and the bookable days are the salon’s', () => {
    const lateEvening = new Date('2026-11-23T23:30:00Z') // 00:30 on the 24th in Rome
    expect(dayOf('2026-11-23T23:30:00Z', 'Europe/Rome')).toBe('2026-11-24')
    expect(dayOf('2026-11-23T23:30:00Z', 'UTC')).toBe('2026-11-23')
    expect(dayOf(null, 'Europe/Rome', lateEvening)).toBe('2026-11-24')
    expect(staffBookingDays('Europe/Rome', lateEvening)).toEqual({ min: '2026-11-24', max: '2027-11-24' })
  })
})
