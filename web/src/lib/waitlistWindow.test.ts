import { describe, expect, it } from 'vitest'
import type { OpeningDay } from '@salon/shared/booking/types'
import { opensOn, windowPresets } from './waitlistWindow'

const opening: OpeningDay[] = [
  { day_of_week: 'TUESDAY', is_closed: false, intervals: [{ opening_time: '09:00', closing_time: '19:00' }] },
  {
    day_of_week: 'SATURDAY',
    is_closed: false,
    intervals: [
      { opening_time: '08:30:00', closing_time: '12:30:00' },
      { opening_time: '14:00:00', closing_time: '18:00:00' },
    ],
  },
  { day_of_week: 'SUNDAY', is_closed: true, intervals: [] },
]
// 2026-12-01 is a Tuesday, 2026-12-05 a Saturday, 2026-12-06 a Sunday, 2026-12-07 a Monday (no row).

describe('windowPresets', () => {
  it('splits an open day at 13:00 into Mattina and Pomeriggio, Tutto il giorno open to close', () => {
    expect(windowPresets(['2026-12-01'], opening)).toEqual({
      allDay: { from: '09:00', to: '19:00' },
      morning: { from: '09:00', to: '13:00' },
      afternoon: { from: '13:00', to: '19:00' },
    })
  })

  it('a morning that closes before 13:00 ends at its closing; several days span the earliest and the latest', () => {
    expect(windowPresets(['2026-12-05'], opening)).toEqual({
      allDay: { from: '08:30', to: '18:00' },
      morning: { from: '08:30', to: '13:00' },
      afternoon: { from: '13:00', to: '18:00' },
    })
    expect(windowPresets(['2026-12-01', '2026-12-05'], opening).allDay).toEqual({ from: '08:30', to: '19:00' })
  })

  it('offers no preset when every day is closed, and ignores closed days among open ones', () => {
    expect(windowPresets(['2026-12-06', '2026-12-07'], opening)).toEqual({})
    expect(windowPresets(['2026-12-06', '2026-12-01'], opening).allDay).toEqual({ from: '09:00', to: '19:00' })
  })

  it('a salon open only in the afternoon has no Mattina', () => {
    const late: OpeningDay[] = [
      { day_of_week: 'TUESDAY', is_closed: false, intervals: [{ opening_time: '14:00', closing_time: '20:00' }] },
    ]
    expect(windowPresets(['2026-12-01'], late)).toEqual({
      allDay: { from: '14:00', to: '20:00' },
      afternoon: { from: '14:00', to: '20:00' },
    })
  })
})

describe('opensOn', () => {
  it('is true on a weekday with hours, false on a closed or missing one', () => {
    expect(opensOn('2026-12-01', opening)).toBe(true)
    expect(opensOn('2026-12-06', opening)).toBe(false)
    expect(opensOn('2026-12-07', opening)).toBe(false)
  })
})
