import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import { WalkInModal } from './walk-in'

/** "Cliente senza appuntamento" (issue 24): now, with the first operator free; nobody free names the first free time. */
function setup(routes: Routes_ = {}) {
  const booked = vi.fn()
  const api = fakeApi({
    'GET /api/operators': () => ({ docs: [{ id: 3, name: 'Giulia' }] }),
    'GET /api/service': () => ({ docs: [{ id: 4, title: 'Piega', price: 20 }], totalDocs: 1 }),
    'GET /api/clients': () => ({
      docs: [
        {
          id: 41,
          name: 'Rosa',
          surname: 'Bianchi',
          phone_number: '333 1234567',
          email: null,
          hasAccount: false,
          blocked_online: false,
          tags: [],
          allergies: null,
          visits: 0,
          lastVisit: null,
        },
      ],
      totalDocs: 1,
      page: 1,
      limit: 8,
      hasNextPage: false,
    }),
    'POST /api/reservations/walk-in': () => ({ status: 201, body: { message: 'ok', data: { id: 123 } } }),
    ...routes,
  })
  renderWithApi(<WalkInModal opened onClose={() => {}} onBooked={booked} />, api)
  return { api, booked, user: userEvent.setup() }
}

async function choosePiega(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('searchbox', { name: /Servizi|Services/ }))
  await user.click(await screen.findByRole('option', { name: 'Piega' }))
}

describe('the walk-in (issue 24)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('services only: an anonymous walk-in, booked now', async () => {
    act(() => setLocale('it'))
    const { api, booked, user } = setup()
    expect(await screen.findByRole('dialog', { name: 'Cliente senza appuntamento' })).toBeInTheDocument()
    // Without services nothing is sent: the shared walkInBody says so next to the field.
    await user.click(screen.getByRole('button', { name: 'Prenota adesso' }))
    expect(api.of('POST', '/api/reservations/walk-in')).toHaveLength(0)
    await choosePiega(user)
    await user.click(screen.getByRole('button', { name: 'Prenota adesso' }))
    await waitFor(() => expect(booked).toHaveBeenCalledWith(123))
    expect(api.of('POST', '/api/reservations/walk-in')[0]!.body).toEqual({ services: [4] })
  })

  it('with a client and an operator', async () => {
    const { api, booked, user } = setup()
    await choosePiega(user)
    await user.type(screen.getByRole('searchbox', { name: 'Client (optional)' }), 'rosa')
    await user.click(await screen.findByRole('option', { name: /Rosa Bianchi/ }))
    await user.click(screen.getByRole('searchbox', { name: 'Operator' }))
    await user.click(await screen.findByRole('option', { name: 'Giulia' }))
    await user.click(screen.getByRole('button', { name: 'Book now' }))
    await waitFor(() => expect(booked).toHaveBeenCalled())
    expect(api.of('POST', '/api/reservations/walk-in')[0]!.body).toEqual({ services: [4], client: 41, operator: 3 })
  })

  it('nobody free: “The first one free is at 15:30”, with a way to book then', async () => {
    const { booked, user } = setup({
      'POST /api/reservations/walk-in': () => ({
        status: 409,
        body: {
          errors: [
            {
              name: 'Conflict',
              message: 'Nessuno è libero adesso.',
              data: { reason: 'OPERATOR_BUSY', code: 'OPERATOR_BUSY', params: { next: '2026-12-15T14:30:00.000Z' } },
            },
          ],
        },
      }),
    })
    await choosePiega(user)
    await user.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByText('The first one free is at 15:30.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Book at 15:30' })).toBeInTheDocument()
    expect(booked).not.toHaveBeenCalled()
  })
})
