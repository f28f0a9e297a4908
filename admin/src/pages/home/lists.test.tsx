import { forwardRef, type ComponentProps } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MantineProvider } from '@mantine/core'
import { PendingBookings, TodayAgenda, TopTable } from './lists'
import { booking, indexFixture } from './fixture'

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }))
vi.mock('@refinedev/core', async (original) => ({
  ...(await original<typeof import('@refinedev/core')>()),
  useCustomMutation: () => ({ mutate, mutation: { isPending: false } }),
  useLink: () =>
    forwardRef<HTMLAnchorElement, ComponentProps<'a'> & { to: string }>(({ to, children, ...rest }, ref) => (
      <a ref={ref} href={`/dashboard${to}`} {...rest}>
        {children}
      </a>
    )),
}))

const wrap = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>)

describe('<PendingBookings>', () => {
  afterEach(() => mutate.mockReset())

  it('confirms a booking in one click, then reloads the index', async () => {
    const onChanged = vi.fn()
    mutate.mockImplementation((_vars, { onSuccess }) => onSuccess({ data: {} }))
    wrap(<PendingBookings data={indexFixture()} onChanged={onChanged} />)
    const item = within(screen.getByTestId('booking-41'))
    expect(item.getByText('Chiara Conti')).toBeInTheDocument()
    expect(item.getByText('Taglio donna, Piega')).toBeInTheDocument()
    expect(item.getByText('Pending')).toBeInTheDocument()
    await userEvent
      .setup()
      .click(item.getByRole('button', { name: /^Confirm the booking of Chiara Conti, Tue 24 Nov, 10:30/ }))
    expect(mutate).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/reservations/41/status', method: 'put', values: { status: 'CONFIRMED' } }),
      expect.anything(),
    )
    expect(onChanged).toHaveBeenCalledTimes(1)
  })

  it('rejects in one click; the server’s refusal is shown and the lists reload', async () => {
    const onChanged = vi.fn()
    mutate.mockImplementation((_vars, { onError }) => onError(new Error('This booking was changed meanwhile.')))
    wrap(<PendingBookings data={indexFixture()} onChanged={onChanged} />)
    await userEvent.setup().click(screen.getByRole('button', { name: /^Reject the booking of Chiara Conti/ }))
    expect(mutate.mock.calls[0]![0]).toMatchObject({ values: { status: 'REJECTED' } })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The booking was not changed')
    expect(alert).toHaveTextContent('This booking was changed meanwhile.')
    expect(onChanged).toHaveBeenCalledTimes(1)
  })

  it('offers only the answers the status flow allows (canTransition)', () => {
    // A booking waiting for its payment can be confirmed but no longer rejected.
    const waiting = booking({ id: 52, status: 'PENDING_PAYMENT' })
    wrap(<PendingBookings data={indexFixture({ pending: { total: 1, items: [waiting] } })} onChanged={vi.fn()} />)
    const item = within(screen.getByTestId('booking-52'))
    expect(item.getByRole('button', { name: /^Confirm the booking/ })).toBeInTheDocument()
    expect(item.queryByRole('button', { name: /^Reject the booking/ })).not.toBeInTheDocument()
  })

  it('says when nothing waits, and how many are not shown', () => {
    const { unmount } = wrap(
      <PendingBookings data={indexFixture({ pending: { total: 0, items: [] } })} onChanged={vi.fn()} />,
    )
    expect(screen.getByText('Every booking has its answer.')).toBeInTheDocument()
    unmount()
    wrap(<PendingBookings data={indexFixture({ pending: { total: 25, items: [booking()] } })} onChanged={vi.fn()} />)
    expect(screen.getByText('The first 1 of 25, oldest first.')).toBeInTheDocument()
  })
})

describe('<TodayAgenda> and <TopTable>', () => {
  it('lists today’s appointments with time, status, customer and a link to the booking', () => {
    wrap(<TodayAgenda data={indexFixture()} />)
    const item = within(screen.getByTestId('booking-7'))
    expect(item.getByText('15:00')).toBeInTheDocument()
    expect(item.getByText('Confirmed')).toBeInTheDocument()
    expect(item.getByRole('link', { name: 'Open the booking #7' })).toHaveAttribute('href', '/dashboard/booking/7')
  })

  it('an empty day says so', () => {
    wrap(<TodayAgenda data={indexFixture({ today: { day: '2026-11-23', agenda: [] } })} />)
    expect(screen.getByText('No appointments today.')).toBeInTheDocument()
  })

  it('top operators with bookings, revenue and occupancy', () => {
    wrap(<TopTable data={indexFixture()} kind="operators" />)
    const rows = within(screen.getByRole('table', { name: 'Top operators' })).getAllByRole('row')
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Marco Bianchi', '7', '€300.00', '49.6%'])
  })
})
