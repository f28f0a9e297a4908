import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FIELD_MESSAGES } from '@salon/shared/messages'
import { t } from '../../lib/i18nPersonal'
import { LoginPage } from './LoginPage'

const auth = vi.hoisted(() => ({ status: 'anonymous', user: null, login: vi.fn(), verifyLogin: vi.fn() }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast: vi.fn() }) }))
const navigateTo = vi.hoisted(() => vi.fn())
vi.mock('../../lib/navigation', () => ({ useNavigateTo: () => navigateTo }))
vi.mock('../../lib/salon', async (actual) => ({
  ...(await actual<object>()),
  fetchServiceTitles: () => new Promise(() => {}),
}))

const signedIn = (user_role: string) => ({
  mfaRequired: false,
  user: { id: 1, email: 'x@demo.salon', user_role },
})

async function signIn(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <LoginPage />
    </MemoryRouter>,
  )
  await userEvent.type(screen.getByLabelText(t.auth.email), 'x@demo.salon')
  await userEvent.type(screen.getByLabelText(t.auth.password), 'demo1234')
  await userEvent.click(screen.getByRole('button', { name: t.auth.submitLogin }))
  // The form's check fetches its schema on submit (issue 28): the login follows it.
  await waitFor(() => expect(auth.login).toHaveBeenCalled())
  await new Promise((resolve) => setTimeout(resolve, 0))
}

beforeEach(() => {
  auth.login.mockReset()
  auth.verifyLogin.mockReset()
  navigateTo.mockReset()
  document.cookie = 'salon_redirect_path=; Path=/; Max-Age=0'
})

describe('LoginPage: where staff and customers land', () => {
  it('takes an admin to the dashboard', async () => {
    auth.login.mockResolvedValue(signedIn('ADMIN'))
    await signIn('/login')
    expect(navigateTo).toHaveBeenCalledWith('/dashboard', { replace: true })
  })

  it('takes an operator to their agenda (the reserved area’s first screen)', async () => {
    auth.login.mockResolvedValue(signedIn('OPERATOR'))
    await signIn('/login')
    expect(navigateTo).toHaveBeenCalledWith('/reserved-area', { replace: true })
  })

  it('takes a customer where they were going', async () => {
    auth.login.mockResolvedValue(signedIn('USER'))
    await signIn('/login?redirectTo=/reserve?services=3%26step=when')
    expect(navigateTo).toHaveBeenCalledWith('/reserve?services=3&step=when', { replace: true })
  })

  it('takes an admin to the dashboard when "my account" was asked', async () => {
    auth.login.mockResolvedValue(signedIn('ADMIN'))
    await signIn('/login?redirectTo=/reserved-area')
    expect(navigateTo).toHaveBeenLastCalledWith('/dashboard', { replace: true })
  })

  it('follows the guard’s remembered page only where the role may go', async () => {
    document.cookie = `salon_redirect_path=${encodeURIComponent('/dashboard/booking')}; Path=/`
    auth.login.mockResolvedValue(signedIn('USER'))
    await signIn('/login')
    expect(navigateTo).toHaveBeenCalledWith('/reserved-area', { replace: true })
    // Used once either way.
    expect(document.cookie).not.toMatch(/salon_redirect_path=%2F/)
  })

  it('lands an admin after the second-factor step too', async () => {
    auth.login.mockResolvedValue({ mfaRequired: true, challenge: 'c' })
    auth.verifyLogin.mockResolvedValue({ id: 1, email: 'admin@demo.salon', user_role: 'ADMIN' })
    await signIn('/login')
    await userEvent.type(await screen.findByLabelText(/codice/i), '123456')
    await userEvent.click(screen.getByRole('button', { name: t.mfa.verify }))
    expect(auth.verifyLogin).toHaveBeenCalledWith('c', '123456', undefined)
    expect(navigateTo).toHaveBeenCalledWith('/dashboard', { replace: true })
  })
})

describe('LoginPage: the form checks itself with the shared schema, fetched on submit (issue 28)', () => {
  it('names each wrong field next to it and asks nothing', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    )
    await userEvent.type(screen.getByLabelText(t.auth.email), 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: t.auth.submitLogin }))
    expect(await screen.findByText(FIELD_MESSAGES.EMAIL_INVALID)).toBeInTheDocument()
    expect(screen.getByText(FIELD_MESSAGES.PASSWORD_REQUIRED)).toBeInTheDocument()
    expect(auth.login).not.toHaveBeenCalled()
  })
})
