import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AgendaItem } from './api'
import { AgendaPhases, processingHost } from './AgendaPhases'
import { colourPhases } from './phases.fixture'

describe('AgendaPhases', () => {
  it('lists each phase with its local times, in the glossary’s words, as an ordered list named "Fasi"', () => {
    render(<AgendaPhases phases={colourPhases} timeZone="Europe/Rome" />)
    const list = screen.getByRole('list', { name: 'Fasi' })
    expect(list.tagName).toBe('OL')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10:00–10:30 Applicazione · Poltrona colore',
      '10:30–11:10 Tempo di posa: hai le mani libere',
      '11:10–12:00 Risciacquo e piega',
      '12:00–12:10 Riordino · Poltrona colore',
    ])
  })

  it('marks the processing stretch lighter and the clean-up apart; a busy phase with no name says who it is with', () => {
    const phases = [{ ...colourPhases[0]!, label: null, station: null }, colourPhases[1]!, colourPhases[3]!]
    render(<AgendaPhases phases={phases} timeZone="Europe/Rome" />)
    const [busy, processing, cleanup] = screen.getAllByRole('listitem')
    expect(busy).toHaveTextContent('10:00–10:30 Con il cliente')
    expect(busy).toHaveClass('agenda-phases__item--busy')
    expect(processing).toHaveClass('agenda-phases__item--processing')
    expect(cleanup).toHaveClass('agenda-phases__item--cleanup')
  })

  it('renders nothing without phases (a booking that is one busy block)', () => {
    const { container, rerender } = render(<AgendaPhases phases={undefined} timeZone="Europe/Rome" />)
    expect(container).toBeEmptyDOMElement()
    rerender(<AgendaPhases phases={[]} timeZone="Europe/Rome" />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('processingHost', () => {
  const base = {
    status: 'CONFIRMED',
    duration: 30,
    total_price: 20,
    note: null,
    services: [],
    operator: { id: 1, name: 'Giulia', imageUrl: null },
    customer: null,
    transitions: [],
    actions: { move: { allowed: false }, undo: { allowed: false }, freeRest: { allowed: false } },
  } satisfies Partial<AgendaItem>
  const colour: AgendaItem = {
    ...base,
    id: 1,
    date_start: '2026-12-15T09:00:00.000Z',
    date_end: '2026-12-15T11:00:00.000Z',
    phases: colourPhases,
  }
  const at = (start: string, over: Partial<AgendaItem> = {}): AgendaItem => ({
    ...base,
    id: 2,
    date_start: start,
    date_end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    ...over,
  })

  it('finds the booking whose tempo di posa the appointment starts in', () => {
    expect(processingHost(at('2026-12-15T09:30:00.000Z'), [colour])?.id).toBe(1)
    expect(processingHost(at('2026-12-15T09:40:00.000Z'), [colour])?.id).toBe(1)
  })

  it('not when it starts in a busy phase, at the end of the posa, for another operator, or called off', () => {
    expect(processingHost(at('2026-12-15T09:20:00.000Z'), [colour])).toBeUndefined()
    expect(processingHost(at('2026-12-15T10:10:00.000Z'), [colour])).toBeUndefined()
    const marco = { id: 5, name: 'Marco', imageUrl: null }
    expect(processingHost(at('2026-12-15T09:30:00.000Z', { operator: marco }), [colour])).toBeUndefined()
    expect(processingHost(at('2026-12-15T09:30:00.000Z'), [{ ...colour, status: 'CANCELLED' }])).toBeUndefined()
    expect(processingHost(at('2026-12-15T09:30:00.000Z', { status: 'REJECTED' }), [colour])).toBeUndefined()
    expect(processingHost(colour, [colour])).toBeUndefined()
  })
})
