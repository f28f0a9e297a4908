import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18n'
import { RegisterPage } from './RegisterPage'

const api = vi.hoisted(() => ({ registerCustomer: vi.fn() }))
vi.mock('./api', () => api)
const auth = vi.hoisted(() => ({ login: vi.fn() }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))

/** Fills the form by field name and submits it. */
async function fillAndSubmit(container: HTMLElement) {
  const values = {
    name: 'Rosa',
    surname: 'Bianchi',
    email: 'rosa@example.com',
    phone_number: '+39 333 123 4567',
    password: 'password123',
  }
  for (const [name, value] of Object.entries(values))
    await userEvent.type(container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, value)
  await userEvent.click(screen.getByRole('button', { name: t.auth.submitRegister }))
}

beforeEach(() => {
  api.registerCustomer.mockReset()
  auth.login.mockReset()
})

describe('RegisterPage', () => {
  it('over the per-address limit (429), shows the server’s message as is and does not log in', async () => {
    const message = 'Troppe registrazioni da questa connessione: riprova tra 42 minuti.'
    api.registerCustomer.mockRejectedValue(
      new ApiError(429, message, [{ name: 'TooManyRequests', message, data: { reason: 'TOO_MANY_REGISTRATIONS' } }]),
    )
    const { container } = render(
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>,
    )
    await fillAndSubmit(container)
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.queryByText(new RegExp(t.auth.registerFailed.slice(0, 20)))).toBeNull()
    expect(api.registerCustomer).toHaveBeenCalledTimes(1)
    expect(auth.login).not.toHaveBeenCalled()
  })
})
