import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18nPersonal'
import { ExternalCallbackPage } from './ExternalCallbackPage'

const auth = vi.hoisted(() => ({ status: 'anonymous', user: null, exchangeCode: vi.fn(), verifyLogin: vi.fn() }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
const navigateTo = vi.hoisted(() => vi.fn())
vi.mock('../../lib/navigation', () => ({ useNavigateTo: () => navigateTo }))

const KEY = 'salon_external_sign_in'
const open = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ExternalCallbackPage />
    </MemoryRouter>,
  )

beforeEach(() => {
  sessionStorage.clear()
  auth.exchangeCode.mockReset()
  navigateTo.mockReset()
})

describe('ExternalCallbackPage', () => {
  it('trades the code and this tab’s verifier for a session, then resumes the booking', async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ verifier: 'v'.repeat(43), provider: 'google', next: '/reserve?step=summary', at: Date.now() }),
    )
    auth.exchangeCode.mockResolvedValue({ mfaRequired: false, user: { id: 7, email: 'g@x.it', user_role: 'USER' } })
    open('/login/callback?code=abc')
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/reserve?step=summary', { replace: true }))
    expect(auth.exchangeCode).toHaveBeenCalledWith('abc', 'v'.repeat(43))
    expect(auth.exchangeCode).toHaveBeenCalledTimes(1)
    // The verifier is used once.
    expect(sessionStorage.getItem(KEY)).toBeNull()
  })

  it('asks for the second factor when the account has one', async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ verifier: 'v'.repeat(43), provider: 'google', next: null, at: Date.now() }),
    )
    auth.exchangeCode.mockResolvedValue({
      mfaRequired: true,
      challenge: 'sealed',
      factors: [{ id: 1, factor_type: 'totp', phone_hint: null }],
    })
    open('/login/callback?code=abc')
    expect(await screen.findByRole('heading', { name: t.mfa.title })).toBeInTheDocument()
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('explains a used or expired code, with the way back to login', async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ verifier: 'v'.repeat(43), provider: 'google', next: null, at: Date.now() }),
    )
    auth.exchangeCode.mockRejectedValue(new ApiError(400, 'Dati non validi: auth_code'))
    open('/login/callback?code=used')
    expect(await screen.findByRole('alert')).toHaveTextContent(t.external.callbackExpired)
    expect(screen.getByRole('link', { name: t.external.backToLogin })).toHaveAttribute('href', '/login')
  })

  it('does not call the server without a pending sign-in in this tab', async () => {
    open('/login/callback?code=abc')
    expect(await screen.findByRole('alert')).toHaveTextContent(t.external.callbackExpired)
    expect(auth.exchangeCode).not.toHaveBeenCalled()
  })
})
