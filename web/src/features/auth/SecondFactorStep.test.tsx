import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import type { LoginFactor } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'

/** The text as the DOM query reads it: the no-break spaces that keep a number on one line are spaces. */
const shown = (text: string) => text.replace(/\u00a0/g, ' ')

const auth = vi.hoisted(() => ({ verifyLogin: vi.fn() }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
const sendLoginCode = vi.hoisted(() => vi.fn())
vi.mock('./api', () => ({ sendLoginCode }))

const { SecondFactorStep } = await import('./SecondFactorStep')

const phone: LoginFactor = { id: 7, factor_type: 'phone', phone_hint: '+39 ••• ••• 4567' }
const app: LoginFactor = { id: 8, factor_type: 'totp', phone_hint: null }
const user = { id: 1, email: 'paola@example.com', user_role: 'USER' }

function step(factors: LoginFactor[]) {
  const onVerified = vi.fn()
  const onExpired = vi.fn()
  render(
    <SecondFactorStep
      challenge="sealed"
      factors={factors}
      onVerified={onVerified}
      onCancel={vi.fn()}
      onExpired={onExpired}
    />,
  )
  return { onVerified, onExpired }
}

describe('SecondFactorStep with a phone factor', () => {
  beforeEach(() => {
    auth.verifyLogin.mockReset()
    sendLoginCode.mockReset()
  })

  it('sends the code by SMS on request, then signs in with it and its challenge id', async () => {
    sendLoginCode.mockResolvedValue({ challenge_id: 'sms-1', expires_at: 'x' })
    auth.verifyLogin.mockResolvedValue(user)
    const { onVerified } = step([phone])
    const u = userEvent.setup()
    expect(screen.getByText(shown(t.mfa.loginSmsIntro('+39 ••• ••• 4567')))).toBeInTheDocument()
    expect(screen.queryByLabelText(t.mfa.code)).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.mfa.loginSmsSend }))
    expect(sendLoginCode).toHaveBeenCalledWith('sealed', 7)
    expect(await screen.findByText(shown(t.mfa.smsSent('+39 ••• ••• 4567')))).toBeInTheDocument()
    await u.type(screen.getByLabelText(t.mfa.code), '123456')
    await u.click(screen.getByRole('button', { name: t.mfa.verify }))
    expect(auth.verifyLogin).toHaveBeenCalledWith('sealed', '123456', 'sms-1')
    expect(onVerified).toHaveBeenCalledWith(user)
  })

  it('"Usa un codice di recupero" switches to the code alone (no challenge id)', async () => {
    auth.verifyLogin.mockResolvedValue(user)
    step([phone])
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: t.mfa.useRecovery }))
    expect(screen.getByText(t.mfa.recoveryIntro)).toBeInTheDocument()
    await u.type(screen.getByLabelText(t.mfa.code), 'AB12C-3DE45')
    await u.click(screen.getByRole('button', { name: t.mfa.verify }))
    expect(auth.verifyLogin).toHaveBeenCalledWith('sealed', 'AB12C-3DE45', undefined)
    expect(sendLoginCode).not.toHaveBeenCalled()
  })

  it('with the app too, starts on the app’s code and offers the SMS', async () => {
    sendLoginCode.mockRejectedValue(
      new ApiError(429, 'Troppi tentativi: riprova tra 1 minuto.', [
        { name: 'TooManyRequests', message: 'x', data: { code: 'TOO_MANY_ATTEMPTS', params: { minutes: 1 } } },
      ]),
    )
    step([app, phone])
    const u = userEvent.setup()
    expect(screen.getByText(t.mfa.loginIntro)).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.mfa.useSms }))
    await u.click(screen.getByRole('button', { name: t.mfa.loginSmsSend }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/1 minut/)
    expect(screen.getByRole('button', { name: t.mfa.useAppOrRecovery })).toBeInTheDocument()
  })

  it('an expired login challenge while sending goes back to the password', async () => {
    sendLoginCode.mockRejectedValue(
      new ApiError(400, 'Dati non validi: challenge', [
        {
          name: 'ValidationError',
          message: 'x',
          data: {
            code: 'CHALLENGE_EXPIRED',
            errors: [{ path: 'challenge', message: 'scaduto', code: 'CHALLENGE_EXPIRED' }],
          },
        },
      ]),
    )
    const { onExpired } = step([phone])
    await userEvent.setup().click(screen.getByRole('button', { name: t.mfa.loginSmsSend }))
    expect(onExpired).toHaveBeenCalled()
  })

  it('an app-only account sees no SMS at all', () => {
    step([app])
    expect(screen.getByLabelText(t.mfa.code)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: t.mfa.useSms })).not.toBeInTheDocument()
  })
})
