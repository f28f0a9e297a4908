import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Refine, type DataProvider } from '@refinedev/core'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { i18nProvider } from '../../providers/i18n'
import { toHttpError } from '../../providers/payload-errors'
import BookingCreate from './create'

/**
 * The new-booking form through useShiftOverride (issue 23): the agenda's click on Giulia's
 * afternoon off shift opens it on that time; booking it is answered 409 OFF_SHIFT, the form asks
 * "Giulia non è di turno: prenotare comunque?" and on yes books the same with `override_shift`.
 */
const START = '2026-12-15T14:00:00.000Z' // 15:00 in Rome
const offShift = () =>
  toHttpError(409, {
    errors: [
      { name: 'Conflict', message: 'L’operatore non è di turno.', data: { reason: 'OFF_SHIFT', code: 'OFF_SHIFT' } },
    ],
  })

const ROWS: Record<string, Record<string, unknown>[]> = {
  config: [{ id: 1, timezone: 'Europe/Rome', slotStepMinutes: 15 }],
  user: [{ id: 17, name: 'Chiara', surname: 'Conti', email: 'chiara@example.com' }],
  service: [{ id: 4, title: 'Piega' }],
}

function renderForm(book: (payload: Record<string, unknown>) => Promise<unknown>, operator = '3') {
  const custom = vi.fn(async ({ url, method, payload }: { url: string; method: string; payload?: unknown }) => {
    if (url.endsWith('/api/operators'))
      return {
        data: {
          docs: [
            { id: 3, name: 'Giulia', surname: 'Rossi' },
            { id: 4, name: 'Marco', surname: 'Bianchi' },
          ],
        },
      }
    if (url.endsWith('/api/clients'))
      return {
        data: {
          docs: [
            {
              id: 41,
              name: 'Chiara',
              surname: 'Conti',
              phone_number: '333 1234567',
              email: 'chiara@example.com',
              hasAccount: true,
              blocked_online: false,
              tags: [],
              allergies: null,
              visits: 0,
              lastVisit: null,
            },
          ],
          totalDocs: 1,
          page: 1,
          limit: 8,
          hasNextPage: false,
        },
      }
    // Her afternoon is off shift: the engine offers no free time there.
    if (url.endsWith('/book-slots')) return { data: { slots: [] } }
    if (method === 'post' && url.endsWith('/api/reservations/book'))
      return { data: await book(payload as Record<string, unknown>) }
    throw new Error(`unexpected ${method} ${url}`)
  })
  const dp = {
    getApiUrl: () => '/api',
    custom,
    getList: async ({ resource }: { resource: string }) => ({
      data: ROWS[resource] ?? [],
      total: ROWS[resource]?.length ?? 0,
    }),
    getMany: async ({ resource }: { resource: string }) => ({ data: ROWS[resource] ?? [] }),
  } as unknown as DataProvider
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[`/booking/create?operator=${operator}&start=${START}&day=2026-12-15`]}>
        <Refine dataProvider={dp} i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
          <BookingCreate />
        </Refine>
      </MemoryRouter>
    </MantineProvider>,
  )
  return custom
}

const books = (custom: ReturnType<typeof renderForm>) =>
  custom.mock.calls.filter(([r]) => r.method === 'post').map(([r]) => r.payload)

async function fillAndBook(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('searchbox', { name: /Cliente|Customer/ }), 'Chiara')
  await user.click(await screen.findByRole('option', { name: /Chiara Conti/ }))
  // Picking the client moves the focus to the services (the phone call goes on by keyboard).
  await waitFor(() => expect(screen.getByRole('searchbox', { name: /Servizi|Services/ })).toHaveFocus())
  await user.keyboard('Pieg')
  await user.click(await screen.findByRole('option', { name: 'Piega' }))
  await user.click(screen.getByRole('button', { name: /15:00/ }))
}

describe('the new-booking form outside the shift (issue 23)', { timeout: 30_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('asks, naming the operator; yes books the same with override_shift', async () => {
    act(() => setLocale('it'))
    const user = userEvent.setup()
    const book = vi.fn(async (payload: Record<string, unknown>) => {
      if (!payload.override_shift) throw offShift()
      return { data: { id: 99 } }
    })
    const custom = renderForm(book)
    await fillAndBook(user)
    const dialog = await screen.findByRole('dialog', { name: 'Giulia non è di turno: prenotare comunque?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sì, prenota comunque' }))
    await waitFor(() => expect(books(custom)).toHaveLength(2))
    const [first, second] = books(custom)
    expect(first).toEqual({ client: 41, services: [4], operator: 3, date_start: START })
    expect(second).toEqual({ ...(first as object), override_shift: true })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('no keeps the form as it was, without an error', async () => {
    const user = userEvent.setup()
    const custom = renderForm(async () => {
      throw offShift()
    })
    await fillAndBook(user)
    const dialog = await screen.findByRole('dialog', { name: 'Giulia is off shift: book anyway?' })
    await user.click(within(dialog).getByRole('button', { name: 'No' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(books(custom)).toHaveLength(1)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /15:00/ })).toBeEnabled()
  })

  it('with “any operator” it asks nothing and says to choose the person', async () => {
    const user = userEvent.setup()
    const custom = renderForm(async () => {
      throw offShift()
    }, 'any')
    await fillAndBook(user)
    expect(await screen.findByText(/choose the person instead of “Any operator”/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(books(custom)).toHaveLength(1)
  })
})
