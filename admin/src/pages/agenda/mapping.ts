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
 * and turns them back into an instant of the salon's zone (`wallClockToInstant`).
 */
import { RESERVATION_STATUS_LABELS, statusLabel, type GlossaryLocale } from '@salon/shared/glossary'
import { STATUS_TRANSITIONS } from '@salon/shared/booking/status'
import { instantToWallClock, wallClockToInstant, zoneOffsetMs } from '@salon/shared/booking/zone'
import type { ReservationStatus } from '@salon/shared/enums/index'
import type { AgendaBlockItem, AgendaItem } from '@salon/shared/schemas/booking'

export type AgendaMode = 'day' | 'week'

/** The agenda's state as the URL keeps it: `?view=agenda&mode=day|week&date=YYYY-MM-DD&operator=<id>`. */
export interface AgendaState {
  mode: AgendaMode
  /** A salon-local day; the day shown, or a day of the week shown. */
  date: string
  /** The week view's operator (the day view shows every active operator). */
  operator: number | null
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const pad = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DD` of a wall-clock value (see zone.ts: local fields written as UTC). */
const dayOfWall = (wall: number) => new Date(wall).toISOString().slice(0, 10)

/** Today in the salon's zone. */
export const salonToday = (timeZone: string, now = Date.now()) => dayOfWall(instantToWallClock(now, timeZone))

/** The salon-local day of an instant. */
export const salonDayOf = (iso: string, timeZone: string) => dayOfWall(instantToWallClock(Date.parse(iso), timeZone))

/** `HH:mm` of an instant on the salon's clock. */
export const salonTimeOf = (iso: string, timeZone: string) =>
  new Date(instantToWallClock(Date.parse(iso), timeZone)).toISOString().slice(11, 16)

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** The Monday of the week holding `day` (the salon's week starts on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7))
}

/** The days a view shows, both included: what `GET /api/reservations/agenda?from=&to=` is asked. */
export function rangeOf(state: Pick<AgendaState, 'mode' | 'date'>): { from: string; to: string } {
  if (state.mode === 'day') return { from: state.date, to: state.date }
  const from = mondayOf(state.date)
  return { from, to: addDays(from, 6) }
}

/** The day the previous / next button leads to. */
export const stepDate = (state: Pick<AgendaState, 'mode' | 'date'>, direction: -1 | 1) =>
  addDays(state.date, direction * (state.mode === 'day' ? 1 : 7))

/** The agenda state of a URL's query; anything unreadable falls back to today's day view. */
export function readAgendaState(params: URLSearchParams, today: string): AgendaState {
  const mode = params.get('mode') === 'week' ? 'week' : 'day'
  const date = params.get('date')
  const op = Number(params.get('operator'))
  return {
    mode,
    date: isDay(date) ? date : today,
    operator: Number.isInteger(op) && op > 0 ? op : null,
  }
}

/** The query parameters of an agenda state (merged into the list page's own). */
export function agendaParams(state: AgendaState): Record<string, string> {
  return {
    view: 'agenda',
    mode: state.mode,
    date: state.date,
    operator: state.operator ? String(state.operator) : '',
  }
}

// ---- instants ↔ the calendar's floating date-times ----

/** An instant → the floating local date-time the calendar shows at the salon's wall clock. */
export function instantToCalendar(iso: string, timeZone: string): string {
  return new Date(instantToWallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 19)
}

/**
 * A date the calendar hands back (browser-local fields = the salon's wall clock) → an ISO instant.
 * Seconds are dropped: the agenda works on whole minutes.
 */
export function calendarDateToInstant(date: Date, timeZone: string): string {
  const wall = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes())
  return new Date(wallClockToInstant(wall, timeZone)).toISOString()
}

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

/** A final status (cancelled, rejected, completed, no-show): leads nowhere, shown muted, not draggable. */
export const isFinalStatus = (status: string) => (STATUS_TRANSITIONS[status as ReservationStatus]?.length ?? 0) === 0

/** The glossary's colour name of a status (GLOSSARY.md), for the card's colour class. */
export const statusColourName = (status: string) =>
  RESERVATION_STATUS_LABELS[status as ReservationStatus]?.colour ?? 'grey'

export interface Palette {
  /** The card's background and its edge for a glossary colour name. */
  (colourName: string): { background: string; edge: string }
}

export interface CalendarEventInput {
  id: string
  resourceIds: string[]
  start: string
  end: string
  title: string
  startEditable: boolean
  durationEditable: boolean
  backgroundColor?: string
  textColor?: string
  classNames: string[]
  styles?: string[]
  extendedProps: AgendaEventProps
}

export type AgendaEventProps =
  | {
      kind: 'booking'
      id: number
      label: string
      status: string
      statusText: string
      customer: string
      services: string
      operatorName: string
      time: string
    }
  | { kind: 'block'; id: number; label: string; blocked: string; reason: string; operatorName: string; time: string }

/** Event ids: bookings and blocks share the calendar, so their ids carry the kind. */
export const bookingEventId = (id: number) => `r${id}`
export const blockEventId = (id: number) => `b${id}`

export interface Words {
  locale: GlossaryLocale
  noCustomer: string
  unassigned: string
  blocked: string
}

const customerName = (c: AgendaItem['customer'], words: Words) =>
  c ? [c.name, c.surname].filter(Boolean).join(' ') || c.email || words.noCustomer : words.noCustomer

/** A booking of the agenda → a calendar event (null for one without a time: a draft). */
export function bookingToEvent(
  r: AgendaItem,
  timeZone: string,
  words: Words,
  palette: Palette,
): CalendarEventInput | null {
  if (!r.date_start || !r.date_end) return null
  const final = isFinalStatus(r.status)
  const editable = !final && r.actions.move.allowed
  const colour = palette(statusColourName(r.status))
  const statusText = statusLabel(r.status, words.locale)
  const customer = customerName(r.customer, words)
  const services = r.services.map((s) => s.title).join(', ')
  const operatorName = r.operator?.name ?? words.unassigned
  const time = `${salonTimeOf(r.date_start, timeZone)}–${salonTimeOf(r.date_end, timeZone)}`
  return {
    id: bookingEventId(r.id),
    resourceIds: r.operator ? [String(r.operator.id)] : [],
    start: instantToCalendar(r.date_start, timeZone),
    end: instantToCalendar(r.date_end, timeZone),
    title: `${customer} · ${services}`,
    startEditable: editable,
    durationEditable: editable,
    backgroundColor: colour.background,
    textColor: '#212529',
    classNames: ['salon-booking', `salon-status-${statusColourName(r.status)}`, ...(final ? ['salon-final'] : [])],
    styles: [`border-left-color: ${colour.edge}`],
    extendedProps: {
      kind: 'booking',
      id: r.id,
      status: r.status,
      statusText,
      customer,
      services,
      operatorName,
      time,
      label: [time, statusText, customer, services, operatorName].filter(Boolean).join(', '),
    },
  }
}

/** An operator's blocked time → a grey hatched event (draggable and resizable like a booking). */
export function blockToEvent(b: AgendaBlockItem, timeZone: string, words: Words): CalendarEventInput {
  const time = `${salonTimeOf(b.date_start, timeZone)}–${salonTimeOf(b.date_end, timeZone)}`
  const reason = b.reason?.trim() ?? ''
  return {
    id: blockEventId(b.id),
    resourceIds: [String(b.operator.id)],
    start: instantToCalendar(b.date_start, timeZone),
    end: instantToCalendar(b.date_end, timeZone),
    title: reason || words.blocked,
    startEditable: true,
    durationEditable: true,
    textColor: '#212529',
    classNames: ['salon-block'],
    extendedProps: {
      kind: 'block',
      id: b.id,
      blocked: words.blocked,
      reason,
      operatorName: b.operator.name,
      time,
      label: [time, words.blocked, reason, b.operator.name].filter(Boolean).join(', '),
    },
  }
}

export interface OperatorLike {
  id: number
  name: string
  surname?: string | null
}

/** Active operators → the day view's columns, in the order given (the API sorts by `position`). */
export const operatorsToResources = (operators: readonly OperatorLike[]) =>
  operators.map((o) => ({ id: String(o.id), title: [o.name, o.surname].filter(Boolean).join(' ') }))

/** HTML-escapes text put into an event card. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** Text only a screen reader reads (the separators of the card's name, the column's operator). */
const sr = (text: string) => `<span class="salon-sr">${escapeHtml(text)}</span>`
const SEP = sr(', ')

/**
 * The card's content: time, status in words (colour is never the only signal), who, what — and,
 * for screen readers, the operator. Its text is the card's accessible name, exactly `label`
 * (the visible words in the same order, so speech input finds them: WCAG 2.5.3).
 */
export function eventHtml(p: AgendaEventProps): string {
  if (p.kind === 'block')
    return (
      `<div class="salon-ev"><span class="salon-ev-time">${escapeHtml(p.time)}</span>${SEP}` +
      sr(p.blocked) +
      (p.reason ? `${SEP}<span class="salon-ev-title">${escapeHtml(p.reason)}</span>` : '') +
      `${SEP}${sr(p.operatorName)}</div>`
    )
  return (
    `<div class="salon-ev"><span class="salon-ev-head"><span class="salon-ev-time">${escapeHtml(p.time)}</span>${SEP}` +
    `<span class="salon-ev-status">${escapeHtml(p.statusText)}</span></span>${SEP}` +
    `<span class="salon-ev-title">${escapeHtml(p.customer)}</span>${SEP}` +
    `<span class="salon-ev-sub">${escapeHtml(p.services)}</span>${SEP}${sr(p.operatorName)}</div>`
  )
}

/** The body of the PATCH for a drop: the new start, and the operator when the column changed. */
export function moveBody(
  start: Date,
  timeZone: string,
  newOperator: string | undefined,
): { date_start: string; operator?: number } {
  const body: { date_start: string; operator?: number } = { date_start: calendarDateToInstant(start, timeZone) }
  if (newOperator !== undefined && Number(newOperator) > 0) body.operator = Number(newOperator)
  return body
}

/** `HH:mm` from a wall-clock Date the calendar gave. */
export const calendarTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`
/** `YYYY-MM-DD` from a wall-clock Date the calendar gave. */
export const calendarDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** A salon-local day and `HH:mm` → an ISO instant (the block form's fields). */
export function salonInstant(day: string, time: string, timeZone: string): string | undefined {
  if (!isDay(day) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return undefined
  const [h, m] = time.split(':').map(Number) as [number, number]
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(wallClockToInstant(Date.UTC(y, mo - 1, d, h, m), timeZone)).toISOString()
}
