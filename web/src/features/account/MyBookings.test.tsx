import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { MyReservationItem } from './api'

const fetchMyReservations = vi.fn()
vi.mock('./api', () => ({
  fetchMyReservations: (...args: unknown[]) => fetchMyReservations(...args),
  setReservationStatus: vi.fn(),
}))
vi.mock('../../lib/waitlist', async (original) => ({
  ...(await original<typeof import('../../lib/waitlist')>()),
  fetchMyWaitlist: async () => [],
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
  anyOperator: false,
  ...over,
})

describe('MyBookings: a booking the salon moved or resized says so', () => {
  it('marks only the upcoming card whose time the salon changed', async () => {
    fetchMyReservations.mockResolvedValue({
      upcoming: [
        booking({ id: 1 }),
        booking({ id: 2, date_start: '2026-12-16T09:00:00.000Z', changedBySalonAt: '2026-12-01T10:00:00.000Z' }),
      ],
      cancelled: [],
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

describe('MyBookings: sections', () => {
  it('lists a cancelled or rejected booking still ahead under "Appuntamenti annullati", apart from the past', async () => {
    fetchMyReservations.mockResolvedValue({
      upcoming: [booking({ id: 1 })],
      cancelled: [
        booking({ id: 2, status: 'CANCELLED', date_start: '2026-12-17T09:00:00.000Z', actions: closed }),
        booking({ id: 3, status: 'REJECTED', date_start: '2026-12-18T09:00:00.000Z', actions: closed }),
      ],
      past: [booking({ id: 4, status: 'COMPLETED', date_start: '2026-11-02T09:00:00.000Z', actions: closed })],
      pastPagination: { page: 1, limit: 20, totalDocs: 1, hasNextPage: false },
      now: '2026-12-01T12:00:00.000Z',
    })
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    )
    const cancelled = (await screen.findByRole('heading', { name: 'Appuntamenti annullati' })).closest('section')!
    const past = screen.getByRole('heading', { name: 'Appuntamenti passati' }).closest('section')!
    const upcoming = screen.getByRole('heading', { name: 'Prossimi appuntamenti' }).closest('section')!
    const whens = (section: HTMLElement) =>
      within(section)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'))
    expect(whens(upcoming)).toEqual(['martedì 15 dicembre, 10:00'])
    expect(whens(cancelled)).toEqual(['giovedì 17 dicembre, 10:00', 'venerdì 18 dicembre, 10:00'])
    expect(whens(past)).toEqual(['lunedì 2 novembre, 10:00'])
    expect(within(cancelled).getByText('Annullata')).toBeTruthy()
    expect(within(cancelled).getByText('Rifiutata')).toBeTruthy()
    // Called off: no cancel or move, "Prenota di nuovo" instead.
    expect(within(cancelled).queryByRole('link', { name: 'Sposta' })).toBeNull()
    expect(within(cancelled).getAllByRole('link', { name: 'Prenota di nuovo' })).toHaveLength(2)
    // In the page's order: upcoming, cancelled, past.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(headings).toEqual(['Prossimi appuntamenti', 'Appuntamenti annullati', 'Appuntamenti passati'])
  })

  it('"Sposta" keeps the chosen operator, but opens a "Qualsiasi operatore" booking to any operator', async () => {
    fetchMyReservations.mockResolvedValue({
      upcoming: [booking({ id: 7 }), booking({ id: 8, date_start: '2026-12-16T09:00:00.000Z', anyOperator: true })],
      cancelled: [],
      past: [],
      pastPagination: { page: 1, limit: 20, totalDocs: 0, hasNextPage: false },
      now: '2026-12-01T12:00:00.000Z',
    })
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    )
    const [chosen, any] = await screen.findAllByRole('article')
    const href = (card: HTMLElement) =>
      new URLSearchParams(within(card).getByRole('link', { name: 'Sposta' }).getAttribute('href')!.split('?')[1])
    expect(Object.fromEntries(href(chosen!))).toEqual({ services: '4', operator: '1', move: '7', step: 'when' })
    expect(Object.fromEntries(href(any!))).toEqual({ services: '4', move: '8', step: 'when' })
    // The card still says who it is with now.
    expect(within(any!).getByText(/con Giulia/)).toBeTruthy()
  })
})

const closed = {
  cancel: { allowed: false, reason: 'FINAL_STATUS' as const },
  move: { allowed: false, reason: 'FINAL_STATUS' as const },
}
