import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import { fakeServer, refusal } from '../../test/fakeServer'

// The browser's WebAuthn, at the module boundary.
const browser = vi.hoisted(() => ({ supported: true, autofill: false, startAuthentication: vi.fn() }))
vi.mock('@simplewebauthn/browser', async (actual) => ({
  ...(await actual<object>()),
  browserSupportsWebAuthn: () => browser.supported,
  browserSupportsWebAuthnAutofill: async () => browser.autofill,
  startAuthentication: browser.startAuthentication,
}))
const auth = vi.hoisted(() => ({
  status: 'anonymous',
  user: null,
  login: vi.fn(),
  verifyLogin: vi.fn(),
  loginWithPasskey: vi.fn(),
}))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
const navigateTo = vi.hoisted(() => vi.fn())
vi.mock('../../lib/navigation', () => ({ useNavigateTo: () => navigateTo }))
vi.mock('../../lib/salon', async (actual) => ({
  ...(await actual<object>()),
  fetchServiceTitles: () => new Promise(() => {}),
}))

const { LoginPage } = await import('./LoginPage')

const OPTIONS = { challenge: 'ch-1', rpId: 'localhost', userVerification: 'required' }
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} }

function server() {
  return fakeServer({
    'POST /api/auth/passkeys/login/options': () => ({ body: { options: OPTIONS, challenge: 'ch-1' } }),
  })
}

const page = (entry = '/login') =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <LoginPage />
    </MemoryRouter>,
  )

beforeEach(() => {
  browser.supported = true
  browser.autofill = false
  browser.startAuthentication.mockReset()
  auth.login.mockReset()
  auth.loginWithPasskey.mockReset()
  navigateTo.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

describe('LoginPage: "Accedi con una passkey"', () => {
  it('is not offered when the browser has no WebAuthn', () => {
    browser.supported = false
    page()
    expect(screen.queryByRole('button', { name: t.passkey.signIn })).not.toBeInTheDocument()
    expect(screen.queryByText(t.passkey.or)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: t.auth.submitLogin })).toBeInTheDocument()
  })

  it('signs in without the password: challenge → browser prompt → session, then where the visitor was going', async () => {
    const calls = server()
    browser.startAuthentication.mockResolvedValue(ASSERTION)
    auth.loginWithPasskey.mockResolvedValue({ id: 4, email: 'g@example.com', user_role: 'USER' })
    page('/login?redirectTo=/reserve')
    await userEvent.click(screen.getByRole('button', { name: t.passkey.signIn }))
    expect(calls.of('POST', '/api/auth/passkeys/login/options')[0]!.body).toEqual({})
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false })
    expect(auth.loginWithPasskey).toHaveBeenCalledWith('ch-1', ASSERTION)
    expect(navigateTo).toHaveBeenCalledWith('/reserve', { replace: true })
    expect(auth.login).not.toHaveBeenCalled()
  })

  it('a closed prompt is no error to fuss about: a kind line, and the password form stays', async () => {
    server()
    browser.startAuthentication.mockRejectedValue(new DOMException('closed', 'NotAllowedError'))
    page()
    await userEvent.click(screen.getByRole('button', { name: t.passkey.signIn }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.passkey.signInCancelled)
    expect(auth.loginWithPasskey).not.toHaveBeenCalled()
    expect(navigateTo).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: t.passkey.signIn })).toBeEnabled()
  })

  it('a passkey the salon does not know: the server’s refusal in the site’s words, by its code', async () => {
    fakeServer({
      'POST /api/auth/passkeys/login/options': () => ({ body: { options: OPTIONS, challenge: 'ch-1' } }),
      'POST /api/auth/passkeys/login': () => refusal(401, 'PASSKEY_UNKNOWN', 'response'),
    })
    browser.startAuthentication.mockResolvedValue(ASSERTION)
    // The real API client, as lib/auth.tsx calls it.
    auth.loginWithPasskey.mockImplementation((challenge: string, response: unknown) =>
      api.post('/api/auth/passkeys/login', { challenge, response }, { redirectOnUnauthorized: false }),
    )
    page()
    await userEvent.click(screen.getByRole('button', { name: t.passkey.signIn }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Questa passkey non è collegata a nessun account: accedi con e-mail e password.',
    )
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('at the code step, "Usa una passkey" asks for that person’s passkeys and needs no code', async () => {
    const calls = server()
    auth.login.mockResolvedValue({ mfaRequired: true, challenge: 'sealed-mfa' })
    browser.startAuthentication.mockResolvedValue(ASSERTION)
    auth.loginWithPasskey.mockResolvedValue({ id: 1, email: 'admin@demo.salon', user_role: 'ADMIN' })
    page()
    await userEvent.type(screen.getByLabelText(t.auth.email), 'admin@demo.salon')
    await userEvent.type(screen.getByLabelText(t.auth.password), 'demo1234')
    await userEvent.click(screen.getByRole('button', { name: t.auth.submitLogin }))
    await userEvent.click(await screen.findByRole('button', { name: t.passkey.useOnSecondStep }, { timeout: 5000 }))
    expect(calls.of('POST', '/api/auth/passkeys/login/options')[0]!.body).toEqual({ mfa_challenge: 'sealed-mfa' })
    expect(auth.loginWithPasskey).toHaveBeenCalledWith('ch-1', ASSERTION)
    expect(auth.verifyLogin).not.toHaveBeenCalled()
    expect(navigateTo).toHaveBeenCalledWith('/dashboard', { replace: true })
  })

  it('at the code step, a password login gone stale sends back to the password, as an expired code does', async () => {
    fakeServer({
      'POST /api/auth/passkeys/login/options': () => refusal(400, 'PASSKEY_EXPIRED', 'mfa_challenge'),
    })
    auth.login.mockResolvedValue({ mfaRequired: true, challenge: 'sealed-mfa' })
    page()
    await userEvent.type(screen.getByLabelText(t.auth.email), 'admin@demo.salon')
    await userEvent.type(screen.getByLabelText(t.auth.password), 'demo1234')
    await userEvent.click(screen.getByRole('button', { name: t.auth.submitLogin }))
    await userEvent.click(await screen.findByRole('button', { name: t.passkey.useOnSecondStep }, { timeout: 5000 }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t.mfa.expired)
    expect(screen.getByLabelText(t.auth.password)).toBeInTheDocument()
    expect(browser.startAuthentication).not.toHaveBeenCalled()
  })

  it('with autofill, the e-mail field offers the passkeys: a pick signs in like the button', async () => {
    browser.autofill = true
    const calls = server()
    browser.startAuthentication.mockResolvedValue(ASSERTION)
    auth.loginWithPasskey.mockResolvedValue({ id: 4, email: 'g@example.com', user_role: 'OPERATOR' })
    page()
    expect(screen.getByLabelText(t.auth.email)).toHaveAttribute('autocomplete', 'username webauthn')
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/reserved-area', { replace: true }))
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: true })
    expect(calls.of('POST', '/api/auth/passkeys/login/options')[0]!.body).toEqual({})
    expect(auth.loginWithPasskey).toHaveBeenCalledWith('ch-1', ASSERTION)
  })

  it('an autofill prompt closed or cut short says nothing; the button still works', async () => {
    browser.autofill = true
    server()
    browser.startAuthentication
      .mockRejectedValueOnce(new DOMException('aborted', 'AbortError'))
      .mockResolvedValueOnce(ASSERTION)
    auth.loginWithPasskey.mockResolvedValue({ id: 4, email: 'g@example.com', user_role: 'USER' })
    page()
    await vi.waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: t.passkey.signIn }))
    expect(browser.startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false })
    expect(navigateTo).toHaveBeenCalledWith('/reserved-area', { replace: true })
  })
})
