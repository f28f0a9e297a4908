import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ClientNoteItem } from '@salon/shared/schemas/clients'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi } from '../../test/fake-api'
import { NOTES } from './fixture'
import { NotesSection } from './notes'

function setup({
  me = 2,
  isAdmin = false,
  notes = NOTES,
}: { me?: number; isAdmin?: boolean; notes?: ClientNoteItem[] } = {}) {
  let docs = [...notes]
  const api = fakeApi({
    'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome' }], totalDocs: 1 }),
    'GET /api/clients/41/notes': () => ({ docs }),
    'POST /api/clients/41/notes': (call) => {
      const doc = {
        id: 99,
        body: (call.body as { body: string }).body,
        author: { id: me, name: 'Giulia' },
        createdAt: '2026-11-27T09:15:00.000Z',
      }
      docs = [doc, ...docs]
      return { status: 201, body: { doc } }
    },
    'DELETE /api/clients/41/notes/5': () => {
      docs = docs.filter((n) => n.id !== 5)
      return { message: 'ok' }
    },
  })
  renderWithApi(<NotesSection clientId={41} me={me} isAdmin={isAdmin} />, api)
  return api
}

describe('staff notes of a client card', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists the notes newest first, each with its author and date on the salon’s clock', async () => {
    setup()
    const first = await screen.findByTestId('note-5')
    expect(first).toHaveTextContent('Preferisce Giulia')
    expect(first).toHaveTextContent('Giulia, 3 Nov 2026, 16:30')
    expect(screen.getByTestId('note-4')).toHaveTextContent('Marco, 1 Oct 2026, 10:00')
  })

  it('adds a note: the shared rule first (empty refused, no request), then POST and the list again', async () => {
    const user = userEvent.setup()
    const api = setup()
    await screen.findByTestId('note-5')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(screen.getByText('Write the note')).toBeInTheDocument()
    expect(api.of('POST', '/api/clients/41/notes')).toHaveLength(0)
    const box = screen.getByRole('textbox', { name: /^New note/ })
    await user.type(box, '  Vuole sempre il caffè  ')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(api.of('POST', '/api/clients/41/notes')).toHaveLength(1))
    expect(api.of('POST', '/api/clients/41/notes')[0]!.body).toEqual({ body: 'Vuole sempre il caffè' })
    expect(await screen.findByTestId('note-99')).toHaveTextContent('Vuole sempre il caffè')
    expect(box).toHaveValue('')
  })

  it('its author deletes their own note after a confirmation; others’ notes have no delete button', async () => {
    const user = userEvent.setup()
    const api = setup({ me: 2 })
    const mine = await screen.findByTestId('note-5')
    expect(within(screen.getByTestId('note-4')).queryByRole('button')).toBeNull()
    await user.click(within(mine).getByRole('button', { name: /^Delete the note of Giulia, 3 Nov 2026/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' })
    expect(dialog).toHaveTextContent('Preferisce Giulia')
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }))
    await waitFor(() => expect(api.of('DELETE', '/api/clients/41/notes/5')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByTestId('note-5')).toBeNull())
  })

  it('an ADMIN may delete anyone’s note', async () => {
    setup({ me: 1, isAdmin: true })
    await screen.findByTestId('note-5')
    expect(
      within(screen.getByTestId('note-4')).getByRole('button', { name: /^Delete the note of Marco/ }),
    ).toBeInTheDocument()
  })

  it('in Italian', async () => {
    act(() => setLocale('it'))
    setup({ notes: [] })
    expect(await screen.findByText('Ancora nessuna nota.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Note dello staff' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Aggiungi nota' })).toBeInTheDocument()
  })
})
