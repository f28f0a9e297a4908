import { UNDO_MINUTES } from '../constants'
import { ROLES, type ReservationStatus, type Role } from '../enums/index'
import {
  STATUS_TRANSITIONS,
  canMoveReservation,
  canTransition,
  customerMayCancel,
  isOver,
  statusTimeDecision,
} from './status'
import type { BookingSettings } from './types'
import { parseInstant, toEpochMs } from './zone'

/**
 * Who is asking: the role, the user id and the operator records linked to that user
 * (`operators.user`). Operator records count only for role OPERATOR: the role is the authority,
 * a link left on a customer's account does not make them staff.
 */
export interface BookingActor {
  role: Role
  userId: number
  operatorIds: readonly number[]
}

/** The parts of a reservation the rules read. `user` is the customer, `operator` the assigned operator record. */
export interface ReservationFacts {
  user: number | null | undefined
  operator: number | null | undefined
  status: ReservationStatus
  /** ISO instant; null for a draft that holds no slot yet. */
  date_start: string | null
}

/** The capacities in which an actor stands to a reservation; an actor may hold several or none. */
export interface Capacities {
  admin: boolean
  /** The reservation is assigned to one of the actor's operator records (role OPERATOR). */
  operator: boolean
  /** The actor is the reservation's customer, whatever their role. */
  customer: boolean
}

/** The capacity a decision was granted in: staff rules (ADMIN, OPERATOR) or the customer's policy. */
export type ActingAs = 'ADMIN' | 'OPERATOR' | 'CUSTOMER'

export type Decision =
  | { ok: true; as: ActingAs }
  | { ok: false; status: 403 | 404 | 409; reason: DecisionReason; params?: Record<string, string> }

export type DecisionReason =
  | 'NOT_FOUND'
  | 'FORBIDDEN_ROLE'
  | 'FORBIDDEN_STATUS'
  | 'ILLEGAL_TRANSITION'
  | 'CANCELLATION_DISABLED'
  | 'TOO_LATE_TO_CANCEL'
  | 'TOO_LATE_TO_MOVE'
  | 'NOT_MOVABLE'
  | 'FINAL_STATUS'
  | 'ALREADY_STARTED'
  | 'STAFF_ONLY'
  | 'NOT_STARTED'
  | 'NOTHING_TO_UNDO'
  | 'UNDO_EXPIRED'
  | 'NOTHING_TO_FREE'
  | 'ALREADY_PAID'

const KNOWN_ROLES: ReadonlySet<string> = new Set(ROLES)
const same = (a: unknown, b: unknown) => a !== null && a !== undefined && a === b

export function capacitiesOf(actor: BookingActor, r: Pick<ReservationFacts, 'user' | 'operator'>): Capacities {
  const known = KNOWN_ROLES.has(actor.role)
  return {
    admin: known && actor.role === 'ADMIN',
    operator:
      known &&
      actor.role === 'OPERATOR' &&
      r.operator !== null &&
      r.operator !== undefined &&
      (actor.operatorIds ?? []).includes(r.operator),
    customer: known && same(r.user, actor.userId),
  }
}

/** Which capacities let an actor see a reservation: anyone concerned, or the salon's view only. */
export type Sight = 'concerned' | 'staff'
const SIGHT: Record<Sight, readonly (keyof Capacities)[]> = {
  concerned: ['admin', 'operator', 'customer'],
  staff: ['admin', 'operator'],
}

/**
 * The reservations an actor sees, as a filter a database can run over many at once: all of them,
 * or those assigned to these operator records and/or booked by this customer (nothing when both
 * are empty). It is `maySeeReservation` (sight `concerned`) and `maySeeAsStaff` (sight `staff`)
 * turned into a query: the REST read access, the agenda and the lists are built on it, and a
 * property test holds `inScope(reservationScope(a, s), r)` equal to the one-by-one rule.
 */
export type ReservationScope = { all: true } | { all: false; operatorIds: readonly number[]; customer: number | null }

/** Someone who may not see a reservation must not learn that it exists: 404, never 403. */
export function maySeeReservation(actor: BookingActor, r: Pick<ReservationFacts, 'user' | 'operator'>): boolean {
  return sees(actor, r, 'concerned')
}

/**
 * The salon's view of a booking — its history, the dashboard's booking page: admins, and the
 * operator it is assigned to. Not its customer (their own screens show what concerns them), not
 * another operator, even one who booked it for themselves as a customer.
 */
export function maySeeAsStaff(actor: BookingActor, r: Pick<ReservationFacts, 'user' | 'operator'>): boolean {
  return sees(actor, r, 'staff')
}

function sees(actor: BookingActor, r: Pick<ReservationFacts, 'user' | 'operator'>, sight: Sight): boolean {
  const c = capacitiesOf(actor, r)
  return SIGHT[sight].some((k) => c[k])
}

export function reservationScope(actor: BookingActor, sight: Sight = 'concerned'): ReservationScope {
  const grants = SIGHT[sight]
  // The capacities an actor holds towards a reservation assigned to one of their records and booked by them.
  const c = capacitiesOf(actor, { user: actor.userId, operator: actor.operatorIds[0] ?? null })
  if (grants.includes('admin') && c.admin) return { all: true }
  const operatorIds = grants.includes('operator') && c.operator ? [...actor.operatorIds] : []
  const customer = grants.includes('customer') && c.customer ? actor.userId : null
  return { all: false, operatorIds, customer }
}

/** Whether a reservation falls in a scope (what the database filter selects). */
export function inScope(scope: ReservationScope, r: Pick<ReservationFacts, 'user' | 'operator'>): boolean {
  if (scope.all) return true
  return (
    (r.operator !== null && r.operator !== undefined && scope.operatorIds.includes(r.operator)) ||
    (scope.customer !== null && r.user === scope.customer)
  )
}

const notFound = { ok: false, status: 404, reason: 'NOT_FOUND' } as const
const forbiddenRole = { ok: false, status: 403, reason: 'FORBIDDEN_ROLE' } as const
const refuse = (status: 403 | 409, reason: DecisionReason): Decision => ({ ok: false, status, reason })

/**
 * Who may set which status. ADMIN: any legal transition. The assigned OPERATOR: any legal
 * transition of that reservation. For both, the clock too (`statusTimeDecision`): COMPLETED only
 * from the start on, NO_SHOW from the start + the salon's grace (409 NOT_STARTED, `params.from`). The customer (any role — an operator who booked for themselves
 * included): only CANCELLED, only under the cancellation policy. Staff rights win where an actor
 * holds both; someone who holds neither gets 404.
 */
export function authorizeTransition(
  actor: BookingActor,
  r: ReservationFacts,
  to: ReservationStatus,
  settings: BookingSettings,
  now: Date | number,
): Decision {
  if (!KNOWN_ROLES.has(actor.role)) return forbiddenRole
  const c = capacitiesOf(actor, r)
  if (c.admin || c.operator) {
    if (!canMoveReservation(r, to)) return refuse(409, 'ILLEGAL_TRANSITION')
    const clock = statusTimeDecision(r, to, settings, now)
    if (!clock.ok)
      return { ok: false, status: 409, reason: 'NOT_STARTED', ...(clock.from ? { params: { from: clock.from } } : {}) }
    return { ok: true, as: c.admin ? 'ADMIN' : 'OPERATOR' }
  }
  if (!c.customer) return notFound
  if (to !== 'CANCELLED') return refuse(403, 'FORBIDDEN_STATUS')
  if (!canTransition(r.status, to)) return refuse(409, 'ILLEGAL_TRANSITION')
  const policy = customerMayCancel(r, settings, now)
  return policy.allowed ? { ok: true, as: 'CUSTOMER' } : refuse(409, policy.reason)
}

/** The statuses this actor may set now, in the order of the status flow. */
export function allowedTransitions(
  actor: BookingActor,
  r: ReservationFacts,
  settings: BookingSettings,
  now: Date | number,
): ReservationStatus[] {
  const next = Object.prototype.hasOwnProperty.call(STATUS_TRANSITIONS, r.status) ? STATUS_TRANSITIONS[r.status] : []
  return next.filter((to) => authorizeTransition(actor, r, to, settings, now).ok)
}

/**
 * The status buttons a screen offers this actor now: what they may set (`allowedTransitions`),
 * less what nobody sets by hand. MODIFIED is what a customer's move makes of a confirmed booking,
 * never a button. PENDING_PAYMENT waits for a payment, and the product takes none yet: nothing
 * would ever move such a booking on. One button accepts a request: "Conferma" (CONFIRMED), or
 * "Approva" (APPROVED, confirmed later) when the salon works in two steps (`twoStepConfirmation`)
 * — never both. The status endpoint still accepts every legal transition (the API's contract).
 */
export function offeredTransitions(
  actor: BookingActor,
  r: ReservationFacts,
  settings: BookingSettings,
  now: Date | number,
): ReservationStatus[] {
  const twoStep = settings.twoStepConfirmation === true
  return allowedTransitions(actor, r, settings, now).filter((to) => {
    if (to === 'MODIFIED' || to === 'PENDING_PAYMENT') return false
    if (to === 'APPROVED') return twoStep
    if (to === 'CONFIRMED' && r.status === 'PENDING') return !twoStep
    return true
  })
}

/**
 * The last change of a booking into a final status, as its history recorded it: what the undo
 * puts back. `restoreEnd`: the end it had before staff freed the rest of its time, if they did.
 */
export interface FinalChange {
  from: ReservationStatus
  to: ReservationStatus
  /** ISO instant of the change. */
  at: string
  /** Who made it: a customer's own cancellation is theirs to take back (by booking again), not staff's. */
  byCustomer: boolean
  restoreEnd?: string | null
}

const FINAL: ReadonlySet<string> = new Set(['COMPLETED', 'NO_SHOW', 'CANCELLED', 'REJECTED'])

/** The salon's own actions on a booking: its admin or assigned operator; its customer 403, anyone else 404. */
function staffOnly(actor: BookingActor, r: Pick<ReservationFacts, 'user' | 'operator'>): Decision {
  if (!KNOWN_ROLES.has(actor.role)) return forbiddenRole
  const c = capacitiesOf(actor, r)
  if (c.admin || c.operator) return { ok: true, as: c.admin ? 'ADMIN' : 'OPERATOR' }
  return c.customer ? refuse(403, 'STAFF_ONLY') : notFound
}

/** Until when a final change may be undone: UNDO_MINUTES after it. */
export const undoDeadline = (change: Pick<FinalChange, 'at'>) =>
  new Date(parseInstant(change.at, 'UTC') + UNDO_MINUTES * 60_000).toISOString()

/**
 * Undo a final status set by mistake: staff (ADMIN, the assigned OPERATOR), within UNDO_MINUTES of
 * the change, while the booking is still in that status, and not a customer's own cancellation.
 * The booking gets its previous status (and its end, if the rest was freed) back; whether its time
 * is still free is the database guard's business (409 SLOT_TAKEN).
 */
export function authorizeUndo(
  actor: BookingActor,
  r: ReservationFacts,
  change: FinalChange | null | undefined,
  now: Date | number,
): Decision {
  const staff = staffOnly(actor, r)
  if (!staff.ok) return staff
  if (!change || !FINAL.has(r.status) || change.to !== r.status || change.byCustomer)
    return refuse(409, 'NOTHING_TO_UNDO')
  const at = parseInstant(change.at, 'UTC')
  if (Number.isNaN(at) || toEpochMs(now) > at + UNDO_MINUTES * 60_000) return refuse(409, 'UNDO_EXPIRED')
  return staff
}

/**
 * Free the rest of an appointment that is over before its end (served early, or a no-show): its
 * end becomes now, and the time after it can be booked. Staff only; the booking must be over
 * (COMPLETED, NO_SHOW), started, and not yet ended.
 */
export function authorizeFreeRest(
  actor: BookingActor,
  r: ReservationFacts & { date_end: string | null },
  now: Date | number,
): Decision {
  const staff = staffOnly(actor, r)
  if (!staff.ok) return staff
  const start = r.date_start ? parseInstant(r.date_start, 'UTC') : NaN
  const end = r.date_end ? parseInstant(r.date_end, 'UTC') : NaN
  const t = toEpochMs(now)
  if (!isOver(r.status) || Number.isNaN(start) || Number.isNaN(end) || t <= start || t >= end)
    return refuse(409, 'NOTHING_TO_FREE')
  return staff
}

/** Bookings that hold a time and can be moved to another: the blocking statuses, drafts excepted. */
export const MOVABLE_STATUSES = [
  'PENDING',
  'APPROVED',
  'CONFIRMED',
  'PENDING_PAYMENT',
  'MODIFIED',
] as const satisfies readonly ReservationStatus[]
const MOVABLE: ReadonlySet<string> = new Set(MOVABLE_STATUSES)

/**
 * Who may move a booking to another time. Only a booked time that has not started moves (a draft
 * is NOT_MOVABLE; a final status is FINAL_STATUS). ADMIN and the assigned OPERATOR: until it
 * starts. The customer: while cancelling would be allowed — the same policy function, read on the
 * *current* start (CANCELLATION_DISABLED, TOO_LATE_TO_MOVE). Where the new time is free is the
 * slot check's business, not this one's.
 */
export function authorizeMove(
  actor: BookingActor,
  r: ReservationFacts,
  settings: BookingSettings,
  now: Date | number,
): Decision {
  if (!KNOWN_ROLES.has(actor.role)) return forbiddenRole
  const c = capacitiesOf(actor, r)
  if (!c.admin && !c.operator && !c.customer) return notFound
  if (r.status === 'PENDING_CONFIRMATION' || !r.date_start) return refuse(409, 'NOT_MOVABLE')
  if (!MOVABLE.has(r.status)) return refuse(409, 'FINAL_STATUS')
  const start = parseInstant(r.date_start, settings.timezone)
  const started = Number.isNaN(start) || toEpochMs(now) >= start
  if (c.admin || c.operator)
    return started ? refuse(409, 'ALREADY_STARTED') : { ok: true, as: c.admin ? 'ADMIN' : 'OPERATOR' }
  const policy = customerMayCancel(r, settings, now)
  if (!policy.allowed) return refuse(409, policy.reason === 'TOO_LATE_TO_CANCEL' ? 'TOO_LATE_TO_MOVE' : policy.reason)
  return started ? refuse(409, 'ALREADY_STARTED') : { ok: true, as: 'CUSTOMER' }
}

/**
 * The status a booking has after a move. When the salon moves it (ADMIN, OPERATOR) it has agreed
 * to the new time: the status stays. When the customer moves it and the salon confirms by hand
 * (`autoConfirm` off), an APPROVED or CONFIRMED booking becomes MODIFIED so that the salon
 * re-confirms the new time; PENDING, PENDING_PAYMENT and MODIFIED stay as they are. With
 * `autoConfirm` the status stays: the salon accepts whatever the engine accepts.
 */
export function statusAfterMove(
  status: ReservationStatus,
  movedAs: ActingAs,
  settings: Pick<BookingSettings, 'autoConfirm'>,
): ReservationStatus {
  if (movedAs !== 'CUSTOMER' || settings.autoConfirm) return status
  return (status === 'CONFIRMED' || status === 'APPROVED') && canTransition(status, 'MODIFIED') ? 'MODIFIED' : status
}

/**
 * Staff booking a customer in (the dashboard's new booking, a phone call, a walk-in): an ADMIN
 * into any agenda; an OPERATOR only into their own (one of their operator records, never "any").
 * Customers book through their own booking session instead (create-session + confirm).
 */
export function authorizeBooking(actor: BookingActor, operator: number | 'any'): Decision {
  if (!KNOWN_ROLES.has(actor.role)) return forbiddenRole
  if (actor.role === 'ADMIN') return { ok: true, as: 'ADMIN' }
  if (actor.role === 'OPERATOR' && mayPlaceInAgenda(actor, 'OPERATOR', operator)) return { ok: true, as: 'OPERATOR' }
  return forbiddenRole
}

/**
 * Whose agenda the salon may put a booking in, acting as `as`: an ADMIN any operator's (or "any");
 * an OPERATOR only one of their own operator records — never "any", never a colleague's. One rule
 * for a new booking (`authorizeBooking`) and for a move or edit (`moveOperatorChoice`): an operator
 * who may not book into a colleague's agenda may not move a booking there either (issue 22 §5.6).
 * The customer's own choices are `moveOperatorChoice`'s business.
 */
export function mayPlaceInAgenda(actor: BookingActor, as: ActingAs, operator: number | 'any'): boolean {
  if (as === 'ADMIN') return actor.role === 'ADMIN'
  if (as === 'OPERATOR')
    return actor.role === 'OPERATOR' && operator !== 'any' && (actor.operatorIds ?? []).includes(operator)
  return false
}

/**
 * Whom the salon may book in (`POST /api/reservations/book`), after `authorizeBooking` said where.
 * An ADMIN: any customer. An OPERATOR: themselves, or someone who already is a client of their own
 * agenda — who has a booking (a draft does not count) with one of the operator's records.
 * Why: the booking's answer, the agenda and the calendar feed show the customer's name, e-mail and
 * phone. An operator already sees those of the clients of their own agenda (`maySeeAsStaff`) and of
 * nobody else; any user id would have let them read anyone's contact details by booking them in.
 * A new customer books online, or the admin books them in. `clientOf`: the operator records the
 * customer has such a booking with (the caller loads them). The refusal is the one an unknown id
 * gets (400 UNKNOWN_CUSTOMER on `user`): nobody learns which ids exist.
 */
export function mayBookCustomer(
  actor: BookingActor,
  as: ActingAs,
  customer: { id: number; clientOf: readonly number[] },
): boolean {
  if (as === 'ADMIN') return actor.role === 'ADMIN'
  if (as !== 'OPERATOR' || actor.role !== 'OPERATOR') return false
  if (customer.id === actor.userId) return true
  return customer.clientOf.some((o) => (actor.operatorIds ?? []).includes(o))
}

/** How far ahead the salon itself may book: a year, or the public horizon if that is longer. */
export const STAFF_HORIZON_DAYS = 365

/**
 * The booking settings a slot check applies for whoever books or moves. Customers: the salon's
 * settings as they are. Staff (a phone call, the customer at the desk): no minimum notice — the
 * salon knows whether it can take someone in ten minutes — and at least a year ahead. Opening
 * hours, closures, the slot grid, the past and other bookings bind everyone alike.
 */
export function slotSettingsFor<S extends Pick<BookingSettings, 'minNoticeMinutes' | 'bookingHorizonDays'>>(
  as: ActingAs,
  settings: S,
): S {
  if (as === 'CUSTOMER') return settings
  return {
    ...settings,
    minNoticeMinutes: 0,
    bookingHorizonDays: Math.max(Number(settings.bookingHorizonDays) || 0, STAFF_HORIZON_DAYS),
  }
}

/** Which parts of a booking an edit changes: its time or operator, its services, its note, its length. */
export interface EditScope {
  time: boolean
  services: boolean
  note: boolean
  /** A resize in the agenda: the salon sets how long it takes (the price stays). */
  duration?: boolean
}

/**
 * Who may edit what. A new time or operator is a move (`authorizeMove`: staff until it starts,
 * the customer under the cancellation policy). New services re-price the booking: staff only, on
 * a booking that could be moved; so does a new length (a resize: the price stays). The note is
 * the salon's record: staff (ADMIN, the assigned OPERATOR) at any status; the customer writes theirs when booking. Someone who may not see the
 * booking gets 404.
 */
export function authorizeEdit(
  actor: BookingActor,
  r: ReservationFacts,
  scope: EditScope,
  settings: BookingSettings,
  now: Date | number,
): Decision {
  if (!KNOWN_ROLES.has(actor.role)) return forbiddenRole
  const c = capacitiesOf(actor, r)
  if (!c.admin && !c.operator && !c.customer) return notFound
  const staff = c.admin || c.operator
  if ((scope.services || scope.note || scope.duration) && !staff) return refuse(403, 'STAFF_ONLY')
  if (scope.time || scope.services || scope.duration) return authorizeMove(actor, r, settings, now)
  return { ok: true, as: c.admin ? 'ADMIN' : 'OPERATOR' }
}

/** The last instant at which the customer may still cancel (or move): start − cancellationTimeLimit hours. */
export function cancellationDeadline(
  r: { date_start: string | null },
  settings: Pick<BookingSettings, 'cancellationTimeLimit' | 'timezone'>,
): string | undefined {
  if (!r.date_start) return undefined
  const start = parseInstant(r.date_start, settings.timezone)
  if (Number.isNaN(start)) return undefined
  return new Date(start - (Number(settings.cancellationTimeLimit) || 0) * 3_600_000).toISOString()
}

/** Why a screen's action is off. NOT_ALLOWED: the caller holds no capacity for it. */
export const ACTION_REASONS = [
  'FINAL_STATUS',
  'CANCELLATION_DISABLED',
  'TOO_LATE_TO_CANCEL',
  'TOO_LATE_TO_MOVE',
  'NOT_MOVABLE',
  'ALREADY_STARTED',
  'NOTHING_TO_UNDO',
  'UNDO_EXPIRED',
  'NOTHING_TO_FREE',
  'NOT_STARTED',
  'ALREADY_PAID',
  'NOT_ALLOWED',
] as const
export type ActionReason = (typeof ACTION_REASONS)[number]

/** What a screen shows for one action: whether the button works, until when, and if not, why. */
export interface ActionFlag {
  allowed: boolean
  /** ISO instant until which the action stays allowed (present only when it is allowed and has an end). */
  until?: string
  reason?: ActionReason
}

/** A decision as a screen's flag: ILLEGAL_TRANSITION reads FINAL_STATUS, a reason no screen words NOT_ALLOWED. */
export function flagOf(decision: Decision, until: () => string | undefined): ActionFlag {
  if (decision.ok) {
    const u = until()
    return u ? { allowed: true, until: u } : { allowed: true }
  }
  const reason: ActionReason =
    decision.reason === 'ILLEGAL_TRANSITION'
      ? 'FINAL_STATUS'
      : (ACTION_REASONS as readonly string[]).includes(decision.reason)
        ? (decision.reason as ActionReason)
        : 'NOT_ALLOWED'
  return { allowed: false, reason }
}

/**
 * The cancel and move buttons of one reservation for this actor, computed by the same decisions
 * the status and move endpoints take — so a screen never offers what the server would refuse.
 * `until`: for the customer, start − cancellationTimeLimit (both actions); for staff moving, the
 * start; staff cancelling has no deadline.
 */
export function reservationActions(
  actor: BookingActor,
  r: ReservationFacts,
  settings: BookingSettings,
  now: Date | number,
): { cancel: ActionFlag; move: ActionFlag } {
  const cancel = authorizeTransition(actor, r, 'CANCELLED', settings, now)
  const move = authorizeMove(actor, r, settings, now)
  const deadline = () => cancellationDeadline(r, settings)
  return {
    cancel: flagOf(cancel, () => (cancel.ok && cancel.as === 'CUSTOMER' ? deadline() : undefined)),
    move: flagOf(move, () =>
      move.ok && move.as === 'CUSTOMER'
        ? deadline()
        : r.date_start
          ? new Date(parseInstant(r.date_start, settings.timezone)).toISOString()
          : undefined,
    ),
  }
}

/**
 * The undo and free-the-rest buttons of one booking for staff: `undo.until` is the end of the undo
 * window; `freeRest.until` the booking's end (after it there is nothing left to free).
 */
export function staffActions(
  actor: BookingActor,
  r: ReservationFacts & { date_end: string | null },
  change: FinalChange | null | undefined,
  now: Date | number,
): { undo: ActionFlag; freeRest: ActionFlag } {
  const undo = authorizeUndo(actor, r, change, now)
  const freeRest = authorizeFreeRest(actor, r, now)
  return {
    undo: flagOf(undo, () => (change ? undoDeadline(change) : undefined)),
    freeRest: flagOf(freeRest, () =>
      r.date_end ? new Date(parseInstant(r.date_end, 'UTC')).toISOString() : undefined,
    ),
  }
}

/**
 * Who may turn an operator's private calendar feed on, renew or turn it off, and see that it is
 * on: an admin for any operator; an OPERATOR account for the operator record linked to it. A
 * customer still linked to a record (a former operator) may not.
 */
export function mayManageOperatorFeed(
  caller: { id: number; role: string; isAdmin: boolean },
  operatorUserId: number | null,
): boolean {
  return caller.isAdmin || (caller.role === 'OPERATOR' && same(operatorUserId, caller.id))
}

/**
 * Whether an operator's calendar feed still answers (issue 22 §5.7). Its link belongs to the login
 * the operator record was linked to when the link was made (`ownerUserId`; null for a record
 * without a login, whose link an admin made): it answers while the record is still linked to that
 * same login and that login is still staff. A demoted or unlinked operator's old link stops at
 * once — they could neither see nor revoke it any more — and a record given to another login does
 * not show its agenda through the previous person's link; the new login makes a link of its own.
 */
export function operatorFeedLive(
  ownerUserId: number | null,
  linked: { userId: number | null; role: string | null },
): boolean {
  if ((ownerUserId ?? null) !== (linked.userId ?? null)) return false
  return ownerUserId === null || linked.role === 'OPERATOR' || linked.role === 'ADMIN'
}
