import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale'
import { fakeApi, renderWithApi, type Routes_ } from '../../test/fake-api'
import { ServiceFormScreen } from './form'
import { rowsOfRecord } from './phases'
import { fieldMessageOf } from '../../test/field-message'

/**
 * The service form's phases (issue 25) through the real data provider: a colour of three phases
 * (30 with the stylist, 40 processing, 50 with the stylist) and its clean-up; rows added, removed,
 * moved by keyboard; the total; the shared schema's message next to its field; what is sent.
 */
const colour = {
  id: 5,
  title: 'Colore',
  time: 120,
  price: 60,
  description: null,
  category: null,
  image: null,
  operators: [],
  active: true,
  cleanup_minutes: 10,
  phases: [
    { id: 'a1', minutes: 30, operator_busy: true, station: 2, label: 'Applicazione' },
    { id: 'b2', minutes: 40, operator_busy: false, station: 2, label: null },
    { id: 'c3', minutes: 50, operator_busy: true, station: null, label: 'Risciacquo e piega' },
  ],
}

const list = (docs: unknown[]) => ({ docs, totalDocs: docs.length })

function setup(record: Record<string, unknown> | null, routes: Routes_ = {}) {
  const api = fakeApi({
    'GET /api/service/5': () => record,
    'PATCH /api/service/5': (c) => ({ doc: { ...record, ...(c.body as object) } }),
    'POST /api/service': (c) => ({ status: 201, body: { doc: { id: 9, ...(c.body as object) } } }),
    'GET /api/stations': () =>
      list([
        { id: 2, name: 'Poltrona colore', count: 2 },
        { id: 3, name: 'Lavatesta', count: 1 },
      ]),
    'GET /api/category': () => list([]),
    'GET /api/operator': () => list([]),
    'GET /api/file': () => list([]),
    ...routes,
  })
  renderWithApi(<ServiceFormScreen mode={record ? 'edit' : 'create'} id={record ? 5 : undefined} />, api)
  return { api, user: userEvent.setup() }
}

/** The group of fields of phase `n` (named "Phase 2 · Processing time"). */
const phase = (n: number) => screen.getByRole('group', { name: new RegExp(`^(Phase|Fase) ${n} · `) })
const phases = () => screen.queryAllByRole('group', { name: /^(Phase|Fase) \d · / })
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: /^Save$|^Salva$/ }))

describe('the service form’s phases (issue 25)', { timeout: 60_000 }, () => {
  afterEach(() => act(() => setLocale('en')))

  it('shows a service’s phases as rows, the total and the bar “30 · 40 · 50”', async () => {
    setup(colour)
    await waitFor(() => expect(phases()).toHaveLength(3))
    expect(within(phase(1)).getByLabelText(/^Minutes/)).toHaveValue('30')
    expect(within(phase(1)).getByLabelText('Name (optional)')).toHaveValue('Applicazione')
    expect(within(phase(1)).getByLabelText('With the stylist')).toBeChecked()
    expect(phase(2)).toHaveAccessibleName('Phase 2 · Processing time')
    expect(within(phase(2)).getByLabelText('With the stylist')).not.toBeChecked()
    expect(
      within(phase(2)).getByText('Processing time: the customer stays; the stylist is free for someone else.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(phase(1)).getByLabelText('Station')).toHaveValue('Poltrona colore'))
    expect(within(phase(3)).getByLabelText('Station')).toHaveValue('No station')
    expect(screen.getByLabelText(/^Clean-up after/)).toHaveValue('10')
    expect(screen.getByText('Total for the customer: 2 h, then 10 min of clean-up')).toBeInTheDocument()
    const bar = screen.getByRole('img', { name: /^The phases in time/ })
    expect(bar).toHaveAccessibleName(
      'The phases in time: 30 min with the stylist; 40 min processing time; 50 min with the stylist; 10 min clean-up',
    )
    expect([...bar.children].map((c) => `${c.getAttribute('data-kind')} ${c.textContent}`)).toEqual([
      'busy 30',
      'processing 40',
      'busy 50',
      'cleanup 10',
    ])
    // The old single "Duration" field is gone: the time is the phases' sum.
    expect(screen.queryByLabelText(/^Duration \(minutes\)/)).not.toBeInTheDocument()
  })

  it('sends the phases and the clean-up, not `time`; rows keep their ids; an empty name is none', async () => {
    const { api, user } = setup(colour)
    await waitFor(() => expect(phases()).toHaveLength(3))
    await user.clear(within(phase(2)).getByLabelText(/^Minutes/))
    await user.type(within(phase(2)).getByLabelText(/^Minutes/), '35')
    await user.type(within(phase(2)).getByLabelText('Name (optional)'), '  Posa ')
    await user.clear(within(phase(1)).getByLabelText('Name (optional)'))
    expect(screen.getByText('Total for the customer: 1 h 55 min, then 10 min of clean-up')).toBeInTheDocument()
    await save(user)
    await waitFor(() => expect(api.of('PATCH', '/api/service/5')).toHaveLength(1))
    const body = api.of('PATCH', '/api/service/5')[0]!.body as Record<string, unknown>
    expect(body).not.toHaveProperty('time')
    expect(body.cleanup_minutes).toBe(10)
    expect(body.phases).toEqual([
      { id: 'a1', minutes: 30, operator_busy: true, station: 2, label: null },
      { id: 'b2', minutes: 35, operator_busy: false, station: 2, label: 'Posa' },
      { id: 'c3', minutes: 50, operator_busy: true, station: null, label: 'Risciacquo e piega' },
    ])
  })

  it('adds, moves (by keyboard, the focus kept and the move announced) and removes phases', async () => {
    const { api, user } = setup(colour)
    await waitFor(() => expect(phases()).toHaveLength(3))
    // The first phase cannot go up, the last cannot go down, and a lone phase cannot be removed.
    expect(within(phase(1)).getByRole('button', { name: 'Move phase 1 up' })).toBeDisabled()
    expect(within(phase(3)).getByRole('button', { name: 'Move phase 3 down' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Add a phase' }))
    expect(phases()).toHaveLength(4)
    expect(phase(4)).toHaveAccessibleName('Phase 4 · With the stylist')
    const minutes4 = within(phase(4)).getByLabelText(/^Minutes/)
    await user.clear(minutes4)
    await user.type(minutes4, '15')
    await user.click(within(phase(4)).getByLabelText('Station'))
    await user.click(await screen.findByRole('option', { name: 'Lavatesta' }))

    // Keyboard: focus "Move phase 4 up", Enter twice → it is the second phase.
    within(phase(4)).getByRole('button', { name: 'Move phase 4 up' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(within(phase(3)).getByRole('button', { name: 'Move phase 3 up' })).toHaveFocus())
    expect(screen.getByText('Phase moved: now 3 of 4.')).toHaveAttribute('aria-live', 'polite')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(within(phase(2)).getByRole('button', { name: 'Move phase 2 up' })).toHaveFocus())
    expect(within(phase(2)).getByLabelText(/^Minutes/)).toHaveValue('15')

    // Remove the processing phase (now the third): the focus goes to the remove button in its place.
    await user.click(within(phase(3)).getByRole('button', { name: 'Remove phase 3' }))
    expect(phases()).toHaveLength(3)
    await waitFor(() => expect(within(phase(3)).getByRole('button', { name: 'Remove phase 3' })).toHaveFocus())
    expect(screen.getByText('Total for the customer: 1 h 35 min, then 10 min of clean-up')).toBeInTheDocument()

    await save(user)
    await waitFor(() => expect(api.of('PATCH', '/api/service/5')).toHaveLength(1))
    const sent = (api.of('PATCH', '/api/service/5')[0]!.body as { phases: unknown[] }).phases
    expect(sent).toEqual([
      { id: 'a1', minutes: 30, operator_busy: true, station: 2, label: 'Applicazione' },
      { minutes: 15, operator_busy: true, station: 3, label: null },
      { id: 'c3', minutes: 50, operator_busy: true, station: null, label: 'Risciacquo e piega' },
    ])
  })

  it('refuses phases without the stylist at work, the message next to the first switch (shared schema)', async () => {
    const { api, user } = setup({
      ...colour,
      phases: [
        { id: 'a1', minutes: 30, operator_busy: true, station: null, label: null },
        { id: 'b2', minutes: 40, operator_busy: false, station: null, label: null },
      ],
    })
    await waitFor(() => expect(phases()).toHaveLength(2))
    await user.click(within(phase(1)).getByLabelText('With the stylist'))
    expect(within(phase(1)).getByLabelText('With the stylist')).not.toBeChecked()
    await save(user)
    const first = within(phase(1)).getByLabelText('With the stylist')
    await waitFor(() => expect(fieldMessageOf(first)).toContain('At least one phase with the stylist at work'))
    expect(api.of('PATCH', '/api/service/5')).toHaveLength(0)
  })

  it('in Italian: the glossary’s words and the shared message', async () => {
    act(() => setLocale('it'))
    const { user } = setup({
      ...colour,
      phases: [{ id: 'a1', minutes: 45, operator_busy: true, station: null, label: null }],
    })
    await waitFor(() => expect(within(phase(1)).getByLabelText(/^Minuti/)).toHaveValue('45'))
    expect(screen.getByRole('heading', { name: 'Fasi' })).toBeInTheDocument()
    await user.click(within(phase(1)).getByLabelText('Con l’operatore'))
    expect(phase(1)).toHaveAccessibleName('Fase 1 · Tempo di posa')
    await save(user)
    await waitFor(() =>
      expect(fieldMessageOf(within(phase(1)).getByLabelText('Con l’operatore'))).toContain(
        'Almeno una fase con l’operatore al lavoro',
      ),
    )
  })

  it('a total over 24 hours is refused under the total; an empty minutes field under itself', async () => {
    const { api, user } = setup(colour)
    await waitFor(() => expect(phases()).toHaveLength(3))
    const minutes3 = within(phase(3)).getByLabelText(/^Minutes/)
    await user.clear(minutes3)
    await user.type(minutes3, '1400')
    await save(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 24 hours')
    await user.clear(minutes3)
    await save(user)
    await waitFor(() => expect(fieldMessageOf(minutes3)).toContain('Enter the duration in minutes'))
    expect(api.of('PATCH', '/api/service/5')).toHaveLength(0)
  })

  it('a new service starts with one phase of 30 minutes with the stylist and sends it', async () => {
    const { api, user } = setup(null)
    expect(phases()).toHaveLength(1)
    expect(within(phase(1)).getByRole('button', { name: 'Remove phase 1' })).toBeDisabled()
    await user.type(screen.getAllByLabelText(/^Name/)[0]!, 'Taglio')
    await user.clear(screen.getByLabelText(/^Price/))
    await user.type(screen.getByLabelText(/^Price/), '25')
    await save(user)
    await waitFor(() => expect(api.of('POST', '/api/service')).toHaveLength(1))
    expect(api.of('POST', '/api/service')[0]!.body).toMatchObject({
      title: 'Taglio',
      price: 25,
      cleanup_minutes: 0,
      phases: [{ minutes: 30, operator_busy: true, station: null, label: null }],
    })
  })
})

describe('rowsOfRecord', () => {
  it('an older server’s service without phases is one busy phase of its time', () => {
    expect(rowsOfRecord({ time: 45, phases: [] })).toEqual([
      { key: 'row-0', minutes: 45, operator_busy: true, station: null, label: '' },
    ])
    expect(rowsOfRecord({ time: 45 })).toHaveLength(1)
  })

  it('reads a populated station as its id, and keys rows by their ids (the same on every read)', () => {
    const rows = rowsOfRecord({ phases: [{ id: 'x', minutes: 20, operator_busy: false, station: { id: 4 } }] })
    expect(rows).toEqual([{ key: 'x', id: 'x', minutes: 20, operator_busy: false, station: 4, label: '' }])
    expect(rowsOfRecord({ phases: [{ minutes: 20 }] })).toEqual(rowsOfRecord({ phases: [{ minutes: 20 }] }))
  })
})
