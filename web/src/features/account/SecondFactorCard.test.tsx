import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'
import type { Factor } from './api'

/** The text as the DOM query reads it: the no-break spaces that keep a number on one line are spaces. */
const shown = (text: string) => text.replace(/\u00a0/g, ' ')

const api = vi.hoisted(() => ({
  listFactors: vi.fn(),
  enrollFactor: vi.fn(),
  enrollPhoneFactor: vi.fn(),
  challengeFactor: vi.fn(),
  verifyFactor: vi.fn(),
  deleteFactor: vi.fn(),
}))
vi.mock('./api', () => api)
const toast = vi.fn()
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))
const auth = { user: { id: 3, email: 'p@example.com', user_role: 'USER', phone_number: '+393331234567' } as User }
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))

const { SecondFactorCard } = await import('./SecondFactorCard')

const phoneFactor: Factor = { id: 5, factor_type: 'phone', status: 'unverified', phone: '+39 ••• ••• 4567' }

describe('SecondFactorCard with SMS', () => {
  beforeEach(() => {
    for (const fn of Object.values(api)) fn.mockReset()
    toast.mockReset()
  })

  it('offers the app or SMS; SMS: the profile’s number, a code, then the recovery codes', async () => {
    api.listFactors.mockResolvedValue([])
    api.enrollPhoneFactor.mockResolvedValue(phoneFactor)
    api.challengeFactor.mockResolvedValue({ challenge_id: 'ch-1', expires_at: 'x' })
    api.verifyFactor.mockResolvedValue({
      factor: { ...phoneFactor, status: 'verified' },
      recovery_codes: ['AAAAA-BBBBB'],
    })
    const u = userEvent.setup()
    render(<SecondFactorCard />)
    expect(await screen.findByRole('button', { name: t.mfa.chooseApp })).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.mfa.chooseSms }))
    expect(screen.getByLabelText(t.phone.number)).toHaveValue('+393331234567')
    await u.click(screen.getByRole('button', { name: t.mfa.smsSendFirst }))
    expect(api.enrollPhoneFactor).toHaveBeenCalledWith('+393331234567')
    expect(api.challengeFactor).toHaveBeenCalledWith(5)
    expect(await screen.findByText(shown(t.mfa.smsSent('+39 ••• ••• 4567')))).toBeInTheDocument()
    await u.type(screen.getByLabelText(t.mfa.code), '654321')
    await u.click(screen.getByRole('button', { name: t.mfa.confirm }))
    expect(api.verifyFactor).toHaveBeenCalledWith(5, '654321', 'ch-1')
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.mfa.recoveryDone }))
    expect(screen.getByText(shown(t.mfa.activeSms('+39 ••• ••• 4567')))).toBeInTheDocument()
  })

  it('an active phone factor is turned off with a code sent by SMS', async () => {
    api.listFactors.mockResolvedValue([{ ...phoneFactor, status: 'verified' }])
    api.challengeFactor.mockResolvedValue({ challenge_id: 'ch-2', expires_at: 'x' })
    api.deleteFactor.mockResolvedValue({})
    const u = userEvent.setup()
    render(<SecondFactorCard />)
    expect(await screen.findByText(shown(t.mfa.activeSms('+39 ••• ••• 4567')))).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.mfa.smsSendFirst }))
    expect(api.challengeFactor).toHaveBeenCalledWith(5)
    await u.type(screen.getByLabelText(t.mfa.code), '111222')
    await u.click(screen.getByRole('button', { name: t.mfa.disable }))
    expect(api.deleteFactor).toHaveBeenCalledWith(5, '111222', 'ch-2')
    expect(await screen.findByRole('button', { name: t.mfa.chooseSms })).toBeInTheDocument()
  })

  it('a recovery code turns it off without an SMS', async () => {
    api.listFactors.mockResolvedValue([{ ...phoneFactor, status: 'verified' }])
    api.deleteFactor.mockResolvedValue({})
    const u = userEvent.setup()
    render(<SecondFactorCard />)
    await u.type(await screen.findByLabelText(t.mfa.code), 'AB12C-3DE45')
    await u.click(screen.getByRole('button', { name: t.mfa.disable }))
    expect(api.deleteFactor).toHaveBeenCalledWith(5, 'AB12C-3DE45', undefined)
  })

  it('with SMS on, the app can be added too', async () => {
    api.listFactors.mockResolvedValue([{ ...phoneFactor, status: 'verified' }])
    api.enrollFactor.mockResolvedValue({
      id: 9,
      factor_type: 'totp',
      status: 'unverified',
      totp: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_code: 'data:image/png;base64,AA==' },
    })
    const u = userEvent.setup()
    render(<SecondFactorCard />)
    expect(await screen.findByText(t.mfa.addText)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: t.mfa.addSms })).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.mfa.addApp }))
    expect(api.enrollFactor).toHaveBeenCalled()
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument()
  })
})
