import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { ACTION_REASONS } from '../booking/permissions'
import { RESERVATION_EVENT_KINDS } from '../booking/events'
import { CLOSED_KINDS } from '../booking/closedKinds'
import { DASHBOARD_MAX_DAYS, DASHBOARD_RANGES, dayCount } from '../booking/dashboardKinds'
import { LEAVE_KINDS, PAYMENT_METHODS, RESERVATION_STATUSES } from '../enums/index'
import { BOOKING_NOTE_MAX } from '../constants'
import { DAY_FORMAT, dayExists, sensibleYear } from '../calendarDay'
import { dateOrDateTime, refinePeriod } from './index'
import { reservationSeriesRef, seriesScope } from './seriesParts'

/** A calendar day `YYYY-MM-DD` that exists, in the years the salon books (rules: `calendarDay.ts`). */
export const daySchema = z
  .string()
  .regex(DAY_FORMAT, M.DAY_FORMAT)
  .refine(dayExists, M.DATE_NOT_EXISTS)
  .refine(sensibleYear, M.YEAR_OUT_OF_RANGE)
const day = daySchema

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.MONTH_FORMAT)
  .refine(sensibleYear, M.YEAR_OUT_OF_RANGE)

const instant = z.iso.datetime({ offset: true, message: M.INSTANT_FORMAT }).refine(sensibleYear, M.YEAR_OUT_OF_RANGE)

const id = z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)

/** `services=1,2,3` (query) or `[1, 2, 3]` (body): 1 to 10 distinct ids, order kept. */
export const serviceIds = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v),
    z.array(z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)),
  )
  .refine((xs) => xs.length >= 1, M.SERVICES_REQUIRED)
  .refine((xs) => xs.length <= 10, fieldMessage('AT_MOST_SERVICES', { n: 10 }))
  .refine((xs) => new Set(xs).size === xs.length, M.SERVICE_REPEATED)

/** `operator=any` (default) or an operator id. */
export const operatorChoice = z
  .union([z.literal('any'), id])
  .optional()
  .transform((v) => v ?? 'any')

export const dayAvailabilityQuery = z.object({ date: day, services: serviceIds, operator: operatorChoice })
export type DayAvailabilityQuery = z.infer<typeof dayAvailabilityQuery>

/** GET /api/reservations/first-free: the first day from `from` (default today, salon time) with a free start. */
export const firstFreeQuery = z.object({ services: serviceIds, operator: operatorChoice, from: day.optional() })
export type FirstFreeQuery = z.infer<typeof firstFreeQuery>

export const checkAvailabilityQuery = z.object({ date_start: instant, services: serviceIds, operator: operatorChoice })
export type CheckAvailabilityQuery = z.infer<typeof checkAvailabilityQuery>

export const monthAvailabilityQuery = z.object({ month, services: serviceIds, operator: operatorChoice })
export type MonthAvailabilityQuery = z.infer<typeof monthAvailabilityQuery>

/** What a customer may send to confirm: never price, duration, end or status. */
export const confirmBody = z
  .object({
    id,
    services: serviceIds,
    operator: z
      .union([z.literal('any'), id])
      .nullable()
      .optional()
      .transform((v) => v ?? 'any'),
    date_start: instant,
    note: z
      .string()
      .trim()
      .max(BOOKING_NOTE_MAX, fieldMessage('AT_MOST_CHARS', { n: BOOKING_NOTE_MAX }))
      .optional(),
  })
  .strict()
export type ConfirmBody = z.infer<typeof confirmBody>

export const statusBody = z
  .object({
    status: z.enum(RESERVATION_STATUSES, { message: M.STATUS_UNKNOWN }),
    /** A booking of a series (issue 27): 'following' = this occurrence and the later ones of its series. */
    scope: seriesScope,
  })
  .strict()

const statusList = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : v),
    z.array(z.enum(RESERVATION_STATUSES, { message: M.STATUS_UNKNOWN })),
  )
  .optional()

export const reservationReportQuery = z
  .object({
    from: dateOrDateTime.optional(),
    to: dateOrDateTime.optional(),
    status: statusList,
    operator: id.optional(),
    groupBy: z.enum(['day', 'week', 'month'], { message: M.GROUP_BY_UNKNOWN }).optional(),
  })
  .superRefine(refinePeriod)
export type ReservationReportQuery = z.infer<typeof reservationReportQuery>

export const reservationCompareQuery = z
  .object({
    from: dateOrDateTime,
    to: dateOrDateTime,
    status: statusList,
    operator: id.optional(),
    groupBy: z.enum(['day', 'week', 'month'], { message: M.GROUP_BY_UNKNOWN }).optional(),
  })
  .superRefine(refinePeriod)

export const DASHBOARD_PERIODS = DASHBOARD_RANGES
/**
 * `GET /api/pages/dashboard-index`: `period` (default `month`, the first version's default) and,
 * for `period=custom` only, the local days `from`..`to` (both included, at most
 * DASHBOARD_MAX_DAYS days). `from`/`to` without a period mean `custom`.
 */
export const dashboardQuery = z
  .object({
    period: z.enum(DASHBOARD_RANGES, { message: M.PERIOD_UNKNOWN }).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((q, ctx) => {
    const custom = q.period === 'custom' || (q.period === undefined && (q.from !== undefined || q.to !== undefined))
    if (!custom) {
      for (const key of ['from', 'to'] as const)
        if (q[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: M.DATES_ONLY_CUSTOM })
      return
    }
    if (q.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: M.FROM_REQUIRED })
    if (q.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: M.TO_REQUIRED })
    if (q.from === undefined || q.to === undefined) return
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: M.END_BEFORE_START })
    else if (dayCount(q.from, q.to) > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('AT_MOST_DAYS', { n: DASHBOARD_MAX_DAYS }) })
  })
  .transform((q) => ({
    period: q.period ?? (q.from !== undefined || q.to !== undefined ? ('custom' as const) : ('month' as const)),
    from: q.from,
    to: q.to,
  }))
export type DashboardQuery = z.infer<typeof dashboardQuery>

/**
 * The booking wizard's choice as it travels in the URL
 * (`/reserve?services=3,7&operator=any&day=2026-12-15&time=2026-12-15T08:00:00.000Z&step=when`).
 * Lenient field by field: a link with one bad value keeps the rest of the choice.
 */
export const wizardSearch = z.object({
  services: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id).max(10))
    .transform((xs) => [...new Set(xs)])
    .catch([]),
  operator: z.union([z.literal('any'), id]).catch('any'),
  day: day.optional().catch(undefined),
  time: instant.optional().catch(undefined),
  step: z.enum(['services', 'operator', 'when', 'summary']).optional().catch(undefined),
  /** Set when the wizard moves an existing booking instead of making a new one. */
  move: id.optional().catch(undefined),
})
export type WizardSearch = z.infer<typeof wizardSearch>

/** The note field of the booking summary (the same bound as `confirmBody.note`). */
export const bookingNote = z
  .string()
  .trim()
  .max(BOOKING_NOTE_MAX, fieldMessage('AT_MOST_CHARS', { n: BOOKING_NOTE_MAX }))

/** POST /api/reservations/:id/move — the new start and, optionally, who: never price, duration, end or status. */
export const moveBody = z
  .object({
    date_start: instant,
    /** Omitted: keep the current operator (409 OPERATOR_BUSY if they are not free). `any`: the current one if free, else the least-booked free one. */
    operator: z.union([z.literal('any'), id]).optional(),
    /** A booking of a series (issue 27): 'following' moves the later occurrences by the same change too. */
    scope: seriesScope,
  })
  .strict()
export type MoveBody = z.infer<typeof moveBody>

const note = z
  .string()
  .trim()
  .max(BOOKING_NOTE_MAX, fieldMessage('AT_MOST_CHARS', { n: BOOKING_NOTE_MAX }))

/**
 * POST /api/reservations/book — the salon books a customer in: who, what, with whom, when. Never
 * price, duration, end or status (the engine sets them: staff bookings start CONFIRMED).
 */
export const bookBody = z
  .object({
    /** The login account (its card is used) — or `client`, a card id; exactly one of the two. */
    user: id.optional(),
    client: id.optional(),
    services: serviceIds,
    operator: operatorChoice,
    date_start: instant,
    note: note.optional(),
    /** Staff booking someone outside their shift or during leave on purpose, after being asked (issue 23). */
    override_shift: z.boolean().optional(),
    /** Staff booking outside the offered times on purpose — closed hours, off the grid, short notice (issue 24). */
    override_hours: z.boolean().optional(),
  })
  .strict()
  .refine((b) => (b.user === undefined) !== (b.client === undefined), { message: M.CLIENT_OR_USER, path: ['client'] })
export type BookBody = z.infer<typeof bookBody>

/** The longest a booking may last when the salon resizes it by hand, in minutes. */
export const BOOKING_DURATION_MAX = 12 * 60

/** A booking's length set by hand (a resize in the agenda): whole minutes, 5 to 12 hours. */
export const bookingDuration = z
  .number({ message: M.DURATION_REQUIRED })
  .int(M.WHOLE_MINUTES)
  .min(5, fieldMessage('AT_LEAST_MINUTES', { n: 5 }))
  .max(BOOKING_DURATION_MAX, fieldMessage('AT_MOST_HOURS', { n: 12 }))

/**
 * PATCH /api/reservations/:id/edit — any of a new time, operator, services (staff) or note
 * (staff; empty clears it). A new time or operator is a move; new services re-price the booking.
 */
export const editBody = z
  .object({
    date_start: instant.optional(),
    operator: z.union([z.literal('any'), id]).optional(),
    services: serviceIds.optional(),
    note: note.nullable().optional(),
    /** Staff only: a resize — the start and the agreed price stay, the end follows. */
    duration: bookingDuration.optional(),
    /** Staff only: place it outside the operator's shift on purpose (the dashboard asked first). */
    override_shift: z.boolean().optional(),
    /** Staff only: place it outside the offered times on purpose (issue 24). */
    override_hours: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: M.NOTHING_TO_CHANGE,
    path: ['body'],
  })
export type EditBody = z.infer<typeof editBody>

/**
 * GET /api/reservations/:id/move-slots?date=&operator=&services= — operator omitted: the booking's
 * current one; services (staff only) omitted: the booking's own, at its agreed duration.
 */
export const moveSlotsQuery = z
  .object({ date: day, operator: z.union([z.literal('any'), id]).optional(), services: serviceIds.optional() })
  .strict()
export type MoveSlotsQuery = z.infer<typeof moveSlotsQuery>

const positiveIntOr = (fallback: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v),
    z.coerce
      .number({ message })
      .int(message)
      .min(1, message)
      .max(max, message)
      .optional()
      .transform((v) => v ?? fallback),
  )

/** The longest past page of GET /api/reservations/mine. */
export const MINE_PAST_LIMIT_MAX = 50

/** GET /api/reservations/mine?pastPage=&pastLimit= */
export const mineQuery = z
  .object({
    pastPage: positiveIntOr(1, 10_000, M.PAGE_INVALID),
    pastLimit: positiveIntOr(20, MINE_PAST_LIMIT_MAX, fieldMessage('BETWEEN', { from: 1, to: MINE_PAST_LIMIT_MAX })),
  })
  .strict()
export type MineQuery = z.infer<typeof mineQuery>

/** The widest agenda one request may ask for, in local days. */
export const AGENDA_MAX_DAYS = 31

/** GET /api/reservations/agenda?from=YYYY-MM-DD&to=YYYY-MM-DD&operator= (`to` defaults to `from`). */
export const agendaQuery = z
  .object({ from: day, to: day.optional(), operator: id.optional() })
  .strict()
  .transform((q) => ({ ...q, to: q.to ?? q.from }))
  .refine((q) => q.to >= q.from, { message: M.END_BEFORE_START, path: ['to'] })
  .refine((q) => (Date.parse(q.to + 'T00:00:00Z') - Date.parse(q.from + 'T00:00:00Z')) / 86_400_000 < AGENDA_MAX_DAYS, {
    message: fieldMessage('AT_MOST_DAYS', { n: AGENDA_MAX_DAYS }),
    path: ['to'],
  })
export type AgendaQuery = z.infer<typeof agendaQuery>

const isoInstant = z.string()
const status = z.enum(RESERVATION_STATUSES)

const actionFlag = z
  .object({ allowed: z.boolean(), until: isoInstant.optional(), reason: z.enum(ACTION_REASONS).optional() })
  .strict()

/** A service of a reservation, in booking order. `duration` in minutes, `price` in euro (today's catalogue values). */
export const reservationServiceItem = z
  .object({ id: z.number(), title: z.string(), duration: z.number(), price: z.number() })
  .strict()

export const reservationOperatorItem = z
  .object({ id: z.number(), name: z.string(), imageUrl: z.string().nullable() })
  .strict()

const reservationCore = {
  id: z.number(),
  status,
  date_start: isoInstant.nullable(),
  date_end: isoInstant.nullable(),
  duration: z.number(),
  total_price: z.number(),
  note: z.string().nullable(),
  services: z.array(reservationServiceItem),
  operator: reservationOperatorItem.nullable(),
}

/** One booking in "I miei appuntamenti", with the buttons the engine allows. */
export const myReservationItem = z
  .object({
    ...reservationCore,
    actions: z.object({ cancel: actionFlag, move: actionFlag }).strict(),
    /** When the salon last changed its time or length (a move or resize by staff), else null. */
    changedBySalonAt: isoInstant.nullable(),
    /** Booked with "Qualsiasi operatore": moving it may go to any operator (shared/src/booking/moveOperator.ts). */
    anyOperator: z.boolean(),
    /** Its repeating appointment (issue 27), or null for a booking on its own. */
    series: reservationSeriesRef.nullable().optional(),
  })
  .strict()
export type MyReservationItem = z.infer<typeof myReservationItem>

export const myReservationsResponse = z
  .object({
    upcoming: z.array(myReservationItem),
    /** Cancelled or rejected bookings whose time has not come yet, soonest first (not among the past). */
    cancelled: z.array(myReservationItem),
    past: z.array(myReservationItem),
    pastPagination: z
      .object({ page: z.number(), limit: z.number(), totalDocs: z.number(), hasNextPage: z.boolean() })
      .strict(),
    now: isoInstant,
  })
  .strict()
export type MyReservationsResponse = z.infer<typeof myReservationsResponse>

/** What was paid at checkout (issue 24): euro, tips apart from what the services earned. */
export const paidItem = z
  .object({
    subtotal: z.number(),
    discount: z.number(),
    total: z.number(),
    tip: z.number(),
    payments: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number() }).strict()),
    at: z.string(),
    by: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
  })
  .strict()
export type PaidItem = z.infer<typeof paidItem>

/** The card as the agenda and the booking page show it (null: an anonymous walk-in or an erased person). */
export const agendaClient = z
  .object({
    id: z.number(),
    name: z.string(),
    surname: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    hasAccount: z.boolean(),
    allergies: z.string().nullable(),
    blocked: z.boolean(),
    /** Where the booking's mails go: the card's e-mail, or nowhere. */
    contact: z.enum(['EMAIL', 'NONE']),
  })
  .strict()
export type AgendaClient = z.infer<typeof agendaClient>

/**
 * One stretch of a booking with phases (issue 25), placed in time: the operator at work or free
 * (*tempo di posa*), a station held, a clean-up after the customer left.
 */
export const phaseItem = z
  .object({
    start: z.string(),
    end: z.string(),
    operator_busy: z.boolean(),
    station: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
    cleanup: z.boolean(),
    label: z.string().nullable(),
  })
  .strict()
export type PhaseItem = z.infer<typeof phaseItem>

/** One appointment of the staff agenda, with the statuses this caller may set now. */
export const agendaItem = z
  .object({
    ...reservationCore,
    customer: z
      .object({
        id: z.number(),
        name: z.string().nullable(),
        surname: z.string().nullable(),
        phone: z.string().nullable(),
        email: z.string().nullable(),
      })
      .strict()
      .nullable(),
    /** The status buttons offered to this caller now (`offeredTransitions`). */
    transitions: z.array(status),
    /** The salon's card for the person (issue 24); null for an anonymous walk-in or an erased person. */
    client: agendaClient.nullable().optional(),
    /** The checkout, once recorded (issue 24). */
    paid: paidItem.nullable().optional(),
    /** Move; undo a final status set in the last UNDO_MINUTES; free the rest of an appointment over early; checkout (issue 24). */
    actions: z
      .object({ move: actionFlag, undo: actionFlag, freeRest: actionFlag, checkout: actionFlag.optional() })
      .strict(),
    /** Staff placed it outside its operator's shift or leave on purpose (issue 23). */
    override_shift: z.boolean().optional(),
    /**
     * Its phases in time (issue 25), when it has any beyond one busy block: absent or empty means
     * the operator is busy from date_start to date_end, as before phases existed.
     */
    phases: z.array(phaseItem).optional(),
    /** The customer confirmed they will come, through their SMS link (issue 26): "Confermato dal cliente". */
    customer_confirmed_at: isoInstant.nullable().optional(),
    /** Its repeating appointment (issue 27), or null for a booking on its own. */
    series: reservationSeriesRef.nullable().optional(),
  })
  .strict()
export type AgendaItem = z.infer<typeof agendaItem>

/** Time an operator is not available (training, leave, a doctor's visit): busy like a booking. */
export const agendaBlockItem = z
  .object({
    id: z.number(),
    operator: z.object({ id: z.number(), name: z.string() }).strict(),
    date_start: isoInstant,
    date_end: isoInstant,
    reason: z.string().nullable(),
  })
  .strict()
export type AgendaBlockItem = z.infer<typeof agendaBlockItem>

/** A time the salon is closed, as the engine computes it (`closedTime`): one local day at most. */
export const agendaClosedItem = z
  .object({ start: isoInstant, end: isoInstant, kind: z.enum(CLOSED_KINDS), day: z.string() })
  .strict()
export type AgendaClosedItem = z.infer<typeof agendaClosedItem>

/** Why an operator is not bookable inside the salon's open hours: not on shift, or on leave (issue 23). */
export const OFF_SHIFT_KINDS = ['OFF_SHIFT', 'LEAVE'] as const
export type OffShiftKind = (typeof OFF_SHIFT_KINDS)[number]

/**
 * A time inside the salon's open hours when one operator is not working (issue 23): off shift, or
 * on leave (`leaveKind` then says which), within one local `day`. The salon's own closed time is in
 * `closed`, not here.
 */
export const agendaOffShiftItem = z
  .object({
    operator: z.number(),
    start: isoInstant,
    end: isoInstant,
    kind: z.enum(OFF_SHIFT_KINDS),
    leaveKind: z.enum(LEAVE_KINDS).optional(),
    day: z.string(),
  })
  .strict()
export type AgendaOffShiftItem = z.infer<typeof agendaOffShiftItem>

export const agendaResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    timezone: z.string(),
    reservations: z.array(agendaItem),
    /** The operators' blocked times overlapping the days, by start. */
    blocks: z.array(agendaBlockItem),
    /** When the salon is closed in those days (hours, closed weekdays, closures, holidays), by start. */
    closed: z.array(agendaClosedItem),
    /**
     * Issue 23: per operator, the salon's open time in which they do not work (`OFF_SHIFT`) or are
     * on leave (`LEAVE`, with its kind) — what the agenda greys in their column. By operator, then start.
     * Optional: an answer of a server without the rota parses, and means none.
     */
    offShift: z.array(agendaOffShiftItem).optional(),
  })
  .strict()
export type AgendaResponse = z.infer<typeof agendaResponse>

/** One change in a booking's history (`reservation_events`). */
export const reservationEventItem = z
  .object({
    id: z.number(),
    kind: z.enum(RESERVATION_EVENT_KINDS),
    from: status.nullable(),
    to: status,
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
    at: isoInstant,
    actor: z.object({ id: z.number(), role: z.string().nullable(), name: z.string().nullable() }).strict().nullable(),
  })
  .strict()
export type ReservationEventItem = z.infer<typeof reservationEventItem>

export const reservationEventsResponse = z.object({ id: z.number(), events: z.array(reservationEventItem) }).strict()

/** GET /api/reservations/:id/detail — the dashboard's booking page: the agenda item and its history. */
export const reservationDetailResponse = agendaItem.extend({ events: z.array(reservationEventItem) }).strict()
export type ReservationDetail = z.infer<typeof reservationDetailResponse>

/** GET /api/reservations/book-slots — the free starts of a day as the salon may book them (no minimum notice). */
export const bookSlotsQuery = z
  .object({
    date: day,
    services: serviceIds,
    operator: operatorChoice,
  })
  .strict()
export type BookSlotsQuery = z.infer<typeof bookSlotsQuery>

/** The longest one block of an operator's time may be (a holiday week or two), in days. */
export const OPERATOR_BLOCK_MAX_DAYS = 31
/** The longest reason of a blocked time. */
export const OPERATOR_BLOCK_REASON_MAX = 120

const blockReason = z
  .string()
  .trim()
  .max(OPERATOR_BLOCK_REASON_MAX, fieldMessage('AT_MOST_CHARS', { n: OPERATOR_BLOCK_REASON_MAX }))
  .nullable()
  .optional()

/** Milliseconds from start to end, or null when either is missing or not a valid instant (its own field says so). */
const blockMs = (b: { date_start?: string; date_end?: string }) => {
  const ms = Date.parse(b.date_end ?? '') - Date.parse(b.date_start ?? '')
  return Number.isFinite(ms) ? ms : null
}
const blockSpan = (b: { date_start?: string; date_end?: string }) => (blockMs(b) ?? 1) > 0
const blockLength = (b: { date_start?: string; date_end?: string }) =>
  (blockMs(b) ?? 0) <= OPERATOR_BLOCK_MAX_DAYS * 86_400_000

/**
 * A booking in the way of a block: the 409 BLOCK_OVERLAPS_BOOKING of POST/PATCH
 * /api/operator-blocks names them (`errors[0].data.bookings`, by start, at most five; `total` counts all).
 */
export const blockingBookingItem = z
  .object({
    id: z.number(),
    start: isoInstant,
    end: isoInstant,
    status,
    /** Name and surname (or e-mail) of the customer; null for a booking without one. */
    customer: z.string().nullable(),
  })
  .strict()
export type BlockingBookingItem = z.infer<typeof blockingBookingItem>

/** POST /api/operator-blocks — an operator's time taken out of the calendar (`""` = no reason). */
export const operatorBlockBody = z
  .object({ operator: id, date_start: instant, date_end: instant, reason: blockReason })
  .strict()
  .refine(blockSpan, { message: M.END_AFTER_START, path: ['date_end'] })
  .refine(blockLength, { message: fieldMessage('AT_MOST_DAYS', { n: OPERATOR_BLOCK_MAX_DAYS }), path: ['date_end'] })
export type OperatorBlockBody = z.infer<typeof operatorBlockBody>

/**
 * PATCH /api/operator-blocks/:id — moved, resized, given to another operator or renamed (`""` or
 * null clears the reason). With only one end given, the other is the stored one.
 */
export const operatorBlockPatch = z
  .object({
    operator: id.optional(),
    date_start: instant.optional(),
    date_end: instant.optional(),
    reason: blockReason,
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: M.NOTHING_TO_CHANGE,
    path: ['body'],
  })
export type OperatorBlockPatch = z.infer<typeof operatorBlockPatch>
