import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import type { Resource } from '../../lib/useResource'
import { LinkedAccountsCard } from './LinkedAccountsCard'

const remove = vi.hoisted(() => vi.fn())
vi.mock('../../lib/externalSignIn', () => ({ loadIdentities: vi.fn(), removeIdentity: remove }))
const toast = vi.hoisted(() => vi.fn())
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))

const google = { id: 4, provider: 'google', label: 'Google', email: 'g@x.it', created_at: '2026-11-27T10:00:00.000Z' }
type Data = { identities: (typeof google)[]; has_password: boolean }
const loaded = (data: Data, reload = vi.fn()) => ({ status: 'success', data, reload }) as unknown as Resource<Data>

const show = (resource: Resource<Data>) =>
  render(
    <MemoryRouter>
      <LinkedAccountsCard loaded={resource} />
    </MemoryRouter>,
  )

beforeEach(() => {
  remove.mockReset()
  toast.mockReset()
})

describe('LinkedAccountsCard', () => {
  it('lists the linked provider with its address and day', () => {
    show(loaded({ identities: [google], has_password: true }))
    expect(screen.getByRole('region', { name: t.external.cardTitle })).toHaveTextContent('Google')
    expect(screen.getByText(/g@x\.it · collegato il 27 novembre 2026/)).toBeInTheDocument()
  })

  it('does not offer to remove the only way into an account without a password, and says why', () => {
    show(loaded({ identities: [google], has_password: false }))
    const button = screen.getByRole('button', { name: 'Scollega Google' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(t.external.lastWayIn)
  })

  it('unlinks after the confirmation, and reloads', async () => {
    const reload = vi.fn()
    remove.mockResolvedValue({ message: 'ok' })
    show(loaded({ identities: [google], has_password: true }, reload))
    await userEvent.click(screen.getByRole('button', { name: 'Scollega Google' }))
    await userEvent.click(screen.getByRole('button', { name: t.external.removeConfirm }))
    expect(remove).toHaveBeenCalledWith(4)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: t.external.removedToast('Google') }))
    expect(reload).toHaveBeenCalled()
  })

  it('words the server’s refusal of the last way in', async () => {
    remove.mockRejectedValue(new ApiError(409, 'LAST_SIGN_IN_METHOD'))
    show(loaded({ identities: [google], has_password: true }))
    await userEvent.click(screen.getByRole('button', { name: 'Scollega Google' }))
    await userEvent.click(screen.getByRole('button', { name: t.external.removeConfirm }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.external.lastWayIn)
  })

  it('shows nothing when no provider is linked', () => {
    const { container } = show(loaded({ identities: [], has_password: true }))
    expect(container).toBeEmptyDOMElement()
  })
})
