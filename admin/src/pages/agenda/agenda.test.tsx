import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { describe, expect, it, vi } from 'vitest'
import { MemoryRouter } from 'react-router'
import { BlockModal, validateBlock, type BlockDialog } from './block-modal'
import { overlapsOf } from './block-refusal'
import { toHttpError } from '../../providers/payload-errors'
import { EventCalendar, type CalendarOptions } from './event-calendar'
import { bookingToEvent, cleanupEvents, eventContent, eventDidMount, type AgendaEventProps } from './mapping'

const ROME = 'Europe/Rome'
/** The wrapper fetches the calendar library's chunk when it mounts: on a busy machine that takes more than waitFor's default second. */
const LIBRARY_LOAD = { timeout: 10_000 }

const booking: AgendaEventProps = {
  kind: 'booking',
  id: 812,
  statusText: 'Confirmed',
  customer: 'Chiara Conti',
  services: 'Taglio donna',
  operatorName: 'Giulia',
  time: '10:00–11:15',
}
/** The card's accessible name as the production card hooks make it (mapping.ts eventHtml). */
const CARD_NAME = '10:00–11:15, Confirmed, Chiara Conti, Taglio donna, Giulia'

// Kept by reference between renders: only what a test changes is new.
const openCard = () => {}
const toolbar = { start: '', center: '', end: '' }
const resources = [
  { id: '3', title: 'Giulia' },
  { id: '4', title: 'Marco' },
]

const baseOptions = (over: Partial<CalendarOptions> = {}): CalendarOptions => ({
  view: 'resourceTimeGridDay',
  date: '2026-12-15',
  headerToolbar: toolbar,
  timeZone: '+01:00',
  resources,
  events: [
    {
      id: 'r812',
      resourceIds: ['3'],
      start: '2026-12-15T10:00:00',
      end: '2026-12-15T11:15:00',
      title: 'Chiara Conti',
      extendedProps: booking,
    },
  ],
  // The agenda's own card hooks (index.tsx passes the same); with a click handler the library
  // makes each card a button.
  eventClick: openCard,
  eventContent,
  eventDidMount,
  slotMinTime: '07:00:00',
  slotMaxTime: '21:00:00',
  ...over,
})

/**
 * The card named `name` as a button (its role and accessible name as assistive technology gets
 * them), once the library has drawn it. (Waits on the DOM first: a role query over the whole
 * grid is too slow to poll.)
 */
async function cardButton(region: HTMLElement, name: string) {
  await waitFor(() => expect(region.querySelector('.ec-event[data-id]')).not.toBeNull(), LIBRARY_LOAD)
  return waitFor(() => within(region).getByRole('button', { name: named(name) }), LIBRARY_LOAD)
}

/**
 * Matches an accessible name as jsdom computes it: dom-accessibility-api trims each child's text,
 * so the card's `, ` separators (screen-reader-only spans) come out as `,` (a browser keeps the space).
 */
const named = (name: string) => (computed: string) => computed.replace(/,(?=\S)/g, ', ') === name

describe('EventCalendar wrapper', { timeout: 30_000 }, () => {
  it('mounts the calendar once: operator columns, the booking as a focusable button named with its status', async () => {
    const onClick = vi.fn()
    const onReady = vi.fn()
    render(<EventCalendar label="Agenda" options={baseOptions({ eventClick: onClick })} onReady={onReady} />)
    const region = screen.getByRole('region', { name: 'Agenda' })
    // With eventClick set the library makes the card a button in the tab order, named by its text:
    // time, status in words, who, what, operator.
    const button = await cardButton(region, CARD_NAME)
    // One column per operator; the library's table roles are made presentational (its event
    // buttons sit outside any cell), the cards carry the meaning.
    expect(region.querySelectorAll('.ec-col-head')).toHaveLength(2)
    expect(region.querySelectorAll('[role="table"],[role="row"],[role="cell"],[role="columnheader"]')).toHaveLength(0)
    expect(button.closest('[data-id]')?.getAttribute('data-id')).toBe('r812')
    expect(button.getAttribute('tabindex')).toBe('0')
    // Enter opens it.
    fireEvent.keyDown(button, { key: 'Enter' })
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(onReady).toHaveBeenCalledTimes(1)
  })

  it('pushes changed options instead of re-creating the calendar, and destroys it on unmount', async () => {
    const onReady = vi.fn()
    const { rerender, unmount } = render(<EventCalendar label="Agenda" options={baseOptions()} onReady={onReady} />)
    const region = screen.getByRole('region', { name: 'Agenda' })
    await cardButton(region, CARD_NAME)
    const calendar = onReady.mock.calls[0]![0]
    const setOption = vi.spyOn(calendar, 'setOption')
    const moved: AgendaEventProps = { ...booking, customer: 'Anna Bianchi', time: '12:00–13:15' }
    const events = [
      {
        id: 'r812',
        resourceIds: ['4'],
        start: '2026-12-15T12:00:00',
        end: '2026-12-15T13:15:00',
        title: 'Anna Bianchi',
        extendedProps: moved,
      },
    ]
    rerender(<EventCalendar label="Agenda" options={baseOptions({ events })} onReady={onReady} />)
    // Only what changed by reference is pushed: the events, once; the calendar is the same one.
    expect(setOption.mock.calls).toEqual([['events', events]])
    await cardButton(region, '12:00–13:15, Confirmed, Anna Bianchi, Taglio donna, Giulia')
    expect(within(region).queryByRole('button', { name: named(CARD_NAME) })).not.toBeInTheDocument()
    expect(onReady).toHaveBeenCalledTimes(1)
    unmount()
    expect(onReady).toHaveBeenLastCalledWith(null)
  })
})

describe('a booking’s phases on the grid (issue 25)', { timeout: 30_000 }, () => {
  /** A colour at 10:00 (Rome): 30 with the stylist, 40 of processing time, 50 with the stylist, 10 of clean-up. */
  const at = (hhmm: string) => `2026-12-15T${hhmm}:00.000Z`
  const chair = { id: 2, name: 'Poltrona colore' }
  const colour = {
    id: 901,
    status: 'CONFIRMED',
    date_start: at('09:00'),
    date_end: at('11:00'),
    duration: 120,
    total_price: 60,
    note: null,
    services: [{ id: 4, title: 'Colore', duration: 120, price: 60 }],
    operator: { id: 3, name: 'Giulia', imageUrl: null },
    customer: { id: 17, name: 'Chiara', surname: 'Bianchi', phone: null, email: null },
    transitions: ['COMPLETED', 'CANCELLED'],
    actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
    phases: [
      { start: at('09:00'), end: at('09:30'), operator_busy: true, station: chair, cleanup: false, label: null },
      { start: at('09:30'), end: at('10:10'), operator_busy: false, station: chair, cleanup: false, label: null },
      { start: at('10:10'), end: at('11:00'), operator_busy: true, station: null, cleanup: false, label: null },
      { start: at('11:00'), end: at('11:10'), operator_busy: true, station: chair, cleanup: true, label: null },
    ],
  } as const
  const words = {
    locale: 'en' as const,
    noCustomer: 'No customer',
    unassigned: 'To be assigned',
    blocked: 'Blocked',
    phases: { processing: 'Processing time', cleanup: 'Clean-up' },
    cleanupOf: (customer: string) => `Clean-up after ${customer}`,
  }
  const palette = () => ({ background: '#d3f9d8', edge: '#2b8a3e' })

  it('draws the processing stretch lighter inside the card, letting the pointer through to the grid', async () => {
    const item = colour as unknown as Parameters<typeof bookingToEvent>[0]
    const card = bookingToEvent(item, ROME, words, palette)!
    const onClick = vi.fn()
    render(
      <EventCalendar
        label="Agenda"
        options={baseOptions({ events: [card, ...cleanupEvents(item, ROME, words, palette)], eventClick: onClick })}
      />,
    )
    const region = screen.getByRole('region', { name: 'Agenda' })
    await waitFor(() => expect(region.querySelector('.ec-event[data-id]')).not.toBeNull(), LIBRARY_LOAD)
    // One card for the booking, named with its processing time; the clean-up after it is its own card.
    // (The stretches are blocks: jsdom, like a browser, puts a space at their edge.)
    const spaced = (name: string) => (computed: string) => computed.replace(/\s*,\s*/g, ', ') === name
    const button = await waitFor(
      () =>
        within(region).getByRole('button', {
          name: spaced('10:00–12:00, Confirmed, Chiara Bianchi, Colore, Giulia, Processing time, 10:30–11:10'),
        }),
      LIBRARY_LOAD,
    )
    const article = button.closest('[data-id]') as HTMLElement
    expect(article.getAttribute('data-id')).toBe('r901')
    // The card itself takes no pointer; where the stylist works it does, in the gap it does not —
    // a click there reaches the grid under it (a new booking), a drop lands in the grid.
    expect(article.style.pointerEvents).toBe('none')
    const stretches = [...article.querySelectorAll<HTMLElement>('.salon-phase')]
    expect(stretches.map((s) => [s.dataset.phase, s.style.top, s.style.height, s.style.pointerEvents])).toEqual([
      ['busy', '0%', '25%', 'auto'],
      ['free', '25%', '33.333%', 'none'],
      ['busy', '58.333%', '41.667%', 'auto'],
    ])
    // Lighter, with its words and the customer's name on it.
    const gap = stretches[1]!
    expect(gap).toHaveClass('salon-phase-free')
    expect(gap).toHaveTextContent('Processing time · Chiara Bianchi')
    // A click on a busy stretch still opens the booking (it bubbles to the card).
    fireEvent.click(stretches[2]!)
    expect(onClick).toHaveBeenCalledTimes(1)
    // The clean-up: its own card after the booking, in the operator's column, not draggable; a
    // note on the booking (its words readable), not a button of its own — a click opens the booking.
    const cleanup = region.querySelector<HTMLElement>('.ec-event[data-id="k901"]')!
    expect(cleanup).toHaveClass('salon-cleanup')
    expect(cleanup).toHaveTextContent('12:00–12:10, Clean-up · Poltrona colore, Clean-up after Chiara Bianchi, Giulia')
    expect(cleanup).not.toHaveAttribute('role')
    expect(cleanup).not.toHaveAttribute('tabindex')
    expect(cleanup.querySelector('.ec-resizer')).toBeNull()
    fireEvent.click(cleanup)
    expect(onClick).toHaveBeenCalledTimes(2)
    expect(onClick.mock.calls[1]![0].event.id).toBe('k901')
  })
})

const operators = [
  { value: '3', label: 'Giulia' },
  { value: '4', label: 'Marco' },
]
const words = { chooseOperator: 'Choose an operator', chooseDay: 'Choose a day', chooseTime: 'Use the HH:mm format' }
const fields = { operator: '4', day: '2026-12-15', from: '14:00', toDay: '2026-12-15', to: '18:00', reason: '' }

describe('block time', () => {
  it('validates with the shared schema: operator, days, times, end after start, at most 31 days, reason length', () => {
    const ok = { ...fields, reason: 'Formazione' }
    expect(validateBlock(ok, ROME, words)).toEqual({
      errors: {},
      body: {
        operator: 4,
        date_start: '2026-12-15T13:00:00.000Z',
        date_end: '2026-12-15T17:00:00.000Z',
        reason: 'Formazione',
      },
    })
    const refused = (f: Partial<typeof fields>) => validateBlock({ ...ok, ...f }, ROME, words)
    expect(refused({ operator: '' })).toEqual({ errors: { operator: 'Choose an operator' }, body: null })
    expect(refused({ from: '' })).toEqual({ errors: { from: 'Use the HH:mm format' }, body: null })
    expect(refused({ toDay: '' })).toEqual({ errors: { toDay: 'Choose a day' }, body: null })
    // The schema's own rules and (translated) messages: the end follows the start, at most 31 days.
    expect(refused({ to: '13:00' })).toEqual({ errors: { to: 'The end must come after the start' }, body: null })
    expect(refused({ toDay: '2027-01-16' })).toEqual({ errors: { to: 'At most 31 days' }, body: null })
    expect(Object.keys(refused({ reason: 'x'.repeat(121) }).errors)).toEqual(['reason'])
  })

  it('a block may span days: from one day’s time to a later day’s', () => {
    const { body } = validateBlock({ ...fields, from: '14:00', toDay: '2026-12-18', to: '12:00' }, ROME, words)
    expect(body).toEqual({
      operator: 4,
      date_start: '2026-12-15T13:00:00.000Z',
      date_end: '2026-12-18T11:00:00.000Z',
      reason: null,
    })
  })

  function open(dialog: BlockDialog) {
    const onSave = vi.fn()
    const onDelete = vi.fn()
    const onClose = vi.fn()
    render(
      <MemoryRouter>
        <MantineProvider>
          <BlockModal
            dialog={dialog}
            operators={operators}
            timeZone={ROME}
            onClose={onClose}
            onSave={onSave}
            onDelete={onDelete}
          />
        </MantineProvider>
      </MemoryRouter>,
    )
    return { onSave, onDelete, onClose }
  }

  it('opens prefilled from a selection and sends instants of the salon’s zone', async () => {
    const { onSave } = open({ mode: 'create', fields })
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Block time')
    expect(screen.getByLabelText(/^From day/)).toHaveValue('2026-12-15')
    expect(screen.getByLabelText(/^To day/)).toHaveValue('2026-12-15')
    expect(screen.getByLabelText(/^From(?! day)/)).toHaveValue('14:00')
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: '  Formazione ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onSave.mock.calls[0]![0]).toEqual({
      operator: 4,
      date_start: '2026-12-15T13:00:00.000Z',
      date_end: '2026-12-15T17:00:00.000Z',
      reason: 'Formazione',
    })
  })

  it('the end day follows the first day, and a later end day makes a block over several days', async () => {
    const { onSave } = open({ mode: 'create', fields })
    await screen.findByRole('dialog')
    fireEvent.change(screen.getByLabelText(/^From day/), { target: { value: '2026-12-16' } })
    expect(screen.getByLabelText(/^To day/)).toHaveValue('2026-12-16')
    fireEvent.change(screen.getByLabelText(/^To day/), { target: { value: '2026-12-19' } })
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      date_start: '2026-12-16T13:00:00.000Z',
      date_end: '2026-12-19T17:00:00.000Z',
    })
  })

  it('from the keyboard path: empty fields are refused, naming them, and nothing is sent', async () => {
    const { onSave } = open({ mode: 'create', fields: { ...fields, operator: '', from: '', to: '' } })
    await screen.findByRole('dialog')
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(await screen.findByText('Choose an operator')).toBeInTheDocument()
    expect(screen.getAllByText('Use the HH:mm format')).toHaveLength(2)
  })

  it('an existing block: shows the server’s refusal, and removes it after a confirmation that can be cancelled', async () => {
    const { onDelete } = open({
      mode: 'edit',
      id: 5,
      fields: { ...fields, reason: 'Visita' },
      refusal: 'Orario già occupato',
    })
    await screen.findByRole('dialog')
    expect(screen.getByRole('alert')).toHaveTextContent('Orario già occupato')
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Visita')
    fireEvent.click(screen.getByRole('button', { name: 'Remove the block' }))
    expect(onDelete).not.toHaveBeenCalled()
    // The confirm step: its own question, "Cancel" goes back, "Yes, remove" removes.
    expect(screen.getByRole('group', { name: 'Remove it? The time becomes bookable again.' })).toBeInTheDocument()
    // Focus follows the step (the pressed button is gone): still inside the dialog.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('button', { name: 'Yes, remove' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove the block' })).toHaveFocus()
    fireEvent.click(screen.getByRole('button', { name: 'Remove the block' }))
    await act(async () => {})
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }))
    expect(onDelete).toHaveBeenCalledWith(5)
  })

  /** The 409 of POST /api/operator-blocks over a booking, as the server sends it (docs/api.md). */
  const overlapBody = (bookings: unknown[], total = bookings.length) => ({
    errors: [
      {
        name: 'Conflict',
        message: 'Si sovrappone all’appuntamento di Chiara Bianchi, 14:45–17:00: spostalo prima di bloccare il tempo.',
        data: { reason: 'BLOCK_OVERLAPS_BOOKING', bookings, total },
      },
    ],
  })
  const chiara = {
    id: 731,
    start: '2026-12-15T13:45:00.000Z',
    end: '2026-12-15T16:00:00.000Z',
    status: 'CONFIRMED',
    customer: 'Chiara Bianchi',
  }

  it('a block refused over a booking names it in words, with a link to the booking', async () => {
    const error = toHttpError(409, overlapBody([chiara]))
    expect(overlapsOf(error)).toEqual({ bookings: [chiara], total: 1 })
    open({ mode: 'create', fields, refusal: error.message, error })
    await screen.findByRole('dialog')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('It overlaps the appointment of Chiara Bianchi, 14:45–17:00.')
    const link = within(alert).getByRole('link', { name: 'Chiara Bianchi, 14:45–17:00' })
    expect(link).toHaveAttribute('href', '/booking/731')
  })

  it('several bookings in the way: each a link, with the day when the block spans days, and how many more', async () => {
    const marco = {
      ...chiara,
      id: 732,
      start: '2026-12-16T09:00:00.000Z',
      end: '2026-12-16T09:30:00.000Z',
      customer: null,
    }
    const error = toHttpError(409, overlapBody([chiara, marco], 7))
    open({ mode: 'create', fields: { ...fields, toDay: '2026-12-18' }, refusal: error.message, error })
    await screen.findByRole('dialog')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('It overlaps these appointments:')
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Chiara Bianchi, Tue 15 Dec, 14:45–17:00', 'Wed 16 Dec, 10:00–10:30'])
    expect(alert).toHaveTextContent('and 5 more.')
  })

  it('any other refusal keeps the server’s words (no bookings named)', () => {
    expect(
      overlapsOf(toHttpError(409, { errors: [{ message: 'x', data: { reason: 'BLOCK_OVERLAP' } }] })),
    ).toBeUndefined()
    expect(overlapsOf(toHttpError(409, overlapBody([{ id: 'x' }])))).toBeUndefined()
  })
})
