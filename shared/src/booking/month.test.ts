import { describe, expect, it } from 'vitest'
import { daysWithSlots } from './month'
import { daySlots } from './slots'
import { busySalon, calendar, everyDay, service, settings } from './test-fixtures'

const base = {
  services: [service(1, 30)],
  operator: 'any' as const,
  reservations: [],
  now: Date.parse('2026-05-10T10:00:00Z'), // Sunday 10 May, 12:00 in Rome
}

describe('daysWithSlots', () => {
  it('lists the bookable days of the month: from today, within the horizon, open, not on holiday', () => {
    const opening = everyDay(['09:00', '13:00']).map((d) =>
      d.day_of_week === 'SUNDAY' ? { ...d, is_closed: true } : d,
    )
    const cal = calendar({
      opening,
      settings: settings({ bookingHorizonDays: 14, minNoticeMinutes: 60 }),
      holidays: [{ date: '2026-05-14T12:00:00.000Z', is_active: true }],
      closures: [
        {
          closure_type: 'FULL_DAY',
          start_date: '2026-05-19T12:00:00Z',
          end_date: '2026-05-20T12:00:00Z',
          is_active: true,
        },
      ],
    })
    expect(daysWithSlots({ ...base, calendar: cal, month: '2026-05' })).toEqual([
      '2026-05-11',
      '2026-05-12',
      '2026-05-13',
      '2026-05-15',
      '2026-05-16',
      '2026-05-18',
      '2026-05-21',
      '2026-05-22',
      '2026-05-23',
    ])
    // Today (Sunday) is closed anyway; a past month has nothing; June is beyond the horizon.
    expect(daysWithSlots({ ...base, calendar: cal, month: '2026-04' })).toEqual([])
    expect(daysWithSlots({ ...base, calendar: cal, month: '2026-06' })).toEqual([])
  })

  it('today counts only if a slot is still ahead after the notice', () => {
    const cal = calendar({ opening: everyDay(['09:00', '13:00']) })
    const at = (iso: string) => daysWithSlots({ ...base, calendar: cal, month: '2026-05', now: Date.parse(iso) })[0]
    expect(at('2026-05-10T09:00:00Z')).toBe('2026-05-10') // 11:00 local: 12:00 + 30 min still fits
    expect(at('2026-05-10T09:31:00Z')).toBe('2026-05-11')
  })

  it('a fully booked day disappears', () => {
    const cal = calendar({ opening: everyDay(['09:00', '10:00']), operators: [{ id: 1 }] })
    const booked = [
      {
        operator: 1,
        date_start: '2026-05-12T07:00:00Z',
        date_end: '2026-05-12T08:00:00Z',
        status: 'CONFIRMED' as const,
        createdAt: '2026-05-01T00:00:00Z',
      },
    ]
    const days = daysWithSlots({ ...base, calendar: cal, reservations: booked, month: '2026-05' })
    expect(days).toContain('2026-05-11')
    expect(days).not.toContain('2026-05-12')
  })

  it('matches daySlots day by day on a busy salon', () => {
    const s = busySalon()
    const month = daysWithSlots({ ...s, services: [service(1, 45)], operator: 'any', month: '2026-05' })
    const expected = Array.from({ length: 31 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}`).filter(
      (day) => daySlots({ ...s, services: [service(1, 45)], operator: 'any', day }).length > 0,
    )
    expect(month).toEqual(expected)
    expect(month).not.toContain('2026-05-01') // yearly holiday
    expect(month).not.toContain('2026-05-03') // Sunday
  })

  it('returns [] for a malformed month or invalid services', () => {
    expect(daysWithSlots({ ...base, calendar: calendar(), month: '2026-13' })).toEqual([])
    expect(daysWithSlots({ ...base, calendar: calendar(), month: '2026-5' })).toEqual([])
    expect(daysWithSlots({ ...base, calendar: calendar(), services: [], month: '2026-05' })).toEqual([])
  })
})

describe('performance (generous bounds; see slots.bench.ts for real figures)', () => {
  it('a month for 5 operators with 50 reservations a day takes well under 200 ms', () => {
    const s = busySalon()
    const q = { ...s, services: [service(1, 30), service(2, 15)], operator: 'any' as const, month: '2026-05' }
    daysWithSlots(q) // warm up
    const t0 = performance.now()
    for (let i = 0; i < 5; i++) daysWithSlots(q)
    expect((performance.now() - t0) / 5).toBeLessThan(200)
  })

  it('one day for 5 operators with 50 reservations takes well under 50 ms', () => {
    const s = busySalon()
    const q = { ...s, services: [service(1, 30)], operator: 'any' as const, day: '2026-05-12' }
    daySlots(q)
    const t0 = performance.now()
    for (let i = 0; i < 20; i++) daySlots(q)
    expect((performance.now() - t0) / 20).toBeLessThan(50)
  })
})
