import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../../lib/i18nPersonal'
import { LoginPage } from './LoginPage'

const auth = vi.hoisted(() => ({ status: 'anonymous', user: null, login: vi.fn(), verifyLogin: vi.fn() }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
const toast = vi.hoisted(() => vi.fn())
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))
const navigateTo = vi.hoisted(() => vi.fn())
vi.mock('../../lib/navigation', () => ({ useNavigateTo: () => navigateTo }))
vi.mock('../../lib/salon', async (actual) => ({
  ...(await actual<object>()),
  fetchServiceTitles: () => new Promise(() => {}),
}))
vi.mock('../../lib/externalSignIn', async (actual) => ({
  ...(await actual<object>()),
  loadProviders: () => Promise.resolve([{ id: 'google', label: 'Google' }]),
}))

const open = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <LoginPage />
    </MemoryRouter>,
  )

beforeEach(() => {
  auth.login.mockReset()
  toast.mockReset()
  navigateTo.mockReset()
  sessionStorage.clear()
})

describe('LoginPage after an external sign-in', () => {
  it('asks the owner of the e-mail for the password, then joins the provider and resumes the booking', async () => {
    sessionStorage.setItem(
      'salon_external_sign_in',
      JSON.stringify({ verifier: 'v'.repeat(43), provider: 'google', next: '/reserve?step=summary', at: Date.now() }),
    )
    auth.login.mockResolvedValue({ mfaRequired: false, user: { id: 1, email: 'o@x.it', user_role: 'USER' } })
    open('/login?link=sealed-token&provider=google')
    expect(await screen.findByText(t.external.linkNotice('Google'))).toBeInTheDocument()
    // No provider buttons here: the password is the way.
    expect(screen.queryByRole('button', { name: 'Continua con Google' })).toBeNull()
    await userEvent.type(screen.getByLabelText(t.auth.email), 'o@x.it')
    await userEvent.type(screen.getByLabelText(t.auth.password), 'password123')
    await userEvent.click(screen.getByRole('button', { name: t.auth.submitLogin }))
    // The form's check fetches its schema on submit (issue 28): the login follows it.
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('o@x.it', 'password123', 'sealed-token'))
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/reserve?step=summary', { replace: true }))
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: t.external.linkedToast('Google') }))
  })

  it('words a refusal the provider’s return brought back, and offers the buttons again', async () => {
    open('/login?external_error=EXTERNAL_EMAIL_UNVERIFIED&provider=google')
    expect(await screen.findByRole('alert')).toHaveTextContent(t.external.errors.EXTERNAL_EMAIL_UNVERIFIED)
    expect(await screen.findByRole('button', { name: 'Continua con Google' })).toBeInTheDocument()
  })

  it('ignores an external_error it does not know', async () => {
    open('/login?external_error=<script>')
    await screen.findByRole('button', { name: 'Continua con Google' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
