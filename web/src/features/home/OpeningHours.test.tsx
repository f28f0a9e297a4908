import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OpeningDay } from './api'
import { OpeningHours } from './OpeningHours'

const week: OpeningDay[] = [
  { day_of_week: 'MONDAY', is_closed: true, intervals: [] },
  {
    day_of_week: 'TUESDAY',
    is_closed: false,
    intervals: [
      { opening_time: '09:00', closing_time: '13:00' },
      { opening_time: '14:30', closing_time: '19:00' },
    ],
  },
  { day_of_week: 'WEDNESDAY', is_closed: false, intervals: [{ opening_time: '09:00', closing_time: '19:00' }] },
  { day_of_week: 'SUNDAY', is_closed: true, intervals: [] },
]

// Monday 23:30 UTC is already Tuesday 00:30 in Rome.
const lateMondayUtc = () => new Date('2026-11-23T23:30:00.000Z')

describe('OpeningHours', () => {
  it('lists the week from Monday, with intervals, and "Chiuso" for closed or missing days', () => {
    render(<OpeningHours days={week} timeZone="Europe/Rome" now={lateMondayUtc} />)
    const rows = screen.getAllByRole('row')
    expect(rows.map((r) => r.querySelector('th')!.firstChild!.textContent)).toEqual([
      'Lunedì',
      'Martedì',
      'Mercoledì',
      'Giovedì',
      'Venerdì',
      'Sabato',
      'Domenica',
    ])
    expect(rows[0]).toHaveTextContent('Chiuso')
    expect(rows[1]).toHaveTextContent('09:00–13:00, 14:30–19:00')
    expect(rows[3]).toHaveTextContent('Chiuso')
  })

  it('highlights today in the salon’s time zone, not the device’s', () => {
    render(<OpeningHours days={week} timeZone="Europe/Rome" now={lateMondayUtc} />)
    const today = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current') === 'date')
    expect(today).toHaveLength(1)
    expect(today[0]).toHaveTextContent('MartedìOggi')
    expect(today[0]).toHaveClass('hours__row--today')
  })

  it('the same instant is still Monday in New York', () => {
    render(<OpeningHours days={week} timeZone="America/New_York" now={lateMondayUtc} />)
    const today = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current') === 'date')
    expect(today.map((r) => r.querySelector('th')!.firstChild!.textContent)).toEqual(['Lunedì'])
  })
})
