import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OpeningDay } from '@salon/shared/booking/types'
import { ApiError } from '../../lib/api'

const waitlist = vi.hoisted(() => ({ joinWaitlist: vi.fn() }))
vi.mock('../../lib/waitlist', () => waitlist)

const { WaitlistJoin } = await import('./WaitlistJoin')

const opening: OpeningDay[] = ['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'].map((d) => ({
  day_of_week: d as OpeningDay['day_of_week'],
  is_closed: false,
  intervals: [{ opening_time: '09:00', closing_time: '19:00' }],
}))

const props = {
  day: '2026-12-05', // a Saturday
  lastDay: '2027-01-31',
  services: [4, 1],
  operator: null,
  opening,
  signedIn: true,
  loginHref: '/login?redirectTo=/reserve?step=when%26waitlist=1',
  registerHref: '/register?redirectTo=/reserve',
  onClose: vi.fn(),
}

const renderJoin = (over: Partial<typeof props> = {}) =>
  render(
    <MemoryRouter>
      <WaitlistJoin {...props} {...over} />
    </MemoryRouter>,
  )

beforeEach(() => {
  waitlist.joinWaitlist.mockReset()
})

describe('WaitlistJoin', () => {
  it('sends the chosen day, the whole opening by default and "any"; then says it will tell', async () => {
    waitlist.joinWaitlist.mockResolvedValue({ id: 9 })
    renderJoin()
    expect(screen.getByRole('button', { name: 'sab 5 dic' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('radio', { name: /Tutto il giorno/ })).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(waitlist.joinWaitlist).toHaveBeenCalledWith({
      services: [4, 1],
      operator: 'any',
      days: ['2026-12-05'],
      from: '09:00',
      to: '19:00',
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Ti avvisiamo appena si libera un posto')
    expect(screen.getByRole('link', { name: 'Vai a I miei appuntamenti' })).toHaveAttribute('href', '/reserved-area')
  })

  it('adds more days by keyboard, skips closed ones, and a preset sets the window', async () => {
    waitlist.joinWaitlist.mockResolvedValue({ id: 9 })
    renderJoin()
    // Sunday 6 and Monday 7 are closed: not offered.
    expect(screen.queryByRole('button', { name: /dom 6 dic/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /lun 7 dic/ })).toBeNull()
    const tuesday = screen.getByRole('button', { name: 'mar 8 dic' })
    tuesday.focus()
    await userEvent.keyboard('{Enter}')
    expect(tuesday).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('radio', { name: /Mattina/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(waitlist.joinWaitlist).toHaveBeenCalledWith(
      expect.objectContaining({ days: ['2026-12-05', '2026-12-08'], from: '09:00', to: '13:00' }),
    )
  })

  it('no chip after the booking horizon, and the open days of the next 14 only', () => {
    renderJoin({ lastDay: '2026-12-09' })
    const chips = within(screen.getByRole('group', { name: /Giorni/ })).getAllByRole('button')
    expect(chips.map((c) => c.textContent)).toEqual(['sab 5 dic', 'mar 8 dic', 'mer 9 dic'])
    renderJoin({ lastDay: '2027-12-31' })
    // 5..18 December: 14 days, less two Sundays and two Mondays.
    expect(within(screen.getAllByRole('group', { name: /Giorni/ })[1]!).getAllByRole('button')).toHaveLength(10)
  })

  it('a window ending before it starts is refused next to "Alle", before any request', async () => {
    renderJoin()
    await userEvent.click(screen.getByRole('radio', { name: 'Scegli tu' }))
    const from = screen.getByLabelText('Dalle')
    const to = screen.getByLabelText('Alle')
    await userEvent.clear(from)
    await userEvent.type(from, '15:00')
    await userEvent.clear(to)
    await userEvent.type(to, '11:00')
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(waitlist.joinWaitlist).not.toHaveBeenCalled()
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(to).toHaveAccessibleDescription('La fine deve seguire l’inizio')
  })

  it('unticking every day is refused next to the days', async () => {
    renderJoin()
    await userEvent.click(screen.getByRole('button', { name: 'sab 5 dic' }))
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(waitlist.joinWaitlist).not.toHaveBeenCalled()
    expect(screen.getByRole('group', { name: /Giorni/ })).toHaveAccessibleDescription(/Scegli una data/)
  })

  it('the server’s field error is shown next to its field', async () => {
    const refusal = new ApiError(400, 'Controlla i campi evidenziati.', [
      {
        message: 'Invalid',
        data: { code: 'INVALID_INPUT', errors: [{ path: 'days', message: 'Scegli un giorno da oggi in poi' }] },
      },
    ])
    waitlist.joinWaitlist.mockRejectedValue(refusal)
    renderJoin()
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(await screen.findByText('Scegli un giorno da oggi in poi')).toHaveClass('field__error')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a field the form has no place for (a staff account asked for `client`) is said above the form', async () => {
    waitlist.joinWaitlist.mockRejectedValue(
      new ApiError(400, 'Controlla i campi evidenziati.', [
        {
          message: 'Invalid',
          data: { code: 'INVALID_INPUT', errors: [{ path: 'client', message: 'Scegli un cliente' }] },
        },
      ]),
    )
    renderJoin()
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Scegli un cliente')
  })

  it('with an operator chosen in the wizard, it is preselected and "Qualsiasi operatore" can be chosen instead', async () => {
    waitlist.joinWaitlist.mockResolvedValue({ id: 9 })
    renderJoin({ operator: { id: 3, name: 'Giulia' } as never })
    expect(screen.getByRole('radio', { name: 'Giulia' })).toBeChecked()
    await userEvent.click(screen.getByRole('radio', { name: 'Qualsiasi operatore' }))
    await userEvent.click(screen.getByRole('button', { name: 'Avvisami' }))
    expect(waitlist.joinWaitlist).toHaveBeenCalledWith(expect.objectContaining({ operator: 'any' }))
  })

  it('a visitor is asked to sign in, and comes back to the form', () => {
    renderJoin({ signedIn: false })
    expect(screen.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', props.loginHref)
    expect(screen.getByRole('link', { name: 'Registrati' })).toHaveAttribute('href', props.registerHref)
    expect(screen.queryByRole('button', { name: 'Avvisami' })).toBeNull()
  })
})
