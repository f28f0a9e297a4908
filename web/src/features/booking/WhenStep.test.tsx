import { render, screen, waitFor, within } from '@testing-library/react'
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
  it('with no day chosen, it looks ahead month by month and opens the first free day', async () => {
    api.fetchMonthDays.mockImplementation(async (month: string) =>
      month === '2027-01' ? ['2027-01-12', '2027-01-13'] : [],
    )
    const onDay = vi.fn()
    render(<WhenStep choice={choice} config={config} onDay={onDay} onTime={() => {}} />)
    expect(await screen.findByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
    expect(onDay).toHaveBeenCalledTimes(1)
    expect(onDay).toHaveBeenCalledWith('2027-01-12')
    // The calendar's own month, the search from this month on, then the calendar shows January
    // (its fetch may land just after the heading: wait for it rather than race it).
    await waitFor(() =>
      expect(api.fetchMonthDays.mock.calls.map((c) => c[0])).toEqual([
        '2026-11',
        '2026-11',
        '2026-12',
        '2027-01',
        '2027-01',
      ]),
    )
  })

  it('with a free day this month, that day is opened without searching further', async () => {
    api.fetchMonthDays.mockResolvedValue(['2026-11-26', '2026-11-27'])
    api.fetchDaySlots.mockResolvedValue([])
    const onDay = vi.fn()
    render(<WhenStep choice={choice} config={config} onDay={onDay} onTime={() => {}} />)
    await vi.waitFor(() => expect(onDay).toHaveBeenCalledWith('2026-11-26'))
    expect(api.fetchMonthDays).toHaveBeenCalledTimes(1)
  })

  it('"Primo giorno disponibile" jumps back to the first free day from a later month', async () => {
    api.fetchMonthDays.mockImplementation(async (month: string) => (month === '2026-11' ? ['2026-11-26'] : []))
    api.fetchDaySlots.mockResolvedValue([])
    const onDay = vi.fn()
    render(<WhenStep choice={{ ...choice, day: '2027-01-20' }} config={config} onDay={onDay} onTime={() => {}} />)
    expect(await screen.findByRole('heading', { name: 'gennaio 2027' })).toBeInTheDocument()
    expect(onDay).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Primo giorno disponibile' }))
    expect(onDay).toHaveBeenCalledWith('2026-11-26')
    expect(await screen.findByRole('heading', { name: 'novembre 2026' })).toBeInTheDocument()
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
