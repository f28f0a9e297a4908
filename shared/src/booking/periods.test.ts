import { describe, expect, it } from 'vitest'
import { compareCounts, previousPeriod, resolvePeriod, startOfLocalDay } from './periods'

describe('report periods', () => {
  it('reads date-only bounds as whole local days in the salon time zone', () => {
    const p = resolvePeriod({ from: '2026-03-01', to: '2026-03-31' }, 'Europe/Rome')
    expect(p.from?.toISOString()).toBe('2026-02-28T23:00:00.000Z')
    // 1 April is already summer time (+02:00).
    expect(p.to?.toISOString()).toBe('2026-03-31T22:00:00.000Z')
  })

  it('keeps explicit instants as they are and leaves missing bounds open', () => {
    const p = resolvePeriod({ from: '2026-05-01T10:00:00Z' }, 'Europe/Rome')
    expect(p.from?.toISOString()).toBe('2026-05-01T10:00:00.000Z')
    expect(p.to).toBeUndefined()
  })

  it('the previous period has the same length and ends where the current starts', () => {
    const current = { from: new Date('2026-05-11T00:00:00Z'), to: new Date('2026-05-18T00:00:00Z') }
    const prev = previousPeriod(current)
    expect(prev.from.toISOString()).toBe('2026-05-04T00:00:00.000Z')
    expect(prev.to.toISOString()).toBe(current.from.toISOString())
  })

  it('compares counts with difference and percentage, null percentage against zero', () => {
    const a = { from: new Date(0), to: new Date(1000) }
    const b = previousPeriod(a)
    expect(compareCounts(a, 15, b, 10)).toMatchObject({ difference: 5, percentage: 50 })
    expect(compareCounts(a, 2, b, 3).percentage).toBe(-33.3)
    expect(compareCounts(a, 4, b, 0).percentage).toBeNull()
  })

  it('local midnight across the DST change is 23:00Z before and 22:00Z after', () => {
    expect(startOfLocalDay('2026-03-28', 'Europe/Rome').toISOString()).toBe('2026-03-27T23:00:00.000Z')
    expect(startOfLocalDay('2026-03-30', 'Europe/Rome').toISOString()).toBe('2026-03-29T22:00:00.000Z')
  })
})

describe('localInstant', () => {
  it('09:00 in Rome is 07:00Z on 2026-03-29 and 08:00Z on 2026-10-25 (DST days)', async () => {
    const { localInstant } = await import('./periods')
    expect(localInstant('2026-03-29', '09:00', 'Europe/Rome').toISOString()).toBe('2026-03-29T07:00:00.000Z')
    expect(localInstant('2026-10-25', '09:00', 'Europe/Rome').toISOString()).toBe('2026-10-25T08:00:00.000Z')
  })
})

describe('calendar days', () => {
  it('reads the local day, adds days across month ends and knows the weekday', async () => {
    const { localDayOf, addCalendarDays, weekdayIndex } = await import('./periods')
    expect(localDayOf(new Date('2026-11-21T23:30:00Z'), 'Europe/Rome')).toBe('2026-11-22')
    expect(localDayOf(new Date('2026-11-21T22:30:00Z'), 'Europe/Rome')).toBe('2026-11-21')
    expect(addCalendarDays('2026-02-27', 2)).toBe('2026-03-01')
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekdayIndex('2026-11-23')).toBe(0) // Monday
    expect(weekdayIndex('2026-11-22')).toBe(6) // Sunday
  })
})
