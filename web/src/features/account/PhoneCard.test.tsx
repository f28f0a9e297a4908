import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fieldMessage } from '@salon/shared/messages'
import { ApiError } from '../../lib/api'
import type { User } from '../../lib/auth'
import { t } from '../../lib/i18nPersonal'

/** The text as the DOM query reads it: the no-break spaces that keep a number on one line are spaces. */
const shown = (text: string) => text.replace(/\u00a0/g, ' ')

const sendPhoneCode = vi.fn()
const verifyPhone = vi.fn()
const toast = vi.fn()
const auth = { user: null as User | null, refresh: vi.fn(async () => null) }
vi.mock('./api', () => ({
  sendPhoneCode: (phone: string) => sendPhoneCode(phone),
  verifyPhone: (id: string, code: string) => verifyPhone(id, code),
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))

const { PhoneCard } = await import('./PhoneCard')

const base = { id: 3, email: 'paola@example.com', user_role: 'USER' } as User
const fieldRefusal = (path: string, code: 'CODE_EXPIRED' | 'PHONE_INVALID') =>
  new ApiError(400, `Dati non validi: ${path}`, [
    {
      name: 'ValidationError',
      message: `Dati non validi: ${path}`,
      data: { code, field: path, errors: [{ path, message: 'server words', code }] },
    },
  ])

describe('PhoneCard', () => {
  beforeEach(() => {
    sendPhoneCode.mockReset()
    verifyPhone.mockReset()
    toast.mockReset()
    auth.refresh.mockClear()
  })

  it('checks the number with the shared schema before sending anything', async () => {
    auth.user = { ...base, phone_number: null }
    const u = userEvent.setup()
    render(<PhoneCard />)
    expect(screen.getByText(t.phone.none)).toBeInTheDocument()
    await u.type(screen.getByLabelText(t.phone.number), 'abc')
    await u.click(screen.getByRole('button', { name: t.phone.send }))
    expect(await screen.findByText(fieldMessage('PHONE_INVALID'))).toBeInTheDocument()
    expect(sendPhoneCode).not.toHaveBeenCalled()
  })

  it('sends a code, shows the server’s refusal next to the code field, then verifies', async () => {
    auth.user = { ...base, phone_number: '333 123 4567', phone_verified: false }
    sendPhoneCode.mockResolvedValue({ challenge_id: 'c-1', expires_at: '2026-11-27T18:10:00Z' })
    verifyPhone.mockRejectedValueOnce(fieldRefusal('code', 'CODE_EXPIRED')).mockResolvedValueOnce({})
    const u = userEvent.setup()
    render(<PhoneCard />)
    expect(screen.getByText(t.phone.notVerified)).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.phone.send }))
    expect(sendPhoneCode).toHaveBeenCalledWith('333 123 4567')
    expect(await screen.findByText(shown(t.phone.sent('333 123 4567')))).toBeInTheDocument()

    const code = screen.getByLabelText(t.phone.code)
    expect(code).toHaveFocus()
    await u.type(code, '12345')
    await u.click(screen.getByRole('button', { name: t.phone.confirm }))
    expect(await screen.findByText(fieldMessage('SMS_CODE_INVALID'))).toBeInTheDocument()
    expect(verifyPhone).not.toHaveBeenCalled()

    await u.clear(code)
    await u.type(code, '123456')
    await u.click(screen.getByRole('button', { name: t.phone.confirm }))
    expect(await screen.findByText(fieldMessage('CODE_EXPIRED'))).toBeInTheDocument()
    expect(screen.getByLabelText(t.phone.code)).toHaveAttribute('aria-invalid', 'true')

    await u.click(screen.getByRole('button', { name: t.phone.confirm }))
    expect(verifyPhone).toHaveBeenLastCalledWith('c-1', '123456')
    expect(auth.refresh).toHaveBeenCalled()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: t.phone.doneToast }))
  })

  it('a verified number shows its badge; 429 while sending shows the wait above the form', async () => {
    auth.user = { ...base, phone_number: '+393331234567', phone_verified: true }
    sendPhoneCode.mockRejectedValue(
      new ApiError(429, 'Troppi tentativi: riprova tra 1 minuto.', [
        { name: 'TooManyRequests', message: 'x', data: { code: 'TOO_MANY_ATTEMPTS', params: { minutes: 1 } } },
      ]),
    )
    const u = userEvent.setup()
    render(<PhoneCard />)
    expect(screen.getByText(t.phone.verified)).toBeInTheDocument()
    expect(screen.queryByLabelText(t.phone.number)).not.toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: t.phone.change }))
    await u.type(screen.getByLabelText(t.phone.number), '333 765 4321')
    await u.click(screen.getByRole('button', { name: t.phone.send }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/1 minut/)
    expect(screen.getByLabelText(t.phone.number)).toBeInTheDocument()
  })
})
