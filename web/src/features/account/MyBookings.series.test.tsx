import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MyReservationItem } from './api'

const api = vi.hoisted(() => ({ fetchMyReservations: vi.fn(), setReservationStatus: vi.fn() }))
vi.mock('./api', () => api)
vi.mock('../../lib/waitlist', async (original) => ({
  ...(await original<typeof import('../../lib/waitlist')>()),
  fetchMyWaitlist: async () => [],
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
vi.mock('../../lib/salon', async (original) => ({
  ...(await original<typeof import('../../lib/salon')>()),
  fetchSalonSettings: async () => ({ timezone: 'Europe/Rome', phone: null, cancellationTimeLimit: 24 }),
}))

const { MyBookings } = await import('./MyBookings')

const booking = (over: Partial<MyReservationItem> & { series?: unknown }): MyReservationItem =>
  ({
    id: 1,
    status: 'CONFIRMED',
    date_start: '2026-12-15T09:00:00.000Z',
    date_end: '2026-12-15T09:30:00.000Z',
    duration: 30,
    total_price: 20,
    note: null,
    services: [{ id: 4, title: 'Piega', duration: 30, price: 20 }],
    operator: { id: 1, name: 'Giulia', imageUrl: null },
    actions: { cancel: { allowed: true, until: null }, move: { allowed: true, until: null } },
    changedBySalonAt: null,
    anyOperator: false,
    ...over,
  }) as MyReservationItem

function mine(upcoming: MyReservationItem[]) {
  api.fetchMyReservations.mockResolvedValue({
    upcoming,
    cancelled: [],
    past: [],
    pastPagination: { page: 1, limit: 20, totalDocs: 0, hasNextPage: false },
    now: '2026-12-01T12:00:00.000Z',
  })
}

beforeEach(() => {
  api.fetchMyReservations.mockReset()
  api.setReservationStatus.mockReset()
  api.setReservationStatus.mockResolvedValue({})
})

describe('MyBookings: repeating appointments', () => {
  it('an occurrence says it repeats, how often and which one it is', async () => {
    mine([booking({ series: { id: 3, index: 1, count: 6, every_weeks: 4 } }), booking({ id: 2, series: null })])
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    )
    const [first, second] = await screen.findAllByRole('article')
    expect(within(first!).getByText('Ricorrente · ogni 4 settimane (2 di 6)')).toBeInTheDocument()
    expect(within(second!).queryByText(/Ricorrente/)).toBeNull()
  })

  it('cancelling an occurrence asks "Solo questo" or "Questo e i successivi" and sends the scope', async () => {
    mine([booking({ id: 9, series: { id: 3, index: 2, count: 6, every_weeks: 2 } })])
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Disdici' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('radio', { name: 'Solo questo' })).toBeChecked()
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Questo e i successivi' }))
    await userEvent.click(within(dialog).getAllByRole('button').at(-1)!)
    expect(api.setReservationStatus).toHaveBeenCalledWith(9, 'CANCELLED', 'following')
  })

  it('a booking on its own is cancelled without a scope and without the question', async () => {
    mine([booking({ id: 4 })])
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Disdici' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).queryByRole('radio')).toBeNull()
    await userEvent.click(within(dialog).getAllByRole('button').at(-1)!)
    expect(api.setReservationStatus).toHaveBeenCalledWith(4, 'CANCELLED', undefined)
  })
})
