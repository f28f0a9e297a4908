import type { Pool, PoolClient } from 'pg'
import {
  type ActingAs,
  slotSettingsFor,
  addCalendarDays,
  type BookingSettings,
  bookingTotals,
  checkSlot,
  daySlots,
  daysWithSlots,
  eligibleOperators,
  localDayOf,
  type ReservationStatus,
  type Role,
  type SalonCalendar,
  type ServiceInfo,
  type UnavailableReason,
  CONFIG_DEFAULTS,
  bookingCapDecision,
  emailVerificationDecision,
  type LimitDecision,
  type OwnBookingFacts,
} from '@salon/shared'
import { HttpError, fieldError, sql, statement } from '../platform/edge'
import { cachedServices, localDays, salonCalendar, loadServices } from '../calendar/edge'
import { ownBookings } from './repository'
import { busyAndStations, planFor } from './plans'

type Actor = { id: number; user_role: Role }
export type OperatorChoice = number | 'any'

/** Why a slot cannot be booked, in the customer's language. */
export const UNAVAILABLE_MESSAGES: Record<
  UnavailableReason | 'SLOT_TAKEN' | 'SESSION_EXPIRED' | 'SESSION_CONFIRMED',
  string
> = {
  INVALID_SERVICES: 'Uno dei servizi scelti non è prenotabile.',
  NO_ELIGIBLE_OPERATOR: 'Nessun operatore può eseguire tutti i servizi scelti.',
  IN_THE_PAST: 'Questo orario è già passato.',
  TOO_SOON: 'Questo orario è troppo vicino: scegline uno più avanti.',
  BEYOND_HORIZON: 'Non è ancora possibile prenotare così avanti.',
  CLOSED: 'Il salone è chiuso in questo giorno o orario.',
  OUTSIDE_OPENING_HOURS: 'Il salone è chiuso a quest’ora.',
  NOT_ON_SLOT_GRID: 'Scegli uno degli orari proposti.',
  OPERATOR_BUSY: 'Questo orario non è più disponibile.',
  OFF_SHIFT: 'L’operatore non è di turno a quest’ora.',
  STATION_BUSY: 'A quest’ora le postazioni che servono sono tutte occupate: scegli un altro orario.',
  SLOT_TAKEN: 'Questo orario è appena stato prenotato da qualcun altro.',
  SESSION_EXPIRED: 'La sessione di prenotazione è scaduta: ricomincia.',
  SESSION_CONFIRMED: 'Questa prenotazione è già stata confermata.',
}

export const conflict = (reason: keyof typeof UNAVAILABLE_MESSAGES) =>
  new HttpError(409, reason, UNAVAILABLE_MESSAGES[reason], { reason })

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The engine's refusal of a limit (drafts, open bookings, unverified address), in Italian. */
export function limitRefusal(d: Exclude<LimitDecision, { ok: true }>): HttpError {
  const limit = d.limit ?? 0
  const message =
    d.reason === 'TOO_MANY_BOOKINGS'
      ? `Puoi avere al massimo ${plural(limit, 'appuntamento', 'appuntamenti')} in programma e ${limit === 1 ? 'lo' : 'li'} hai già: ` +
        'per prenotarne un altro disdicine uno in “I miei appuntamenti” o contatta il salone.'
      : d.reason === 'TOO_MANY_DRAFTS'
        ? 'Hai già troppe prenotazioni in corso: completane una o riprova tra qualche minuto.'
        : 'Conferma il tuo indirizzo e-mail per prenotare: trovi il link nella mail di benvenuto.'
  return new HttpError(d.status, d.reason, message, {
    reason: d.reason,
    ...(d.limit !== undefined ? { limit: d.limit, params: { limit: d.limit } } : {}),
  })
}

/**
 * `config.requireEmailVerification`, decided by the engine: a customer with an unconfirmed address
 * may not open, confirm or move a booking (staff, and staff acting on a customer's booking, may).
 */
export async function assertMayBook(db: Pick<PoolClient, 'query'>, user: Actor, actingAsStaff = false) {
  const { rows } = await db.query(statement(sql`select ${mayBookFacts(user.id)}`))
  mayBookOr403(user, rows[0] ?? {}, actingAsStaff)
}

/** The facts of the e-mail rule for the user id `user`, as select-list columns `required` and `verified`. */
export const mayBookFacts = (user: unknown) =>
  sql`coalesce((select require_email_verification from config order by id limit 1), false) as required,
            (select email_verified_at from users where id = ${user}) is not null as verified,
            coalesce((select blocked_online from clients where user_id = ${user}), false) as blocked,
            (select phone from config order by id limit 1) as salon_phone`

/** The engine's e-mail rule on facts read by `mayBookFacts`. */
export function mayBookOr403(
  user: Actor,
  facts: { required?: unknown; verified?: unknown; blocked?: unknown; salon_phone?: unknown },
  actingAsStaff = false,
) {
  // A card the salon blocked from booking online (issue 24): told politely to call, with the number.
  if (facts.blocked === true && !actingAsStaff) {
    const phone = typeof facts.salon_phone === 'string' && facts.salon_phone ? facts.salon_phone : null
    throw new HttpError(
      403,
      'CLIENT_BLOCKED',
      `Per questo appuntamento ti aiutiamo volentieri di persona: chiama il salone${phone ? ` al ${phone}` : ''}.`,
      { reason: 'CLIENT_BLOCKED', ...(phone ? { params: { phone } } : {}) },
    )
  }
  const verdict = emailVerificationDecision({
    role: user.user_role,
    required: !!facts.required,
    verified: !!facts.verified,
    actingAsStaff,
  })
  if (!verdict.ok) throw limitRefusal(verdict)
}

/**
 * The open-booking cap (`config.maxOpenBookings`), decided by the engine from the customer's own
 * not-yet-ended bookings. Call with the customer's users row locked, so that two confirms of one
 * customer cannot both pass.
 */
export async function assertUnderBookingCap(
  db: Pick<PoolClient, 'query'>,
  user: Actor,
  settings: BookingSettings,
  now: Date,
  excludeId: number,
) {
  const maxOpenBookings = settings.maxOpenBookings ?? CONFIG_DEFAULTS.maxOpenBookings
  if (!(maxOpenBookings > 0) || user.user_role !== 'USER') return // no cap, or staff: nothing to read
  const { rows } = await db.query(statement(sql`select ${ownBookings(user.id, now)} as bookings`))
  underBookingCapOr409(user, settings, now, excludeId, rows[0].bookings)
}

/** The engine's cap decision on the bookings read by `ownBookings`. */
export function underBookingCapOr409(
  user: Actor,
  settings: BookingSettings,
  now: Date,
  excludeId: number,
  own: { id: number; status: ReservationStatus; date_end: string | null; created_at: string }[],
) {
  const maxOpenBookings = settings.maxOpenBookings ?? CONFIG_DEFAULTS.maxOpenBookings
  if (!(maxOpenBookings > 0) || user.user_role !== 'USER') return
  const bookings: OwnBookingFacts[] = own.map((r) => ({
    id: r.id,
    status: r.status,
    date_end: r.date_end ? new Date(r.date_end).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  }))
  const verdict = bookingCapDecision({
    role: user.user_role,
    bookings,
    maxOpenBookings,
    holdMinutes: settings.holdMinutes,
    now,
    excludeId,
  })
  if (!verdict.ok) throw limitRefusal(verdict)
}

export async function servicesOr400(db: Parameters<typeof loadServices>[0], ids: number[]): Promise<ServiceInfo[]> {
  return bookableOr400(await loadServices(db, ids))
}

/** `servicesOr400` for the availability reads: from the process's copy (calendar `cachedServices`). */
export async function offeredServicesOr400(db: Pool, ids: number[], now: Date): Promise<ServiceInfo[]> {
  return bookableOr400(await cachedServices(db, ids, now.getTime()))
}

/** The chosen services, or a 400 naming `services` when one does not exist or is not bookable. */
export function bookableOr400({ services, missing }: { services: ServiceInfo[]; missing: number[] }) {
  if (missing.length || services.some((s) => s.active === false)) {
    throw fieldError('services', 'INVALID_SERVICES', UNAVAILABLE_MESSAGES.INVALID_SERVICES)
  }
  return services
}

export function operatorOr400(calendar: { operators: { id: number }[] }, operator: OperatorChoice) {
  if (operator !== 'any' && !calendar.operators.some((o) => o.id === operator)) {
    throw fieldError('operator', 'OPERATOR_UNAVAILABLE', 'Operatore non disponibile')
  }
}

/** Operators whose reservations matter for a query. */
export const candidates = (services: ServiceInfo[], calendar: SalonCalendar, operator: OperatorChoice) =>
  operator === 'any' ? eligibleOperators(services, calendar.operators) : [operator]

/**
 * The free starts of a local day. `as`: whose rules apply — customers' (the public site), or
 * staff's (the dashboard booking a customer in: no minimum notice, a year ahead; `slotSettingsFor`).
 */
/**
 * The busy times and station holds a new booking of `services` with `operator` meets during
 * [from, to): its candidates' bookings and, when its plan needs a station, everyone's holds.
 */
export const busyForNew = (
  db: Pool | PoolClient,
  services: ServiceInfo[],
  calendar: SalonCalendar,
  operator: OperatorChoice,
  from: Date,
  to: Date,
) =>
  busyAndStations(db, candidates(services, calendar, operator), planFor(services), from, to, calendar.settings.timezone)

export async function dayAvailability(
  db: Pool,
  q: { date: string; services: number[]; operator: OperatorChoice },
  now = new Date(),
  as: ActingAs = 'CUSTOMER',
) {
  const cached = await salonCalendar(db, { consistency: 'cached', now: now.getTime() })
  const calendar = { ...cached, settings: slotSettingsFor(as, cached.settings) }
  const services = await offeredServicesOr400(db, q.services, now)
  operatorOr400(calendar, q.operator)
  const tz = calendar.settings.timezone
  const { from, to } = localDays(tz, q.date)
  const { reservations, stationUses } = await busyForNew(db, services, calendar, q.operator, from, to)
  const slots = daySlots({ day: q.date, services, operator: q.operator, calendar, reservations, now, stationUses })
  return { date: q.date, timezone: tz, ...bookingTotals(services), slots }
}

export async function monthAvailability(
  db: Pool,
  q: { month: string; services: number[]; operator: OperatorChoice },
  now = new Date(),
) {
  const calendar = await salonCalendar(db, { consistency: 'cached', now: now.getTime() })
  const services = await offeredServicesOr400(db, q.services, now)
  operatorOr400(calendar, q.operator)
  const tz = calendar.settings.timezone
  const first = `${q.month}-01`
  const [y, m] = q.month.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  const { from, to } = localDays(tz, first, addCalendarDays(next, -1))
  const { reservations, stationUses } = await busyForNew(db, services, calendar, q.operator, from, to)
  const days = daysWithSlots({
    month: q.month,
    services,
    operator: q.operator,
    calendar,
    reservations,
    now,
    stationUses,
  })
  return { month: q.month, timezone: tz, days }
}

export async function checkAvailability(
  db: Pool,
  q: { date_start: string; services: number[]; operator: OperatorChoice },
  now = new Date(),
) {
  const calendar = await salonCalendar(db, { consistency: 'cached', now: now.getTime() })
  const services = await offeredServicesOr400(db, q.services, now)
  operatorOr400(calendar, q.operator)
  const start = new Date(q.date_start)
  const { from, to } = localDays(calendar.settings.timezone, localDayOf(start, calendar.settings.timezone))
  const { reservations, stationUses } = await busyForNew(db, services, calendar, q.operator, from, to)
  const result = checkSlot({ services, operator: q.operator, calendar, reservations, now, start, stationUses })
  return result.available
    ? { available: true as const, date_start: start.toISOString(), date_end: result.end, operators: result.operators }
    : { available: false as const, reason: result.reason, message: UNAVAILABLE_MESSAGES[result.reason] }
}
