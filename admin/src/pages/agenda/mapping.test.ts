import { describe, expect, it } from 'vitest'
import type { AgendaBlockItem, AgendaItem } from '@salon/shared/schemas/booking'
import {
  agendaParams,
  blockToEvent,
  bookingToEvent,
  calendarDateToInstant,
  calendarDay,
  calendarOffset,
  calendarTime,
  closedToEvents,
  columnOperatorName,
  escapeHtml,
  eventHtml,
  instantToCalendar,
  gridHours,
  isDay,
  isShading,
  legacyAgendaPath,
  minutesBetween,
  mondayOf,
  moveBody,
  offShiftLabel,
  offShiftToEvents,
  operatorsToResources,
  rangeOf,
  readAgendaState,
  salonToday,
  stepDate,
  visibleBookings,
  weekOperatorOf,
} from './mapping'
import { salonFields, salonInstant } from '../../lib/salon-time'

const ROME = 'Europe/Rome'
/** The text of a card's HTML, as a screen reader gets it (tags dropped, entities read). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
const words = { locale: 'en' as const, noCustomer: 'No customer', unassigned: 'To be assigned', blocked: 'Blocked' }
const palette = (status: string) => ({ background: `bg-${status}`, edge: `edge-${status}` })

/** What the calendar hands back: a browser-local Date whose fields are the wall clock it shows. */
const shown = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min)

const booking = (over: Partial<AgendaItem> = {}): AgendaItem => ({
  id: 812,
  status: 'CONFIRMED',
  date_start: '2026-12-15T09:00:00.000Z',
  date_end: '2026-12-15T10:15:00.000Z',
  duration: 75,
  total_price: 55,
  note: null,
  services: [{ id: 1, title: 'Taglio donna', duration: 45, price: 35 }],
  operator: { id: 3, name: 'Giulia', imageUrl: null },
  customer: { id: 17, name: 'Chiara', surname: 'Conti', phone: null, email: 'c@example.com' },
  transitions: ['COMPLETED', 'NO_SHOW', 'MODIFIED', 'CANCELLED'],
  actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
  ...over,
})

describe('salon wall clock ↔ calendar (whatever the browser zone)', () => {
  it('shows an instant at the salon’s wall clock, as a floating date-time', () => {
    // 09:00Z is 10:00 in Rome in winter (UTC+1) and 11:00 in summer (UTC+2).
    expect(instantToCalendar('2026-12-15T09:00:00.000Z', ROME)).toBe('2026-12-15T10:00:00')
    expect(instantToCalendar('2026-07-15T09:00:00.000Z', ROME)).toBe('2026-07-15T11:00:00')
    expect(instantToCalendar('2026-12-15T09:00:00.000Z', 'UTC')).toBe('2026-12-15T09:00:00')
    // Late evening in Rome is already the next day in UTC+1's wall clock, not the UTC day.
    expect(instantToCalendar('2026-12-15T23:30:00.000Z', ROME)).toBe('2026-12-16T00:30:00')
  })

  it('turns a drop position (the wall clock shown) back into the instant of the salon’s zone', () => {
    expect(calendarDateToInstant(shown(2026, 12, 15, 10, 0), ROME)).toBe('2026-12-15T09:00:00.000Z')
    expect(calendarDateToInstant(shown(2026, 7, 15, 11, 30), ROME)).toBe('2026-07-15T09:30:00.000Z')
    expect(calendarDateToInstant(shown(2026, 12, 15, 10, 0), 'America/New_York')).toBe('2026-12-15T15:00:00.000Z')
  })

  it('round-trips every quarter hour of a day across both DST changes', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2026-12-15']) {
      for (let q = 7 * 4; q < 21 * 4; q++) {
        const [y, m, d] = day.split('-').map(Number) as [number, number, number]
        const date = shown(y, m, d, Math.floor(q / 4), (q % 4) * 15)
        const instant = calendarDateToInstant(date, ROME)
        expect(instantToCalendar(instant, ROME)).toBe(
          `${day}T${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00`,
        )
      }
    }
  })

  it('drops seconds, reads days and times of the calendar’s dates', () => {
    const d = new Date(2026, 11, 15, 10, 7, 42)
    expect(calendarDateToInstant(d, ROME)).toBe('2026-12-15T09:07:00.000Z')
    expect(calendarDay(d)).toBe('2026-12-15')
    expect(calendarTime(d)).toBe('10:07')
    expect(minutesBetween(shown(2026, 12, 15, 10, 0), shown(2026, 12, 15, 11, 15))).toBe(75)
  })

  it('gives the calendar the salon’s current offset (for the “now” line)', () => {
    expect(calendarOffset(ROME, Date.parse('2026-12-15T12:00:00Z'))).toBe('+01:00')
    expect(calendarOffset(ROME, Date.parse('2026-07-15T12:00:00Z'))).toBe('+02:00')
    expect(calendarOffset('America/St_Johns', Date.parse('2026-12-15T12:00:00Z'))).toBe('-03:30')
  })

  it('knows the salon’s today and days, and builds instants from a form’s day and time', () => {
    expect(salonToday(ROME, new Date('2026-12-15T23:30:00Z'))).toBe('2026-12-16')
    expect(salonFields('2026-12-15T23:30:00Z', ROME)).toEqual({ day: '2026-12-16', time: '00:30' })
    expect(salonInstant('2026-12-15', '14:00', ROME)).toBe('2026-12-15T13:00:00.000Z')
    expect(salonInstant('2026-07-15', '14:00', ROME)).toBe('2026-07-15T12:00:00.000Z')
    expect(salonInstant('2026-02-30', '14:00', ROME)).toBeUndefined()
    expect(salonInstant('2026-12-15', '25:00', ROME)).toBeUndefined()
    expect(salonInstant('2026-12-15', '', ROME)).toBeUndefined()
    // The shared `hhmm` rule: 24:00 is the next midnight (a block up to the end of the day).
    expect(salonInstant('2026-12-15', '24:00', ROME)).toBe('2026-12-15T23:00:00.000Z')
  })
})

describe('the view and its days', () => {
  it('reads the URL state, falling back to today’s day view', () => {
    const p = new URLSearchParams('mode=week&date=2026-12-17&operator=3&cancelled=1')
    expect(readAgendaState(p, '2026-11-23')).toEqual({ mode: 'week', date: '2026-12-17', operator: 3, cancelled: true })
    expect(readAgendaState(new URLSearchParams('mode=month&date=2026-13-01&operator=x'), '2026-11-23')).toEqual({
      mode: 'day',
      date: '2026-11-23',
      operator: null,
      cancelled: false,
    })
    // No date at all (the menu entry): the salon's today.
    expect(readAgendaState(new URLSearchParams(''), '2026-11-25').date).toBe('2026-11-25')
    expect(agendaParams({ mode: 'day', date: '2026-12-17', operator: null, cancelled: false })).toEqual({
      mode: 'day',
      date: '2026-12-17',
      operator: '',
      cancelled: '',
    })
    expect(agendaParams({ mode: 'week', date: '2026-12-17', operator: 4, cancelled: true })).toMatchObject({
      operator: '4',
      cancelled: '1',
    })
  })

  it('sends the old address (a toggle of the bookings list) to the agenda’s own page', () => {
    expect(legacyAgendaPath(new URLSearchParams('view=agenda&mode=week&date=2026-12-17&operator=3&f_q=x'))).toBe(
      '/agenda?mode=week&date=2026-12-17&operator=3',
    )
    expect(legacyAgendaPath(new URLSearchParams('view=agenda'))).toBe('/agenda')
    expect(legacyAgendaPath(new URLSearchParams('f_status=PENDING'))).toBeNull()
  })

  it('the week’s operator is the URL’s when active, else every operator — never one picked by order', () => {
    const active = [{ id: 5 }, { id: 2 }]
    expect(weekOperatorOf({ operator: 2 }, active)).toBe(2)
    // An inactive operator (not in the list) or none: every active operator.
    expect(weekOperatorOf({ operator: 9 }, active)).toBeNull()
    expect(weekOperatorOf({ operator: null }, active)).toBeNull()
  })

  it('asks the API for one day, or Monday to Sunday of the week', () => {
    expect(rangeOf({ mode: 'day', date: '2026-12-17' })).toEqual({ from: '2026-12-17', to: '2026-12-17' })
    expect(rangeOf({ mode: 'week', date: '2026-12-17' })).toEqual({ from: '2026-12-14', to: '2026-12-20' })
    expect(mondayOf('2026-12-20')).toBe('2026-12-14') // a Sunday belongs to the week before
    expect(mondayOf('2026-12-14')).toBe('2026-12-14')
    expect(stepDate({ mode: 'day', date: '2026-12-31' }, 1)).toBe('2027-01-01')
    expect(stepDate({ mode: 'week', date: '2026-03-02' }, -1)).toBe('2026-02-23')
    expect(stepDate({ mode: 'day', date: '2028-02-28' }, 1)).toBe('2028-02-29')
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2028-02-29')).toBe(true)
  })
})

describe('events', () => {
  it('maps a booking: its operator column, salon times, status colour and label, draggable when movable', () => {
    const e = bookingToEvent(booking(), ROME, words, palette)!
    expect(e).toMatchObject({
      id: 'r812',
      resourceIds: ['3'],
      start: '2026-12-15T10:00:00',
      end: '2026-12-15T11:15:00',
      startEditable: true,
      durationEditable: true,
      backgroundColor: 'bg-CONFIRMED',
      styles: ['border-left-color: edge-CONFIRMED'],
    })
    expect(e.extendedProps).toMatchObject({ kind: 'booking', id: 812, statusText: 'Confirmed', time: '10:00–11:15' })
    // Colour is never the only signal: the status is in the card's text, its accessible name
    // (the visible words in the same order, then the operator for screen readers).
    expect(textOf(eventHtml(e.extendedProps))).toBe('10:00–11:15, Confirmed, Chiara Conti, Taglio donna, Giulia')
  })

  it('does not let a booking the server would not move be dragged; final statuses are muted', () => {
    const locked = bookingToEvent(
      booking({
        actions: {
          move: { allowed: false, reason: 'ALREADY_STARTED' },
          undo: { allowed: false },
          freeRest: { allowed: false },
        },
      }),
      ROME,
      words,
      palette,
    )!
    expect(locked.startEditable).toBe(false)
    expect(locked.durationEditable).toBe(false)
    // Final: the API offers this admin no further status (`transitions` is empty).
    const cancelled = bookingToEvent(booking({ status: 'CANCELLED', transitions: [] }), ROME, words, palette)!
    expect(cancelled.startEditable).toBe(false)
    expect(cancelled.classNames).toEqual(['salon-final', 'salon-cancelled'])
    expect(cancelled.backgroundColor).toBe('bg-CANCELLED')
    expect(bookingToEvent(booking(), ROME, words, palette)!.classNames).toEqual([])
  })

  it('says "Confirmed by the customer" on the card once they confirmed through their SMS link (issue 26)', () => {
    const withWord = { ...words, confirmed: 'Confirmed by the customer' }
    const confirmed = bookingToEvent(
      booking({ customer_confirmed_at: '2026-12-14T18:00:00.000Z' }),
      ROME,
      withWord,
      palette,
    )!
    expect(confirmed.extendedProps).toMatchObject({ confirmed: 'Confirmed by the customer' })
    expect(textOf(eventHtml(confirmed.extendedProps))).toBe(
      '10:00–11:15, Confirmed, ✓ Confirmed by the customer, Chiara Conti, Taglio donna, Giulia',
    )
    // Not yet confirmed, or cancelled since: no mark.
    const not = bookingToEvent(booking({ customer_confirmed_at: null }), ROME, withWord, palette)!
    expect(textOf(eventHtml(not.extendedProps))).not.toContain('Confirmed by the customer')
    const cancelled = bookingToEvent(
      booking({ status: 'CANCELLED', transitions: [], customer_confirmed_at: '2026-12-14T18:00:00.000Z' }),
      ROME,
      withWord,
      palette,
    )!
    expect(textOf(eventHtml(cancelled.extendedProps))).not.toContain('Confirmed by the customer')
  })

  it('marks an occurrence of a series on its card (issue 27), none for a booking on its own', () => {
    const withWord = {
      ...words,
      series: (r: { index: number; count: number; every_weeks: number }) =>
        `Repeating · every ${r.every_weeks} weeks (${r.index + 1} of ${r.count})`,
    }
    const one = bookingToEvent(
      booking({ series: { id: 9, index: 1, count: 6, every_weeks: 4 } }),
      ROME,
      withWord,
      palette,
    )!
    expect(one.extendedProps).toMatchObject({ series: { text: 'Repeating · every 4 weeks (2 of 6)', short: '2/6' } })
    // The short mark next to the time (its words for screen readers and as the tooltip).
    const html = eventHtml(one.extendedProps)
    expect(textOf(html)).toBe(
      '10:00–11:15, ↻ 2/6Repeating · every 4 weeks (2 of 6), Confirmed, Chiara Conti, Taglio donna, Giulia',
    )
    expect(html).toContain('<span aria-hidden="true">↻ 2/6</span>')
    expect(html).toContain('title="Repeating · every 4 weeks (2 of 6)"')
    const alone = bookingToEvent(booking({ series: null }), ROME, withWord, palette)!
    expect(textOf(eventHtml(alone.extendedProps))).not.toContain('Repeating')
  })

  it('skips a booking without a time and names missing people', () => {
    expect(bookingToEvent(booking({ date_start: null, date_end: null }), ROME, words, palette)).toBeNull()
    const e = bookingToEvent(booking({ customer: null, operator: null }), ROME, words, palette)!
    // No operator: the day view's "To be assigned" column.
    expect(e.resourceIds).toEqual(['unassigned'])
    expect(textOf(eventHtml(e.extendedProps))).toBe('10:00–11:15, Confirmed, No customer, Taglio donna, To be assigned')
  })

  it('maps a block to a hatched, editable event in its operator’s column', () => {
    const b: AgendaBlockItem = {
      id: 5,
      operator: { id: 4, name: 'Marco' },
      date_start: '2026-12-15T13:00:00.000Z',
      date_end: '2026-12-15T17:00:00.000Z',
      reason: 'Formazione',
    }
    const e = blockToEvent(b, ROME, words)
    expect(e).toMatchObject({
      id: 'b5',
      resourceIds: ['4'],
      start: '2026-12-15T14:00:00',
      end: '2026-12-15T18:00:00',
      classNames: ['salon-block'],
      startEditable: true,
    })
    expect(textOf(eventHtml(e.extendedProps))).toBe('14:00–18:00, Blocked, Formazione, Marco')
    const noReason = blockToEvent({ ...b, reason: null }, ROME, words)
    expect(noReason.title).toBe('Blocked')
    expect(textOf(eventHtml(noReason.extendedProps))).toBe('14:00–18:00, Blocked, Marco')
  })

  it('escapes what people typed before it goes into a card', () => {
    expect(escapeHtml('<b>"A" & \'B\'</b>')).toBe('&lt;b&gt;&quot;A&quot; &amp; &#39;B&#39;&lt;/b&gt;')
    const e = bookingToEvent(
      booking({ customer: { id: 1, name: '<img src=x>', surname: null, phone: null, email: null } }),
      ROME,
      words,
      palette,
    )!
    expect(eventHtml(e.extendedProps)).not.toContain('<img')
  })

  it('builds a move’s body: the new start, and the operator only when the column changed', () => {
    expect(moveBody(shown(2026, 12, 15, 12, 0), ROME, undefined)).toEqual({ date_start: '2026-12-15T11:00:00.000Z' })
    expect(moveBody(shown(2026, 12, 15, 12, 0), ROME, '4')).toEqual({
      date_start: '2026-12-15T11:00:00.000Z',
      operator: 4,
    })
  })

  it('makes one column per operator, in the given order', () => {
    expect(
      operatorsToResources([
        { id: 2, name: 'Marco', surname: 'Neri' },
        { id: 1, name: 'Giulia' },
      ]),
    ).toEqual([
      { id: '2', title: 'Marco Neri' },
      { id: '1', title: 'Giulia' },
    ])
    // A booking without an operator shown: a last "To be assigned" column.
    expect(operatorsToResources([{ id: 1, name: 'Giulia' }], 'To be assigned')).toEqual([
      { id: '1', title: 'Giulia' },
      { id: 'unassigned', title: 'To be assigned' },
    ])
  })
})

describe('the grid’s hours', () => {
  const ev = (start: string, end: string) => ({ start, end })
  it('shows the usual 08–20 at least, widened to whole hours so nothing is hidden', () => {
    expect(gridHours([])).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '20:00:00' })
    expect(gridHours([ev('2026-12-15T09:00:00', '2026-12-15T10:00:00')])).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '20:00:00',
    })
    expect(
      gridHours([ev('2026-12-15T06:45:00', '2026-12-15T07:30:00'), ev('2026-12-16T20:00:00', '2026-12-16T21:10:00')]),
    ).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '22:00:00' })
    // Up to midnight: 24:00.
    expect(gridHours([ev('2026-12-15T22:00:00', '2026-12-16T00:00:00')]).slotMaxTime).toBe('24:00:00')
  })

  it('a block over several days shows its first and last hours on the days shown', () => {
    const leave = ev('2026-12-15T21:30:00', '2026-12-17T06:30:00')
    expect(gridHours([leave])).toEqual({ slotMinTime: '05:00:00', slotMaxTime: '23:00:00' })
    // Its first day: its start; its last day: its end; a day between: the usual hours.
    expect(gridHours([leave], { from: '2026-12-15', to: '2026-12-15' })).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '23:00:00',
    })
    expect(gridHours([leave], { from: '2026-12-17', to: '2026-12-17' })).toEqual({
      slotMinTime: '05:00:00',
      slotMaxTime: '20:00:00',
    })
    expect(gridHours([leave], { from: '2026-12-16', to: '2026-12-16' })).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '20:00:00',
    })
  })
})

describe('which bookings the grid draws (issue 20)', () => {
  const all = (
    ['CONFIRMED', 'CANCELLED', 'REJECTED', 'COMPLETED', 'NO_SHOW', 'PENDING_CONFIRMATION', 'PENDING'] as const
  ).map((status, i) => booking({ id: i + 1, status }))
  it('hides cancelled and rejected by default, shows them when asked; never a draft; completed and no-show always', () => {
    expect(visibleBookings(all, false).map((r) => r.status)).toEqual(['CONFIRMED', 'COMPLETED', 'NO_SHOW', 'PENDING'])
    expect(visibleBookings(all, true).map((r) => r.status)).toEqual([
      'CONFIRMED',
      'CANCELLED',
      'REJECTED',
      'COMPLETED',
      'NO_SHOW',
      'PENDING',
    ])
  })
  it('a cancelled one, when shown, is muted and fixed even if the API would let it move', () => {
    const e = bookingToEvent(
      booking({
        status: 'CANCELLED',
        transitions: ['CONFIRMED'],
        actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
      }),
      ROME,
      words,
      palette,
    )!
    expect(e.classNames).toEqual(['salon-final', 'salon-cancelled'])
    expect(e.startEditable).toBe(false)
    expect(e.durationEditable).toBe(false)
    expect(textOf(eventHtml(e.extendedProps))).toContain('Cancelled')
  })
})

describe('the salon’s closed time → background events', () => {
  const closedWords = { HOURS: 'Closed', CLOSED_DAY: 'Closed all day', CLOSURE: 'Closure', HOLIDAY: 'Holiday' }
  const closed = [
    { start: '2026-12-14T23:00:00.000Z', end: '2026-12-15T08:00:00.000Z', kind: 'HOURS' as const, day: '2026-12-15' },
    { start: '2026-12-24T23:00:00.000Z', end: '2026-12-25T23:00:00.000Z', kind: 'HOLIDAY' as const, day: '2026-12-25' },
  ]
  it('shades behind every column shown, at the salon’s wall clock, with words for a whole closed day', () => {
    const events = closedToEvents(closed, ['3', '4'], ROME, closedWords)
    expect(events[0]).toMatchObject({
      display: 'background',
      resourceIds: ['3', '4'],
      start: '2026-12-15T00:00:00',
      end: '2026-12-15T09:00:00',
      classNames: ['salon-closed', 'salon-closed-hours'],
      startEditable: false,
    })
    // Hours outside opening: only shaded; a holiday: said in words.
    expect(eventHtml(events[0]!.extendedProps)).toBe('')
    expect(events[1]).toMatchObject({ start: '2026-12-25T00:00:00', end: '2026-12-26T00:00:00' })
    expect(textOf(eventHtml(events[1]!.extendedProps))).toBe('Holiday')
    expect(events[1]!.classNames).toContain('salon-closed-holiday')
  })
  it('never widens the grid: the hours follow the cards only', () => {
    const events = closedToEvents(closed, ['3'], ROME, closedWords)
    expect(gridHours([], { from: '2026-12-15', to: '2026-12-15' })).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '20:00:00',
    })
    // (index.tsx passes the cards, not these: with them the grid would open at midnight.)
    expect(gridHours(events, { from: '2026-12-15', to: '2026-12-15' }).slotMinTime).toBe('00:00:00')
  })
})

describe('the operators’ time off shift and leave → background events in their own column (issue 23)', () => {
  const offWords = {
    offShift: 'Off shift',
    leave: 'On leave',
    leaveKind: { ANNUAL: 'Annual leave', PERMIT: 'Time off', SICK: 'Sick leave', TRAINING: 'Training' },
  }
  const offShift = [
    // Giulia works the morning only: the afternoon (14:30–19:30 Rome) is off shift.
    {
      operator: 3,
      start: '2026-12-15T13:30:00.000Z',
      end: '2026-12-15T18:30:00.000Z',
      kind: 'OFF_SHIFT' as const,
      day: '2026-12-15',
    },
    // Marco is sick in the morning.
    {
      operator: 4,
      start: '2026-12-15T08:00:00.000Z',
      end: '2026-12-15T12:00:00.000Z',
      kind: 'LEAVE' as const,
      leaveKind: 'SICK' as const,
      day: '2026-12-15',
    },
    // Sara is not shown (another operator's week): left out.
    {
      operator: 5,
      start: '2026-12-15T08:00:00.000Z',
      end: '2026-12-15T12:00:00.000Z',
      kind: 'OFF_SHIFT' as const,
      day: '2026-12-15',
    },
  ]
  it('shades each range in its operator’s column only, at the salon’s wall clock, apart from closed time', () => {
    const events = offShiftToEvents(offShift, ['3', '4'], ROME, offWords)
    expect(events).toHaveLength(2)
    expect(events[0]).toMatchObject({
      display: 'background',
      resourceIds: ['3'],
      start: '2026-12-15T14:30:00',
      end: '2026-12-15T19:30:00',
      classNames: ['salon-off', 'salon-off-shift'],
      startEditable: false,
      durationEditable: false,
    })
    expect(events[1]).toMatchObject({
      resourceIds: ['4'],
      start: '2026-12-15T09:00:00',
      end: '2026-12-15T13:00:00',
      classNames: ['salon-off', 'salon-off-leave'],
    })
    // Distinct from the salon's closed time and from blocks (their classes are not these).
    for (const e of events)
      expect(e.classNames.some((c) => c.startsWith('salon-closed') || c === 'salon-block')).toBe(false)
    // Ids never collide with bookings (r…), blocks (b…) or closed time (c…).
    expect(events.map((e) => e.id)).toEqual(['o0', 'o1'])
  })
  it('says what it is in words (never the colour alone): off shift, or the leave’s kind from the glossary', () => {
    const [off, sick] = offShiftToEvents(offShift, ['3', '4'], ROME, offWords)
    expect(textOf(eventHtml(off!.extendedProps))).toBe('Off shift')
    expect(textOf(eventHtml(sick!.extendedProps))).toBe('Sick leave')
    expect(isShading(off!.extendedProps)).toBe(true)
    expect(offShiftLabel({ kind: 'LEAVE' }, offWords)).toBe('On leave')
    expect(offShiftLabel({ kind: 'LEAVE', leaveKind: 'TRAINING' }, offWords)).toBe('Training')
  })
  it('an answer without offShift (a server before the rota) shades nothing; an empty range is skipped', () => {
    expect(offShiftToEvents(undefined, ['3'], ROME, offWords)).toEqual([])
    const empty = {
      operator: 3,
      start: '2026-12-15T13:30:00.000Z',
      end: '2026-12-15T13:30:00.000Z',
      kind: 'OFF_SHIFT' as const,
      day: '2026-12-15',
    }
    expect(offShiftToEvents([empty], ['3'], ROME, offWords)).toEqual([])
  })
  it('keeps the salon’s wall clock across the DST change (a leave on the last Sunday of October)', () => {
    const leave = {
      operator: 3,
      start: '2026-10-24T22:00:00.000Z',
      end: '2026-10-25T23:00:00.000Z',
      kind: 'LEAVE' as const,
      leaveKind: 'ANNUAL' as const,
      day: '2026-10-25',
    }
    expect(offShiftToEvents([leave], ['3'], ROME, offWords)[0]).toMatchObject({
      start: '2026-10-25T00:00:00',
      end: '2026-10-26T00:00:00',
    })
  })
  it('names the column’s operator for “… is off shift: book anyway?”', () => {
    const ops = [
      { id: 3, name: 'Giulia', surname: 'Rossi' },
      { id: 4, name: 'Marco', surname: null },
    ]
    expect(columnOperatorName(ops, '3')).toBe('Giulia')
    expect(columnOperatorName(ops, '9')).toBeNull()
    expect(columnOperatorName(ops, undefined)).toBeNull()
  })
  it('a booking or a block is not shading', () => {
    expect(isShading(bookingToEvent(booking(), ROME, words, palette)!.extendedProps)).toBe(false)
  })
})

describe('a booking placed off shift on purpose (issue 23)', () => {
  it('carries the mark in its card, escaped; no mark without the flag or the words', () => {
    const item = {
      id: 9,
      status: 'CONFIRMED',
      date_start: '2026-12-01T08:00:00.000Z',
      date_end: '2026-12-01T08:30:00.000Z',
      duration: 30,
      total_price: 20,
      note: null,
      services: [{ id: 1, title: 'Piega', duration: 30, price: 20 }],
      operator: { id: 1, name: 'Giulia', imageUrl: null },
      customer: null,
      transitions: ['CANCELLED'],
      actions: { move: { allowed: true }, undo: { allowed: false }, freeRest: { allowed: false } },
      override_shift: true,
    } as unknown as Parameters<typeof bookingToEvent>[0]
    const palette = () => ({ background: '#fff', edge: '#000' })
    const marked = bookingToEvent(item, 'Europe/Rome', { ...words, offShiftBooking: 'Fuori <turno>' }, palette)!
    expect(eventHtml(marked.extendedProps)).toContain('<span class="salon-ev-flag">Fuori &lt;turno&gt;</span>')
    const plain = bookingToEvent(
      { ...item, override_shift: undefined },
      'Europe/Rome',
      { ...words, offShiftBooking: 'Fuori turno' },
      palette,
    )!
    expect(eventHtml(plain.extendedProps)).not.toContain('salon-ev-flag')
    expect(eventHtml(bookingToEvent(item, 'Europe/Rome', words, palette)!.extendedProps)).not.toContain('salon-ev-flag')
  })
})

describe('the desk on the agenda card (issue 24)', () => {
  const deskWords = {
    ...words,
    walkIn: 'Walk-in',
    allergy: 'Allergy',
    paid: (amount: number) => `Paid €${amount.toFixed(2)}`,
  }
  const client = {
    id: 41,
    name: 'Rosa',
    surname: 'Bianchi',
    phone: '333 1234567',
    email: null,
    hasAccount: false,
    allergies: 'PPD <forte>',
    blocked: false,
    contact: 'NONE' as const,
  }

  it('names the client card, shows the allergies (escaped) and what was paid, tip included', () => {
    const e = bookingToEvent(
      booking({
        customer: null,
        client,
        paid: {
          subtotal: 55,
          discount: 5.5,
          total: 49.5,
          tip: 5,
          payments: [{ method: 'CARD', amount: 54.5 }],
          at: '2026-12-15T10:15:00.000Z',
          by: null,
        },
      }),
      ROME,
      deskWords,
      palette,
    )!
    expect(e.title).toMatch(/^Rosa Bianchi · /)
    const html = eventHtml(e.extendedProps)
    expect(html).toContain('<span class="salon-ev-allergy">Allergy: PPD &lt;forte&gt;</span>')
    expect(html).toContain('<span class="salon-ev-paid">Paid €54.50</span>')
  })

  it('an anonymous walk-in (client null, no account) is named so; no marks without allergies or payment', () => {
    const e = bookingToEvent(booking({ customer: null, client: null }), ROME, deskWords, palette)!
    expect(e.extendedProps).toMatchObject({ customer: 'Walk-in' })
    const html = eventHtml(e.extendedProps)
    expect(html).not.toContain('salon-ev-allergy')
    expect(html).not.toContain('salon-ev-paid')
    // Before issue 24 (no `client` in the answer): the account, or "No customer".
    expect(bookingToEvent(booking({ customer: null }), ROME, deskWords, palette)!.extendedProps).toMatchObject({
      customer: 'No customer',
    })
  })
})
