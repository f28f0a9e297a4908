import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api'
import { t } from '../../lib/i18n'
import { RegisterPage } from './RegisterPage'

const api = vi.hoisted(() => ({ registerCustomer: vi.fn() }))
vi.mock('./api', () => api)
const auth = vi.hoisted(() => ({ login: vi.fn() }))
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }))
const salon = vi.hoisted(() => ({ fetchServiceTitles: vi.fn() }))
vi.mock('../../lib/salon', async (actual) => ({ ...(await actual<object>()), ...salon }))

const consent = () => screen.getByRole('checkbox', { name: /Ho letto l’informativa sulla privacy/ })

/** Fills the form by field name (ticking the consent unless told not to) and submits it. */
async function fillAndSubmit(container: HTMLElement, { tick = true } = {}) {
  const values = {
    name: 'Rosa',
    surname: 'Bianchi',
    email: 'rosa@example.com',
    phone_number: '+39 333 123 4567',
    password: 'password123',
  }
  for (const [name, value] of Object.entries(values))
    await userEvent.type(container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, value)
  if (tick) await userEvent.click(consent())
  await userEvent.click(screen.getByRole('button', { name: t.auth.submitRegister }))
}

const renderAt = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/reserve" element={<p>wizard</p>} />
        <Route path="/reserved-area" element={<p>reserved area</p>} />
      </Routes>
    </MemoryRouter>,
  )

/** 10:30 in Rome on Saturday 28 November 2026. */
const WIZARD = '/reserve?services=3&operator=any&day=2026-11-28&time=2026-11-28T09%3A30%3A00.000Z&step=summary'
const catalogue = {
  config: { timezone: 'Europe/Rome' },
  titles: new Map([
    [3, 'Taglio donna'],
    [4, 'Piega'],
  ]),
}

beforeEach(() => {
  api.registerCustomer.mockReset()
  auth.login.mockReset()
  salon.fetchServiceTitles.mockReset()
  salon.fetchServiceTitles.mockResolvedValue(catalogue)
})

describe('RegisterPage', () => {
  it('over the per-address limit (429), shows the server’s message as is and does not log in', async () => {
    const message = 'Troppe registrazioni da questa connessione: riprova tra 42 minuti.'
    api.registerCustomer.mockRejectedValue(
      new ApiError(429, message, [{ name: 'TooManyRequests', message, data: { reason: 'TOO_MANY_REGISTRATIONS' } }]),
    )
    const { container } = renderAt('/register')
    await fillAndSubmit(container)
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.queryByText(new RegExp(t.auth.registerFailed.slice(0, 20)))).toBeNull()
    expect(api.registerCustomer).toHaveBeenCalledTimes(1)
    expect(auth.login).not.toHaveBeenCalled()
  })

  it('an e-mail already registered is told by its code, with the way to sign in (issue 21 §4)', async () => {
    const field = { path: 'email', message: 'Esiste già un account con questa e-mail.', code: 'EMAIL_REGISTERED' }
    api.registerCustomer.mockRejectedValue(
      new ApiError(400, 'Dati non validi: email', [
        {
          name: 'ValidationError',
          message: 'Dati non validi: email',
          data: { code: 'INVALID_INPUT', errors: [field] },
        },
      ]),
    )
    const { container } = renderAt('/register')
    await fillAndSubmit(container)
    expect(await screen.findByText(t.auth.emailTaken)).toBeInTheDocument()
    expect(auth.login).not.toHaveBeenCalled()
  })

  it('without consent to the privacy policy, shows the error next to the box and sends nothing', async () => {
    api.registerCustomer.mockResolvedValue({ doc: { id: 9, email: 'rosa@example.com' } })
    auth.login.mockResolvedValue({ mfaRequired: false, user: { id: 9, email: 'rosa@example.com', user_role: 'USER' } })
    const { container } = renderAt('/register')
    await fillAndSubmit(container, { tick: false })
    const box = consent()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box).toHaveAccessibleDescription(/conferma di aver letto l’informativa sulla privacy/)
    // The message sits in the box's own field, right under it.
    expect(box.closest('.field')).toHaveTextContent(/conferma di aver letto l’informativa sulla privacy/)
    expect(api.registerCustomer).not.toHaveBeenCalled()

    await userEvent.click(box)
    await userEvent.click(screen.getByRole('button', { name: t.auth.submitRegister }))
    expect(api.registerCustomer).toHaveBeenCalledWith(expect.objectContaining({ privacy_accepted: true }))
    expect(await screen.findByText('reserved area')).toBeInTheDocument()
  })

  it('shows the server’s refusal of the consent next to the box', async () => {
    const message = 'Per creare l’account conferma di aver letto l’informativa sulla privacy'
    api.registerCustomer.mockRejectedValue(
      new ApiError(400, 'The following field is invalid: privacy_accepted', [
        { name: 'ValidationError', message: 'invalid', data: { errors: [{ path: 'privacy_accepted', message }] } },
      ]),
    )
    const { container } = renderAt('/register')
    await fillAndSubmit(container)
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(consent()).toHaveAccessibleDescription(message)
  })

  it('links the policy in a new tab, so the form keeps what was typed', () => {
    renderAt('/register')
    const link = screen.getByRole('link', { name: /informativa sulla privacy/ })
    expect(link).toHaveAttribute('href', '/privacy')
    expect(link).toHaveAttribute('target', '_blank')
  })

  it('says which booking waits, and goes back to its summary after registering', async () => {
    api.registerCustomer.mockResolvedValue({ doc: { id: 9, email: 'rosa@example.com' } })
    auth.login.mockResolvedValue({ mfaRequired: false, user: { id: 9, email: 'rosa@example.com', user_role: 'USER' } })
    const { container } = renderAt(`/register?redirectTo=${encodeURIComponent(WIZARD)}`)
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('Ti aspetta: Taglio donna, sabato 28 novembre alle 10:30')
    expect(status).toHaveTextContent('Dopo la registrazione confermi la prenotazione.')

    await fillAndSubmit(container)
    expect(await screen.findByText('wizard')).toBeInTheDocument()
    expect(auth.login).toHaveBeenCalledWith('rosa@example.com', 'password123')
  })

  it('shows no waiting booking without a chosen time, or when its services are gone', async () => {
    renderAt(`/register?redirectTo=${encodeURIComponent('/reserve?services=3&step=when')}`)
    renderAt(`/register?redirectTo=${encodeURIComponent(WIZARD.replace('services=3', 'services=99'))}`)
    await waitFor(() => expect(salon.fetchServiceTitles).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText(/Ti aspetta/)).toBeNull()
  })
})
