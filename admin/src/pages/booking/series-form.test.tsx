import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { SeriesOccurrence } from '@salon/shared/schemas/series'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import BookingCreate from './create'

/**
 * "Repeat" in the new-booking form (issue 27 §4): the rule's fields checked with seriesBody, the
 * check's table (free, conflicts with their alternatives, skip), "Book N appointments" sending
 * `replace`/`skip`, a conflict found meanwhile asked again, the booked list.
 */
const START = '2026-12-15T14:00:00.000Z' // Tue 15 Dec, 15:00 in Rome
const week = (n: number, h = 14) =>
  new Date(Date.parse(START) + n * 28 * 86_400_000 + (h - 14) * 3_600_000).toISOString()

const occ = (index: number, over: Partial<SeriesOccurrence> = {}): SeriesOccurrence => ({
  index,
  date_start: week(index),
  date_end: new Date(Date.parse(week(index)) + 45 * 60_000).toISOString(),
  available: true,
  reason: null,
  alternatives: [],
  skipped: false,
  ...over,
})
const CHECK = [
  occ(0),
  occ(1),
  occ(2, {
    available: false,
    reason: 'SLOT_TAKEN',
    alternatives: [
      { date_start: week(2, 15), operator: 3 },
      { date_start: week(2, 16), operator: 5 },
    ],
  }),
  occ(3),
  occ(4, { available: false, reason: 'SALON_CLOSED', alternatives: [] }),
  occ(5),
]

function setup(routes: Routes_ = {}) {
  const api = fakeApi({
    'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome' }], totalDocs: 1 }),
    'GET /api/operators': () => ({
      docs: [
        { id: 3, name: 'Giulia' },
        { id: 5, name: 'Marco' },
      ],
    }),
    'GET /api/service': () => ({ docs: [{ id: 4, title: 'Piega', price: 20 }], totalDocs: 1 }),
    'GET /api/clients/41': () => ({ id: 41, name: 'Rosa', surname: 'Bianchi', phone_number: '333 1234567', user: 5 }),
    'GET /api/reservations/book-slots': () => ({ slots: [{ start: START, end: START, operators: [3] }] }),
    'POST /api/reservations/series/check': () => ({ occurrences: CHECK }),
    ...routes,
  })
  renderWithApi(<BookingCreate />, api, {
    path: `/booking/create?client=41&operator=3&start=${START}&day=2026-12-15&services=4`,
  })
  return { api, user: userEvent.setup() }
}

const row = (i: number) => within(screen.getByTestId(`series-row-${i}`))

describe('repeating appointments in the new-booking form (issue 27)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('checks the rule’s fields next to them and sends nothing', async () => {
    const { api, user } = setup()
    await user.click(await screen.findByRole('switch', { name: /Repeat/ }))
    // The one-booking button gives way to the series.
    expect(screen.queryByRole('button', { name: /^Book at/ })).toBeNull()
    const every = screen.getByRole('textbox', { name: 'Every how many weeks' })
    await user.clear(every)
    // "Until a date" without the date: seriesBody wants how many times or until when.
    await user.click(screen.getByText('On a date'))
    await user.click(screen.getByRole('button', { name: 'Check the dates' }))
    expect(every).toHaveAccessibleDescription(/.+/)
    await user.type(every, '4')
    await user.click(screen.getByRole('button', { name: 'Check the dates' }))
    expect(every).not.toHaveAccessibleDescription(/.+/)
    expect(screen.getByLabelText('Last day')).toHaveAccessibleDescription('Give how many times or until when, not both')
    expect(api.of('POST', '/api/reservations/series/check')).toHaveLength(0)
  })

  it('shows the dates free or not, asks an alternative or a skip for each conflict, then books with replace and skip', async () => {
    const { api, user } = setup({
      'POST /api/reservations/series': (c) => ({
        status: 201,
        body: {
          series_id: 9,
          reservations: [0, 1, 2, 3, 5].map((index, i) => ({
            id: 200 + i,
            index,
            date_start: index === 2 ? week(2, 15) : week(index),
            operator: 3,
            status: 'CONFIRMED',
          })),
          sent: c.body,
        },
      }),
    })
    await user.click(await screen.findByRole('switch', { name: /Repeat/ }))
    await user.click(screen.getByRole('button', { name: 'Check the dates' }))
    await screen.findByRole('table', { name: 'The dates' })
    expect(api.of('POST', '/api/reservations/series/check')[0]!.body).toEqual({
      client: 41,
      services: [4],
      operator: 3,
      date_start: START,
      every_weeks: 4,
      count: 6,
    })
    expect(row(0).getByText('Free')).toBeVisible()
    expect(row(0).getByText('Tue 15 Dec 2026, 15:00')).toBeVisible()
    expect(row(2).getByText('This time has just been booked by someone else.')).toBeVisible()
    const alternatives = row(2).getByRole('group', { name: 'Instead of Tue 9 Feb 2027, 15:00' })
    expect(
      within(alternatives)
        .getAllByRole('radio')
        .map((r) => r.closest('div')?.parentElement?.textContent),
    ).toEqual([expect.stringMatching(/16:00 · Giulia$/), expect.stringMatching(/17:00 · Marco$/), 'Skip this date'])
    expect(row(4).getByText('No free time nearby: skip it.')).toBeVisible()
    const book = () => screen.getByRole('button', { name: /^Book \d+ appointments$/ })
    expect(book()).toBeDisabled()
    expect(book()).toHaveAccessibleDescription('Choose an alternative or skip each date that is not free.')
    await user.click(within(alternatives).getByRole('radio', { name: /16:00 · Giulia/ }))
    await user.click(row(4).getByRole('radio', { name: 'Skip this date' }))
    expect(book()).toHaveTextContent('Book 5 appointments')
    expect(book()).toBeEnabled()
    await user.click(book())
    await waitFor(() => expect(api.of('POST', '/api/reservations/series')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/series')[0]!.body).toEqual({
      client: 41,
      services: [4],
      operator: 3,
      date_start: START,
      every_weeks: 4,
      count: 6,
      replace: [{ index: 2, date_start: week(2, 15), operator: 3 }],
      skip: [4],
    })
    expect(await screen.findByText('The series is booked')).toBeVisible()
    expect(screen.getAllByRole('link', { name: /Giulia/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/booking/200',
      '/booking/201',
      '/booking/202',
      '/booking/203',
      '/booking/204',
    ])
  })

  it('a date taken meanwhile (409 SERIES_CONFLICTS) is asked again; nothing else changes', async () => {
    const taken = occ(1, {
      available: false,
      reason: 'SLOT_TAKEN',
      alternatives: [{ date_start: week(1, 16), operator: 5 }],
    })
    const { api, user } = setup({
      'POST /api/reservations/series/check': () => ({ occurrences: [occ(0), occ(1)] }),
      'POST /api/reservations/series': () => ({
        status: 409,
        body: {
          errors: [
            {
              message: 'Alcune date non sono libere',
              data: { code: 'SERIES_CONFLICTS', reason: 'SERIES_CONFLICTS', params: { conflicts: [taken] } },
            },
          ],
        },
      }),
    })
    await user.click(await screen.findByRole('switch', { name: /Repeat/ }))
    const count = screen.getByRole('textbox', { name: 'How many times in all' })
    await user.clear(count)
    await user.type(count, '2')
    await user.click(screen.getByRole('button', { name: 'Check the dates' }))
    await user.click(await screen.findByRole('button', { name: 'Book 2 appointments' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some dates are not free: pick an alternative for each or skip it.',
    )
    expect(row(0).getByText('Free')).toBeVisible()
    expect(row(1).getByRole('radio', { name: /17:00 · Marco/ })).not.toBeChecked()
    expect(screen.getByRole('button', { name: 'Book 2 appointments' })).toBeDisabled()
    expect(api.of('POST', '/api/reservations/series')).toHaveLength(1)
  })

  it('“until a date” sends `until` instead of `count`, in Italian too', async () => {
    act(() => setLocale('it'))
    const { api, user } = setup()
    await user.click(await screen.findByRole('switch', { name: /Ripeti/ }))
    await user.click(screen.getByText('A una data'))
    const until = screen.getByLabelText('Ultimo giorno')
    await user.type(until, '2027-05-01')
    await user.click(screen.getByRole('button', { name: 'Controlla le date' }))
    await waitFor(() => expect(api.of('POST', '/api/reservations/series/check')).toHaveLength(1))
    expect(api.of('POST', '/api/reservations/series/check')[0]!.body).toMatchObject({
      every_weeks: 4,
      until: '2027-05-01',
    })
    expect(api.of('POST', '/api/reservations/series/check')[0]!.body).not.toHaveProperty('count')
    expect(await screen.findByRole('button', { name: 'Prenota 6 appuntamenti' })).toBeDisabled()
  })
})
