import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reservationDetailResponse, type ReservationDetail } from '@salon/shared/schemas/booking'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi } from '../../test/fake-api'
import { Details } from './show'

/**
 * The booking page's card at the desk (issue 24): the client's name links to their card, the
 * allergies are an alert, "no contact" is said, an anonymous walk-in is named so, "Cassa" opens
 * the checkout when the engine allows it, and a paid booking says "Pagato € X" with its methods.
 */
const base = (over: Partial<ReservationDetail> = {}): ReservationDetail =>
  reservationDetailResponse.parse({
    id: 5,
    status: 'CONFIRMED',
    date_start: '2026-12-15T09:00:00.000Z',
    date_end: '2026-12-15T10:15:00.000Z',
    duration: 75,
    total_price: 55,
    note: null,
    services: [{ id: 1, title: 'Taglio donna', duration: 45, price: 35 }],
    operator: { id: 1, name: 'Giulia', imageUrl: null },
    customer: null,
    client: {
      id: 41,
      name: 'Rosa',
      surname: 'Bianchi',
      phone: '333 1234567',
      email: null,
      hasAccount: false,
      allergies: 'PPD (parafenilendiammina)',
      blocked: false,
      contact: 'NONE',
    },
    paid: null,
    transitions: ['COMPLETED', 'CANCELLED'],
    actions: {
      move: { allowed: false, reason: 'ALREADY_STARTED' },
      undo: { allowed: false, reason: 'NOTHING_TO_UNDO' },
      freeRest: { allowed: false, reason: 'NOTHING_TO_FREE' },
      checkout: { allowed: true },
    },
    events: [],
    ...over,
  })

function setup(booking: ReservationDetail) {
  const changed = vi.fn()
  const api = fakeApi({
    'GET /api/service': () => ({ docs: [{ id: 1, title: 'Taglio donna', price: 35 }], totalDocs: 1 }),
    'POST /api/reservations/5/checkout': () => ({
      body: {
        id: 5,
        status: 'COMPLETED',
        paid: {
          subtotal: 35,
          discount: 0,
          total: 35,
          tip: 0,
          payments: [{ method: 'CASH', amount: 35 }],
          at: '2026-12-15T10:15:00.000Z',
          by: null,
        },
      },
    }),
  })
  renderWithApi(<Details booking={booking} onChanged={changed} />, api)
  return { api, changed, user: userEvent.setup() }
}

describe('the booking page at the desk (issue 24)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('shows the card: a link to it, the phone, the allergies as an alert, no contact said', () => {
    act(() => setLocale('it'))
    setup(base())
    expect(screen.getByRole('link', { name: 'Rosa Bianchi' })).toHaveAttribute('href', '/clients/41')
    expect(screen.getByRole('link', { name: '333 1234567' })).toHaveAttribute('href', 'tel:3331234567')
    expect(screen.getByRole('note', { name: 'Allergie e sensibilità' })).toHaveTextContent('PPD (parafenilendiammina)')
    expect(screen.getByText('Nessun contatto: il cliente non riceverà conferme né promemoria.')).toBeInTheDocument()
  })

  it('an anonymous walk-in is named so; a card with an e-mail says nothing about contact', () => {
    setup(
      base({
        client: null,
        customer: null,
        actions: { ...base().actions, checkout: { allowed: false, reason: 'NOT_STARTED' } },
      }),
    )
    expect(screen.getByText('Walk-in')).toBeInTheDocument()
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument()
  })

  it('“Cassa” opens the checkout; recorded, the page is read again', async () => {
    const { api, changed, user } = setup(base())
    await user.click(screen.getByRole('button', { name: 'Checkout' }))
    const dialog = await screen.findByRole('dialog', { name: 'Checkout — Rosa Bianchi' })
    await user.click(within(dialog).getByRole('button', { name: /^Record/ }))
    await waitFor(() => expect(changed).toHaveBeenCalled())
    // The services as booked: the price agreed then (55 €) is due, not today's list price (35 €).
    expect(api.of('POST', '/api/reservations/5/checkout')[0]!.body).toEqual({
      payments: [{ method: 'CARD', amount: 55 }],
    })
  })

  it('paid: “Pagato € X” with the methods, no checkout button', () => {
    act(() => setLocale('it'))
    setup(
      base({
        status: 'COMPLETED',
        paid: {
          subtotal: 55,
          discount: 5.5,
          total: 49.5,
          tip: 5,
          payments: [
            { method: 'CARD', amount: 40 },
            { method: 'CASH', amount: 14.5 },
          ],
          at: '2026-12-15T10:15:00.000Z',
          by: { id: 1, name: 'Anna' },
        },
        actions: { ...base().actions, checkout: { allowed: false, reason: 'ALREADY_PAID' } },
      }),
    )
    expect(screen.getByText(/Pagato 54,50/)).toBeInTheDocument()
    expect(screen.getByText(/Carta 40,00.*Contanti 14,50/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cassa' })).not.toBeInTheDocument()
  })
})
