import { describe, expect, it } from 'vitest'
import { firstFreeDay } from './firstFree'
import { daysWithSlots } from './month'
import { bookableDays, daySlots } from './slots'
import { busySalon, calendar, everyDay, reservation, service, settings } from './test-fixtures'

const base = {
  services: [service(1, 30)],
  operator: 'any' as const,
  reservations: [],
  now: Date.parse('2026-05-10T10:00:00Z'), // Sunday 10 May, 12:00 in Rome
}

describe('firstFreeDay', () => {
  const opening = everyDay(['09:00', '13:00']).map((d) => (d.day_of_week === 'SUNDAY' ? { ...d, is_closed: true } : d))
  const cal = calendar({
    opening,
    settings: settings({ bookingHorizonDays: 14, minNoticeMinutes: 60 }),
    holidays: [{ date: '2026-05-11T12:00:00.000Z', is_active: true }],
  })

  it('skips a closed day and a holiday: the first day the month lists, with the day’s own slots', () => {
    const found = firstFreeDay({ ...base, calendar: cal, from: '2026-05-10' })
    const month = daysWithSlots({ ...base, calendar: cal, month: '2026-05' })
    expect(found.day).toBe('2026-05-12') // Sunday closed, Monday 11 a holiday
    expect(found.day).toBe(month[0])
    expect(found.slots).toEqual(daySlots({ ...base, calendar: cal, day: '2026-05-12' }))
    expect(found.slots.length).toBeGreaterThan(0)
  })

  it('starts from `from`, never before today, and stops at the horizon', () => {
    expect(firstFreeDay({ ...base, calendar: cal, from: '2026-05-16' }).day).toBe('2026-05-16')
    expect(firstFreeDay({ ...base, calendar: cal, from: '2026-01-01' }).day).toBe('2026-05-12')
    // 24 May is the last bookable day (14 days) and a Sunday: nothing from there on.
    expect(firstFreeDay({ ...base, calendar: cal, from: '2026-05-24' })).toEqual({ day: null, slots: [] })
    expect(firstFreeDay({ ...base, calendar: cal, from: '2026-05-12', to: '2026-05-11' }).day).toBeNull()
  })

  it('skips a fully booked day', () => {
    const one = calendar({ opening: everyDay(['09:00', '10:00']), operators: [{ id: 1 }] })
    const booked = [reservation(1, '2026-05-11T07:00:00Z', '2026-05-11T08:00:00Z')]
    const q = { ...base, calendar: one, reservations: booked, now: Date.parse('2026-05-10T20:00:00Z') }
    expect(firstFreeDay({ ...q, from: '2026-05-11' }).day).toBe('2026-05-12')
    expect(firstFreeDay({ ...q, reservations: [], from: '2026-05-11' }).day).toBe('2026-05-11')
  })

  it('agrees with the month and day reads on a busy salon', () => {
    const salon = busySalon()
    const q = { services: [service(1, 45)], operator: 'any' as const, ...salon }
    const month = new Date(salon.now).toISOString().slice(0, 7)
    const first = daysWithSlots({ ...q, month })[0]
    const found = firstFreeDay({ ...q, from: '2000-01-01' })
    expect(first).toBeDefined()
    expect(found.day).toBe(first)
    expect(found.slots).toEqual(daySlots({ ...q, day: first! }))
  })
})

describe('bookableDays', () => {
  it('counts the horizon from today in the salon’s zone, both ends included', () => {
    // 23:30 UTC on 9 May is already 10 May in Rome.
    const late = new Date('2026-05-09T23:30:00Z')
    expect(bookableDays(late, { timezone: 'Europe/Rome', bookingHorizonDays: 14 })).toEqual({
      today: '2026-05-10',
      lastBookableDay: '2026-05-24',
    })
    expect(bookableDays(late, { timezone: 'UTC', bookingHorizonDays: '0' })).toEqual({
      today: '2026-05-09',
      lastBookableDay: '2026-05-09',
    })
  })
})
