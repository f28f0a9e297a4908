import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Handler } from '../../test/fake-api'
import { DuplicatesSection } from './duplicates'
import { DUPLICATE, ROSA_CARD } from './fixture'

function setup({ isAdmin = true, merge }: { isAdmin?: boolean; merge?: Handler } = {}) {
  let docs = [DUPLICATE]
  const onMerged = vi.fn()
  const api = fakeApi({
    'GET /api/clients/41/duplicates': () => ({ docs }),
    'POST /api/clients/41/merge':
      merge ??
      (() => {
        docs = []
        return { doc: ROSA_CARD, moved: { reservations: 2, notes: 1 } }
      }),
  })
  renderWithApi(<DuplicatesSection card={ROSA_CARD} isAdmin={isAdmin} onMerged={onMerged} />, api)
  return { api, onMerged }
}

describe('duplicates and merge on a client card', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists the other cards with why they look the same and a link to each', async () => {
    setup()
    const other = await screen.findByTestId('duplicate-43')
    expect(other).toHaveTextContent('Same phone, same name')
    expect(other).toHaveTextContent('rosa@example.com')
    expect(other).toHaveTextContent('1 visit')
    expect(within(other).getByRole('link', { name: 'Rosa Bianchi' })).toHaveAttribute('href', '/clients/43')
  })

  it('"Merge" asks first, saying what moves and what goes; then merges and refreshes the card', async () => {
    const user = userEvent.setup()
    const { api, onMerged } = setup()
    await user.click(await screen.findByRole('button', { name: 'Merge into this card: Rosa Bianchi' }))
    const dialog = await screen.findByRole('dialog', { name: 'Merge the other card into this one?' })
    // Same name on both: each is told by its contact.
    expect(dialog).toHaveTextContent(
      'This card stays: Rosa Bianchi (333 1234567). The other one goes: Rosa Bianchi (3331234567 · rosa@example.com · 1 visit).',
    )
    expect(dialog).toHaveTextContent('Every booking and staff note of the other card moves to this one.')
    expect(dialog).toHaveTextContent('tags are put together, allergies and technical notes joined')
    expect(dialog).toHaveTextContent('Then the other card is deleted.')
    expect(dialog).toHaveTextContent('This cannot be undone.')
    expect(api.of('POST', '/api/clients/41/merge')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }))
    await waitFor(() => expect(api.of('POST', '/api/clients/41/merge')).toHaveLength(1))
    expect(api.of('POST', '/api/clients/41/merge')[0]!.body).toEqual({ from: 43 })
    await waitFor(() => expect(onMerged).toHaveBeenCalled())
    // Nothing left to merge: the section goes.
    await waitFor(() => expect(screen.queryByTestId('duplicate-43')).toBeNull())
  })

  it('Cancel merges nothing', async () => {
    const user = userEvent.setup()
    const { api } = setup()
    await user.click(await screen.findByRole('button', { name: /^Merge into this card: Rosa Bianchi/ }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.of('POST', '/api/clients/41/merge')).toHaveLength(0)
  })

  it('two cards with their own app account: the refusal in words, in the dialog', async () => {
    const user = userEvent.setup()
    setup({
      merge: () => ({
        status: 409,
        body: {
          errors: [{ name: 'Conflict', message: 'Entrambe hanno un account', data: { code: 'BOTH_HAVE_ACCOUNTS' } }],
        },
      }),
    })
    await user.click(await screen.findByRole('button', { name: /^Merge into this card: Rosa Bianchi/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Both cards have their own app account')
  })

  it('only an ADMIN merges: others see the duplicates without the button', async () => {
    setup({ isAdmin: false })
    await screen.findByTestId('duplicate-43')
    expect(screen.queryByRole('button', { name: /^Merge/ })).toBeNull()
  })

  it('in Italian: "Unisci" and the reasons', async () => {
    act(() => setLocale('it'))
    setup()
    const other = await screen.findByTestId('duplicate-43')
    expect(other).toHaveTextContent('Stesso telefono, stesso nome')
    expect(within(other).getByRole('button', { name: 'Unisci a questa scheda: Rosa Bianchi' })).toBeInTheDocument()
  })
})
