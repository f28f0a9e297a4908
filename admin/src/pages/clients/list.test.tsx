import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import ClientList from './list'
import { CHIARA, ROSA } from './fixture'

const CONFIG: Routes_ = {
  'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome' }], totalDocs: 1 }),
}

function setup(routes: Routes_ = {}, path = '/clients') {
  const api = fakeApi({
    ...CONFIG,
    'GET /api/clients': (call) => {
      const search = call.query.get('search') ?? ''
      const docs = search ? [ROSA] : [ROSA, CHIARA]
      return { docs, totalDocs: docs.length, page: 1, limit: 20, hasNextPage: false }
    },
    ...routes,
  })
  renderWithApi(<ClientList />, api, { path })
  return api
}

describe('/dashboard/clients', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists the cards: name as a link, phone, e-mail, tags, allergy / account / blocked badges, visits, last visit', async () => {
    const api = setup()
    const rosa = await screen.findByTestId('client-41')
    const first = api.of('GET', '/api/clients')[0]!
    expect(first.query.get('page')).toBe('1')
    expect(first.query.get('limit')).toBe('20')
    expect(first.query.has('search')).toBe(false)
    expect(within(rosa).getByRole('link', { name: 'Rosa Bianchi' })).toHaveAttribute('href', '/clients/41')
    expect(rosa).toHaveTextContent('333 1234567')
    expect(rosa).toHaveTextContent('VIP')
    expect(rosa).toHaveTextContent('Allergies')
    expect(rosa).toHaveTextContent('3')
    expect(rosa).toHaveTextContent('2 Nov 2026')
    const chiara = screen.getByTestId('client-42')
    expect(chiara).toHaveTextContent('chiara@example.com')
    expect(chiara).toHaveTextContent('App account')
    expect(chiara).toHaveTextContent('Online booking blocked')
    expect(chiara).not.toHaveTextContent('Allergies')
    expect(screen.getByText('2 clients')).toHaveAttribute('role', 'status')
  })

  it('searches as you type, once the typing pauses: one request with the whole text, kept in the address', async () => {
    const user = userEvent.setup()
    const api = setup()
    await screen.findByTestId('client-42')
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'rosa bianki')
    const searches = () =>
      api
        .of('GET', '/api/clients')
        .map((c) => c.query.get('search'))
        .filter((s) => s !== null)
    await waitFor(() => expect(searches().at(-1)).toBe('rosa bianki'))
    // Not one request per key (11): only a pause asks — once, when the keys come quickly (a busy
    // test machine may pause between two keys now and then).
    expect(searches().length).toBeLessThanOrEqual(3)
    await waitFor(() => expect(screen.queryByTestId('client-42')).toBeNull())
    expect(screen.getByTestId('current-path')).toHaveTextContent('/clients?q=rosa+bianki')
    expect(screen.getByTestId('client-41')).toBeInTheDocument()
    expect(screen.getByText('1 client')).toHaveAttribute('role', 'status')
  })

  it('says when nobody is found, with what was searched', async () => {
    setup(
      { 'GET /api/clients': () => ({ docs: [], totalDocs: 0, page: 1, limit: 20, hasNextPage: false }) },
      '/clients?q=zzz',
    )
    expect(await screen.findByText('Nobody found for “zzz”.')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('zzz')
  })

  it('in Italian: the glossary’s "Clienti", the badges and the columns', async () => {
    act(() => setLocale('it'))
    setup()
    const chiara = await screen.findByTestId('client-42')
    expect(screen.getByRole('heading', { name: 'Clienti' })).toBeInTheDocument()
    expect(chiara).toHaveTextContent('Prenotazione online bloccata')
    expect(chiara).toHaveTextContent('Account app')
    expect(screen.getByTestId('client-41')).toHaveTextContent('Allergie')
    expect(screen.getByRole('columnheader', { name: 'Ultima visita' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Nuovo cliente' })).toBeInTheDocument()
  })

  it('"New client": the shared rules first (no request), then the server’s refusal next to its field', async () => {
    const user = userEvent.setup()
    const api = setup({
      'POST /api/clients': () => ({
        status: 400,
        body: {
          errors: [
            {
              name: 'ValidationError',
              message: 'Numero non valido',
              data: {
                code: 'VALIDATION',
                errors: [{ path: 'phone_number', message: 'Numero già usato da un’altra scheda' }],
              },
            },
          ],
        },
      }),
    })
    await user.click(await screen.findByRole('button', { name: 'New client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    await user.click(within(dialog).getByRole('button', { name: 'Create the card' }))
    expect(within(dialog).getByText('Enter the client’s name')).toBeInTheDocument()
    expect(api.of('POST', '/api/clients')).toHaveLength(0)
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Rosa')
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '333 1234567')
    await user.click(within(dialog).getByRole('button', { name: 'Create the card' }))
    await waitFor(() => expect(api.of('POST', '/api/clients')).toHaveLength(1))
    expect(api.of('POST', '/api/clients')[0]!.body).toEqual({
      name: 'Rosa',
      surname: null,
      phone_number: '333 1234567',
      email: null,
    })
    const phone = within(dialog).getByRole('textbox', { name: /^Phone/ })
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Numero già usato/))
  })

  it('a new card with the same phone as others: shows them and opens the one chosen', async () => {
    const user = userEvent.setup()
    setup({
      'POST /api/clients': () => ({
        status: 201,
        body: { doc: { ...ROSA, id: 50, surname: 'Bianchi' }, duplicates: [ROSA] },
      }),
    })
    await user.click(await screen.findByRole('button', { name: 'New client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Rosa')
    await user.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Bianchi')
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '3331234567')
    await user.click(within(dialog).getByRole('button', { name: 'Create the card' }))
    const found = await screen.findByRole('dialog', { name: 'Someone with the same phone or e-mail' })
    expect(found).toHaveTextContent('3 visits')
    expect(within(found).getByRole('button', { name: 'Open the new card' })).toBeInTheDocument()
    await user.click(within(found).getByRole('button', { name: 'Open the card of Rosa Bianchi' }))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/clients/41')
  })

  it('a new card without duplicates opens at once', async () => {
    const user = userEvent.setup()
    setup({
      'POST /api/clients': () => ({ status: 201, body: { doc: { ...CHIARA, id: 51 }, duplicates: [] } }),
    })
    await user.click(await screen.findByRole('button', { name: 'New client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New client' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Chiara')
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '3337654321')
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'chiara@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Create the card' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/clients/51'))
  })
})
