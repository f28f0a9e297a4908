import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PatternItem } from '@salon/shared/schemas/rota'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import { AFTERNOON, BASE_ROUTES, MORNING, NOW } from '../rota/fixture'
import { OperatorLeaveCard } from './leave-card'
import { OperatorScheduleCard } from './schedule-card'

const schedule = (patterns: PatternItem[]) => () => ({
  operator: 1,
  timezone: 'Europe/Rome',
  days: [],
  leave: [],
  exceptions: [],
  patterns,
})

function renderSchedule(extra: Routes_ = {}, patterns: PatternItem[] = []) {
  const api = fakeApi({ ...BASE_ROUTES, 'GET /api/operators/1/schedule': schedule(patterns), ...extra })
  renderWithApi(<OperatorScheduleCard id={1} name="Giulia" />, api)
  return api
}

// Room for a busy machine (two cores shared with builds): a screen test takes 1–3 s here, more under load.
describe('the operator page’s working hours', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
    act(() => setLocale('en'))
  })

  it('without a pattern: starts from the salon’s opening hours and says so; saved from today as a one-week pattern', async () => {
    const user = userEvent.setup()
    let conflicts = { total: 0, items: [] }
    const api = renderSchedule({
      'PUT /api/operators/1/schedule': () => {
        conflicts = { total: 2, items: [] }
        return schedule([])()
      },
      'GET /api/rota/conflicts': () => conflicts,
    })
    const section = await screen.findByRole('region', { name: 'Working hours' })
    expect(
      await within(section).findByText(/No working hours saved yet: Giulia works whenever the salon is open/),
    ).toBeInTheDocument()
    expect(api.of('GET', '/api/operators/1/schedule')[0]!.query.toString()).toBe('from=2026-12-01&to=2026-12-14')
    const monday = within(section).getByRole('group', { name: 'Monday' })
    expect(within(monday).getByRole('checkbox', { name: 'Day off' })).toBeChecked()
    const tuesday = within(section).getByRole('group', { name: 'Tuesday' })
    expect(within(tuesday).getByRole('checkbox', { name: 'Day off' })).not.toBeChecked()
    expect(
      within(tuesday)
        .getAllByLabelText('From')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['09:00', '14:30'])
    // Saturday: only the morning.
    const saturday = within(section).getByRole('group', { name: 'Saturday' })
    await user.click(within(saturday).getByRole('button', { name: 'Remove hours 2 of Saturday' }))
    await user.click(within(section).getByRole('button', { name: 'Save working hours' }))
    await waitFor(() => expect(api.of('PUT', '/api/operators/1/schedule')).toHaveLength(1))
    const body = api.of('PUT', '/api/operators/1/schedule')[0]!.body as {
      from: string
      cycleWeeks: number
      days: unknown[]
    }
    expect(body.from).toBe('2026-12-01')
    expect(body.cycleWeeks).toBe(1)
    expect(body.days).toHaveLength(7)
    expect(body.days[0]).toEqual({ week: 1, day_of_week: 'MONDAY', intervals: [] })
    expect(body.days[5]).toEqual({ week: 1, day_of_week: 'SATURDAY', intervals: [MORNING] })
    expect(await within(section).findByTestId('conflicts-notice')).toHaveTextContent('Giulia: 2 bookings to reassign')
  })

  it('with a two-week pattern in force: says since when, shows both weeks (turned to count from today), checks overlaps in place', async () => {
    const user = userEvent.setup()
    const api = renderSchedule({}, [
      {
        id: 4,
        operator: 1,
        from: '2026-11-23',
        to: null,
        cycleWeeks: 2,
        days: [
          { week: 1, day_of_week: 'TUESDAY', intervals: [MORNING] },
          { week: 2, day_of_week: 'TUESDAY', intervals: [AFTERNOON] },
        ],
      },
    ])
    const section = await screen.findByRole('region', { name: 'Working hours' })
    expect(
      await within(section).findByText('In force since 23 November 2026, repeating every 2 weeks.'),
    ).toBeInTheDocument()
    // 1 December is in the pattern's week 2: the new week 1.
    const week1 = within(section).getByRole('tab', { name: /^Week 1 \(30 Nov – 6 Dec 2026\)/ })
    expect(week1).toHaveAttribute('aria-selected', 'true')
    const tuesday = within(section).getByRole('group', { name: 'Tuesday · Week 1' })
    expect(within(tuesday).getByLabelText('From')).toHaveValue('14:30')
    await user.click(within(section).getByRole('tab', { name: /^Week 2/ }))
    const tuesday2 = within(section).getByRole('group', { name: 'Tuesday · Week 2' })
    expect(within(tuesday2).getByLabelText('From')).toHaveValue('09:00')
    // An overlapping second interval is refused by the shared rules, next to the field.
    await user.click(within(tuesday2).getByRole('button', { name: /^Add hours/ }))
    const from = within(tuesday2).getAllByLabelText('From')[1]!
    await user.clear(from)
    await user.type(from, '12:00')
    await user.click(within(section).getByRole('button', { name: 'Save working hours' }))
    expect(await within(tuesday2).findByText(/^Overlaps 09:00–13:00/)).toBeInTheDocument()
    expect(api.of('PUT', '/api/operators/1/schedule')).toHaveLength(0)
  })
})

describe('the operator page’s leave', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
    act(() => setLocale('en'))
  })

  const LEAVE = [
    {
      id: 1,
      operator: 1,
      kind: 'SICK',
      start: '2026-11-02T23:00:00.000Z',
      end: '2026-11-03T23:00:00.000Z',
      note: null,
    },
    {
      id: 2,
      operator: 1,
      kind: 'TRAINING',
      start: '2026-12-10T09:00:00.000Z',
      end: '2026-12-10T13:00:00.000Z',
      note: 'Corso colore',
    },
    {
      id: 3,
      operator: 1,
      kind: 'ANNUAL',
      start: '2026-12-06T23:00:00.000Z',
      end: '2026-12-08T23:00:00.000Z',
      note: null,
    },
  ]

  it('lists what is to come first, then the past; edits and deletes a leave', async () => {
    const user = userEvent.setup()
    const api = fakeApi({
      ...BASE_ROUTES,
      'GET /api/operator-leave': () => ({ docs: LEAVE, totalDocs: 3 }),
      'PATCH /api/operator-leave/3': (c) => ({ doc: { id: 3, ...(c.body as object) } }),
      'DELETE /api/operator-leave/2': () => ({ doc: { id: 2 } }),
    })
    act(() => setLocale('it'))
    renderWithApi(<OperatorLeaveCard id={1} name="Giulia" />, api)
    const upcoming = await screen.findByTestId('leave-upcoming')
    expect(api.of('GET', '/api/operator-leave')[0]!.query.get('where[operator][equals]')).toBe('1')
    const lines = within(upcoming).getAllByRole('listitem')
    expect(lines[0]).toHaveTextContent('Ferie7 dic – 8 dic 2026')
    expect(lines[1]).toHaveTextContent('Formazione10 dic 2026, 10:00–14:00')
    expect(lines[1]).toHaveTextContent('Corso colore')
    expect(screen.getByTestId('leave-past')).toHaveTextContent('Malattia3 nov 2026')

    await user.click(within(lines[0]!).getByRole('button', { name: /^Modifica: Ferie, 7 dic/ }))
    let dialog = await screen.findByRole('dialog', { name: 'Modifica assenza · Giulia' })
    // The person is given: no choice of person.
    expect(within(dialog).queryByRole('searchbox', { name: 'Persona' })).toBeNull()
    expect(within(dialog).getByLabelText(/^Dal/)).toHaveValue('2026-12-07')
    expect(within(dialog).getByLabelText(/^Al \(compreso\)/)).toHaveValue('2026-12-08')
    // (A required day picker keeps its value when cleared: the new day is set at once, as a picker does.)
    fireEvent.change(within(dialog).getByLabelText(/^Al \(compreso\)/), { target: { value: '2026-12-09' } })
    await user.click(within(dialog).getByRole('button', { name: 'Salva l’assenza' }))
    await waitFor(() => expect(api.of('PATCH', '/api/operator-leave/3')).toHaveLength(1))
    expect(api.of('PATCH', '/api/operator-leave/3')[0]!.body).toEqual({
      operator: 1,
      kind: 'ANNUAL',
      start: '2026-12-06T23:00:00.000Z',
      end: '2026-12-09T23:00:00.000Z',
      note: null,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The conflicts of this person are checked after the change.
    await waitFor(() => expect(api.of('GET', '/api/rota/conflicts').at(-1)?.query.get('operator')).toBe('1'))

    await user.click(within(lines[1]!).getByRole('button', { name: /^Modifica: Formazione/ }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('radio', { name: 'Parte della giornata' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Elimina l’assenza' }))
    const ask = within(dialog).getByRole('alertdialog', { name: 'Eliminare questa assenza?' })
    expect(within(ask).getByRole('button', { name: 'Annulla' })).toHaveFocus()
    await user.click(within(ask).getByRole('button', { name: 'Sì, elimina' }))
    await waitFor(() => expect(api.of('DELETE', '/api/operator-leave/2')).toHaveLength(1))
  })

  it('says when nothing is planned', async () => {
    const api = fakeApi({ ...BASE_ROUTES, 'GET /api/operator-leave': () => ({ docs: [], totalDocs: 0 }) })
    renderWithApi(<OperatorLeaveCard id={1} name="Giulia" />, api)
    expect(await screen.findByText('No leave planned.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add leave' })).toBeInTheDocument()
  })
})
