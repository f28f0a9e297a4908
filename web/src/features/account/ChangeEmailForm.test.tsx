import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'

const changeEmail = vi.fn()
const toast = vi.fn()
const refresh = vi.fn(() => Promise.resolve(null))
vi.mock('./api', () => ({ changeEmail: (body: unknown) => changeEmail(body), updateProfile: vi.fn() }))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ refresh }) }))

const { ChangeEmailForm } = await import('./ProfilePage')

const fill = async (email: string, password: string) => {
  if (email) await userEvent.type(screen.getByLabelText('Nuova e-mail'), email)
  if (password) await userEvent.type(screen.getByLabelText('Password attuale'), password)
  await userEvent.click(screen.getByRole('button', { name: 'Cambia e-mail' }))
}

describe('ChangeEmailForm', () => {
  beforeEach(() => {
    changeEmail.mockReset()
    toast.mockReset()
  })

  it('checks both fields with the shared schema before calling the server', async () => {
    render(<ChangeEmailForm email="sara@example.com" />)
    await fill('non-un-indirizzo', '')
    expect(changeEmail).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Nuova e-mail')).toHaveAccessibleDescription(/e-mail/i)
    expect(screen.getByLabelText('Password attuale')).toHaveAccessibleDescription('Inserisci la password attuale')
  })

  it('shows the server’s answer next to the field it names', async () => {
    changeEmail.mockRejectedValueOnce(
      new ApiError(400, 'Bad', [
        {
          message: 'Bad',
          data: { errors: [{ path: 'email', message: 'Questo indirizzo è già usato da un altro account' }] },
        },
      ]),
    )
    render(<ChangeEmailForm email="sara@example.com" />)
    await fill('altra@example.com', 'password123')
    expect(changeEmail).toHaveBeenCalledWith({ email: 'altra@example.com', password: 'password123' })
    expect(screen.getByLabelText('Nuova e-mail')).toHaveAccessibleDescription(
      'Questo indirizzo è già usato da un altro account',
    )
    expect(toast).not.toHaveBeenCalled()
  })

  it('a wrong password is named on the password field; success empties the form and says where the link went', async () => {
    changeEmail.mockRejectedValueOnce(
      new ApiError(400, 'Bad', [{ message: 'Bad', data: { errors: [{ path: 'password', message: 'x' }] } }]),
    )
    render(<ChangeEmailForm email="sara@example.com" />)
    await fill('Nuova@Example.com', 'sbagliata')
    expect(screen.getByLabelText('Password attuale')).toHaveAccessibleDescription('La password attuale non è corretta')

    changeEmail.mockResolvedValueOnce({ message: 'ok' })
    await userEvent.clear(screen.getByLabelText('Password attuale'))
    await fill('', 'password123')
    expect(changeEmail).toHaveBeenLastCalledWith({ email: 'Nuova@Example.com', password: 'password123' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: expect.stringContaining('nuova@example.com') }))
    expect(screen.getByLabelText('Nuova e-mail')).toHaveValue('')
  })
})
