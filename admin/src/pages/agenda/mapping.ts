/**
 * The agenda's data, library-agnostic and pure (unit-tested in mapping.test.ts): API items →
 * calendar events and resources, the calendar's positions → instants for the API, the view state
 * in the URL, and the days a view asks the API for.
 *
 * Time zone: the API speaks instants; the salon works in `config.timezone` (Europe/Rome) whatever
 * zone the browser is in. The calendar is given *floating* local date-times (`2026-12-15T10:00:00`,
 * no offset), which it shows as they are: the salon's wall clock, computed with the shared engine
 * (`instantToWallClock`). What the calendar hands back (a drop position, a clicked time) is a
 * browser-local `Date` whose fields are that wall clock; `calendarDateToInstant` reads the fields
 * and turns them back into an instant of the salon's zone (`localInstant`). Day and time
 * arithmetic is the shared engine's (`@salon/shared/booking/periods`, `zone`, `format`).
 */
import { statusLabel, type GlossaryLocale } from '@salon/shared/glossary'
import { addCalendarDays, localDayOf, localInstant, weekdayIndex } from '@salon/shared/booking/periods'
import { instantToWallClock, zoneOffsetMs } from '@salon/shared/booking/zone'
import { formatTime } from '@salon/shared/format'
import { isCalendarDay } from '@salon/shared/calendarDay'
import type {
  AgendaBlockItem,
  AgendaClosedItem,
  AgendaItem,
  AgendaOffShiftItem,
  OffShiftKind,
} from '@salon/shared/schemas/booking'
import type { LeaveKind } from '@salon/shared/enums/index'
import type { ClosedKind } from '@salon/shared/booking/closedKinds'
import { cardStretches, hasGap, stretchesHtml, trailingStretches, type CardStretch, type PhaseWords } from './phases'

export type AgendaMode = 'day' | 'week'

/**
 * The agenda's state as the URL keeps it (`/dashboard/agenda?mode=day|week&date=YYYY-MM-DD&operator=<id>&cancelled=1`),
 * so a reload shows the same view and Back goes to the previous one.
 */
export interface AgendaState {
  mode: AgendaMode
  /** A salon-local day; the day shown, or a day of the week shown. */
  date: string
  /** The week view's operator; null = every active operator (a column per operator and day). */
  operator: number | null
  /** Cancelled and rejected bookings drawn too (muted); hidden by default. */
  cancelled: boolean
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * True for a real calendar day `YYYY-MM-DD`: the rule of the shared `daySchema`, without loading
 * zod on the agenda's first paint (`@salon/shared/calendarDay`).
 */
export const isDay = (value: string | null | undefined): value is string => isCalendarDay(value)

/** The Monday of the week holding `day` (the salon's week starts on Monday). */
export const mondayOf = (day: string): string => addCalendarDays(day, -weekdayIndex(day))

/** The days a view shows, both included: what `GET /api/reservations/agenda?from=&to=` is asked. */
export function rangeOf(state: Pick<AgendaState, 'mode' | 'date'>): { from: string; to: string } {
  if (state.mode === 'day') return { from: state.date, to: state.date }
  const from = mondayOf(state.date)
  return { from, to: addCalendarDays(from, 6) }
}

/** The day the previous / next button leads to. */
export const stepDate = (state: Pick<AgendaState, 'mode' | 'date'>, direction: -1 | 1) =>
  addCalendarDays(state.date, direction * (state.mode === 'day' ? 1 : 7))

/** The agenda state of a URL's query; anything unreadable falls back to today's day view. */
export function readAgendaState(params: URLSearchParams, today: string): AgendaState {
  const mode = params.get('mode') === 'week' ? 'week' : 'day'
  const date = params.get('date')
  const op = Number(params.get('operator'))
  return {
    mode,
    date: isDay(date) ? date : today,
    operator: Number.isInteger(op) && op > 0 ? op : null,
    cancelled: params.get('cancelled') === '1',
  }
}

/** The query parameters of an agenda state (empty = left out of the URL). */
export function agendaParams(state: AgendaState): Record<string, string> {
  return {
    mode: state.mode,
    date: state.date,
    operator: state.operator ? String(state.operator) : '',
    cancelled: state.cancelled ? '1' : '',
  }
}

/** The parameters of the agenda when it was a toggle of the bookings list (`/booking?view=agenda&…`). */
const LEGACY_PARAMS = ['mode', 'date', 'operator'] as const

/**
 * The old address of the agenda (`/dashboard/booking?view=agenda&mode=&date=&operator=`, before it
 * had its own menu entry) → the new one (`/agenda?…`, relative to the dashboard), or null when the
 * query is not the agenda's. Bookmarks and links in old mails keep working.
 */
export function legacyAgendaPath(params: URLSearchParams): string | null {
  if (params.get('view') !== 'agenda') return null
  const next = new URLSearchParams()
  for (const k of LEGACY_PARAMS) {
    const v = params.get(k)
    if (v) next.set(k, v)
  }
  const query = next.toString()
  return query ? `/agenda?${query}` : '/agenda'
}

/**
 * The week view's operator: the one in the URL when it is an active operator, else null (every
 * active operator). Never a default picked by order — an inactive one would show an empty week.
 */
export function weekOperatorOf(
  state: Pick<AgendaState, 'operator'>,
  operators: readonly { id: number }[],
): number | null {
  return state.operator !== null && operators.some((o) => o.id === state.operator) ? state.operator : null
}

/** Statuses the agenda does not draw unless asked (`cancelled=1`): they no longer hold the chair. */
export const HIDDEN_STATUSES: readonly string[] = ['CANCELLED', 'REJECTED']

/**
 * The bookings the grid draws: never a draft (PENDING_CONFIRMATION: a customer still choosing);
 * cancelled and rejected ones only when asked; completed and no-show ones always (they occupied
 * the chair).
 */
export function visibleBookings<T extends Pick<AgendaItem, 'status'>>(
  items: readonly T[],
  showCancelled: boolean,
): T[] {
  return items.filter(
    (r) => r.status !== 'PENDING_CONFIRMATION' && (showCancelled || !HIDDEN_STATUSES.includes(r.status)),
  )
}

// ---- instants ↔ the calendar's floating date-times ----

/** Today in the salon's zone. */
export const salonToday = (timeZone: string, now: Date = new Date()) => localDayOf(now, timeZone)

/** An instant → the floating local date-time the calendar shows at the salon's wall clock. */
export function instantToCalendar(iso: string, timeZone: string): string {
  return new Date(instantToWallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 19)
}

/** `HH:mm` from a wall-clock Date the calendar gave. */
export const calendarTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`
/** `YYYY-MM-DD` from a wall-clock Date the calendar gave. */
export const calendarDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/**
 * A date the calendar hands back (browser-local fields = the salon's wall clock) → an ISO instant.
 * Seconds are dropped: the agenda works on whole minutes.
 */
export const calendarDateToInstant = (date: Date, timeZone: string): string =>
  localInstant(calendarDay(date), calendarTime(date), timeZone).toISOString()

/** The calendar's `timeZone` option: the salon's offset now, e.g. `+01:00` (only the "now" line uses it). */
export function calendarOffset(timeZone: string, now = Date.now()): string {
  const minutes = Math.round(zoneOffsetMs(now, timeZone) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** Whole minutes between two dates the calendar gave (a resize's new length). */
export const minutesBetween = (start: Date, end: Date) => Math.round((end.getTime() - start.getTime()) / 60_000)

// ---- events ----

export interface Palette {
  /** The card's background and its edge for a reservation status (its glossary colour). */
  (status: string): { background: string; edge: string }
}

export interface CalendarEventInput {
  id: string
  resourceIds: string[]
  start: string
  end: string
  title: string
  startEditable: boolean
  durationEditable: boolean
  /** `background`: the salon's closed time and the operators' time off shift, shaded behind the cards. */
  display?: 'auto' | 'background'
  backgroundColor?: string
  classNames: string[]
  styles?: string[]
  extendedProps: AgendaEventProps
}

export type AgendaEventProps =
  | {
      kind: 'booking'
      id: number
      statusText: string
      customer: string
      services: string
      operatorName: string
      time: string
      /** Placed outside its operator's shift on purpose (issue 23): the card says so. */
      offShift?: string
      /** The client's allergies (issue 24): a red tag on the card, "Allergia: PPD". */
      allergy?: string
      /** Paid at checkout (issue 24): "Pagato 54,50 €". */
      paid?: string
      /** The customer confirmed through their SMS link (issue 26): "Confermato dal cliente". */
      confirmed?: string
      /**
       * An occurrence of a series (issue 27): "Appuntamento ricorrente · ogni 4 settimane (2 di 6)"
       * for screen readers and the tooltip; the card shows "↻ 2/6" next to the time (a short
       * booking has no room for another line).
       */
      series?: { text: string; short: string }
      /** Its phases inside the card (issue 25: phases.ts); absent for one busy block. */
      stretches?: CardStretch[]
    }
  | {
      /** The clean-up after a booking (issue 25), once the customer has gone: opens the booking. */
      kind: 'cleanup'
      id: number
      label: string
      /** "Clean-up after Chiara Bianchi", for screen readers. */
      whose: string
      operatorName: string
      time: string
    }
  | { kind: 'block'; id: number; blocked: string; reason: string; operatorName: string; time: string }
  | { kind: 'closed'; closed: ClosedKind; label: string }
  | { kind: 'offShift'; off: OffShiftKind; label: string }

/** The kinds of event that are only shading (not a booking or a block): nothing to open, drag or resize. */
export const isShading = (p: AgendaEventProps): p is Extract<AgendaEventProps, { kind: 'closed' | 'offShift' }> =>
  p.kind === 'closed' || p.kind === 'offShift'

/** Event ids: bookings and blocks share the calendar, so their ids carry the kind (`r5`, `b5`). */
export const bookingEventId = (id: number) => `r${id}`
export const blockEventId = (id: number) => `b${id}`
/** The clean-up after booking `id` (issue 25): `k5`, `k5-1` when it has more than one stretch. */
export const cleanupEventId = (id: number, i: number) => (i === 0 ? `k${id}` : `k${id}-${i}`)

/** The day view's column of the bookings no operator has yet ("To be assigned"). */
export const UNASSIGNED = 'unassigned'

export interface Words {
  locale: GlossaryLocale
  noCustomer: string
  unassigned: string
  blocked: string
  /** The mark of a booking placed off shift on purpose ("Fuori turno"); absent = no mark. */
  offShiftBooking?: string
  /** An anonymous walk-in's name ("Cliente senza appuntamento", issue 24). */
  walkIn?: string
  /** The allergy tag before the card's allergies ("Allergia"). */
  allergy?: string
  /** "Pagato 54,50 €" for an amount paid at checkout. */
  paid?: (amount: number) => string
  /** "Confermato dal cliente" (issue 26); absent = not shown. */
  confirmed?: string
  /** The series mark of an occurrence (issue 27); absent = not shown. */
  series?: (ref: NonNullable<AgendaItem['series']>) => string
  /** The glossary's words for processing time and clean-up (issue 25); absent = phases not drawn. */
  phases?: PhaseWords
  /** "Clean-up after Chiara Bianchi" (the clean-up's event, for screen readers). */
  cleanupOf?: (customer: string) => string
}

/** Who the booking is for: the client card (issue 24), else the account, else an anonymous walk-in. */
const customerName = (r: Pick<AgendaItem, 'customer' | 'client'>, words: Words) => {
  if (r.client) return [r.client.name, r.client.surname].filter(Boolean).join(' ') || words.noCustomer
  const c = r.customer
  if (c) return [c.name, c.surname].filter(Boolean).join(' ') || c.email || words.noCustomer
  return r.client === null && words.walkIn ? words.walkIn : words.noCustomer
}

const timeRange = (start: string, end: string, timeZone: string) =>
  `${formatTime(start, timeZone)}–${formatTime(end, timeZone)}`

/**
 * A booking of the agenda → a calendar event (null for one without a time: a draft). Final
 * bookings (no status the API lets this admin set: `transitions` is empty) are muted and fixed.
 */
export function bookingToEvent(
  r: AgendaItem,
  timeZone: string,
  words: Words,
  palette: Palette,
): CalendarEventInput | null {
  if (!r.date_start || !r.date_end) return null
  const final = r.transitions.length === 0
  const gone = HIDDEN_STATUSES.includes(r.status)
  const editable = !final && !gone && r.actions.move.allowed
  const colour = palette(r.status)
  const customer = customerName(r, words)
  const services = r.services.map((s) => s.title).join(', ')
  const stretches = words.phases ? cardStretches(r, timeZone, words.phases) : []
  // Its processing time is free for another booking: the card lets the pointer through there (phases.ts).
  const gap = hasGap(stretches)
  return {
    id: bookingEventId(r.id),
    resourceIds: [r.operator ? String(r.operator.id) : UNASSIGNED],
    start: instantToCalendar(r.date_start, timeZone),
    end: instantToCalendar(r.date_end, timeZone),
    title: `${customer} · ${services}`,
    startEditable: editable,
    durationEditable: editable,
    backgroundColor: colour.background,
    classNames: [
      ...(gone ? ['salon-final', 'salon-cancelled'] : final ? ['salon-final'] : []),
      ...(stretches.length ? ['salon-has-phases'] : []),
      ...(gap ? ['salon-has-gap'] : []),
    ],
    styles: [`border-left-color: ${colour.edge}`, ...(gap ? ['pointer-events: none'] : [])],
    extendedProps: {
      kind: 'booking',
      id: r.id,
      statusText: statusLabel(r.status, words.locale),
      customer,
      services,
      operatorName: r.operator?.name ?? words.unassigned,
      time: timeRange(r.date_start, r.date_end, timeZone),
      ...(r.override_shift && words.offShiftBooking ? { offShift: words.offShiftBooking } : {}),
      ...(r.client?.allergies && words.allergy ? { allergy: `${words.allergy}: ${r.client.allergies}` } : {}),
      ...(r.paid && words.paid ? { paid: words.paid(Math.round((r.paid.total + r.paid.tip) * 100) / 100) } : {}),
      ...(r.customer_confirmed_at && !gone && words.confirmed ? { confirmed: words.confirmed } : {}),
      ...(r.series && words.series
        ? { series: { text: words.series(r.series), short: `${r.series.index + 1}/${r.series.count}` } }
        : {}),
      ...(stretches.length ? { stretches } : {}),
    },
  }
}

/**
 * The clean-up after a booking (issue 25: *Riordino*, the customer gone; it may end after
 * `date_end`) → a card of its own in the operator's column: hatched in the booking's muted colour,
 * labelled with the station it holds, never dragged (it follows its booking), and opening the
 * booking. Busy time: the pointer does not go through it. None for a booking without phases, or
 * without its operator's column.
 */
export function cleanupEvents(r: AgendaItem, timeZone: string, words: Words, palette: Palette): CalendarEventInput[] {
  if (!words.phases || !r.operator || !r.date_start || !r.date_end) return []
  const colour = palette(r.status)
  const customer = customerName(r, words)
  const phaseWords = words.phases
  return trailingStretches(r).map((s, i) => {
    const word = s.kind === 'free' ? phaseWords.processing : phaseWords.cleanup
    const label = s.station ? `${word} · ${s.station}` : word
    return {
      id: cleanupEventId(r.id, i),
      resourceIds: [String(r.operator!.id)],
      start: instantToCalendar(s.start, timeZone),
      end: instantToCalendar(s.end, timeZone),
      title: label,
      startEditable: false,
      durationEditable: false,
      backgroundColor: colour.background,
      classNames: ['salon-cleanup', ...(HIDDEN_STATUSES.includes(r.status) ? ['salon-cancelled'] : [])],
      styles: [`border-left-color: ${colour.edge}`],
      extendedProps: {
        kind: 'cleanup',
        id: r.id,
        label,
        whose: words.cleanupOf ? words.cleanupOf(customer) : customer,
        operatorName: r.operator!.name,
        time: timeRange(s.start, s.end, timeZone),
      },
    }
  })
}

/** An operator's blocked time → a grey hatched event (draggable and resizable like a booking). */
export function blockToEvent(b: AgendaBlockItem, timeZone: string, words: Words): CalendarEventInput {
  const reason = b.reason?.trim() ?? ''
  return {
    id: blockEventId(b.id),
    resourceIds: [String(b.operator.id)],
    start: instantToCalendar(b.date_start, timeZone),
    end: instantToCalendar(b.date_end, timeZone),
    title: reason || words.blocked,
    startEditable: true,
    durationEditable: true,
    classNames: ['salon-block'],
    extendedProps: {
      kind: 'block',
      id: b.id,
      blocked: words.blocked,
      reason,
      operatorName: b.operator.name,
      time: timeRange(b.date_start, b.date_end, timeZone),
    },
  }
}

/** The words of the closed time's shading, by kind (the closed hours of an open day carry none). */
export type ClosedWords = Record<ClosedKind, string>

/**
 * The salon's closed time (the API's `closed`, computed by the engine) → background events
 * behind every column shown (`resourceIds`: a background event without one is drawn in no
 * resource column). A whole closed day, a closure or a holiday says so in words; the hours
 * outside opening are only shaded.
 */
export function closedToEvents(
  closed: readonly AgendaClosedItem[],
  resourceIds: readonly string[],
  timeZone: string,
  words: ClosedWords,
): CalendarEventInput[] {
  return closed.map((c, i) => ({
    id: `c${i}`,
    resourceIds: [...resourceIds],
    start: instantToCalendar(c.start, timeZone),
    end: instantToCalendar(c.end, timeZone),
    title: words[c.kind],
    display: 'background',
    startEditable: false,
    durationEditable: false,
    classNames: ['salon-closed', `salon-closed-${c.kind.toLowerCase().replace('_', '-')}`],
    extendedProps: { kind: 'closed', closed: c.kind, label: c.kind === 'HOURS' ? '' : words[c.kind] },
  }))
}

/** The words of an operator's time off shift: "Off shift", leave by its kind, leave of no known kind. */
export interface OffShiftWords {
  offShift: string
  leave: string
  leaveKind: Record<LeaveKind, string>
}

/** The words of one off-shift range: "Non di turno", or the leave's kind ("Ferie", "Malattia"…). */
export const offShiftLabel = (o: Pick<AgendaOffShiftItem, 'kind' | 'leaveKind'>, words: OffShiftWords) =>
  o.kind === 'LEAVE' ? (o.leaveKind ? words.leaveKind[o.leaveKind] : words.leave) : words.offShift

/**
 * When each operator is not working inside the open hours (the API's `offShift`, issue 23) →
 * background events in that operator's column only, behind the cards: a shade of their own (not
 * the closed grey, not a block's hatching) with its words written in it — "Non di turno", or the
 * leave's kind — so the meaning is never the colour alone. Operators not shown (another operator's
 * week, an inactive one) are left out. Clicks and drags still reach the grid: staff may book
 * outside a shift on purpose (the server asks through 409 OFF_SHIFT; see use-shift-override).
 */
export function offShiftToEvents(
  offShift: readonly AgendaOffShiftItem[] | undefined,
  operatorIds: readonly string[],
  timeZone: string,
  words: OffShiftWords,
): CalendarEventInput[] {
  const shown = new Set(operatorIds)
  const out: CalendarEventInput[] = []
  for (const [i, o] of (offShift ?? []).entries()) {
    const column = String(o.operator)
    if (!shown.has(column) || Date.parse(o.end) <= Date.parse(o.start)) continue
    const label = offShiftLabel(o, words)
    out.push({
      id: `o${i}`,
      resourceIds: [column],
      start: instantToCalendar(o.start, timeZone),
      end: instantToCalendar(o.end, timeZone),
      title: label,
      display: 'background',
      startEditable: false,
      durationEditable: false,
      classNames: ['salon-off', o.kind === 'LEAVE' ? 'salon-off-leave' : 'salon-off-shift'],
      extendedProps: { kind: 'offShift', off: o.kind, label },
    })
  }
  return out
}

export interface OperatorLike {
  id: number
  name: string
  surname?: string | null
}

/** An operator as the agenda names them: name and surname. */
export const operatorName = (o: OperatorLike) => [o.name, o.surname].filter(Boolean).join(' ')

/**
 * Whom "… is off shift: book anyway?" names after a drop or a resize: the operator of the column
 * the card is in now (their first name, as the salon calls them: "Giulia"), or null when the
 * column is no known operator's (the question then says "the operator").
 */
export function columnOperatorName(operators: readonly OperatorLike[], column: string | undefined): string | null {
  const o = column === undefined ? undefined : operators.find((op) => String(op.id) === column)
  return o?.name.trim() || null
}

/**
 * Active operators → the day view's columns, in the order given (the API sorts by `position`),
 * plus a "To be assigned" column when a booking shown has no operator (else it would vanish).
 */
export function operatorsToResources(
  operators: readonly OperatorLike[],
  unassigned?: string,
): { id: string; title: string }[] {
  const columns = operators.map((o) => ({ id: String(o.id), title: operatorName(o) }))
  return unassigned ? [...columns, { id: UNASSIGNED, title: unassigned }] : columns
}

/** The salon's usual opening span: the grid always shows at least these hours. */
export const GRID_HOURS = { from: 8, to: 20 } as const

const minutesOfDay = (floating: string) => Number(floating.slice(11, 13)) * 60 + Number(floating.slice(14, 16))

/**
 * The hours the time grid shows: the usual 08:00–20:00, widened to whole hours so that every
 * event shown fits (a 07:30 booking opens the grid at 07:00, one ending 21:10 closes it at 22:00).
 * An event over several days (a block: a leave) counts with the hour after its start and the hour
 * before its end, on the days shown (`days`, both included; all when not given): the days between
 * are covered by it from top to bottom whatever the span.
 */
export function gridHours(
  events: readonly Pick<CalendarEventInput, 'start' | 'end'>[],
  days?: { from: string; to: string },
): { slotMinTime: string; slotMaxTime: string } {
  const shown = (day: string) => !days || (day >= days.from && day <= days.to)
  let first = GRID_HOURS.from * 60
  let last = GRID_HOURS.to * 60
  for (const e of events) {
    const start = minutesOfDay(e.start)
    const end = minutesOfDay(e.end)
    const startDay = e.start.slice(0, 10)
    const endDay = e.end.slice(0, 10)
    if (startDay === endDay || (end === 0 && endDay === addCalendarDays(startDay, 1))) {
      if (!shown(startDay)) continue
      first = Math.min(first, start)
      last = Math.max(last, end || 24 * 60) // an end at the next midnight is 24:00
      continue
    }
    if (shown(startDay)) {
      first = Math.min(first, start)
      last = Math.max(last, Math.min(24 * 60, start + 60))
    }
    if (end > 0 && shown(endDay)) {
      first = Math.min(first, Math.max(0, end - 60))
      last = Math.max(last, end)
    }
  }
  const from = Math.max(0, Math.floor(first / 60))
  const to = Math.min(24, Math.ceil(last / 60))
  return { slotMinTime: `${pad(from)}:00:00`, slotMaxTime: `${pad(to)}:00:00` }
}

/** HTML-escapes text put into an event card. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** Text only a screen reader reads (the separators of the card's name, the column's operator). */
const sr = (text: string) => `<span class="salon-sr">${escapeHtml(text)}</span>`
const SEP = sr(', ')

/**
 * The card's content: time, status in words (colour is never the only signal), who, what — and,
 * for screen readers, the operator. Its text is the card's accessible name (the visible words in
 * the same order, so speech input finds them: WCAG 2.5.3).
 */
export function eventHtml(p: AgendaEventProps): string {
  if (p.kind === 'closed') return p.label ? `<span class="salon-closed-label">${escapeHtml(p.label)}</span>` : ''
  if (p.kind === 'offShift') return `<span class="salon-off-label">${escapeHtml(p.label)}</span>`
  if (p.kind === 'block')
    return (
      `<div class="salon-ev"><span class="salon-ev-time">${escapeHtml(p.time)}</span>${SEP}` +
      sr(p.blocked) +
      (p.reason ? `${SEP}<span class="salon-ev-title">${escapeHtml(p.reason)}</span>` : '') +
      `${SEP}${sr(p.operatorName)}</div>`
    )
  if (p.kind === 'cleanup')
    // One line (a clean-up is often 10 minutes: 16 px): the time, then its words.
    return (
      `<div class="salon-ev"><span class="salon-ev-line"><span class="salon-ev-time">${escapeHtml(p.time)}</span>${SEP}` +
      `<span class="salon-ev-label">${escapeHtml(p.label)}</span></span>${SEP}${sr(p.whose)}${SEP}${sr(p.operatorName)}</div>`
    )
  return (
    `<div class="salon-ev"><span class="salon-ev-head"><span class="salon-ev-time">${escapeHtml(p.time)}</span>${SEP}` +
    // A series' mark next to the time: a 30-minute card has room for no more lines.
    (p.series
      ? `<span class="salon-ev-series" title="${escapeHtml(p.series.text)}"><span aria-hidden="true">↻ ${escapeHtml(p.series.short)}</span>${sr(p.series.text)}</span>${SEP}`
      : '') +
    `<span class="salon-ev-status">${escapeHtml(p.statusText)}</span></span>${SEP}` +
    (p.offShift ? `<span class="salon-ev-flag">${escapeHtml(p.offShift)}</span>${SEP}` : '') +
    (p.allergy ? `<span class="salon-ev-allergy">${escapeHtml(p.allergy)}</span>${SEP}` : '') +
    (p.paid ? `<span class="salon-ev-paid">${escapeHtml(p.paid)}</span>${SEP}` : '') +
    (p.confirmed ? `<span class="salon-ev-confirmed">✓ ${escapeHtml(p.confirmed)}</span>${SEP}` : '') +
    `<span class="salon-ev-title">${escapeHtml(p.customer)}</span>${SEP}` +
    `<span class="salon-ev-sub">${escapeHtml(p.services)}</span>${SEP}` +
    `${sr(p.operatorName)}</div>` +
    stretchesHtml(p.stretches ?? [], p.customer)
  )
}

/** What the calendar passes to its card hooks (the part of its event the agenda reads). */
interface CardInfo {
  event: { id: string | number; extendedProps: Record<string, unknown> }
}

/**
 * The calendar's `eventContent`: the card's HTML (see eventHtml). The library's own stand-ins (the
 * range being selected to block time) carry none of our props: nothing is written in them.
 */
export const eventContent = ({ event }: CardInfo) => ({
  html: typeof event.extendedProps?.kind === 'string' ? eventHtml(event.extendedProps as AgendaEventProps) : '',
})

/**
 * The calendar's `eventDidMount`: the card carries its event id (`r5`, `b5`) for scripts and tests.
 * A clean-up after a booking (`k5`) is a note on it, not a control of its own: a click on it still
 * opens the booking, but it is no button in the tab order — often 10 minutes, 16 px, it would be a
 * touch target under 24 px, and the booking's own card is the control that does the same (WCAG
 * 2.5.8's equivalent); its words stay readable.
 */
export const eventDidMount = ({ el, event }: CardInfo & { el: HTMLElement }) => {
  el.setAttribute('data-id', String(event.id))
  if ((event.extendedProps as Partial<AgendaEventProps>).kind === 'cleanup') {
    el.removeAttribute('role')
    el.removeAttribute('tabindex')
  }
}

/**
 * The body of the PATCH for a drop: the new start, and the operator when the column changed to
 * an operator's (not to "To be assigned": the server has no "unassign" by moving).
 */
export function moveBody(
  start: Date,
  timeZone: string,
  newOperator: string | undefined,
): { date_start: string; operator?: number } {
  const body: { date_start: string; operator?: number } = { date_start: calendarDateToInstant(start, timeZone) }
  if (newOperator !== undefined && Number(newOperator) > 0) body.operator = Number(newOperator)
  return body
}
