import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import { entry, offer } from './fixture'
import WaitlistPage from './page'

/**
 * The day's waitlist (issue 27 §3): the list in line order with who, what, since when and the
 * offers; "Add to waitlist" checked with the shared schema (messages next to the fields); "Offer a
 * time" from the free starts inside the entry's window; "Remove" after a confirmation.
 */
const DAY = '2026-12-05'
// 10:00 and 10:45 in Rome (inside 09:00–12:00); 12:00 (ends 12:45) is outside the window.
const SLOTS = [
  { start: '2026-12-05T09:00:00.000Z', end: '2026-12-05T09:45:00.000Z', operators: [3] },
  { start: '2026-12-05T09:45:00.000Z', end: '2026-12-05T10:30:00.000Z', operators: [3, 5] },
  { start: '2026-12-05T11:00:00.000Z', end: '2026-12-05T11:45:00.000Z', operators: [5] },
]

function setup(routes: Routes_ = {}, day = DAY) {
  const api = fakeApi({
    'GET /api/config': () => ({ docs: [{ id: 1, timezone: 'Europe/Rome' }], totalDocs: 1 }),
    'GET /api/operators': () => ({ docs: [{ id: 3, name: 'Giulia' }] }),
    'GET /api/service': () => ({ docs: [{ id: 4, title: 'Piega' }], totalDocs: 1 }),
    'GET /api/clients': () => ({ docs: [], totalDocs: 0 }),
    'GET /api/waitlist': (c) => ({
      day: c.query.get('day'),
      docs: [
        entry({
          offers: [offer({ id: 502, status: 'OPEN', by_hand: true, decided_at: null }), offer()],
        }),
        entry({
          id: 72,
          client: { id: 42, name: 'Marco Neri', phone: '339 000111', has_account: false },
          operator: { id: 3, name: 'Giulia' },
          days: ['2026-12-05', '2026-12-12'],
          from: '15:00',
          to: '18:00',
        }),
      ],
    }),
    'GET /api/reservations/book-slots': () => ({ slots: SLOTS }),
    ...routes,
  })
  renderWithApi(<WaitlistPage />, api, { path: `/waitlist?day=${day}` })
  return { api, user: userEvent.setup() }
}

const entryOf = (name: string) => within(screen.getByRole('article', { name }))

describe('the waitlist page (issue 27)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('lists the day’s entries in line order: who, what, window, since, status, offers; no account = call', async () => {
    const { api } = setup()
    const cards = await screen.findAllByRole('article')
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Rosa Bianchi', 'Marco Neri'])
    expect(api.of('GET', '/api/waitlist')[0]!.query.get('day')).toBe(DAY)
    expect(screen.getByRole('heading', { name: /^Waiting for Saturday,? 5 December 2026$/ })).toBeVisible()
    const rosa = entryOf('Rosa Bianchi')
    expect(rosa.getByTestId('waitlist-what')).toHaveTextContent('Piega · Any operator · 09:00–12:00')
    expect(rosa.getByText('Waiting')).toBeVisible()
    expect(rosa.getByText(/^Waiting since .*28 Nov, 11:15$/)).toBeVisible()
    expect(rosa.queryByText('No account — call')).toBeNull()
    const offers = rosa.getAllByTestId('waitlist-offer')
    expect(offers).toHaveLength(2)
    expect(offers[0]).toHaveTextContent('5 Dec, 10:00')
    expect(offers[0]).toHaveTextContent('Offer sent')
    expect(offers[0]).toHaveTextContent('By hand')
    expect(offers[0]).toHaveTextContent('Held until 09:10')
    expect(offers[1]).toHaveTextContent('Not taken in time')
    expect(offers[1]).toHaveTextContent('Closed 1 Dec, 09:10')
    expect(offers[1]).not.toHaveTextContent('By hand')
    const marco = entryOf('Marco Neri')
    expect(marco.getByText('No account — call')).toBeVisible()
    // The name opens the client's card.
    expect(marco.getByRole('link', { name: 'Marco Neri' })).toHaveAttribute('href', '/clients/42')
    expect(marco.getByRole('link', { name: /339 000111/ })).toHaveAttribute('href', 'tel:339000111')
    expect(marco.getByTestId('waitlist-what')).toHaveTextContent('Piega · Giulia · 15:00–18:00')
    expect(marco.getByText(/Also asks for: Sat 12 Dec/)).toBeVisible()
    expect(marco.getByText('No offer yet')).toBeVisible()
    // No account: an offer could not be booked, so the desk books them in (the card preselected).
    expect(marco.queryByRole('button', { name: /Offer a time/ })).toBeNull()
    expect(marco.getByRole('link', { name: /^Book them in: Marco Neri/ })).toHaveAttribute(
      'href',
      '/booking/create?client=42',
    )
    expect(rosa.getByRole('button', { name: 'Offer a time to Rosa Bianchi' })).toBeVisible()
  })

  it('moves between days by keyboard and says when nobody waits', async () => {
    const { api, user } = setup({ 'GET /api/waitlist': (c) => ({ day: c.query.get('day'), docs: [] }) })
    expect(await screen.findByText('Nobody is waiting for a time on this day.')).toBeVisible()
    screen.getByRole('button', { name: 'Next day' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(api.of('GET', '/api/waitlist').at(-1)!.query.get('day')).toBe('2026-12-06'))
    expect(screen.getByTestId('current-path')).toHaveTextContent('/waitlist?day=2026-12-06')
    await user.click(screen.getByRole('button', { name: 'Previous day' }))
    await user.click(screen.getByRole('button', { name: 'Previous day' }))
    await waitFor(() => expect(api.of('GET', '/api/waitlist').at(-1)!.query.get('day')).toBe('2026-12-04'))
  })

  it('“Add to waitlist” says what is missing next to each field and sends nothing; then posts with `client`', async () => {
    const { api, user } = setup({
      'GET /api/clients': (c) =>
        c.query.get('search')
          ? {
              docs: [
                {
                  id: 41,
                  name: 'Rosa',
                  surname: 'Bianchi',
                  phone_number: '333 1234567',
                  email: null,
                  hasAccount: false,
                },
              ],
              totalDocs: 1,
            }
          : { docs: [], totalDocs: 0 },
      'POST /api/waitlist': (c) => ({ status: 201, body: entry({ id: 80, ...(c.body as object) } as never) }),
    })
    await user.click(await screen.findByRole('button', { name: 'Add to waitlist' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to waitlist' }))
    // The page's day is already there.
    expect(dialog.getByRole('listitem')).toHaveTextContent('Sat 5 Dec')
    await user.click(dialog.getByRole('button', { name: 'Remove Sat 5 Dec' }))
    const to = dialog.getByLabelText(/^To/)
    await user.clear(to)
    await user.type(to, '08:00')
    await user.click(dialog.getByRole('button', { name: 'Add to waitlist' }))
    expect(api.of('POST', '/api/waitlist')).toHaveLength(0)
    expect(dialog.getByRole('searchbox', { name: /Customer/ })).toHaveAccessibleDescription('Choose the client')
    expect(dialog.getByText('Choose at least one service')).toBeVisible()
    expect(dialog.getByTestId('days-error')).toHaveTextContent('Choose a date')
    expect(to).toHaveAccessibleDescription(/after/i)

    await user.type(dialog.getByRole('searchbox', { name: /Customer/ }), 'rosa')
    await user.click(await screen.findByRole('option', { name: /Rosa Bianchi/ }))
    await user.click(dialog.getByRole('searchbox', { name: /Services/ }))
    await user.click(await screen.findByRole('option', { name: 'Piega' }))
    await user.clear(to)
    await user.type(to, '12:30')
    const pick = dialog.getByLabelText('Day to add')
    await user.clear(pick)
    await user.type(pick, '2026-12-12')
    await user.click(dialog.getByRole('button', { name: 'Add this day' }))
    await user.click(dialog.getByRole('button', { name: 'Add to waitlist' }))
    await waitFor(() => expect(api.of('POST', '/api/waitlist')).toHaveLength(1))
    expect(api.of('POST', '/api/waitlist')[0]!.body).toEqual({
      client: 41,
      services: [4],
      operator: 'any',
      days: ['2026-12-12'],
      from: '09:00',
      to: '12:30',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.of('GET', '/api/waitlist').length).toBeGreaterThanOrEqual(2)
  })

  it('“Offer a time” lists the free starts inside the window, posts the chosen one, words a refusal', async () => {
    let refuse = true
    const { api, user } = setup({
      'POST /api/waitlist/71/offer': () =>
        refuse
          ? {
              status: 409,
              body: { errors: [{ message: 'Orario occupato', data: { code: 'SLOT_TAKEN' } }] },
            }
          : { status: 201, body: offer({ status: 'OPEN', by_hand: true }) },
    })
    await user.click(await screen.findByRole('button', { name: 'Offer a time to Rosa Bianchi' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Offer a time to Rosa Bianchi' }))
    // Only the starts inside 09:00–12:00 (12:00–12:45 ends after the window).
    await waitFor(() => expect(dialog.getByRole('group', { name: /time/i }).textContent).toBe('10:0010:45'))
    expect(api.of('GET', '/api/reservations/book-slots')[0]!.query.get('services')).toBe('4')
    expect(api.of('GET', '/api/reservations/book-slots')[0]!.query.get('operator')).toBe('any')
    await user.click(dialog.getByText('10:45'))
    await user.click(dialog.getByRole('button', { name: 'Offer 10:45' }))
    expect(await dialog.findByRole('alert')).toHaveTextContent('This time has just been booked by someone else.')
    expect(api.of('POST', '/api/waitlist/71/offer')[0]!.body).toEqual({
      date_start: '2026-12-05T09:45:00.000Z',
      operator: 3,
    })
    refuse = false
    await user.click(dialog.getByText('10:00'))
    await user.click(dialog.getByRole('button', { name: 'Offer 10:00' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.of('POST', '/api/waitlist/71/offer')).toHaveLength(2)
  })

  it('“Remove” asks first, then deletes the entry (in Italian too)', async () => {
    act(() => setLocale('it'))
    const { api, user } = setup({ 'DELETE /api/waitlist/72': () => ({ body: { id: 72, status: 'REMOVED' } }) })
    await user.click(await screen.findByRole('button', { name: 'Togli Marco Neri dalla lista d’attesa' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Togliere Marco Neri dalla lista d’attesa?' }))
    expect(api.of('DELETE', '/api/waitlist/72')).toHaveLength(0)
    expect(screen.getByText('Senza account — chiamare')).toBeVisible()
    await user.click(dialog.getByRole('button', { name: 'Togli' }))
    await waitFor(() => expect(api.of('DELETE', '/api/waitlist/72')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
