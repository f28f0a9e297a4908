import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { AgendaResponse } from './api'

const fetchAgenda = vi.fn()
vi.mock('./api', () => ({
  fetchAgenda: (...args: unknown[]) => fetchAgenda(...args),
  setReservationStatus: vi.fn(),
  fetchMyFeeds: async () => [],
  rotateFeed: vi.fn(),
  revokeFeed: vi.fn(),
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
vi.mock('../../lib/salon', async (original) => ({
  ...(await original<typeof import('../../lib/salon')>()),
  fetchSalonSettings: async () => ({ timezone: 'Europe/Rome' }),
}))

const { Agenda } = await import('./Agenda')

const agenda: AgendaResponse = {
  from: '2026-12-15',
  to: '2026-12-15',
  timezone: 'Europe/Rome',
  reservations: [
    {
      id: 9,
      status: 'CONFIRMED',
      date_start: '2026-12-15T09:00:00.000Z',
      date_end: '2026-12-15T09:30:00.000Z',
      duration: 30,
      total_price: 20,
      note: null,
      services: [{ id: 4, title: 'Piega', duration: 30, price: 20 }],
      operator: { id: 1, name: 'Giulia', imageUrl: null },
      customer: { id: 3, name: 'Chiara', surname: 'Conti', phone: null, email: null },
      transitions: [],
      actions: { move: { allowed: false } },
    },
  ],
  blocks: [
    {
      id: 4,
      operator: { id: 1, name: 'Giulia' },
      date_start: '2026-12-15T13:00:00.000Z',
      date_end: '2026-12-15T17:00:00.000Z',
      reason: 'Corso colore',
    },
    {
      id: 5,
      operator: { id: 1, name: 'Giulia' },
      date_start: '2026-12-10T08:00:00.000Z',
      date_end: '2026-12-16T18:00:00.000Z',
      reason: null,
    },
  ],
  // The salon's closed time (issue 20: the dashboard shades it; this screen does not use it yet).
  closed: [],
}

describe('Agenda (reserved area, operator): blocked time among the appointments', () => {
  it('lists blocks in time order with their reason; a leave that began earlier shows on the first day', async () => {
    fetchAgenda.mockResolvedValue(agenda)
    render(
      <MemoryRouter>
        <Agenda name="Giulia" />
      </MemoryRouter>,
    )
    const cards = await screen.findAllByRole('article')
    const labels = cards.map((c) => c.getAttribute('aria-label'))
    expect(labels).toEqual([
      expect.stringMatching(/^Da .* a .* Tempo bloccato$/),
      '10:00 Chiara Conti',
      '14:00–18:00 Tempo bloccato',
    ])
    expect(within(cards[2]!).getByText('Corso colore')).toBeTruthy()
    expect(within(cards[0]!).getByText('Non disponibile per appuntamenti')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1)
  })
})
