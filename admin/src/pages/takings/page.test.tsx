import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi } from '../../test/fake-api'
import { daysOf, readTakings } from './period'
import TakingsPage from './page'

/** "Incassi" (issue 24): the period in the URL, totals and methods, a row per day and operator, the CSV link. */
const answer = (from: string, to: string) => ({
  from,
  to,
  timezone: 'Europe/Rome',
  totals: { total: 104.5, tips: 5, visits: 2, byMethod: { CASH: 14.5, CARD: 90, TRANSFER: 0, OTHER: 0 } },
  days: [
    {
      date: '2026-12-15',
      total: 104.5,
      tips: 5,
      visits: 2,
      byMethod: { CASH: 14.5, CARD: 90, TRANSFER: 0, OTHER: 0 },
      byOperator: [
        { operator: { id: 1, name: 'Giulia' }, total: 54.5, tips: 5, visits: 1 },
        { operator: null, total: 50, tips: 0, visits: 1 },
      ],
    },
  ],
})

function setup(path: string) {
  const api = fakeApi({
    'GET /api/reports/takings': (c) => answer(c.query.get('from')!, c.query.get('to')!),
  })
  renderWithApi(<TakingsPage />, api, { path })
  return { api, user: userEvent.setup() }
}

describe('the takings page (issue 24)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('shows the totals, the methods, a row per day and per operator, the CSV of the same days, and says it is no receipt', async () => {
    act(() => setLocale('it'))
    const { api } = setup('/takings?period=custom&from=2026-12-01&to=2026-12-31')
    expect(await screen.findByTestId('takings-total')).toHaveTextContent('104,50 €')
    expect(api.of('GET', '/api/reports/takings')[0]!.query.toString()).toBe('from=2026-12-01&to=2026-12-31')
    const table = screen.getByTestId('takings-days')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(4) // the header, the day, Giulia, no operator
    expect(rows[1]).toHaveTextContent(/mar 15 dic.*2.*104,50 €.*5,00 €.*14,50 €.*90,00 €/)
    expect(rows[2]).toHaveTextContent(/Giulia.*1.*54,50 €/)
    expect(rows[3]).toHaveTextContent('Senza operatore')
    expect(screen.getByRole('link', { name: 'Esporta CSV' })).toHaveAttribute(
      'href',
      '/api/reports/takings.csv?from=2026-12-01&to=2026-12-31',
    )
    expect(
      screen.getByText('Non è uno scontrino fiscale: lo scontrino elettronico resta al registratore di cassa.'),
    ).toBeInTheDocument()
  })

  it('the period buttons ask for today, the week and the month; a wrong custom range is said and not asked', async () => {
    const { api, user } = setup('/takings')
    await screen.findByTestId('takings-total')
    const first = api.of('GET', '/api/reports/takings')[0]!.query
    expect(first.get('from')).toBe(first.get('to'))
    await user.click(screen.getByRole('radio', { name: 'This month' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/takings?period=month'))
    await waitFor(() => expect(api.of('GET', '/api/reports/takings').at(-1)!.query.get('from')).toMatch(/-01$/))
    expect(
      screen.getByText(
        'This is not a fiscal receipt: the electronic receipt (scontrino / RT) stays with the salon’s till.',
      ),
    ).toBeInTheDocument()
  })

  it('more than 366 days is refused next to the field (takingsQuery), nothing asked', async () => {
    const { api } = setup('/takings?period=custom&from=2024-01-01&to=2025-06-30')
    expect(await screen.findByText(/366/)).toBeInTheDocument()
    expect(api.of('GET', '/api/reports/takings')).toHaveLength(0)
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument()
  })
})

describe('the takings periods', () => {
  it('today, the week from Monday, the whole month', () => {
    expect(daysOf('today', '2026-12-16')).toEqual({ from: '2026-12-16', to: '2026-12-16' })
    expect(daysOf('week', '2026-12-16')).toEqual({ from: '2026-12-14', to: '2026-12-20' })
    expect(daysOf('month', '2026-12-16')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(daysOf('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })
  it('reads the URL; anything unreadable is today', () => {
    expect(readTakings(new URLSearchParams('period=nope'), '2026-12-16')).toEqual({
      period: 'today',
      from: '2026-12-16',
      to: '2026-12-16',
    })
    expect(readTakings(new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31'), '2026-12-16')).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    })
  })
})
