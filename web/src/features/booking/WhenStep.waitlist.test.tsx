import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SalonConfig } from './api'
import { WhenStep } from './WhenStep'

const api = vi.hoisted(() => ({ fetchMonthDays: vi.fn(), fetchDaySlots: vi.fn(), fetchMoveSlots: vi.fn() }))
vi.mock('./api', () => api)

const config = { timezone: 'Europe/Rome', bookingHorizonDays: 90 } as SalonConfig
const choice = { services: [4], operator: 'any' as const }
/** Open Tuesday to Saturday (2026-11-29 is a Sunday, 11-30 a Monday). */
const opensOn = (day: string) => ![0, 1].includes(new Date(`${day}T12:00:00Z`).getUTCDay())
const waitlist = ({ day, full }: { day: string; full: boolean }) => <p>{`waitlist ${day} ${full}`}</p>

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') })
  api.fetchMonthDays.mockReset().mockResolvedValue(['2026-11-26'])
  api.fetchDaySlots.mockReset().mockResolvedValue([])
})

describe('WhenStep with the waitlist', () => {
  it('an open day without free times can be chosen, is named "tutto pieno", and shows the waitlist as full', async () => {
    const onDay = vi.fn()
    render(
      <WhenStep
        choice={{ ...choice, day: '2026-11-27' }}
        config={config}
        onDay={onDay}
        onTime={() => {}}
        opensOn={opensOn}
        waitlist={waitlist}
      />,
    )
    expect(await screen.findByText('waitlist 2026-11-27 true')).toBeInTheDocument()
    const full = await screen.findByRole('button', { name: 'sabato 28 novembre, tutto pieno' })
    expect(full).not.toHaveAttribute('aria-disabled')
    await userEvent.click(full)
    expect(onDay).toHaveBeenCalledWith('2026-11-28')
    // A closed day stays closed: not choosable, no "tutto pieno".
    const sunday = screen.getByRole('button', { name: 'domenica 29 novembre, nessun orario libero' })
    await userEvent.click(sunday)
    expect(onDay).not.toHaveBeenCalledWith('2026-11-29')
  })

  it('a day with free times shows the waitlist as not full', async () => {
    api.fetchDaySlots.mockResolvedValue([
      { start: '2026-11-26T09:00:00.000Z', end: '2026-11-26T09:30:00.000Z', operators: [1] },
    ])
    render(
      <WhenStep
        choice={{ ...choice, day: '2026-11-26' }}
        config={config}
        onDay={() => {}}
        onTime={() => {}}
        opensOn={opensOn}
        waitlist={waitlist}
      />,
    )
    expect(await screen.findByText('waitlist 2026-11-26 false')).toBeInTheDocument()
  })

  it('moving a booking offers no waitlist and no full days', async () => {
    api.fetchMoveSlots.mockResolvedValue([])
    render(
      <WhenStep
        choice={{ ...choice, day: '2026-11-27' }}
        config={config}
        moving={9}
        onDay={() => {}}
        onTime={() => {}}
        opensOn={opensOn}
        waitlist={waitlist}
      />,
    )
    expect(
      await screen.findByText('In questo giorno non ci sono più orari liberi. Scegli un altro giorno.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/^waitlist/)).toBeNull()
    expect(screen.getByRole('button', { name: 'sabato 28 novembre, nessun orario libero' })).toHaveAttribute(
      'aria-disabled',
    )
  })
})
