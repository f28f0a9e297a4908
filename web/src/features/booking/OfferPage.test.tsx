import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WaitlistOfferDetail } from '@salon/shared/schemas/waitlist'
import { ApiError } from '../../lib/api'

const waitlist = vi.hoisted(() => ({ fetchOffer: vi.fn() }))
vi.mock('../../lib/waitlist', async (original) => ({
  ...(await original<typeof import('../../lib/waitlist')>()),
  fetchOffer: (...args: unknown[]) => waitlist.fetchOffer(...args),
}))
const booking = vi.hoisted(() => ({ confirmBooking: vi.fn() }))
vi.mock('./api', () => booking)
vi.mock('../../lib/salon', async (original) => ({
  ...(await original<typeof import('../../lib/salon')>()),
  fetchSalonSettings: async () => ({ timezone: 'Europe/Rome', holdMinutes: 10 }),
}))

const { OfferPage } = await import('./OfferPage')

const NOW = new Date('2026-12-04T10:00:00Z')
const offer = (over: Partial<WaitlistOfferDetail> = {}): WaitlistOfferDetail => ({
  id: 31,
  status: 'OPEN',
  date_start: '2026-12-05T09:00:00.000Z',
  date_end: '2026-12-05T09:45:00.000Z',
  operator: { id: 2, name: 'Giulia' },
  reservation: 77,
  expires_at: '2026-12-04T10:08:00.000Z',
  created_at: '2026-12-04T09:58:00.000Z',
  decided_at: null,
  by_hand: false,
  entry: 5,
  services: [
    { id: 4, name: 'Taglio', duration: 30, price: 25 },
    { id: 1, name: 'Piega', duration: 15, price: 12 },
  ],
  total_price: 37,
  operator_choice: 'any',
  ...over,
})

function Boundary() {
  const error = useRouteError() as { status?: number }
  return <p>boundary {error.status}</p>
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/reserve/offer/:id', element: <OfferPage />, errorElement: <Boundary /> },
      { path: '/reserve/thankyou', element: <p>thank you page</p> },
    ],
    { initialEntries: ['/reserve/offer/31'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const refusal = (status: number, code: string) =>
  new ApiError(status, 'refused', [{ message: 'refused', data: { code } }])

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  waitlist.fetchOffer.mockReset()
  booking.confirmBooking.mockReset()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('OfferPage', () => {
  it('shows what, when, with whom, the price and until when it is held; one tap books it with the contract’s body', async () => {
    waitlist.fetchOffer.mockResolvedValue(offer())
    booking.confirmBooking.mockResolvedValue({ id: 77 })
    const router = renderPage()
    expect(await screen.findByRole('heading', { name: 'Si è liberato un posto' })).toBeInTheDocument()
    expect(screen.getByText('sabato 5 dicembre, 10:00')).toBeInTheDocument()
    expect(screen.getByText('Taglio')).toBeInTheDocument()
    expect(screen.getByText('Giulia')).toBeInTheDocument()
    expect(screen.getByText('37,00 €')).toBeInTheDocument()
    expect(screen.getByText('Te lo teniamo fino alle 11:08')).toBeInTheDocument()
    expect(screen.getByText(/Mancano 8:00/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Prenota' }))
    // Asked for anyone: confirm is sent with 'any' (the booking remembers it).
    expect(booking.confirmBooking).toHaveBeenCalledWith({
      id: 77,
      services: [4, 1],
      operator: 'any',
      date_start: '2026-12-05T09:00:00.000Z',
    })
    expect(await screen.findByText('thank you page')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?id=77')
  })

  it('an offer for a chosen operator is confirmed with that operator', async () => {
    waitlist.fetchOffer.mockResolvedValue(offer({ operator_choice: 2 }))
    booking.confirmBooking.mockResolvedValue({ id: 77 })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Prenota' }))
    expect(booking.confirmBooking).toHaveBeenCalledWith(expect.objectContaining({ operator: 2 }))
  })

  it.each([
    ['OFFER_TAKEN', 409, /qualcun altro ha prenotato questo orario/],
    ['SLOT_TAKEN', 409, /qualcun altro ha prenotato questo orario/],
    ['OFFER_EXPIRED', 409, /passato a chi era dopo in lista/],
    ['SESSION_EXPIRED', 409, /passato a chi era dopo in lista/],
    ['NOT_FOUND', 404, /passato a chi era dopo in lista/],
  ])('a refused tap (%s) says so politely and offers another search', async (code, status, words) => {
    waitlist.fetchOffer.mockResolvedValue(offer())
    booking.confirmBooking.mockRejectedValue(refusal(status, code))
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Prenota' }))
    expect(await screen.findByRole('status')).toHaveTextContent(words)
    expect(screen.queryByRole('button', { name: 'Prenota' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Cerca un altro orario' })).toHaveAttribute(
      'href',
      '/reserve?services=4,1&step=when',
    )
  })

  it('TAKEN: "Fatto! È già prenotato", with the way to the booking', async () => {
    waitlist.fetchOffer.mockResolvedValue(offer({ status: 'TAKEN' }))
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Fatto! È già prenotato' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Vedi l’appuntamento' })).toHaveAttribute('href', '/reserve/thankyou?id=77')
    expect(screen.queryByRole('button', { name: 'Prenota' })).toBeNull()
  })

  it('EXPIRED, or OPEN past its hold: the time went to the next in line, the customer stays in line', async () => {
    waitlist.fetchOffer.mockResolvedValue(offer({ status: 'EXPIRED' }))
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Il tempo è scaduto' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Resti in lista')
  })

  it('OPEN but already past its hold reads as expired (no button)', async () => {
    waitlist.fetchOffer.mockResolvedValue(offer({ expires_at: '2026-12-04T09:59:00.000Z' }))
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Il tempo è scaduto' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Prenota' })).toBeNull()
  })

  it('WITHDRAWN: no longer valid, in words', async () => {
    waitlist.fetchOffer.mockResolvedValue(offer({ status: 'WITHDRAWN' }))
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Proposta ritirata' })).toBeInTheDocument()
    expect(screen.queryByText('WITHDRAWN')).toBeNull()
  })

  it('someone else’s or an unknown offer is the router’s 404', async () => {
    waitlist.fetchOffer.mockRejectedValue(refusal(404, 'NOT_FOUND'))
    renderPage()
    expect(await screen.findByText('boundary 404')).toBeInTheDocument()
  })
})
