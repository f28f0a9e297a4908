import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Catalogue, Reservation } from './api'
import { MovingNow } from './MovingNow'

const api = vi.hoisted(() => ({ fetchReservation: vi.fn() }))
vi.mock('./api', () => api)

const catalogue = {
  config: { timezone: 'Europe/Rome' },
  categories: [],
  operators: [
    { id: 1, name: 'Giulia' },
    { id: 2, name: 'Marco' },
  ],
} as unknown as Catalogue

const reservation = (over: Partial<Reservation>): Reservation => ({
  id: 9,
  status: 'CONFIRMED',
  date_start: '2026-11-24T09:30:00.000Z',
  date_end: '2026-11-24T10:00:00.000Z',
  duration: 30,
  total_price: 20,
  services: [4],
  operator: 1,
  any_operator: false,
  ...over,
})

beforeEach(() => {
  api.fetchReservation.mockReset()
})

describe('MovingNow: the move screen says what is being moved', () => {
  it('shows the current day, time and operator in the salon’s zone', async () => {
    api.fetchReservation.mockResolvedValue(reservation({}))
    render(<MovingNow id={9} catalogue={catalogue} />)
    const now = await screen.findByText(/martedì 24 novembre/)
    expect(now.textContent).toBe('Ora: martedì 24 novembre, 10:30 con Giulia')
    expect(api.fetchReservation).toHaveBeenCalledWith(9, expect.any(AbortSignal))
    expect(screen.getByText(/resta valido finché non confermi il nuovo orario/)).toBeInTheDocument()
    expect(screen.queryByText(/Qualsiasi operatore/)).toBeNull()
  })

  it('a "Qualsiasi operatore" booking says every operator’s times are offered', async () => {
    api.fetchReservation.mockResolvedValue(reservation({ operator: 2, any_operator: true }))
    render(<MovingNow id={9} catalogue={catalogue} />)
    expect((await screen.findByText(/martedì 24 novembre/)).textContent).toBe(
      'Ora: martedì 24 novembre, 10:30 con Marco',
    )
    expect(screen.getByText('Hai scelto “Qualsiasi operatore”: vedi gli orari di tutti.')).toBeInTheDocument()
  })

  it('while the booking loads, the notice alone already says the old time holds', () => {
    api.fetchReservation.mockReturnValue(new Promise(() => {}))
    render(<MovingNow id={9} catalogue={catalogue} />)
    expect(screen.getByText(/Stai spostando il tuo appuntamento/)).toBeInTheDocument()
    expect(screen.queryByText(/^Ora:/)).toBeNull()
  })
})
