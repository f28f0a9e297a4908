import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SalonConfig } from './api'
import { WhenStep } from './WhenStep'

const api = vi.hoisted(() => ({ fetchMonthDays: vi.fn(), fetchDaySlots: vi.fn(), fetchMoveSlots: vi.fn() }))
vi.mock('./api', () => api)

const config = { timezone: 'Europe/Rome', bookingHorizonDays: 90 } as SalonConfig
const choice = { services: [4], operator: 'any' as const }
const waitlist = ({ day, full }: { day: string; full: boolean }) => <p>{`waitlist ${day} ${full}`}</p>

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') })
  api.fetchMonthDays.mockReset().mockResolvedValue(['2026-11-26'])
  api.fetchDaySlots.mockReset().mockResolvedValue([])
})

describe('WhenStep with the waitlist', () => {
  it('a day without free times (from the URL, or taken meanwhile) shows the waitlist as full; the calendar still offers free days only', async () => {
    render(
      <WhenStep
        choice={{ ...choice, day: '2026-11-27' }}
        config={config}
        onDay={() => {}}
        onTime={() => {}}
        waitlist={waitlist}
      />,
    )
    expect(await screen.findByText('waitlist 2026-11-27 true')).toBeInTheDocument()
    expect(
      screen.getByText('In questo giorno non ci sono più orari liberi. Scegli un altro giorno.'),
    ).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'sabato 28 novembre, nessun orario libero' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(screen.getByRole('button', { name: 'giovedì 26 novembre' })).not.toHaveAttribute('aria-disabled')
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
