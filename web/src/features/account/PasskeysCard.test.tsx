import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/i18nPersonal'
import type { PasskeySummary } from '../../lib/passkeys'
import { fakeServer, refusal } from '../../test/fakeServer'

// The browser's WebAuthn, at the module boundary: whether it exists, and the two prompts.
const browser = vi.hoisted(() => ({
  supported: true,
  startRegistration: vi.fn(),
}))
vi.mock('@simplewebauthn/browser', async (actual) => ({
  ...(await actual<object>()),
  browserSupportsWebAuthn: () => browser.supported,
  startRegistration: browser.startRegistration,
}))
const toast = vi.fn()
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))

const { PasskeysCard } = await import('./PasskeysCard')
const { WebAuthnError } = await import('@simplewebauthn/browser')

const phone: PasskeySummary = {
  id: 7,
  name: 'iPhone di Giulia',
  created_at: '2026-11-03T10:00:00.000Z',
  last_used_at: '2026-11-20T18:30:00.000Z',
  device_type: 'multiDevice',
  backed_up: true,
  transports: ['internal', 'hybrid'],
}
const laptop: PasskeySummary = {
  ...phone,
  id: 8,
  name: 'Portatile',
  last_used_at: null,
  device_type: 'singleDevice',
  backed_up: false,
}
const OPTIONS = { challenge: 'abc', rp: { id: 'localhost', name: 'Salone' }, user: { id: 'u', name: 'g@x.it' } }
const RESPONSE = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} }

function server(passkeys: PasskeySummary[] = [phone]) {
  return fakeServer({
    'GET /api/auth/passkeys': () => ({ body: { passkeys } }),
    'POST /api/auth/passkeys/options': () => ({ body: { options: OPTIONS } }),
    'POST /api/auth/passkeys': () => ({ status: 201, body: { passkey: laptop } }),
    'PATCH /api/auth/passkeys/7': ({ body }) => ({ body: { passkey: { ...phone, ...(body as object) } } }),
    'DELETE /api/auth/passkeys/7': () => ({ body: { message: 'Passkey rimossa' } }),
  })
}

beforeEach(() => {
  browser.supported = true
  browser.startRegistration.mockReset()
  toast.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

describe('PasskeysCard', () => {
  it('is not there at all when the browser has no WebAuthn', () => {
    browser.supported = false
    const api = server()
    const { container } = render(<PasskeysCard />)
    expect(container).toBeEmptyDOMElement()
    expect(api.calls).toEqual([])
  })

  it('lists the passkeys: name, when added, last sign-in (or none yet), synced ones said so', async () => {
    server([phone, laptop])
    render(<PasskeysCard />)
    expect(screen.getByRole('heading', { name: t.passkey.title })).toBeInTheDocument()
    const items = within(await screen.findByRole('list', { name: t.passkey.listLabel })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('iPhone di Giulia')
    expect(items[0]).toHaveTextContent('Aggiunta il 3 novembre 2026, ultimo accesso il 20 novembre 2026')
    expect(items[0]).toHaveTextContent(t.passkey.synced)
    expect(items[1]).toHaveTextContent('Portatile')
    expect(items[1]).toHaveTextContent(t.passkey.neverUsed)
    expect(items[1]).not.toHaveTextContent(t.passkey.synced)
  })

  it('adds a passkey: the server’s options to the browser, the browser’s answer to the server', async () => {
    const api = server([])
    browser.startRegistration.mockResolvedValue(RESPONSE)
    render(<PasskeysCard />)
    expect(await screen.findByText(t.passkey.none)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: t.passkey.add }))
    expect(await screen.findByText('Portatile')).toBeInTheDocument()
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS })
    expect(api.of('POST', '/api/auth/passkeys')[0]!.body).toEqual({ response: RESPONSE })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: t.passkey.addedToast }))
  })

  it('says so, kindly, when the person closes the prompt or the device already has one; nothing is sent', async () => {
    const api = server([])
    render(<PasskeysCard />)
    await screen.findByText(t.passkey.none)
    browser.startRegistration.mockRejectedValueOnce(new DOMException('closed', 'NotAllowedError'))
    await userEvent.click(screen.getByRole('button', { name: t.passkey.add }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.passkey.cancelled)
    browser.startRegistration.mockRejectedValueOnce(
      new WebAuthnError({
        message: 'registered',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        cause: new Error('InvalidStateError'),
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: t.passkey.add }))
    expect(await screen.findByText(t.passkey.already)).toBeInTheDocument()
    expect(api.of('POST', '/api/auth/passkeys')).toEqual([])
  })

  it('shows the server’s refusal of a new passkey in the site’s words, by its code', async () => {
    fakeServer({
      'GET /api/auth/passkeys': () => ({ body: { passkeys: [] } }),
      'POST /api/auth/passkeys/options': () => ({ body: { options: OPTIONS } }),
      'POST /api/auth/passkeys': () => refusal(400, 'PASSKEY_EXPIRED', 'challenge'),
    })
    browser.startRegistration.mockResolvedValue(RESPONSE)
    render(<PasskeysCard />)
    await screen.findByText(t.passkey.none)
    await userEvent.click(screen.getByRole('button', { name: t.passkey.add }))
    expect(await screen.findByRole('alert')).toHaveTextContent('La richiesta è scaduta: riprova con la passkey.')
  })

  it('renames in place, checked with the shared rule before anything is sent', async () => {
    const api = server()
    render(<PasskeysCard />)
    await userEvent.click(await screen.findByRole('button', { name: t.passkey.renameOf('iPhone di Giulia') }))
    const field = screen.getByLabelText(t.passkey.nameLabel)
    expect(field).toHaveFocus()
    await userEvent.clear(field)
    await userEvent.click(screen.getByRole('button', { name: t.passkey.save }))
    expect(await screen.findByText('Inserisci il nome')).toBeInTheDocument()
    expect(api.of('PATCH', '/api/auth/passkeys/7')).toEqual([])

    await userEvent.type(field, 'Telefono{Enter}')
    expect(await screen.findByText('Telefono')).toBeInTheDocument()
    expect(api.of('PATCH', '/api/auth/passkeys/7')[0]!.body).toEqual({ name: 'Telefono' })
    expect(screen.queryByLabelText(t.passkey.nameLabel)).not.toBeInTheDocument()
  })

  it('removes a passkey only after the confirmation', async () => {
    const api = server()
    render(<PasskeysCard />)
    await userEvent.click(await screen.findByRole('button', { name: t.passkey.removeOf('iPhone di Giulia') }))
    const dialog = screen.getByRole('dialog', { name: t.passkey.removeTitle })
    expect(dialog).toHaveTextContent('«iPhone di Giulia»')
    await userEvent.click(within(dialog).getByRole('button', { name: t.passkey.cancel }))
    expect(api.of('DELETE', '/api/auth/passkeys/7')).toEqual([])
    expect(screen.getByText('iPhone di Giulia')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: t.passkey.removeOf('iPhone di Giulia') }))
    await userEvent.click(
      within(screen.getByRole('dialog', { name: t.passkey.removeTitle })).getByRole('button', {
        name: t.passkey.remove,
      }),
    )
    expect(await screen.findByText(t.passkey.none)).toBeInTheDocument()
    expect(api.of('DELETE', '/api/auth/passkeys/7')).toHaveLength(1)
  })
})
