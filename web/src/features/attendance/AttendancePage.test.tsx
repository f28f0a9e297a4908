import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AttendanceSummary } from '@salon/shared/attendance'
import { ApiError } from '../../lib/api'

const fetchAttendance = vi.fn()
const answerAttendance = vi.fn()
vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  fetchAttendance: (token: string) => fetchAttendance(token),
  answerAttendance: (token: string, answer: string) => answerAttendance(token, answer),
}))

const { AttendancePage } = await import('./AttendancePage')

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz01'
const summary = (over: Partial<AttendanceSummary> = {}): AttendanceSummary => ({
  status: 'CONFIRMED',
  date_start: '2026-11-28T09:00:00.000Z',
  date_end: '2026-11-28T09:45:00.000Z',
  timezone: 'Europe/Rome',
  services: ['Piega', 'Trattamento ristrutturante'],
  operator: 'Giulia',
  salon: { name: 'Salone Demo', phone: '+39 02 1234 5678', address: 'Via Roma 12, 20121 Milano' },
  can_cancel: true,
  cancel_until: '2026-11-27T09:00:00.000Z',
  customer_confirmed_at: null,
  ...over,
})
const refusal = (status: number, code: string, message: string) =>
  new ApiError(status, message, [{ message, data: { code } }])

function open() {
  render(
    <MemoryRouter initialEntries={[`/a/${TOKEN}`]}>
      <Routes>
        <Route path="/a/:token" element={<AttendancePage />} />
      </Routes>
    </MemoryRouter>,
  )
}

beforeEach(() => {
  fetchAttendance.mockReset()
  answerAttendance.mockReset()
})

describe('/a/:token (the SMS reminder’s link)', () => {
  it('shows the appointment in the salon’s zone and confirms attendance with one tap', async () => {
    fetchAttendance.mockResolvedValueOnce(summary())
    answerAttendance.mockResolvedValueOnce(summary({ customer_confirmed_at: '2026-11-27T08:00:00.000Z' }))
    open()
    expect(await screen.findByText('sabato 28 novembre, 10:00')).toBeInTheDocument()
    expect(fetchAttendance).toHaveBeenCalledWith(TOKEN)
    expect(screen.getByText('Piega, Trattamento ristrutturante · con Giulia')).toBeInTheDocument()
    // The salon's name is the layout's brand already; another name (a second salon) is said.
    expect(screen.queryByText('Salone Demo')).not.toBeInTheDocument()
    expect(screen.getByText('Via Roma 12, 20121 Milano')).toBeInTheDocument()
    expect(screen.getByText('Puoi annullare online fino a venerdì 27 novembre, 10:00.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Confermo, ci sarò' }))
    expect(answerAttendance).toHaveBeenCalledWith(TOKEN, 'confirm')
    expect(await screen.findByRole('heading', { name: 'Grazie, ti aspettiamo!' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confermo, ci sarò' })).not.toBeInTheDocument()
    // Still free to cancel afterwards.
    expect(screen.getByRole('button', { name: 'Non posso venire' })).toBeInTheDocument()
  })

  it('cancels only after a second tap; the answer says the time is free again', async () => {
    fetchAttendance.mockResolvedValueOnce(summary())
    answerAttendance.mockResolvedValueOnce(summary({ status: 'CANCELLED', can_cancel: false }))
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Non posso venire' }))
    expect(answerAttendance).not.toHaveBeenCalled()
    expect(screen.getByText(/Vuoi annullare l’appuntamento\?/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'No, torna indietro' }))
    expect(answerAttendance).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Non posso venire' }))
    await userEvent.click(screen.getByRole('button', { name: 'Sì, annulla' }))
    expect(answerAttendance).toHaveBeenCalledWith(TOKEN, 'cancel')
    expect(await screen.findByRole('heading', { name: 'Appuntamento annullato' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Prenota un altro orario' })).toHaveAttribute('href', '/reserve')
  })

  it('outside the policy: no cancel button, the salon’s phone; a refused cancel shows the server’s words', async () => {
    fetchAttendance.mockResolvedValueOnce(summary({ can_cancel: false }))
    open()
    expect(await screen.findByText(/Per annullare ormai chiamaci/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Non posso venire' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Chiama +39 02 1234 5678' })).toHaveAttribute('href', 'tel:+390212345678')
  })

  it('a cancel refused by the server (the policy changed meanwhile) says why', async () => {
    fetchAttendance.mockResolvedValueOnce(summary())
    answerAttendance.mockRejectedValueOnce(
      refusal(
        409,
        'TOO_LATE_TO_CANCEL',
        'È tardi per annullare online. Per annullare chiama il salone: +39 02 1234 5678.',
      ),
    )
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Non posso venire' }))
    await userEvent.click(screen.getByRole('button', { name: 'Sì, annulla' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/chiama il salone: \+39 02 1234 5678/)
  })

  it('a link no longer valid (tampered, expired, moved) gets a kind page with the phone, not an error', async () => {
    fetchAttendance.mockRejectedValueOnce(refusal(410, 'LINK_INVALID', 'Questo link non è più valido.'))
    open()
    expect(await screen.findByRole('heading', { name: 'Questo link non è più valido' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Chiama / })).toHaveAttribute('href', expect.stringMatching(/^tel:\+/))
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('no connection: says so and tries again', async () => {
    fetchAttendance.mockRejectedValueOnce(new ApiError(0, 'offline')).mockResolvedValueOnce(summary())
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Riprova' }))
    expect(await screen.findByRole('button', { name: 'Confermo, ci sarò' })).toBeInTheDocument()
    expect(fetchAttendance).toHaveBeenCalledTimes(2)
  })
})
