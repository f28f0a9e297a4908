import { describe, expect, it } from 'vitest'
import type { AgendaItem, PhaseItem } from '@salon/shared/schemas/booking'
import {
  bookingToEvent,
  cleanupEvents,
  eventContent,
  eventHtml,
  gridHours,
  isShading,
  type AgendaEventProps,
} from './mapping'
import { cardStretches, hasGap, stretchesHtml, trailingStretches } from './phases'

/**
 * A booking's phases on the agenda (issue 25): a colour at 10:00 (Rome, winter) — 30 minutes with
 * the stylist, 40 of processing time, 50 with the stylist — then 10 minutes of clean-up at the
 * colour chair after the customer has gone.
 */
const ROME = 'Europe/Rome'
const words = {
  locale: 'it' as const,
  noCustomer: 'Senza cliente',
  unassigned: 'Da assegnare',
  blocked: 'Bloccato',
  phases: { processing: 'Tempo di posa', cleanup: 'Riordino' },
  cleanupOf: (customer: string) => `Riordino dopo ${customer}`,
}
const palette = (status: string) => ({ background: `bg-${status}`, edge: `edge-${status}` })
const chair = { id: 2, name: 'Poltrona colore' }

const phase = (start: string, end: string, over: Partial<PhaseItem> = {}): PhaseItem => ({
  start: `2026-12-15T${start}:00.000Z`,
  end: `2026-12-15T${end}:00.000Z`,
  operator_busy: true,
  station: null,
  cleanup: false,
  label: null,
  ...over,
})

const colour = (over: Partial<AgendaItem> = {}): AgendaItem => ({
  id: 901,
  status: 'CONFIRMED',
  date_start: '2026-12-15T09:00:00.000Z',
  date_end: '2026-12-15T11:00:00.000Z',
  duration: 120,
  total_price: 60,
  note: null,
  services: [{ id: 4, title: 'Colore', duration: 120, price: 60 }],
  operator: { id: 3, name: 'Giulia', imageUrl: null },
  customer: { id: 17, name: 'Chiara', surname: 'Bianchi', phone: null, email: 'c@example.com' },
  transitions: ['COMPLETED', 'CANCELLED'],
  actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
  phases: [
    phase('09:00', '09:30', { station: chair, label: 'Applicazione' }),
    phase('09:30', '10:10', { operator_busy: false, station: chair }),
    phase('10:10', '11:00'),
    phase('11:00', '11:10', { cleanup: true, station: chair }),
  ],
  ...over,
})

const textOf = (html: string) => html.replace(/<[^>]+>/g, '')

describe('a booking’s phases inside its card', () => {
  it('places each stretch by its share of the card: 30 · 40 · 50 of 120 minutes, the clean-up after it left out', () => {
    expect(cardStretches(colour(), ROME, words.phases)).toEqual([
      { kind: 'busy', top: 0, height: 25, time: '10:00–10:30', label: '' },
      { kind: 'free', top: 25, height: 33.333, time: '10:30–11:10', label: 'Tempo di posa' },
      { kind: 'busy', top: 58.333, height: 41.667, time: '11:10–12:00', label: '' },
    ])
  })

  it('a clean-up between two services is a hatched stretch inside the card, with its station', () => {
    const two = colour({
      date_end: '2026-12-15T10:00:00.000Z',
      phases: [
        phase('09:00', '09:30'),
        phase('09:30', '09:40', { cleanup: true, station: chair }),
        phase('09:40', '10:00'),
      ],
    })
    expect(cardStretches(two, ROME, words.phases).map((s) => [s.kind, s.label, s.top, s.height])).toEqual([
      ['busy', '', 0, 50],
      ['cleanup', 'Riordino · Poltrona colore', 50, 16.667],
      ['busy', '', 66.667, 33.333],
    ])
  })

  it('a booking whose rest was freed shows its phases cut at its end; none without phases', () => {
    const freed = colour({ date_end: '2026-12-15T09:45:00.000Z' })
    expect(cardStretches(freed, ROME, words.phases).map((s) => [s.kind, s.top, s.height, s.time])).toEqual([
      ['busy', 0, 66.667, '10:00–10:30'],
      ['free', 66.667, 33.333, '10:30–10:45'],
    ])
    expect(cardStretches(colour({ phases: undefined }), ROME, words.phases)).toEqual([])
    expect(cardStretches(colour({ phases: [] }), ROME, words.phases)).toEqual([])
  })

  it('keeps elapsed minutes across the DST night (shares of instants, times on the salon’s clock)', () => {
    // 25 October 2026: 02:00–04:00 local is three hours. 01:30 local (CEST) = 23:30Z.
    const night = colour({
      date_start: '2026-10-24T23:30:00.000Z',
      date_end: '2026-10-25T02:30:00.000Z',
      phases: [
        { ...phase('00:00', '00:00'), start: '2026-10-24T23:30:00.000Z', end: '2026-10-25T00:30:00.000Z' },
        {
          ...phase('00:00', '00:00', { operator_busy: false }),
          start: '2026-10-25T00:30:00.000Z',
          end: '2026-10-25T01:30:00.000Z',
        },
        { ...phase('00:00', '00:00'), start: '2026-10-25T01:30:00.000Z', end: '2026-10-25T02:30:00.000Z' },
      ],
    })
    expect(cardStretches(night, ROME, words.phases).map((s) => [s.height, s.time])).toEqual([
      [33.333, '01:30–02:30'],
      [33.333, '02:30–02:30'],
      [33.333, '02:30–03:30'],
    ])
  })
})

describe('the card lets the pointer through its processing time (the gap is free for another booking)', () => {
  it('the card with a gap takes no pointer itself; its busy stretches do, its processing stretch does not', () => {
    const event = bookingToEvent(colour(), ROME, words, palette)!
    expect(event.classNames).toEqual(['salon-has-phases', 'salon-has-gap'])
    expect(event.styles).toEqual(['border-left-color: edge-CONFIRMED', 'pointer-events: none'])
    // Still one card that moves and resizes as a whole.
    expect(event.startEditable).toBe(true)
    expect(event.start).toBe('2026-12-15T10:00:00')
    expect(event.end).toBe('2026-12-15T12:00:00')
    const html = eventHtml(event.extendedProps)
    const layers = [...html.matchAll(/<div class="salon-phase salon-phase-(\w+)"[^>]*style="([^"]*)"/g)].map((m) => [
      m[1],
      m[2],
    ])
    expect(layers).toEqual([
      ['busy', 'top:0%;height:25%;pointer-events:auto'],
      ['free', 'top:25%;height:33.333%;pointer-events:none'],
      ['busy', 'top:58.333%;height:41.667%;pointer-events:auto'],
    ])
  })

  it('a card without processing time keeps the pointer (busy all along, as before phases)', () => {
    const busy = colour({ phases: [phase('09:00', '10:00'), phase('10:00', '11:00', { station: chair })] })
    const event = bookingToEvent(busy, ROME, words, palette)!
    expect(event.styles).toEqual(['border-left-color: edge-CONFIRMED'])
    expect(event.classNames).toEqual(['salon-has-phases'])
    expect(hasGap(cardStretches(busy, ROME, words.phases))).toBe(false)
    const plain = bookingToEvent(colour({ phases: undefined }), ROME, words, palette)!
    expect(plain.classNames).toEqual([])
    expect(eventHtml(plain.extendedProps)).not.toContain('salon-phase')
  })

  it('writes “Tempo di posa” and the customer on the processing stretch; the card’s name says it once, with its times', () => {
    const html = eventHtml(bookingToEvent(colour(), ROME, words, palette)!.extendedProps)
    expect(html).toContain('Tempo di posa<span aria-hidden="true"> · Chiara Bianchi</span>')
    // What a screen reader reads: the card, then its processing time with its times (the name not twice).
    const spoken = textOf(html.replace(/<span aria-hidden="true">[^<]*<\/span>/g, ''))
    expect(spoken).toBe('10:00–12:00, Confermata, Chiara Bianchi, Colore, Giulia, Tempo di posa, 10:30–11:10')
  })

  it('writes nothing in the library’s stand-in for a range being selected (it has none of our props)', () => {
    expect(eventContent({ event: { id: '', extendedProps: {} } })).toEqual({ html: '' })
  })

  it('escapes what people typed', () => {
    expect(
      stretchesHtml([{ kind: 'free', top: 0, height: 100, time: '10:00–11:00', label: 'Posa' }], '<b>Eva</b>'),
    ).toContain('&lt;b&gt;Eva&lt;/b&gt;')
  })
})

describe('the clean-up after the customer has gone', () => {
  it('is its own hatched card in the operator’s column, after the booking, fixed, opening the booking', () => {
    expect(trailingStretches(colour())).toEqual([
      {
        start: '2026-12-15T11:00:00.000Z',
        end: '2026-12-15T11:10:00.000Z',
        kind: 'cleanup',
        station: 'Poltrona colore',
      },
    ])
    const [cleanup, ...more] = cleanupEvents(colour(), ROME, words, palette)
    expect(more).toEqual([])
    expect(cleanup).toMatchObject({
      id: 'k901',
      resourceIds: ['3'],
      start: '2026-12-15T12:00:00',
      end: '2026-12-15T12:10:00',
      startEditable: false,
      durationEditable: false,
      classNames: ['salon-cleanup'],
      backgroundColor: 'bg-CONFIRMED',
    })
    const props = cleanup!.extendedProps as Extract<AgendaEventProps, { kind: 'cleanup' }>
    expect(props).toMatchObject({ kind: 'cleanup', id: 901 })
    expect(isShading(props)).toBe(false)
    expect(textOf(eventHtml(props))).toBe(
      '12:00–12:10, Riordino · Poltrona colore, Riordino dopo Chiara Bianchi, Giulia',
    )
    // The grid's hours make room for it (it is among the cards).
    expect(gridHours([{ start: '2026-12-15T19:30:00', end: '2026-12-15T20:10:00' }]).slotMaxTime).toBe('21:00:00')
  })

  it('none for a booking without phases, without an operator, or when the words are not given', () => {
    expect(cleanupEvents(colour({ phases: undefined }), ROME, words, palette)).toEqual([])
    expect(cleanupEvents(colour({ operator: null }), ROME, words, palette)).toEqual([])
    expect(cleanupEvents(colour(), ROME, { ...words, phases: undefined }, palette)).toEqual([])
  })
})
