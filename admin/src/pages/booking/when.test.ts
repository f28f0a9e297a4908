import { describe, expect, it } from 'vitest'
import { dayOf, formatWhen, staffBookingDays, timeOf } from './when'

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
