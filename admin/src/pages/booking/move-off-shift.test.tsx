import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Refine, type DataProvider } from '@refinedev/core'
import type { ReservationDetail } from '@salon/shared'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { i18nProvider } from '../../providers/i18n'
import { toHttpError } from '../../providers/payload-errors'
import { MoveForm } from './show'

/**
 * The booking page's Move through useShiftOverride (issue 23): a time outside the operator's
 * shift is answered 409 OFF_SHIFT; the page asks "Giulia non è di turno: prenotare comunque?" and
 * sends the same change with `override_shift: true` on yes, nothing on no.
 */
const booking = {
  id: 7,
  status: 'CONFIRMED',
  date_start: '2026-12-15T09:00:00.000Z',
  date_end: '2026-12-15T09:45:00.000Z',
  duration: 45,
  total_price: 35,
  note: null,
  services: [{ id: 1, title: 'Taglio donna', duration: 45, price: 35 }],
  operator: { id: 3, name: 'Giulia', imageUrl: null },
  customer: null,
  transitions: ['COMPLETED', 'CANCELLED'],
  actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
  events: [],
} as unknown as ReservationDetail

const SLOT = '2026-12-15T15:00:00.000Z'
const offShift = () =>
  toHttpError(409, {
    errors: [
      { name: 'Conflict', message: 'L’operatore non è di turno.', data: { reason: 'OFF_SHIFT', code: 'OFF_SHIFT' } },
    ],
  })

function renderMove(patch: (payload: Record<string, unknown>) => Promise<unknown>) {
  const custom = vi.fn(async ({ url, method, payload }: { url: string; method: string; payload?: unknown }) => {
    if (method === 'get' && url.endsWith('/move-slots'))
      return {
        data: {
          slots: [{ start: SLOT, end: '2026-12-15T15:45:00.000Z', operators: [3] }],
          duration: 45,
          total_price: 35,
        },
      }
    if (method === 'patch') return { data: await patch(payload as Record<string, unknown>) }
    throw new Error(`unexpected ${method} ${url}`)
  })
  const dp = {
    getApiUrl: () => '/api',
    custom,
    getList: async () => ({ data: [{ id: 1, timezone: 'Europe/Rome', title: 'Taglio donna' }], total: 1 }),
    getMany: async () => ({ data: [{ id: 1, title: 'Taglio donna' }] }),
  } as unknown as DataProvider
  const onChanged = vi.fn()
  render(
    <MantineProvider>
      <Refine dataProvider={dp} i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
        <MoveForm booking={booking} operators={[{ value: '3', label: 'Giulia' }]} onChanged={onChanged} />
      </Refine>
    </MantineProvider>,
  )
  return { custom, onChanged }
}

const patches = (custom: ReturnType<typeof renderMove>['custom']) =>
  custom.mock.calls.filter(([r]) => r.method === 'patch').map(([r]) => r.payload)

describe('the booking page’s Move outside the shift (issue 23)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('asks in Italian, naming the operator; yes moves it with override_shift', async () => {
    act(() => setLocale('it'))
    const user = userEvent.setup()
    const patch = vi.fn(async (payload: Record<string, unknown>) => {
      if (!payload.override_shift) throw offShift()
      return {}
    })
    const { custom, onChanged } = renderMove(patch)
    await user.click(await screen.findByRole('radio', { name: '16:00' }))
    await user.click(screen.getByRole('button', { name: /Sposta alle 16:00/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Giulia non è di turno: prenotare comunque?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sì, prenota comunque' }))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
    expect(patches(custom)).toEqual([
      { date_start: SLOT, operator: 3 },
      { date_start: SLOT, operator: 3, override_shift: true },
    ])
  })

  it('no leaves the booking as it was: one request, no error shown', async () => {
    const user = userEvent.setup()
    const patch = vi.fn(async () => {
      throw offShift()
    })
    const { custom, onChanged } = renderMove(patch)
    await user.click(await screen.findByRole('radio', { name: '16:00' }))
    await user.click(screen.getByRole('button', { name: /Move to 16:00/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Giulia is off shift: book anyway?' })
    await user.click(within(dialog).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(patches(custom)).toHaveLength(1)
    expect(onChanged).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
