import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import { CheckoutModal } from './checkout-modal'

/**
 * "Cassa" (issue 24): the live total is the shared `checkoutTotals` (cents), the payments must add
 * up before anything is sent, the body is `checkoutBody`'s, and the server's refusal of a field is
 * shown next to it.
 */
const BOOKING = {
  id: 5,
  total_price: 55,
  services: [
    { id: 1, title: 'Taglio donna', duration: 45, price: 35 },
    { id: 4, title: 'Piega', duration: 30, price: 20 },
  ],
}

function setup(routes: Routes_ = {}, booking: typeof BOOKING = BOOKING) {
  const done = vi.fn()
  const api = fakeApi({
    'GET /api/service': () => ({
      docs: [...BOOKING.services, { id: 7, title: 'Colore', duration: 60, price: 45.5 }],
      totalDocs: 3,
    }),
    // (Wrapped in `body`: a plain answer with a `status` key would be read as the HTTP status.)
    'POST /api/reservations/5/checkout': (c) => ({
      body: {
        id: 5,
        status: 'COMPLETED',
        paid: {
          subtotal: 55,
          discount: 5.5,
          total: 49.5,
          tip: 5,
          payments: (c.body as { payments: unknown }).payments,
          at: '2026-12-15T10:00:00.000Z',
          by: null,
        },
      },
    }),
    ...routes,
  })
  renderWithApi(<CheckoutModal booking={booking} who="Rosa Bianchi" opened onClose={() => {}} onDone={done} />, api)
  return { api, done, user: userEvent.setup() }
}

const due = () => screen.getByTestId('checkout-due')

describe('the checkout (issue 24)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('it')))

  it('a 10% discount, a tip and two payment methods: the live total, the rest prefilled, the body sent', async () => {
    act(() => setLocale('en'))
    const { api, done, user } = setup()
    expect(await screen.findByRole('dialog', { name: 'Checkout — Rosa Bianchi' })).toBeInTheDocument()
    expect(due()).toHaveTextContent('€55.00')
    await user.click(screen.getByRole('radio', { name: '%' }))
    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '10')
    await waitFor(() => expect(due()).toHaveTextContent('€49.50'))
    await user.type(screen.getByRole('textbox', { name: 'Tip' }), '5')
    await waitFor(() => expect(due()).toHaveTextContent('€54.50'))
    // One payment follows what is due; "The payments add up".
    expect(screen.getByRole('textbox', { name: 'Amount 1' })).toHaveValue('54.50')
    expect(screen.getByText('The payments add up')).toBeInTheDocument()
    await user.clear(screen.getByRole('textbox', { name: 'Amount 1' }))
    await user.type(screen.getByRole('textbox', { name: 'Amount 1' }), '40')
    expect(await screen.findByText('€14.50 still to pay')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Split the payment' }))
    // The second line starts with what is left, in cash; the change helper appears.
    expect(screen.getByRole('textbox', { name: 'Amount 2' })).toHaveValue('14.50')
    await user.type(screen.getByRole('textbox', { name: 'Cash received' }), '20')
    expect(await screen.findByText('Change: €5.50')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Record €54.50' }))
    await waitFor(() => expect(api.of('POST', '/api/reservations/5/checkout')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/5/checkout')[0]!.body).toEqual({
      discount: { kind: 'PERCENT', value: 10 },
      tip: 5,
      payments: [
        { method: 'CARD', amount: 40 },
        { method: 'CASH', amount: 14.5 },
      ],
    })
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1))
  })

  it('payments that do not add up are said, and nothing is sent', async () => {
    const { api, user } = setup()
    await screen.findByRole('dialog')
    await user.clear(screen.getByRole('textbox', { name: 'Importo 1' }))
    await user.type(screen.getByRole('textbox', { name: 'Importo 1' }), '50')
    await user.click(screen.getByRole('button', { name: /^Registra/ }))
    expect(await screen.findByText('I pagamenti devono fare 55,00 €.')).toBeInTheDocument()
    expect(api.of('POST', '/api/reservations/5/checkout')).toHaveLength(0)
  })

  it('the list price went up since the booking: the price agreed is what is due, and it can be recorded', async () => {
    // Booked at 50 €; today "Taglio donna" + "Piega" are 55 € on the list (the server charges the agreed 50).
    const { api, user } = setup({}, { ...BOOKING, total_price: 50 })
    await screen.findByRole('dialog')
    expect(due()).toHaveTextContent('50,00 €')
    expect(screen.getByTestId('checkout-agreed')).toHaveTextContent(
      'Prezzo concordato alla prenotazione (oggi a listino: 55,00 €)',
    )
    await user.click(screen.getByRole('button', { name: /^Registra 50,00/ }))
    await waitFor(() => expect(api.of('POST', '/api/reservations/5/checkout')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/5/checkout')[0]!.body).toEqual({
      payments: [{ method: 'CARD', amount: 50 }],
    })
  })

  it('services removed and added change the total and are sent', async () => {
    const { api, user } = setup()
    await screen.findByRole('dialog')
    await user.click(screen.getByRole('button', { name: 'Togli Piega' }))
    await waitFor(() => expect(due()).toHaveTextContent('35,00 €'))
    await user.click(screen.getByRole('searchbox', { name: 'Aggiungi un servizio' }))
    await user.click(await screen.findByRole('option', { name: /Colore/ }))
    await waitFor(() => expect(due()).toHaveTextContent('80,50 €'))
    await user.click(screen.getByRole('button', { name: /^Registra 80,50/ }))
    await waitFor(() => expect(api.of('POST', '/api/reservations/5/checkout')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/5/checkout')[0]!.body).toEqual({
      services: [1, 7],
      payments: [{ method: 'CARD', amount: 80.5 }],
    })
  })

  it('the server’s refusal naming a field is shown next to it', async () => {
    const { done, user } = setup({
      'POST /api/reservations/5/checkout': () => ({
        status: 400,
        body: {
          errors: [
            {
              name: 'ValidationError',
              message: 'I pagamenti non tornano.',
              data: { errors: [{ path: 'payments', message: 'I pagamenti devono fare 60,00 €.' }] },
            },
          ],
        },
      }),
    })
    await screen.findByRole('dialog')
    await user.click(screen.getByRole('button', { name: /^Registra/ }))
    expect(await screen.findByText('I pagamenti devono fare 60,00 €.')).toBeInTheDocument()
    expect(done).not.toHaveBeenCalled()
  })
})
