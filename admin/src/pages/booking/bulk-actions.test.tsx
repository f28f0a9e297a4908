import { useState } from 'react'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Refine, type DataProvider } from '@refinedev/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecordTable } from '../../components/record-table'
import { setLocale } from '../../i18n/locale'
import { i18nProvider } from '../../providers/i18n'
import { BulkActions } from './list'

interface Row {
  id: number
  status: string
  date_start: string
  user: { name: string; surname: string }
}

const ROWS: Row[] = [
  { id: 1, status: 'PENDING', date_start: '2026-12-24T08:00:00Z', user: { name: 'Anna', surname: 'Verdi' } },
  { id: 2, status: 'CONFIRMED', date_start: '2026-12-24T09:00:00Z', user: { name: 'Bea', surname: 'Neri' } },
  { id: 3, status: 'PENDING', date_start: '2026-12-24T10:00:00Z', user: { name: 'Carla', surname: 'Rossi' } },
  { id: 4, status: 'PENDING', date_start: '2026-12-24T11:00:00Z', user: { name: 'Dora', surname: 'Bianchi' } },
]

/** A data provider whose status change refuses booking 3 as the server does when its time was taken. */
function provider() {
  const custom = vi.fn(async ({ url }: { url: string }) => {
    await new Promise((r) => setTimeout(r, 5))
    if (url.includes('/3/')) throw Object.assign(new Error('That time is already taken'), { statusCode: 409 })
    return { data: {} as never }
  })
  const getList = vi.fn(async () => ({ data: ROWS as never[], total: ROWS.length }))
  const dp = {
    getList,
    getOne: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    deleteOne: vi.fn(),
    getApiUrl: () => '/api',
    custom,
  } as unknown as DataProvider
  return { dp, custom, getList }
}

function Screen({ dp }: { dp: DataProvider }) {
  const [selected, setSelected] = useState<Row[]>([])
  return (
    <MantineProvider>
      <Refine
        dataProvider={dp}
        i18nProvider={i18nProvider}
        resources={[{ name: 'reservations', identifier: 'booking', list: '/booking' }]}
        options={{ disableTelemetry: true }}
      >
        <BulkActions selected={selected as never} onClear={() => setSelected([])} timeZone="Europe/Rome" hint />
        <RecordTable<Row>
          resource="booking"
          columns={[
            { field: 'user', label: 'Customer', render: (r) => `${r.user.name} ${r.user.surname}` },
            { field: 'status', label: 'Status' },
          ]}
          selection={{
            canSelect: (r) => r.status === 'PENDING',
            selected,
            onChange: setSelected,
            rowLabel: (r) => `Choose ${r.user.name}`,
            allLabel: 'Choose all pending requests on this page',
          }}
        />
      </Refine>
    </MantineProvider>
  )
}

describe('confirming pending requests together', () => {
  afterEach(() => act(() => setLocale('en')))

  it('chooses only the pending ones, asks, sends one status change each, and names the refusal', async () => {
    const user = userEvent.setup()
    const { dp, custom, getList } = provider()
    render(<Screen dp={dp} />)
    await screen.findByText('Anna Verdi')
    expect(screen.getByText('Tick pending requests to confirm or reject several at once.')).toBeInTheDocument()
    // The confirmed booking has no checkbox.
    expect(screen.queryByRole('checkbox', { name: 'Choose Bea' })).toBeNull()

    // Keyboard only: Tab to "choose all", space.
    const all = screen.getByRole('checkbox', { name: 'Choose all pending requests on this page' })
    all.focus()
    await user.keyboard(' ')
    for (const name of ['Choose Anna', 'Choose Carla', 'Choose Dora'])
      expect(screen.getByRole('checkbox', { name })).toBeChecked()
    expect(screen.getByText('Requests chosen: 3')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Confirm (3)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 3 requests?' })
    expect(within(dialog).getByText(/Carla Rossi, Thu 24 Dec 2026, 11:00/)).toBeInTheDocument()
    const calls = getList.mock.calls.length
    await user.click(within(dialog).getByRole('button', { name: 'Confirm all' }))

    const summary = await screen.findByTestId('bulk-summary')
    expect(custom).toHaveBeenCalledTimes(3)
    for (const id of [1, 3, 4])
      expect(custom).toHaveBeenCalledWith(
        expect.objectContaining({
          url: `/api/reservations/${id}/status`,
          method: 'put',
          payload: { status: 'CONFIRMED' },
        }),
      )
    expect(within(summary).getByText('Confirmed: 2')).toBeInTheDocument()
    expect(within(summary).getByText('Not changed: 1')).toBeInTheDocument()
    expect(
      within(summary).getByText('Carla Rossi, Thu 24 Dec 2026, 11:00: That time is already taken (409)'),
    ).toBeInTheDocument()
    expect(summary).toHaveFocus()
    // The choice is cleared and the list read again.
    expect(screen.queryByText(/Requests chosen/)).toBeNull()
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(calls))
  })

  it('rejecting asks in red and says what the customers receive, in Italian too', async () => {
    act(() => setLocale('it'))
    const user = userEvent.setup()
    const { dp, custom } = provider()
    render(<Screen dp={dp} />)
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Anna' }))
    await user.click(screen.getByRole('button', { name: 'Rifiuta (1)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rifiutare 1 richiesta?' })
    expect(within(dialog).getByText(/Ogni cliente riceve una mail/)).toBeInTheDocument()
    expect(within(dialog).getByText(/Anna Verdi, gio 24 dic 2026, 09:00/)).toBeInTheDocument()
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    expect(custom).not.toHaveBeenCalled()
    expect(screen.getByText('Richieste scelte: 1')).toBeInTheDocument()
  })
})
