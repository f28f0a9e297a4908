import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SalonConfig } from './api'
import { WhenStep } from './WhenStep'

const api = vi.hoisted(() => ({ fetchMonthDays: vi.fn(), fetchDaySlots: vi.fn() }))
vi.mock('./api', () => api)

const config = { timezone: 'Europe/Rome', bookingHorizonDays: 90 } as SalonConfig
const choice = { services: [4, 1], operator: 'any' as const }

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') })
  api.fetchMonthDays.mockReset()
  api.fetchDaySlots.mockReset()
})

describe('WhenStep', () => {
  it('"Primo giorno disponibile" looks ahead month by month and picks the first free day', async () => {
    api.fetchMonthDays.mockImplementation(async (month: string) =>
      month === '2027-01' ? ['2027-01-12', '2027-01-13'] : [],
    )
    const onDay = vi.fn()
    render(<WhenStep choice={choice} config={config} onDay={onDay} onTime={() => {}} />)
    expect(await screen.findByText('Nessun giorno libero in questo mese.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Primo giorno disponibile' }))
    expect(onDay).toHaveBeenCalledWith('2027-01-12')
    expect(await screen.findByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
    // The calendar's own month, then the search from this month on, then the calendar shows January.
    expect(api.fetchMonthDays.mock.calls.map((c) => c[0])).toEqual([
      '2026-11',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-01',
    ])
    expect(await screen.findByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
  })

  it('shows the day’s free times in the salon’s zone, grouped Mattina / Pomeriggio', async () => {
    api.fetchMonthDays.mockResolvedValue(['2026-11-24'])
    api.fetchDaySlots.mockResolvedValue([
      { start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T09:15:00.000Z', operators: [1] },
      { start: '2026-11-24T11:45:00.000Z', end: '2026-11-24T13:00:00.000Z', operators: [1] },
      { start: '2026-11-24T13:30:00.000Z', end: '2026-11-24T14:45:00.000Z', operators: [2] },
    ])
    const onTime = vi.fn()
    render(<WhenStep choice={{ ...choice, day: '2026-11-24' }} config={config} onDay={() => {}} onTime={onTime} />)
    const morning = await screen.findByRole('group', { name: 'Mattina' })
    expect(
      within(morning)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['09:00', '12:45'])
    const afternoon = screen.getByRole('group', { name: 'Pomeriggio' })
    expect(
      within(afternoon)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['14:30'])
    await userEvent.click(within(afternoon).getByRole('button', { name: '14:30' }))
    expect(onTime).toHaveBeenCalledWith('2026-11-24T13:30:00.000Z')
  })

  it('a day with no time left says so', async () => {
    api.fetchMonthDays.mockResolvedValue([])
    api.fetchDaySlots.mockResolvedValue([])
    render(<WhenStep choice={{ ...choice, day: '2026-11-24' }} config={config} onDay={() => {}} onTime={() => {}} />)
    expect(await screen.findByText(/non ci sono più orari liberi/)).toBeInTheDocument()
  })
})
