import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi } from '../../test/fake-api'
import RotaConflictsPage from './conflicts'
import { BASE_ROUTES, CONFLICTS } from './fixture'

function setup(path = '/rota/conflicts?operator=1', first: Partial<(typeof CONFLICTS.items)[number]> = {}) {
  let items = CONFLICTS.items.map((i, n) => (n === 0 ? { ...i, ...first } : i))
  const api = fakeApi({
    ...BASE_ROUTES,
    'GET /api/rota/conflicts': () => ({ total: items.length, items }),
    'PATCH /api/reservations/41/edit': () => {
      items = items.filter((i) => i.id !== 41)
      return { message: 'ok', data: { id: 41 } }
    },
    'PATCH /api/reservations/42/edit': () => ({
      status: 409,
      body: { errors: [{ message: 'Orario già occupato', data: { code: 'OPERATOR_BUSY' } }] },
    }),
  })
  renderWithApi(<RotaConflictsPage />, api, { path })
  return api
}

// Room for a busy machine (two cores shared with builds): a screen test takes 1–3 s here, more under load.
describe('/dashboard/rota/conflicts', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists each booking to reassign: when in words, who, what, with whom, why; one button per free colleague, and Move', async () => {
    const api = setup()
    const first = await screen.findByTestId('conflict-41')
    expect(api.of('GET', '/api/rota/conflicts')[0]!.query.get('operator')).toBe('1')
    expect(screen.getByRole('heading', { name: 'Giulia Rossi: 2 bookings to reassign' })).toBeInTheDocument()
    // (en-GB writes "Friday 4 December" or "Friday, 4 December" by the ICU version.)
    expect(first).toHaveTextContent(/Friday,? 4 December 2026, 10:00–11:15/)
    expect(first).toHaveTextContent('Chiara Conti')
    expect(first).toHaveTextContent('Taglio donna, Piega')
    expect(first).toHaveTextContent('With Giulia')
    expect(first).toHaveTextContent('On leave')
    expect(
      within(first).getByRole('button', { name: /^Give to Marco: Chiara Conti, Friday,? 4 December 2026/ }),
    ).toBeEnabled()
    expect(within(first).getByRole('button', { name: /^Give to Sara/ })).toBeEnabled()
    expect(within(first).getByRole('link', { name: /^Move: Chiara Conti/ })).toHaveAttribute('href', '/booking/41')
    const second = screen.getByTestId('conflict-42')
    expect(second).toHaveTextContent('Off shift')
    expect(second).toHaveTextContent('Customer not given')
    expect(second).toHaveTextContent('Nobody else is free at this time for these services: move it.')
    expect(within(second).queryByRole('button', { name: /^Give to/ })).toBeNull()
  })

  it('in Italian: the long Italian date, the reason and the buttons in the glossary’s words', async () => {
    act(() => setLocale('it'))
    setup()
    const first = await screen.findByTestId('conflict-41')
    expect(first).toHaveTextContent('venerdì 4 dicembre 2026, 10:00–11:15')
    expect(first).toHaveTextContent('In assenza')
    expect(within(first).getByRole('button', { name: /^Assegna a Marco/ })).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: /^Sposta/ })).toBeInTheDocument()
    expect(screen.getByTestId('conflict-42')).toHaveTextContent('Non di turno')
    expect(screen.getByRole('heading', { name: 'Giulia Rossi: 2 appuntamenti da riassegnare' })).toBeInTheDocument()
  })

  it('names the kind of leave when the server says it ("Ferie")', async () => {
    act(() => setLocale('it'))
    setup(undefined, { leaveKind: 'ANNUAL' })
    const first = await screen.findByTestId('conflict-41')
    expect(first).toHaveTextContent('Ferie')
    expect(first).not.toHaveTextContent('In assenza')
  })

  it('"Give to Marco" in one click: the booking’s edit with the operator, then the list again', async () => {
    const user = userEvent.setup()
    const api = setup()
    await user.click(await screen.findByRole('button', { name: /^Give to Marco/ }))
    await waitFor(() => expect(api.of('PATCH', '/api/reservations/41/edit')).toHaveLength(1))
    expect(api.of('PATCH', '/api/reservations/41/edit')[0]!.body).toEqual({ operator: 2 })
    await waitFor(() => expect(screen.queryByTestId('conflict-41')).toBeNull())
    expect(screen.getByRole('heading', { name: 'Giulia Rossi: 1 booking to reassign' })).toBeInTheDocument()
    expect(api.of('GET', '/api/rota/conflicts').length).toBeGreaterThan(1)
  })

  it('narrows to a person in the address, and says so when nothing is left', async () => {
    const user = userEvent.setup()
    const api = fakeApi({ ...BASE_ROUTES })
    renderWithApi(<RotaConflictsPage />, api, { path: '/rota/conflicts' })
    expect(await screen.findByRole('heading', { name: 'No bookings to reassign' })).toBeInTheDocument()
    expect(screen.getByText('Every upcoming booking is with someone who is on shift.')).toBeInTheDocument()
    expect(api.of('GET', '/api/rota/conflicts')[0]!.query.has('operator')).toBe(false)
    await user.click(screen.getByRole('searchbox', { name: 'Operator' }))
    await user.click(await screen.findByRole('option', { name: 'Marco Bianchi' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rota/conflicts?operator=2'))
    await waitFor(() => expect(api.of('GET', '/api/rota/conflicts').at(-1)!.query.get('operator')).toBe('2'))
    expect(screen.getByRole('link', { name: 'Back to the rota' })).toHaveAttribute('href', '/rota')
  })
})
