import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import { BASE_ROUTES, MONDAY, NOW, rotaWeek } from './fixture'
import RotaPage from './page'

function setup(extra: Routes_ = {}, path = `/rota?week=${MONDAY}`) {
  const api = fakeApi({
    ...BASE_ROUTES,
    'GET /api/rota': (c) => rotaWeek(c.query.get('from')!),
    ...extra,
  })
  renderWithApi(<RotaPage />, api, { path })
  return api
}

/** The cell of a person's day in the week grid (a button named by person, day and what it holds). */
const cell = (name: RegExp) => screen.findByRole('button', { name })

// Room for a busy machine (two cores shared with builds): a screen test takes 1–3 s here, more under load.
describe('/dashboard/rota', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
    act(() => setLocale('en'))
  })

  it('shows the team’s week: shifts, off shift, leave by its kind, a changed day, closed days with their reason', async () => {
    const api = setup({
      'GET /api/holidays': () => ({
        docs: [{ name: 'Immacolata', date: '2026-12-06T12:00:00.000Z', recurring_yearly: false, is_active: true }],
        totalDocs: 1,
      }),
    })
    const table = await screen.findByRole('table', { name: /Who works when, week 30 Nov – 6 Dec 2026/ })
    expect(api.of('GET', '/api/rota')[0]!.query.toString()).toBe('from=2026-11-30&to=2026-12-06')
    // Active people only, each with the week's hours.
    expect(within(table).getByRole('rowheader', { name: /Giulia/ })).toHaveTextContent('Giulia36 h this week')
    expect(within(table).queryByText('Ex')).toBeNull()
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(await cell(/^Giulia, Tuesday 1 December: 09:00–13:00 ·\s?14:30–19:30$/)).toBeInTheDocument()
    expect(await cell(/^Giulia, Wednesday 2 December: 09:00–13:00 ·\s?14:30–19:30$/)).toBeInTheDocument()
    // Thursday: an exception (not working), with its note.
    expect(await cell(/^Giulia, Thursday 3 December: Off shift Changed Visita medica$/)).toBeInTheDocument()
    // Friday: annual leave, the shift struck through.
    const friday = await cell(/^Giulia, Friday 4 December: Annual leave 09:00–13:00/)
    expect(within(friday).getByText('Annual leave').closest('[data-leave]')).toHaveAttribute('data-leave', 'ANNUAL')
    // Monday: the salon's closed weekday; Sunday a holiday by name; no button on either.
    expect(screen.getByRole('columnheader', { name: /Mon 30 Nov Salon closed/ })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: /Sun 6 Dec Holiday: Immacolata/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Giulia, Monday 30 November/ })).toBeNull()
    // Today's column is marked.
    expect(screen.getByRole('columnheader', { name: /Tue 1 Dec/ })).toHaveAttribute('aria-current', 'date')
  })

  it('speaks Italian: the glossary’s leave kind, "Non di turno", the week in Italian', async () => {
    act(() => setLocale('it'))
    setup()
    expect(await screen.findByRole('heading', { name: 'Settimana 30 nov – 6 dic 2026' })).toBeInTheDocument()
    expect(await cell(/^Giulia, venerdì 4 dicembre: Ferie/)).toBeInTheDocument()
    expect(await cell(/^Giulia, giovedì 3 dicembre: Non di turno Modificato/)).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: /lun 30 nov Salone chiuso/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copia settimana' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Aggiungi assenza' })).toBeInTheDocument()
  })

  it('goes to the previous, next and this week, the Monday in the address', async () => {
    const user = userEvent.setup()
    const api = setup({}, '/rota?week=2026-12-03')
    // A day of the week in the address is turned into its Monday.
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rota?week=2026-11-30'))
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Next week' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rota?week=2026-12-07'))
    await screen.findByRole('heading', { name: 'Week 7 Dec – 13 Dec 2026' })
    await waitFor(() => expect(api.of('GET', '/api/rota').at(-1)!.query.get('from')).toBe('2026-12-07'))
    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    await user.click(screen.getByRole('button', { name: 'Previous week' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rota?week=2026-11-23'))
    await user.click(screen.getByRole('button', { name: 'This week' }))
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rota?week=2026-11-30'))
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled()
  })

  it('a day’s form by keyboard: Enter on the cell, hours changed, saved as that day’s exception; then the bookings left out', async () => {
    const user = userEvent.setup()
    let conflicts = { total: 0, items: [] as unknown[] }
    const api = setup({
      'PUT /api/operators/2/exceptions/2026-12-02': (c) => {
        conflicts = { total: 3, items: [] }
        return { id: 9, operator: 2, date: '2026-12-02', ...(c.body as object) }
      },
      'GET /api/rota/conflicts': () => conflicts,
    })
    const wednesday = await cell(/^Marco, Wednesday 2 December: 09:00–13:00$/)
    wednesday.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Marco · Wednesday 2 December' })
    expect(dialog).toHaveTextContent('This day follows the salon’s opening hours')
    // No exception yet: nothing to go back to.
    expect(within(dialog).queryByRole('button', { name: 'Back to the usual shift' })).toBeNull()
    const to = within(dialog).getByLabelText('To')
    await user.clear(to)
    await user.type(to, '12:00')
    await user.click(within(dialog).getByRole('button', { name: /^Add hours/ }))
    expect(within(dialog).getAllByLabelText('From')).toHaveLength(2)
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Corso colore')
    await user.click(within(dialog).getByRole('button', { name: 'Save this day' }))
    await waitFor(() => expect(api.of('PUT', '/api/operators/2/exceptions/2026-12-02')).toHaveLength(1))
    expect(api.of('PUT', '/api/operators/2/exceptions/2026-12-02')[0]!.body).toEqual({
      intervals: [
        { opening_time: '09:00', closing_time: '12:00' },
        { opening_time: '13:00', closing_time: '17:00' },
      ],
      note: 'Corso colore',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The conflicts of that person are asked, and said with the way to them.
    await waitFor(() => expect(api.of('GET', '/api/rota/conflicts').at(-1)!.query.get('operator')).toBe('2'))
    const notice = await screen.findByTestId('conflicts-notice')
    expect(notice).toHaveTextContent('Marco: 3 bookings to reassign')
    expect(within(notice).getByRole('link', { name: 'See them' })).toHaveAttribute('href', '/rota/conflicts?operator=2')
    // The grid was read again.
    expect(api.of('GET', '/api/rota').length).toBeGreaterThan(1)
  })

  it('refuses hours that close before they open, next to the field, and sends nothing', async () => {
    const user = userEvent.setup()
    const api = setup()
    await user.click(await cell(/^Marco, Wednesday 2 December/))
    const dialog = await screen.findByRole('dialog')
    const to = within(dialog).getByLabelText('To')
    await user.clear(to)
    await user.type(to, '08:00')
    await user.click(within(dialog).getByRole('button', { name: 'Save this day' }))
    expect(await within(dialog).findByText('Closing must come after opening')).toBeInTheDocument()
    expect(api.of('PUT', '/api/operators/2/exceptions/2026-12-02')).toHaveLength(0)
  })

  it('"Not working" saves an empty day; "Back to the usual shift" deletes the exception', async () => {
    const user = userEvent.setup()
    const api = setup({
      'PUT /api/operators/1/exceptions/2026-12-02': () => ({
        id: 9,
        operator: 1,
        date: '2026-12-02',
        intervals: [],
        note: null,
      }),
      'DELETE /api/operators/1/exceptions/2026-12-03': () => ({ message: 'ok', date: '2026-12-03' }),
    })
    await user.click(await cell(/^Giulia, Wednesday 2 December/))
    let dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('checkbox', { name: /^Not working/ }))
    expect(within(dialog).queryByLabelText('From')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save this day' }))
    await waitFor(() =>
      expect(api.of('PUT', '/api/operators/1/exceptions/2026-12-02')[0]?.body).toEqual({ intervals: [], note: null }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(await cell(/^Giulia, Thursday 3 December/))
    dialog = await screen.findByRole('dialog', { name: 'Giulia · Thursday 3 December' })
    expect(dialog).toHaveTextContent('This day is changed')
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Visita medica')
    expect(within(dialog).getByRole('checkbox', { name: /^Not working/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Back to the usual shift' }))
    await waitFor(() => expect(api.of('DELETE', '/api/operators/1/exceptions/2026-12-03')).toHaveLength(1))
  })

  it('"Copy week" asks how many weeks (1–12) and posts the Monday', async () => {
    const user = userEvent.setup()
    const api = setup({ 'POST /api/rota/copy-week': () => ({ message: 'ok', written: 20 }) })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Copy week' }))
    const dialog = await screen.findByRole('dialog', { name: 'Copy this week' })
    expect(dialog).toHaveTextContent('week 30 Nov – 6 Dec 2026')
    const weeks = within(dialog).getByRole('textbox', { name: 'Onto how many weeks' })
    await user.clear(weeks)
    await user.type(weeks, '13')
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    // NumberInput keeps it within 1–12 on blur; the schema checks what is sent either way.
    await waitFor(() => expect(api.of('POST', '/api/rota/copy-week')).toHaveLength(1))
    expect(api.of('POST', '/api/rota/copy-week')[0]!.body).toEqual({ from: '2026-11-30', weeks: 12 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Everyone's bookings are checked after a copy.
    await waitFor(() => expect(api.of('GET', '/api/rota/conflicts').length).toBeGreaterThan(1))
  })

  it('"Add leave": the server’s refusal of an end before the start shows next to "To"; then saved, and the bookings left out said', async () => {
    const user = userEvent.setup()
    let answer: 'refuse' | 'ok' = 'refuse'
    const api = setup({
      'POST /api/operator-leave': () =>
        answer === 'refuse'
          ? {
              status: 400,
              body: {
                errors: [
                  {
                    name: 'ValidationError',
                    message: 'Dati non validi',
                    data: {
                      code: 'VALIDATION',
                      errors: [{ path: 'end', message: 'La fine deve essere dopo l’inizio', code: 'END_AFTER_START' }],
                    },
                  },
                ],
              },
            }
          : { status: 201, body: { doc: { id: 8 } } },
      'GET /api/rota/conflicts': (c) =>
        c.query.get('operator') === '1' ? { total: 1, items: [] } : { total: 0, items: [] },
    })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Add leave' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add leave' })
    await user.click(within(dialog).getByRole('searchbox', { name: 'Person' }))
    await user.click(await screen.findByRole('option', { name: 'Giulia Rossi' }))
    await user.click(within(dialog).getByRole('searchbox', { name: 'Kind' }))
    await user.click(await screen.findByRole('option', { name: 'Time off' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Part of a day' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save leave' }))
    await waitFor(() => expect(api.of('POST', '/api/operator-leave')).toHaveLength(1))
    expect(api.of('POST', '/api/operator-leave')[0]!.body).toEqual({
      operator: 1,
      kind: 'PERMIT',
      start: '2026-12-01T08:00:00.000Z',
      end: '2026-12-01T12:00:00.000Z',
      note: null,
    })
    // The server's field error, in the dashboard's language, on the field it is about.
    const to = within(dialog).getByLabelText(/^To/)
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByText('The end must come after the start')).toBeInTheDocument()
    answer = 'ok'
    await user.click(within(dialog).getByRole('button', { name: 'Save leave' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByTestId('conflicts-notice')).toHaveTextContent('Giulia: 1 booking to reassign')
  })

  it('on a phone: one card per person, each open day a button (closed days are not)', async () => {
    const matchMedia = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: /max-width: 767|max-width: 640/.test(query),
    })) as typeof matchMedia
    try {
      setup()
      const card = await screen.findByRole('region', { name: 'Giulia' })
      expect(screen.queryByRole('table')).toBeNull()
      const tuesday = within(card).getByRole('button', { name: /^Giulia, Tuesday 1 December:/ })
      expect(tuesday).toHaveTextContent('09:00–13:00')
      expect(within(card).getAllByText('Salon closed')).toHaveLength(2)
      expect(within(card).getAllByRole('button')).toHaveLength(5)
    } finally {
      window.matchMedia = matchMedia
    }
  })
})
