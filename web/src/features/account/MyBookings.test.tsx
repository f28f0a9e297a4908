import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { MyReservationItem } from './api'

const fetchMyReservations = vi.fn()
vi.mock('./api', () => ({
  fetchMyReservations: (...args: unknown[]) => fetchMyReservations(...args),
  setReservationStatus: vi.fn(),
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
vi.mock('../../lib/salon', async (original) => ({
  ...(await original<typeof import('../../lib/salon')>()),
  fetchSalonSettings: async () => ({
    businessName: 'Salone Demo',
    address: null,
    phone: '+39 02 1234567',
    email: null,
    timezone: 'Europe/Rome',
    cancellationEnabled: true,
    cancellationTimeLimit: 24,
    bookingHorizonDays: 60,
    holdMinutes: 10,
    autoConfirm: false,
  }),
}))

const { MyBookings } = await import('./MyBookings')

const booking = (over: Partial<MyReservationItem>): MyReservationItem => ({
  id: 1,
  status: 'CONFIRMED',
  date_start: '2026-12-15T09:00:00.000Z',
  date_end: '2026-12-15T09:30:00.000Z',
  duration: 30,
  total_price: 20,
  note: null,
  services: [{ id: 4, title: 'Piega', duration: 30, price: 20 }],
  operator: { id: 1, name: 'Giulia', imageUrl: null },
  actions: {
    cancel: { allowed: true, until: '2026-12-14T09:00:00.000Z' },
    move: { allowed: true, until: '2026-12-14T09:00:00.000Z' },
  },
  changedBySalonAt: null,
  ...over,
})

describe('MyBookings: a booking the salon moved or resized says so', () => {
  it('marks only the upcoming card whose time the salon changed', async () => {
    fetchMyReservations.mockResolvedValue({
      upcoming: [
        booking({ id: 1 }),
        booking({ id: 2, date_start: '2026-12-16T09:00:00.000Z', changedBySalonAt: '2026-12-01T10:00:00.000Z' }),
      ],
      past: [],
      pastPagination: { page: 1, limit: 20, totalDocs: 0, hasNextPage: false },
      now: '2026-12-01T12:00:00.000Z',
    })
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    )
    const cards = await screen.findAllByRole('article')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).queryByText(/Il salone ha aggiornato/)).toBeNull()
    expect(within(cards[1]!).getByText('Il salone ha aggiornato l’orario di questo appuntamento.')).toBeTruthy()
  })
})
