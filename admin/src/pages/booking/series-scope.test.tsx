import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReservationDetail } from '@salon/shared'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi } from '../../test/fake-api'
import { Details, MoveForm, StatusActions } from './show'

/**
 * An occurrence of a series on the booking page (issue 27 §4): the "Repeating booking · every 4
 * weeks (2 of 6)" badge; cancel and move ask "This appointment" / "This and following" and send
 * `scope` (a move of the following goes through POST /move, all or nothing on the server).
 */
const SLOT = '2026-12-15T15:00:00.000Z'
const booking = (over: Partial<ReservationDetail> = {}) =>
  ({
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
    client: null,
    phases: [],
    transitions: ['COMPLETED', 'CANCELLED'],
    actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
    events: [],
    series: { id: 9, index: 1, count: 6, every_weeks: 4 },
    ...over,
  }) as unknown as ReservationDetail

const api = () =>
  fakeApi({
    'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome' }], totalDocs: 1 }),
    'GET /api/service': () => ({ docs: [{ id: 1, title: 'Taglio donna' }], totalDocs: 1 }),
    'GET /api/reservations/7/move-slots': () => ({
      slots: [{ start: SLOT, end: '2026-12-15T15:45:00.000Z', operators: [3] }],
      duration: 45,
      total_price: 35,
    }),
    'PUT /api/reservations/7/status': () => ({ message: 'ok' }),
    'POST /api/reservations/7/move': () => ({ message: 'ok' }),
    'PATCH /api/reservations/7/edit': () => ({ message: 'ok' }),
  })

describe('an occurrence of a series on the booking page (issue 27)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('wears the series badge, in both languages', () => {
    renderWithApi(<Details booking={booking()} onChanged={() => {}} />, api())
    expect(screen.getByTestId('series-badge')).toHaveTextContent('Repeating booking · every 4 weeks (2 of 6)')
    act(() => setLocale('it'))
    expect(screen.getByTestId('series-badge')).toHaveTextContent('Appuntamento ricorrente · ogni 4 settimane (2 di 6)')
  })

  it('no badge and no question for a booking on its own', async () => {
    const a = api()
    renderWithApi(
      <>
        <Details booking={booking({ series: null })} onChanged={() => {}} />
        <StatusActions booking={booking({ series: null })} onChanged={() => {}} />
      </>,
      a,
    )
    expect(screen.queryByTestId('series-badge')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.queryByRole('radio')).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(a.of('PUT', '/api/reservations/7/status')).toHaveLength(1))
    expect(a.of('PUT', '/api/reservations/7/status')[0]!.body).toEqual({ status: 'CANCELLED' })
  })

  it('cancel asks “This appointment” or “This and following” (this one by default), and sends the scope', async () => {
    const a = api()
    const user = userEvent.setup()
    renderWithApi(<StatusActions booking={booking()} onChanged={() => {}} />, a)
    // Completing one appointment is never asked about the series.
    await user.click(screen.getByRole('button', { name: 'Completed' }))
    expect(within(await screen.findByRole('dialog')).queryByRole('radio')).toBeNull()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    const dialog = within(await screen.findByRole('dialog'))
    const group = within(dialog.getByRole('group', { name: 'Which appointments?' }))
    expect(group.getByRole('radio', { name: 'This appointment' })).toBeChecked()
    await user.click(group.getByRole('radio', { name: 'This and following' }))
    expect(dialog.getByText('The following ones of the series are cancelled too.')).toBeVisible()
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(a.of('PUT', '/api/reservations/7/status')).toHaveLength(1))
    expect(a.of('PUT', '/api/reservations/7/status')[0]!.body).toEqual({ status: 'CANCELLED', scope: 'following' })
  })

  it('move: “This appointment” keeps the PATCH; “This and following” posts /move with the scope', async () => {
    const a = api()
    const user = userEvent.setup()
    renderWithApi(
      <MoveForm booking={booking()} operators={[{ value: '3', label: 'Giulia' }]} onChanged={() => {}} />,
      a,
    )
    const group = within(screen.getByRole('group', { name: 'Which appointments?' }))
    await user.click(await screen.findByText('16:00'))
    await user.click(screen.getByRole('button', { name: 'Move to 16:00' }))
    await waitFor(() => expect(a.of('PATCH', '/api/reservations/7/edit')).toHaveLength(1))
    expect(a.of('PATCH', '/api/reservations/7/edit')[0]!.body).toEqual({ date_start: SLOT, operator: 3 })
    expect(a.of('POST', '/api/reservations/7/move')).toHaveLength(0)

    await user.click(group.getByRole('radio', { name: 'This and following' }))
    await user.click(await screen.findByText('16:00'))
    await user.click(screen.getByRole('button', { name: 'Move to 16:00' }))
    await waitFor(() => expect(a.of('POST', '/api/reservations/7/move')).toHaveLength(1))
    expect(a.of('POST', '/api/reservations/7/move')[0]!.body).toEqual({
      date_start: SLOT,
      operator: 3,
      scope: 'following',
    })
  })
})
