import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Refine, type DataProvider } from '@refinedev/core'
import type { ReservationDetail } from '@salon/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { i18nProvider } from '../../providers/i18n'
import { StatusActions } from './show'

const booking = (over: Partial<ReservationDetail>) =>
  ({
    id: 7,
    status: 'PENDING',
    transitions: ['CONFIRMED', 'REJECTED', 'CANCELLED'],
    actions: { move: { allowed: false }, undo: { allowed: false }, freeRest: { allowed: false } },
    ...over,
  }) as ReservationDetail

const custom = vi.fn(async (..._args: unknown[]) => ({ data: {} }))
function renderActions(b: ReservationDetail) {
  const dp = {
    getApiUrl: () => '/api',
    custom,
    getList: async () => ({ data: [{ id: 1, timezone: 'Europe/Rome' }], total: 1 }),
  } as unknown as DataProvider
  render(
    <MantineProvider>
      <Refine dataProvider={dp} i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
        <StatusActions booking={b} onChanged={() => {}} />
      </Refine>
    </MantineProvider>,
  )
}

describe('a booking’s status buttons say what they do', () => {
  afterEach(() => act(() => setLocale('en')))

  it('each button is described by its help, which keyboard and screen-reader users get too', async () => {
    act(() => setLocale('it'))
    renderActions(booking({}))
    expect(screen.getByRole('button', { name: 'Conferma' })).toHaveAccessibleDescription(
      'L’orario è confermato al cliente, che riceve una mail.',
    )
    expect(screen.getByRole('button', { name: 'Rifiuta' })).toHaveAccessibleDescription(
      'Non accetti la richiesta: l’orario torna libero e il cliente riceve una mail.',
    )
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveAccessibleDescription(/L’appuntamento è annullato/)
    // The help is on screen, not behind a hover.
    expect(screen.getByText('L’orario è confermato al cliente, che riceve una mail.')).toBeVisible()

    // The confirmation repeats it.
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('L’orario è confermato al cliente, che riceve una mail.')).toBeInTheDocument()
  })

  it('in the two-step flow, Approve says the time is confirmed afterwards', () => {
    renderActions(booking({ transitions: ['APPROVED', 'CONFIRMED', 'REJECTED'] }))
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(
      'You accept the request; the time is confirmed afterwards.',
    )
  })

  it('after the start: Completed and No-show explained', () => {
    renderActions(booking({ status: 'CONFIRMED', transitions: ['COMPLETED', 'NO_SHOW'] }))
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Completed', 'No-show'])
    expect(buttons[0]).toHaveAccessibleDescription(
      /^The customer came: the appointment took place\. Its time stays taken/,
    )
    expect(buttons[1]).toHaveAccessibleDescription(/^The customer did not come and did not cancel\./)
  })
})

describe('after a final status: free the rest, undo', () => {
  afterEach(() => act(() => setLocale('en')))

  it('an appointment completed early offers both, with their times on the salon’s clock', async () => {
    act(() => setLocale('it'))
    renderActions(
      booking({
        status: 'COMPLETED',
        transitions: [],
        actions: {
          move: { allowed: false },
          undo: { allowed: true, until: '2026-12-15T09:20:00.000Z' },
          freeRest: { allowed: true, until: '2026-12-15T11:00:00.000Z' },
        },
      }),
    )
    const free = screen.getByRole('button', { name: 'Libera il tempo restante' })
    expect(free).toHaveAccessibleDescription(/resta occupato fino alle 12:00/)
    const undo = screen.getByRole('button', { name: 'Ripristina lo stato di prima' })
    expect(undo).toHaveAccessibleDescription(/fino alle 10:20/)
    expect(screen.queryByText('Questa prenotazione è chiusa: il suo stato non cambia più.')).toBeNull()
    await userEvent.click(undo)
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/reservations/7/undo', method: 'post' }))
  })

  it('a closed booking with nothing to undo says it is closed', () => {
    renderActions(booking({ status: 'COMPLETED', transitions: [] }))
    expect(screen.getByText('This booking is closed: its status no longer changes.')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
