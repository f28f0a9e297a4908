import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, signedInAs, type Routes_ } from '../../test/fake-api'
import type { ClientCard } from './api'
import ClientCardPage from './card'
import { cardRoutes, LONG_HISTORY, ROSA_CARD } from './fixture'

function setup({
  card = ROSA_CARD,
  role = 'ADMIN',
  routes = {},
}: { card?: ClientCard; role?: 'ADMIN' | 'OPERATOR'; routes?: Routes_ } = {}) {
  let current = card
  const api = fakeApi({
    ...cardRoutes(card),
    [`GET /api/clients/${card.id}`]: () => current,
    [`PATCH /api/clients/${card.id}`]: (call) => {
      current = { ...current, ...(call.body as Partial<ClientCard>) }
      return { doc: current }
    },
    ...routes,
  })
  renderWithApi(<ClientCardPage />, api, {
    path: `/clients/${card.id}`,
    route: '/clients/:id',
    authProvider: signedInAs(role, role === 'ADMIN' ? 1 : 2),
  })
  return api
}

const section = (name: string | RegExp) => screen.getByRole('region', { name })

describe('/dashboard/clients/{id}', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('shows the allergy first, in an alert that cannot be missed', async () => {
    setup()
    const alert = await screen.findByTestId('allergy-alert')
    expect(alert).toHaveTextContent('Allergies and sensitivities')
    expect(alert).toHaveTextContent('PPD')
    expect(screen.getByRole('heading', { level: 3, name: 'Rosa Bianchi' })).toBeInTheDocument()
    // Before the sections: the first thing under the name and the booking button.
    const stats = await screen.findByTestId('client-stats')
    expect(alert.compareDocumentPosition(stats) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('no allergy, no alert', async () => {
    setup({ card: { ...ROSA_CARD, allergies: null } })
    await screen.findByTestId('client-stats')
    expect(screen.queryByTestId('allergy-alert')).toBeNull()
  })

  it('the figures from the history: visits, money in euro, last visit, upcoming, cancellations, no-shows', async () => {
    setup()
    const stats = await screen.findByTestId('client-stats')
    expect(stats).toHaveTextContent('Visits3')
    expect(stats).toHaveTextContent('Total spent€142.50')
    expect(stats).toHaveTextContent('Average ticket€47.50')
    expect(stats).toHaveTextContent('Last visit2 Nov 2026')
    expect(stats).toHaveTextContent('Upcoming1')
    expect(stats).toHaveTextContent('Cancellations1')
    expect(stats).toHaveTextContent('No-shows0')
  })

  it('the visits: when, status in words, services, operator, price, what was paid by which method', async () => {
    setup()
    const past = await screen.findByTestId('visit-800')
    expect(within(past).getByRole('link')).toHaveAttribute('href', '/booking/800')
    expect(past).toHaveTextContent('Completed')
    expect(past).toHaveTextContent('Taglio donna, Piega')
    expect(past).toHaveTextContent('With Giulia')
    expect(past).toHaveTextContent('Paid €54.50: Card €40.00, Cash €14.50 (discount €5.50, tip €5.00 included)')
    const noShow = screen.getByTestId('visit-700')
    expect(noShow).toHaveTextContent('No-show')
    expect(noShow).toHaveTextContent('With To be assigned')
    expect(noShow).not.toHaveTextContent('Paid')
    expect(noShow).not.toHaveTextContent('NO_SHOW')
    expect(screen.getByTestId('visit-900')).toHaveTextContent('Confirmed')
  })

  it('in Italian: glossary statuses, payment methods, euro the Italian way', async () => {
    act(() => setLocale('it'))
    setup()
    const past = await screen.findByTestId('visit-800')
    expect(past).toHaveTextContent('Completata')
    expect(past).toHaveTextContent(
      'Pagato 54,50 €: Carta 40,00 €, Contanti 14,50 € (sconto 5,50 €, di cui mancia 5,00 €)',
    )
    expect(screen.getByTestId('visit-700')).toHaveTextContent('Non presentato')
    expect(screen.getByRole('heading', { name: 'Scheda tecnica' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Nuova prenotazione' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Esporta dati' })).toBeInTheDocument()
  })

  it('a long history shows five past visits, then all of them on request', async () => {
    const user = userEvent.setup()
    setup({ routes: { 'GET /api/clients/41/history': () => LONG_HISTORY } })
    await screen.findByTestId('visit-600')
    expect(screen.queryByTestId('visit-595')).toBeNull()
    const more = screen.getByRole('button', { name: 'Show all (7)' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    await user.click(more)
    expect(screen.getByTestId('visit-594')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('"New booking" opens the booking form with this client chosen', async () => {
    setup()
    expect(await screen.findByRole('link', { name: 'New booking' })).toHaveAttribute(
      'href',
      '/booking/create?client=41',
    )
  })

  it('the technical record: saves allergies and formulas; the alert follows', async () => {
    const user = userEvent.setup()
    const api = setup({ card: { ...ROSA_CARD, allergies: null } })
    await screen.findByTestId('client-stats')
    const allergies = within(section('Technical record')).getByRole('textbox', { name: /^Allergies and sensitivities/ })
    await user.type(allergies, 'Nichel')
    await user.click(screen.getByRole('button', { name: 'Save technical record' }))
    await waitFor(() => expect(api.of('PATCH', '/api/clients/41')).toHaveLength(1))
    expect(api.of('PATCH', '/api/clients/41')[0]!.body).toEqual({
      allergies: 'Nichel',
      technical_notes: '6.3 + 20 vol, 35 min',
    })
    expect(await screen.findByTestId('allergy-alert')).toHaveTextContent('Nichel')
  })

  it('a refusal of the server is shown next to its field', async () => {
    const user = userEvent.setup()
    setup({
      routes: {
        'PATCH /api/clients/41': () => ({
          status: 400,
          body: {
            errors: [
              {
                name: 'ValidationError',
                message: 'x',
                data: { code: 'VALIDATION', errors: [{ path: 'technical_notes', message: 'Testo non accettato' }] },
              },
            ],
          },
        }),
      },
    })
    await screen.findByTestId('client-stats')
    const notes = screen.getByRole('textbox', { name: /^Colour formulas and products used/ })
    await user.type(notes, ' ok')
    await user.click(screen.getByRole('button', { name: 'Save technical record' }))
    await waitFor(() => expect(notes).toHaveAccessibleDescription(/Testo non accettato/))
  })

  it('contact and consent: the day consent was given; a bad e-mail is refused by the shared rules, no request', async () => {
    const user = userEvent.setup()
    const api = setup()
    await screen.findByTestId('client-stats')
    const contact = section('Contact and consent')
    expect(within(contact).getByRole('checkbox', { name: /marketing/ })).toBeChecked()
    expect(contact).toHaveTextContent('Given on 5 Oct 2026')
    const email = within(contact).getByRole('textbox', { name: 'E-mail' })
    await user.type(email, 'rosa@')
    await user.click(within(contact).getByRole('button', { name: 'Save contact' }))
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(api.of('PATCH', '/api/clients/41')).toHaveLength(0)
    await user.clear(email)
    await user.type(email, 'Rosa@Example.com')
    await user.click(within(contact).getByRole('button', { name: 'Save contact' }))
    await waitFor(() => expect(api.of('PATCH', '/api/clients/41')).toHaveLength(1))
    expect(api.of('PATCH', '/api/clients/41')[0]!.body).toMatchObject({
      name: 'Rosa',
      email: 'rosa@example.com',
      birthday: null,
      marketing_consent: true,
    })
  })

  it('SMS consent (issue 26): the desk records that the client agreed; saved with the contact', async () => {
    const user = userEvent.setup()
    const api = setup()
    await screen.findByTestId('client-stats')
    const contact = section('Contact and consent')
    const sms = within(contact).getByRole('checkbox', { name: 'Reminders by SMS' })
    expect(sms).not.toBeChecked()
    expect(
      within(contact).getByText(/^Ask the client: reminders and confirmations by SMS.*Not given$/),
    ).toBeInTheDocument()
    await user.click(sms)
    expect(within(contact).getByText(/^Ask the client.*Dated today when you save$/)).toBeInTheDocument()
    await user.click(within(contact).getByRole('button', { name: 'Save contact' }))
    await waitFor(() => expect(api.of('PATCH', '/api/clients/41')).toHaveLength(1))
    expect(api.of('PATCH', '/api/clients/41')[0]!.body).toMatchObject({ sms_consent: true, marketing_consent: true })
  })

  it('blocks online booking with a reason; unblocking forgets the reason', async () => {
    const user = userEvent.setup()
    const api = setup()
    await screen.findByTestId('client-stats')
    const online = section('Online booking')
    await user.click(within(online).getByRole('checkbox', { name: 'Block online booking' }))
    await user.type(within(online).getByRole('textbox', { name: /^Reason/ }), 'Tre volte non presentata')
    await user.click(within(online).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.of('PATCH', '/api/clients/41')).toHaveLength(1))
    expect(api.of('PATCH', '/api/clients/41')[0]!.body).toEqual({
      blocked_online: true,
      blocked_reason: 'Tre volte non presentata',
    })
    // The card now says so, next to the name.
    expect(await screen.findAllByText('Online booking blocked')).not.toHaveLength(0)
    const again = section('Online booking')
    await waitFor(() => expect(within(again).getByRole('checkbox', { name: 'Block online booking' })).toBeChecked())
    await user.click(within(again).getByRole('checkbox', { name: 'Block online booking' }))
    await user.click(within(again).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.of('PATCH', '/api/clients/41')).toHaveLength(2))
    expect(api.of('PATCH', '/api/clients/41')[1]!.body).toEqual({ blocked_online: false, blocked_reason: null })
  })

  it('tags: added with Enter and saved', async () => {
    const user = userEvent.setup()
    const api = setup()
    await screen.findByTestId('client-stats')
    const input = within(section('Tags')).getByRole('searchbox', { name: 'Tags' })
    await user.type(input, 'Prefers Giulia')
    expect(await screen.findByText('+ Add “Prefers Giulia”')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Save tags' }))
    await waitFor(() => expect(api.of('PATCH', '/api/clients/41')).toHaveLength(1))
    expect(api.of('PATCH', '/api/clients/41')[0]!.body).toEqual({ tags: ['VIP', 'Prefers Giulia'] })
  })

  it('an operator edits only the technical record and tags: contact and blocking read-only, no export, erase or merge', async () => {
    setup({ role: 'OPERATOR' })
    await screen.findByTestId('client-stats')
    expect(within(section('Contact and consent')).getByRole('textbox', { name: /^Name/ })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save contact' })).toBeNull()
    expect(within(section('Online booking')).getByRole('checkbox', { name: 'Block online booking' })).toBeDisabled()
    expect(within(section('Technical record')).getByRole('textbox', { name: /^Allergies/ })).toBeEnabled()
    expect(within(section('Tags')).getByRole('searchbox', { name: 'Tags' })).toBeEnabled()
    expect(screen.queryByRole('link', { name: 'Export data' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Erase client' })).toBeNull()
  })

  it('ADMIN: "Export data" downloads the card’s JSON; "Erase client" asks, says what happens, erases, back to the list', async () => {
    const user = userEvent.setup()
    const api = setup({ routes: { 'POST /api/clients/41/erase': () => ({ cancelled: 1 }) } })
    await screen.findByTestId('client-stats')
    const exportLink = screen.getByRole('link', { name: 'Export data' })
    expect(exportLink).toHaveAttribute('href', '/api/clients/41/export')
    expect(exportLink).toHaveAttribute('download')
    await user.click(screen.getByRole('button', { name: 'Erase client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase Rosa Bianchi?' })
    expect(dialog).toHaveTextContent('Upcoming bookings are cancelled first')
    expect(dialog).toHaveTextContent('Past bookings stay as anonymous figures')
    expect(api.of('POST', '/api/clients/41/erase')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/clients$/))
    expect(api.of('POST', '/api/clients/41/erase')).toHaveLength(1)
  })

  it('an erased card says so and offers nothing to edit', async () => {
    setup({
      card: { ...ROSA_CARD, name: 'Cliente cancellato', surname: null, anonymised_at: '2026-11-20T10:00:00.000Z' },
    })
    expect(await screen.findByText(/only anonymous figures remain/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save contact' })).toBeNull()
  })
})
