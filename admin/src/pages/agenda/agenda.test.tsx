import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { describe, expect, it, vi } from 'vitest'
import { BlockModal, validateBlock, type BlockDialog } from './block-modal'
import { EventCalendar, type CalendarOptions } from './event-calendar'
import { eventHtml, type AgendaEventProps } from './mapping'

const ROME = 'Europe/Rome'
/** The wrapper fetches the calendar library's chunk when it mounts: on a busy machine that takes more than waitFor's default second. */
const LIBRARY_LOAD = { timeout: 10_000 }

const booking: AgendaEventProps = {
  kind: 'booking',
  id: 812,
  status: 'CONFIRMED',
  statusText: 'Confirmed',
  customer: 'Chiara Conti',
  services: 'Taglio donna',
  operatorName: 'Giulia',
  time: '10:00–11:15',
  label: '10:00–11:15, Chiara Conti, Taglio donna, Giulia, Confirmed',
}

const baseOptions = (over: Partial<CalendarOptions> = {}): CalendarOptions => ({
  view: 'resourceTimeGridDay',
  date: '2026-12-15',
  headerToolbar: { start: '', center: '', end: '' },
  timeZone: '+01:00',
  resources: [
    { id: '3', title: 'Giulia' },
    { id: '4', title: 'Marco' },
  ],
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
  eventContent: (info) => ({ html: eventHtml(info.event.extendedProps as AgendaEventProps) }),
  eventDidMount: ({ el, event }) => el.setAttribute('aria-label', (event.extendedProps as AgendaEventProps).label),
  slotMinTime: '07:00:00',
  slotMaxTime: '21:00:00',
  ...over,
})

describe('EventCalendar wrapper', () => {
  it('mounts the calendar once: operator columns, the booking as a focusable button named with its status', async () => {
    const onClick = vi.fn()
    const onReady = vi.fn()
    render(<EventCalendar label="Agenda" options={baseOptions({ eventClick: onClick })} onReady={onReady} />)
    const region = screen.getByRole('region', { name: 'Agenda' })
    await waitFor(() => expect(region.querySelector('[aria-label*="Chiara Conti"]')).not.toBeNull(), LIBRARY_LOAD)
    // One column per operator; the library's table roles are made presentational (its event
    // buttons sit outside any cell), the cards carry the meaning.
    expect(region.querySelectorAll('.ec-col-head')).toHaveLength(2)
    expect(region.querySelectorAll('[role="table"],[role="row"],[role="cell"],[role="columnheader"]')).toHaveLength(0)
    const card = region.querySelector<HTMLElement>('[aria-label*="Chiara Conti"]')!
    expect(card.getAttribute('aria-label')).toContain('Confirmed')
    expect(card.textContent).toContain('Confirmed')
    // With eventClick set the library makes the card a button in the tab order; Enter opens it.
    const button = card.closest('[role="button"]') as HTMLElement
    expect(button.getAttribute('tabindex')).toBe('0')
    fireEvent.keyDown(button, { key: 'Enter' })
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(onReady).toHaveBeenCalledTimes(1)
  })

  it('pushes changed options instead of re-creating the calendar, and destroys it on unmount', async () => {
    const onReady = vi.fn()
    const { rerender, unmount } = render(<EventCalendar label="Agenda" options={baseOptions()} onReady={onReady} />)
    const region = screen.getByRole('region', { name: 'Agenda' })
    await waitFor(() => expect(region.querySelector('[aria-label*="Chiara Conti"]')).not.toBeNull(), LIBRARY_LOAD)
    const calendar = onReady.mock.calls[0]![0]
    const setOption = vi.spyOn(calendar, 'setOption')
    const moved: AgendaEventProps = { ...booking, label: 'moved: Anna Bianchi' }
    rerender(
      <EventCalendar
        label="Agenda"
        options={baseOptions({
          events: [
            {
              id: 'r812',
              resourceIds: ['4'],
              start: '2026-12-15T12:00:00',
              end: '2026-12-15T13:15:00',
              title: 'Anna Bianchi',
              extendedProps: moved,
            },
          ],
        })}
        onReady={onReady}
      />,
    )
    // Only what changed by reference: the events (the callbacks and the rest are new objects too
    // in this test, so at least `events` must be among them and the calendar is the same one).
    expect(setOption.mock.calls.map((c) => c[0])).toContain('events')
    await waitFor(() => expect(region.querySelector('[aria-label="moved: Anna Bianchi"]')).not.toBeNull())
    expect(onReady).toHaveBeenCalledTimes(1)
    unmount()
    expect(onReady).toHaveBeenLastCalledWith(null)
  })
})

const operators = [
  { value: '3', label: 'Giulia' },
  { value: '4', label: 'Marco' },
]
const words = { chooseOperator: 'Choose an operator', chooseTime: 'Use the HH:mm format' }

describe('block time', () => {
  it('validates with the shared schema: operator, times, end after start, reason length', () => {
    const ok = { operator: '4', day: '2026-12-15', from: '14:00', to: '18:00', reason: 'Formazione' }
    expect(validateBlock(ok, ROME, words)).toEqual({})
    expect(validateBlock({ ...ok, operator: '' }, ROME, words)).toMatchObject({ operator: 'Choose an operator' })
    expect(validateBlock({ ...ok, from: '' }, ROME, words)).toMatchObject({ from: 'Use the HH:mm format' })
    // The schema's own rule and message (operatorBlockBody: the end follows the start).
    expect(Object.keys(validateBlock({ ...ok, to: '13:00' }, ROME, words))).toEqual(['to'])
    expect(Object.keys(validateBlock({ ...ok, reason: 'x'.repeat(121) }, ROME, words))).toEqual(['reason'])
  })

  function open(dialog: BlockDialog, props: Partial<Parameters<typeof BlockModal>[0]> = {}) {
    const onSave = vi.fn()
    const onDelete = vi.fn()
    render(
      <MantineProvider>
        <BlockModal
          dialog={dialog}
          operators={operators}
          timeZone={ROME}
          onClose={() => {}}
          onSave={onSave}
          onDelete={onDelete}
          {...props}
        />
      </MantineProvider>,
    )
    return { onSave, onDelete }
  }

  it('opens prefilled from a selection and sends instants of the salon’s zone', async () => {
    const { onSave } = open({
      mode: 'create',
      fields: { operator: '4', day: '2026-12-15', from: '14:00', to: '18:00', reason: '' },
    })
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Block time')
    expect(screen.getByLabelText(/^From/)).toHaveValue('14:00')
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

  it('from the keyboard path: empty fields are refused, naming them, and nothing is sent', async () => {
    const { onSave } = open({
      mode: 'create',
      fields: { operator: '', day: '2026-12-15', from: '', to: '', reason: '' },
    })
    await screen.findByRole('dialog')
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(await screen.findByText('Choose an operator')).toBeInTheDocument()
    expect(screen.getAllByText('Use the HH:mm format')).toHaveLength(2)
  })

  it('an existing block: shows the server’s refusal, and removes it after a confirmation', async () => {
    const { onDelete } = open(
      {
        mode: 'edit',
        id: 5,
        fields: { operator: '4', day: '2026-12-15', from: '14:00', to: '18:00', reason: 'Visita' },
      },
      { refusal: 'Orario già occupato' },
    )
    await screen.findByRole('dialog')
    expect(screen.getByRole('alert')).toHaveTextContent('Orario già occupato')
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Visita')
    fireEvent.click(screen.getByRole('button', { name: 'Remove the block' }))
    expect(onDelete).not.toHaveBeenCalled()
    await act(async () => {})
    fireEvent.click(screen.getByRole('button', { name: 'Remove the block' }))
    expect(onDelete).toHaveBeenCalledWith(5)
  })
})
