import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'

const get = vi.fn()
const put = vi.fn()
const toast = vi.fn()
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: (path: string) => get(path), put: (path: string, body: unknown) => put(path, body) },
}))
vi.mock('../../lib/toast', () => ({ useToast: () => ({ toast }) }))

const { SmsConsentCard } = await import('./SmsConsentCard')

const show = () =>
  render(
    <MemoryRouter>
      <SmsConsentCard />
    </MemoryRouter>,
  )

beforeEach(() => {
  for (const fn of [get, put, toast]) fn.mockReset()
})

describe('SmsConsentCard ("Ricevi promemoria via SMS")', () => {
  it('shows the choice and the number; a tap saves it and says so', async () => {
    get.mockResolvedValueOnce({ sms_consent: false, sms_consent_at: null, phone: '+39 333 123 4567' })
    put.mockResolvedValueOnce({
      sms_consent: true,
      sms_consent_at: '2026-11-27T10:00:00.000Z',
      phone: '+39 333 123 4567',
    })
    show()
    const box = await screen.findByRole('checkbox', { name: 'Ricevi promemoria via SMS' })
    await vi.waitFor(() => expect(box).toBeEnabled())
    expect(box).not.toBeChecked()
    expect(screen.getByText('Al numero +39 333 123 4567.')).toBeInTheDocument()
    await userEvent.click(box)
    expect(put).toHaveBeenCalledWith('/api/auth/me/sms-consent', { sms_consent: true })
    await vi.waitFor(() => expect(box).toBeChecked())
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Riceverai i promemoria anche via SMS' }))
  })

  it('without a number it points to the profile', async () => {
    get.mockResolvedValueOnce({ sms_consent: true, sms_consent_at: '2026-11-27T10:00:00.000Z', phone: null })
    show()
    expect(await screen.findByRole('link', { name: 'Vai al profilo' })).toHaveAttribute(
      'href',
      '/reserved-area/profile',
    )
    expect(screen.getByRole('checkbox', { name: 'Ricevi promemoria via SMS' })).toBeChecked()
  })

  it('the choice shows at once; a failed save puts the old one back and says so', async () => {
    get.mockResolvedValueOnce({
      sms_consent: true,
      sms_consent_at: '2026-11-27T10:00:00.000Z',
      phone: '+39 333 123 4567',
    })
    let fail: (e: unknown) => void = () => {}
    put.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
    show()
    const box = await screen.findByRole('checkbox', { name: 'Ricevi promemoria via SMS' })
    await vi.waitFor(() => expect(box).toBeEnabled())
    await userEvent.click(box)
    // The choice shows at once, while it is being saved…
    expect(box).not.toBeChecked()
    fail(new ApiError(500, 'boom'))
    // …and goes back when the save fails.
    expect(await screen.findByRole('alert')).toHaveTextContent('Non siamo riusciti a salvare la tua scelta')
    expect(box).toBeChecked()
  })
})
