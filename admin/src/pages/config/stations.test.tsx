import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, signedInAs, type Routes_ } from '../../test/fake-api'
import { StationsSection } from './stations'
import { fieldMessageOf } from '../../test/field-message'

/**
 * The stations in Settings (issue 25) over the real data provider: the list, a new station and a
 * changed one (the shared `stationInput` first), and the server's two refusals in words — a
 * station services need cannot be deleted, a count below what bookings hold is said by the count.
 */
const list = (docs: unknown[]) => ({ docs, totalDocs: docs.length })
const basin = { id: 1, name: 'Lavatesta', count: 1 }
const chair = { id: 2, name: 'Poltrona colore', count: 2 }

function setup(routes: Routes_ = {}, role: 'ADMIN' | 'OPERATOR' = 'ADMIN') {
  const stations = [basin, chair]
  const api = fakeApi({
    'GET /api/stations': () => list(stations),
    'POST /api/stations': (c) => {
      const doc = { id: 3, ...(c.body as object) } as typeof basin
      stations.push(doc)
      return { status: 201, body: { doc } }
    },
    ...routes,
  })
  renderWithApi(<StationsSection />, api, { authProvider: signedInAs(role) })
  return { api, user: userEvent.setup() }
}

/** 409 with a code, as the server sends it (cms/src/catalogue/stations.ts; docs/api.md "Errors"). */
const conflict = (code: string, message: string, params: Record<string, number>, errors?: unknown[]) => ({
  status: 409,
  body: { errors: [{ name: 'Conflict', message, data: { code, reason: code, params, ...params, errors } }] },
})
const IN_USE_IT = 'Questa postazione serve a 3 servizi: toglila dalle loro fasi prima di eliminarla.'
const COUNT_IT = 'Ci sono appuntamenti che usano 2 di queste postazioni insieme: non puoi scendere sotto 2.'
/** The count refused: the field error carries the code, the refusal the number (as the server sends them). */
const countRefused = () =>
  conflict('STATION_COUNT_IN_USE', COUNT_IT, { needed: 2 }, [
    { path: 'count', message: COUNT_IT, code: 'STATION_COUNT_IN_USE' },
  ])

describe('the stations in Settings (issue 25)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists the stations with their counts; every action is a named button', async () => {
    setup()
    const table = await screen.findByRole('table', { name: 'Stations' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Lavatesta1')
    expect(screen.getByRole('button', { name: 'Edit Poltrona colore' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete Lavatesta' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Stations' })).toHaveAttribute('id', 'stations')
  })

  it('adds a station, checked with the shared schema first', async () => {
    const { api, user } = setup()
    await user.click(await screen.findByRole('button', { name: 'New station' }))
    const dialog = await screen.findByRole('dialog', { name: 'New station' })
    const count = within(dialog).getByLabelText(/^How many/)
    await user.clear(count)
    await user.type(count, '30')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(fieldMessageOf(within(dialog).getByLabelText(/^Name/))).toContain('The name is required')
    expect(fieldMessageOf(count)).toContain('From 1 to 20')
    expect(api.of('POST', '/api/stations')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText(/^Name/), '  Cabina estetica ')
    await user.clear(count)
    await user.type(count, '1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.of('POST', '/api/stations')).toHaveLength(1))
    expect(api.of('POST', '/api/stations')[0]!.body).toEqual({ name: 'Cabina estetica', count: 1 })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('cell', { name: 'Cabina estetica' })).toBeInTheDocument()
  })

  it('a count below what bookings hold at once is refused next to the count, in words (409 STATION_COUNT_IN_USE)', async () => {
    const { api, user } = setup({ 'PATCH /api/stations/2': countRefused })
    await user.click(await screen.findByRole('button', { name: 'Edit Poltrona colore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit station' })
    const count = within(dialog).getByLabelText(/^How many/)
    expect(count).toHaveValue('2')
    await user.clear(count)
    await user.type(count, '1')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.of('PATCH', '/api/stations/2')).toHaveLength(1))
    expect(api.of('PATCH', '/api/stations/2')[0]!.body).toEqual({ name: 'Poltrona colore', count: 1 })
    await waitFor(() =>
      expect(fieldMessageOf(count)).toContain(
        'Bookings from now on already use 2 at the same time: the number cannot go below that.',
      ),
    )
    // The dialog stays open with what was typed.
    expect(count).toHaveValue('1')
  })

  it('in Italian the count’s refusal keeps the server’s words (the product’s Italian)', async () => {
    act(() => setLocale('it'))
    const { user } = setup({ 'PATCH /api/stations/2': countRefused })
    await user.click(await screen.findByRole('button', { name: 'Modifica Poltrona colore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifica postazione' })
    const count = within(dialog).getByLabelText(/^Quante/)
    await user.clear(count)
    await user.type(count, '1')
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }))
    await waitFor(() => expect(fieldMessageOf(count)).toContain(COUNT_IT))
  })

  it('a station that services need is not deleted: the dialog says why (409 STATION_IN_USE), in Italian too', async () => {
    act(() => setLocale('it'))
    const { api, user } = setup({
      'DELETE /api/stations/1': () => conflict('STATION_IN_USE', IN_USE_IT, { services: 3 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Elimina Lavatesta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare la postazione «Lavatesta»?' })
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }))
    await waitFor(() => expect(api.of('DELETE', '/api/stations/1')).toHaveLength(1))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IN_USE_IT)
  })

  it('the English words of a refusal on delete', async () => {
    const { user } = setup({ 'DELETE /api/stations/2': () => conflict('STATION_IN_USE', IN_USE_IT, { services: 1 }) })
    await user.click(await screen.findByRole('button', { name: 'Delete Poltrona colore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the station “Poltrona colore”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Services use this station in their phases (1): it cannot be deleted.',
    )
  })

  it('a name already taken comes back next to the name', async () => {
    const { user } = setup({
      'POST /api/stations': () => ({
        status: 400,
        body: {
          errors: [
            {
              name: 'ValidationError',
              message: 'Dati non validi: name',
              data: {
                code: 'INVALID_INPUT',
                errors: [{ path: 'name', message: 'Esiste già', code: 'VALUE_TAKEN' }],
              },
            },
          ],
        },
      }),
    })
    await user.click(await screen.findByRole('button', { name: 'New station' }))
    const dialog = await screen.findByRole('dialog', { name: 'New station' })
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lavatesta')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(fieldMessageOf(within(dialog).getByLabelText(/^Name/))).toContain(
        'Something with this value already exists',
      ),
    )
  })

  it('an operator does not see it', async () => {
    const { api } = setup({}, 'OPERATOR')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(screen.queryByRole('region', { name: /Stations|Postazioni/ })).not.toBeInTheDocument()
    expect(api.of('GET', '/api/stations')).toHaveLength(0)
  })
})
