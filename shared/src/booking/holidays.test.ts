import { describe, expect, it } from 'vitest'
import { upcomingHolidays } from './holidays'

describe('upcomingHolidays', () => {
  const list = [
    { id: 1, name: 'Natale', date: '2020-12-25T00:00:00.000Z', recurring_yearly: true, is_active: true },
    { id: 2, name: 'Capodanno', date: '2021-01-01T00:00:00.000Z', recurring_yearly: true, is_active: true },
    { id: 3, name: 'Ponte', date: '2026-12-07T00:00:00.000Z', recurring_yearly: false, is_active: true },
    { id: 4, name: 'Passato', date: '2026-11-01T00:00:00.000Z', recurring_yearly: false, is_active: true },
    { id: 5, name: 'Spento', date: '2026-12-08T00:00:00.000Z', recurring_yearly: false, is_active: false },
    { id: 6, name: 'Lontano', date: '2028-05-01T00:00:00.000Z', recurring_yearly: false, is_active: true },
    { id: 7, name: 'Bisestile', date: '2024-02-29T00:00:00.000Z', recurring_yearly: true, is_active: true },
    { id: 8, name: 'Rotto', date: 'not a date', recurring_yearly: false, is_active: true },
  ]

  it('active, from today, yearly ones on their next date, in date order, within the horizon', () => {
    expect(upcomingHolidays(list, '2026-11-23')).toEqual([
      { id: 3, name: 'Ponte', date: '2026-12-07', recurring_yearly: false },
      { id: 1, name: 'Natale', date: '2026-12-25', recurring_yearly: true },
      { id: 2, name: 'Capodanno', date: '2027-01-01', recurring_yearly: true },
    ])
  })

  it('today counts; a yearly one already past this year moves to the next', () => {
    expect(upcomingHolidays(list, '2026-12-25').map((h) => [h.name, h.date])).toEqual([
      ['Natale', '2026-12-25'],
      ['Capodanno', '2027-01-01'],
    ])
    expect(upcomingHolidays(list, '2026-12-26').map((h) => h.date)).toEqual(['2027-01-01', '2027-12-25'])
  })

  it('29 February only in a leap year, when that is within the horizon', () => {
    expect(upcomingHolidays(list, '2027-06-01').map((h) => h.name)).toContain('Bisestile')
    expect(upcomingHolidays(list, '2027-06-01').find((h) => h.name === 'Bisestile')!.date).toBe('2028-02-29')
    expect(upcomingHolidays(list, '2026-11-23').map((h) => h.name)).not.toContain('Bisestile')
  })
})
