import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import BookingCreate from './create'

/**
 * The new-booking form at the front desk (issue 24): the client picker (search, Enter picks, the
 * allergy and account badges), "Nuovo cliente" with a name and a phone, the duplicates the server
 * finds, `?client=` from the client card, and a time outside the offered ones asked about.
 */
const START = '2026-12-15T14:00:00.000Z' // 15:00 in Rome

const card = (over: Record<string, unknown> = {}) => ({
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
  ...over,
})
const list = (docs: unknown[]) => ({ docs, totalDocs: docs.length, page: 1, limit: 8, hasNextPage: false })

function setup(routes: Routes_ = {}, query = `?operator=3&start=${START}&day=2026-12-15`) {
  const api = fakeApi({
    'GET /api/operators': () => ({ docs: [{ id: 3, name: 'Giulia', surname: 'Rossi' }] }),
    // (No resources are registered here: the service resource is read at its identifier.)
    'GET /api/service': () => ({ docs: [{ id: 4, title: 'Piega', price: 20 }], totalDocs: 1 }),
    'GET /api/reservations/book-slots': () => ({ slots: [{ start: START, end: START, operators: [3] }] }),
    'POST /api/reservations/book': () => ({ status: 201, body: { message: 'ok', data: { id: 99 } } }),
    ...routes,
  })
  renderWithApi(<BookingCreate />, api, { path: `/booking/create${query}` })
  return { api, user: userEvent.setup() }
}

const searchbox = () => screen.getByRole('searchbox', { name: /Cliente|Customer/ })
const servicesBox = () => screen.getByRole('searchbox', { name: /Servizi|Services/ })

async function chooseServiceAndBook(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(servicesBox()).toHaveFocus())
  await user.keyboard('Pieg')
  await user.click(await screen.findByRole('option', { name: 'Piega' }))
  // The time clicked in the agenda (`?start=`) is already chosen.
  await user.click(await screen.findByRole('button', { name: /^(Book|Prenota).*15:00$/ }))
}

describe('the new-booking form at the desk (issue 24)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('the search box has the focus; typing suggests cards with their badges; Enter picks; booked with `client`', async () => {
    const { api, user } = setup({
      'GET /api/clients': (c) =>
        c.query.get('search')
          ? list([
              card({ allergies: 'PPD' }),
              card({ id: 42, name: 'Rosanna', surname: 'Verdi', phone_number: '339 000', hasAccount: true }),
            ])
          : list([]),
    })
    await waitFor(() => expect(searchbox()).toHaveFocus())
    await user.keyboard('rosa bianki')
    const first = await screen.findByRole('option', { name: /Rosa Bianchi/ })
    expect(first).toHaveTextContent('333 1234567')
    expect(first).toHaveTextContent('Allergy')
    expect(screen.getByRole('option', { name: /Rosanna Verdi/ })).toHaveTextContent('App account')
    // Debounced: one request for the whole word typed, not one per key.
    expect(api.of('GET', '/api/clients').length).toBeLessThanOrEqual(2)
    expect(api.of('GET', '/api/clients').at(-1)!.query.get('search')).toBe('rosa bianki')
    await user.keyboard('{Enter}')
    expect(searchbox()).toHaveValue('Rosa Bianchi · 333 1234567')
    // The allergy is shown as soon as the card is picked.
    expect(screen.getByRole('note', { name: 'Allergies and sensitivities' })).toHaveTextContent('PPD')
    await chooseServiceAndBook(user)
    await waitFor(() => expect(api.of('POST', '/api/reservations/book')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/book')[0]!.body).toEqual({
      client: 41,
      services: [4],
      operator: 3,
      date_start: START,
    })
  })

  it('“Nuovo cliente” with a name and a phone creates the card and picks it; the duplicates are offered', async () => {
    act(() => setLocale('it'))
    const { api, user } = setup({
      'GET /api/clients': () => list([]),
      'POST /api/clients': (c) => ({
        status: 201,
        body: {
          doc: { id: 77, ...(c.body as object), email: null, user: null, allergies: null },
          duplicates: [{ ...card({ id: 12, name: 'Rosa', surname: 'Bianchi' }), reasons: ['PHONE'] }],
        },
      }),
    })
    await user.type(searchbox(), 'Rosa Bianchi')
    // Nothing matched: the first (highlighted) suggestion is the new card; Enter opens its form.
    await user.click(await screen.findByRole('option', { name: 'Nuovo cliente: «Rosa Bianchi»' }))
    const name = screen.getByRole('textbox', { name: /Nome/ })
    await waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveValue('Rosa')
    expect(screen.getByRole('textbox', { name: 'Cognome' })).toHaveValue('Bianchi')
    // The phone is required (clientCreateBody): said next to the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Crea e scegli' }))
    expect(api.of('POST', '/api/clients')).toHaveLength(0)
    expect(screen.getByRole('textbox', { name: /Telefono/ })).toHaveAccessibleDescription(/.+/)
    await user.type(screen.getByRole('textbox', { name: /Telefono/ }), '333 1234567{Enter}')
    await waitFor(() => expect(api.of('POST', '/api/clients')).toHaveLength(1))
    expect(api.of('POST', '/api/clients')[0]!.body).toEqual({
      name: 'Rosa',
      surname: 'Bianchi',
      phone_number: '333 1234567',
    })
    await waitFor(() => expect(searchbox()).toHaveValue('Rosa Bianchi · 333 1234567'))
    expect(await screen.findByText('Altre schede con lo stesso telefono o e-mail')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Usa questa scheda' })).toBeInTheDocument()
    await chooseServiceAndBook(user)
    await waitFor(() => expect(api.of('POST', '/api/reservations/book')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/book')[0]!.body).toMatchObject({ client: 77 })
  })

  it('a duplicate offered can be used instead of the new card', async () => {
    const { user } = setup({
      'GET /api/clients': () => list([]),
      'POST /api/clients': (c) => ({
        status: 201,
        body: {
          doc: { id: 77, ...(c.body as object), user: null },
          duplicates: [{ ...card({ id: 12, surname: 'Bianchi Neri' }), reasons: ['PHONE'] }],
        },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'New client' }))
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Rosa')
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '3331234567')
    await user.click(screen.getByRole('button', { name: 'Create and choose' }))
    await user.click(await screen.findByRole('button', { name: 'Use this card' }))
    await waitFor(() => expect(searchbox()).toHaveValue('Rosa Bianchi Neri · 333 1234567'))
  })

  it('the server’s refusal of a new card is shown next to its field', async () => {
    const { user } = setup({
      'GET /api/clients': () => list([]),
      'POST /api/clients': () => ({
        status: 400,
        body: {
          errors: [
            {
              name: 'ValidationError',
              message: 'x',
              data: { errors: [{ path: 'email', message: 'E-mail già usata' }] },
            },
          ],
        },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'New client' }))
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Rosa')
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '3331234567')
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'rosa@example.com')
    await user.click(screen.getByRole('button', { name: 'Create and choose' }))
    expect(await screen.findByText('E-mail già usata')).toBeInTheDocument()
    expect(searchbox()).toHaveValue('')
  })

  it('?client= (the client card’s link) starts with that card and the focus on the services', async () => {
    const { api, user } = setup(
      {
        'GET /api/clients/41': () => ({
          id: 41,
          name: 'Rosa',
          surname: 'Bianchi',
          phone_number: '333 1234567',
          user: 5,
        }),
      },
      `?client=41&operator=3&start=${START}`,
    )
    await waitFor(() => expect(searchbox()).toHaveValue('Rosa Bianchi · 333 1234567'))
    await chooseServiceAndBook(user)
    await waitFor(() => expect(api.of('POST', '/api/reservations/book')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/book')[0]!.body).toMatchObject({ client: 41 })
  })

  it('a time outside the opening hours asks, naming why; yes books it with override_hours', async () => {
    act(() => setLocale('it'))
    const { api, user } = setup(
      {
        'GET /api/clients/41': () => ({ id: 41, name: 'Rosa', surname: null, phone_number: '333', user: null }),
        'POST /api/reservations/book': (c) =>
          (c.body as { override_hours?: boolean }).override_hours
            ? { status: 201, body: { message: 'ok', data: { id: 99 } } }
            : {
                status: 409,
                body: {
                  errors: [
                    {
                      name: 'Conflict',
                      message: 'Il salone è chiuso.',
                      data: { reason: 'OUTSIDE_OPENING_HOURS', code: 'OUTSIDE_OPENING_HOURS' },
                    },
                  ],
                },
              },
      },
      `?client=41&operator=3&start=${START}`,
    )
    await waitFor(() => expect(searchbox()).toHaveValue('Rosa · 333'))
    await chooseServiceAndBook(user)
    const dialog = await screen.findByRole('dialog', { name: 'È fuori dall’orario di apertura: prenotare comunque?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sì, prenota comunque' }))
    await waitFor(() => expect(api.of('POST', '/api/reservations/book')).toHaveLength(2))
    expect(api.of('POST', '/api/reservations/book')[1]!.body).toEqual({
      client: 41,
      services: [4],
      operator: 3,
      date_start: START,
      override_hours: true,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
