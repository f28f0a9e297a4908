import type { Pool } from 'pg'
import {
  CALLED_OFF_STATUSES,
  MOVABLE_STATUSES,
  closedTime,
  offShiftTime,
  lastSalonChange,
  offeredTransitions,
  staffActions,
  reservationActions,
  checkoutAction,
  type AgendaClient,
  type AgendaItem,
  type AgendaQuery,
  type AgendaResponse,
  type BookingActor,
  type BookingSettings,
  type EventFacts,
  type FinalChange,
  type MineQuery,
  type MyReservationItem,
  type MyReservationsResponse,
  type PaidItem,
  type PhaseItem,
  type ReservationFacts,
  type ReservationDetail,
  type ReservationSeriesRef,
  maySeeAsStaff,
  reservationScope,
} from '@salon/shared'
import { notFound, isoOf } from '../platform'
import { finalChanges, readEvents, type ReservationRow } from './repository'
import { paidOf } from './checkoutRepository'
import { loadActor } from './reads'
import { localDays, salonCalendar } from '../calendar'
import { blocksWithin } from './operatorBlocks'
import { phasesOf } from './plans'
import { seriesRefs } from './seriesRepository'

type Actor = Parameters<typeof loadActor>[1]

/** Columns every list reads: the reservation, its operator and the operator's picture. */
const SELECT = `
  select r.id, r.user_id, r.operator_id, r.status, r.date_start, r.date_end, r.duration::float8 as duration,
         r.total_price::float8 as total_price, r.note, r.any_operator, r.shift_override,
         o.name as operator_name, coalesce(up.sizes_x1_filename, up.filename) as operator_image,
         u.name as customer_name, u.surname as customer_surname, u.phone_number as customer_phone,
         u.email as customer_email
    from reservations r
    left join operators o on o.id = r.operator_id
    left join upload up on up.id = o.image_id
    left join users u on u.id = r.user_id`

/** The staff lists' extra columns: the booking's card (issue 24), unless it was erased. */
const STAFF_SELECT = SELECT.replace(
  ' from reservations r',
  `, cl.id as client_id, cl.name as client_name, cl.surname as client_surname, cl.phone_number as client_phone,
         cl.email as client_email, cl.user_id is not null as client_has_account, cl.allergies as client_allergies,
         cl.blocked_online as client_blocked, r.customer_confirmed_at
    from reservations r
    left join clients cl on cl.id = r.client_id and cl.anonymised_at is null`,
)

interface Row extends Pick<
  ReservationRow,
  'id' | 'user_id' | 'operator_id' | 'status' | 'date_start' | 'date_end' | 'note'
> {
  duration: number | null
  total_price: number | null
  any_operator: boolean
  shift_override?: boolean
  operator_name: string | null
  operator_image: string | null
  customer_name: string | null
  customer_surname: string | null
  customer_phone: string | null
  customer_email: string | null
  client_id?: number | null
  client_name?: string | null
  client_surname?: string | null
  client_phone?: string | null
  client_email?: string | null
  client_has_account?: boolean | null
  client_allergies?: string | null
  client_blocked?: boolean | null
  customer_confirmed_at?: Date | null
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Same-origin path of an upload, as the upload collection's `imageUrl` gives it. */
const imageUrl = (filename: string | null) => (filename ? `/api/upload/file/${encodeURIComponent(filename)}` : null)

/** The services of each reservation, in booking order, with today's catalogue title, minutes and price. */
async function servicesOf(db: Pool, ids: number[]) {
  const out = new Map<number, MyReservationItem['services']>()
  if (!ids.length) return out
  const { rows } = await db.query(
    `select rr.parent_id, s.id, s.title, s.time::float8 as time, s.price::float8 as price
       from reservations_rels rr join services s on s.id = rr.services_id
      where rr.path = 'services' and rr.parent_id = any($1::int[])
      order by rr.parent_id, rr."order", rr.id`,
    [ids],
  )
  for (const r of rows as { parent_id: number; id: number; title: string; time: number; price: number }[]) {
    const list = out.get(r.parent_id) ?? []
    list.push({ id: r.id, title: r.title, duration: Number(r.time), price: Number(r.price) })
    out.set(r.parent_id, list)
  }
  return out
}

const factsOf = (r: Row): ReservationFacts => ({
  user: r.user_id,
  operator: r.operator_id,
  status: r.status,
  date_start: iso(r.date_start),
})

function core(r: Row, services: Map<number, MyReservationItem['services']>) {
  return {
    id: r.id,
    status: r.status,
    date_start: iso(r.date_start),
    date_end: iso(r.date_end),
    duration: Number(r.duration ?? 0),
    total_price: Number(r.total_price ?? 0),
    note: r.note ?? null,
    services: services.get(r.id) ?? [],
    operator:
      r.operator_id === null
        ? null
        : { id: r.operator_id, name: r.operator_name ?? '', imageUrl: imageUrl(r.operator_image) },
  }
}

/**
 * The recorded changes of each listed reservation, for the engine to find the last one the salon
 * made (`lastSalonChange`): the customer's card marks it, so a new time is never a surprise.
 */
async function eventsOf(db: Pool, ids: number[]) {
  const out = new Map<number, EventFacts[]>()
  if (!ids.length) return out
  const { rows } = await db.query(
    `select reservation_id, kind, actor_id, actor_role, array(select jsonb_object_keys(changes)) as changed,
            ${isoOf('created_at')} as at
       from reservation_events where reservation_id = any($1::int[]) order by reservation_id, id`,
    [ids],
  )
  for (const r of rows) {
    const list = out.get(r.reservation_id) ?? []
    list.push({ kind: r.kind, actorId: r.actor_id, actorRole: r.actor_role, changed: r.changed, at: r.at })
    out.set(r.reservation_id, list)
  }
  return out
}

const myItem = (
  r: Row,
  services: Map<number, MyReservationItem['services']>,
  events: Map<number, EventFacts[]>,
  series: Map<number, ReservationSeriesRef>,
  actor: BookingActor,
  settings: BookingSettings,
  now: Date,
): MyReservationItem => ({
  ...core(r, services),
  actions: reservationActions(actor, factsOf(r), settings, now),
  changedBySalonAt: lastSalonChange(events.get(r.id) ?? [], r.user_id),
  anyOperator: r.any_operator === true,
  series: series.get(r.id) ?? null,
})

/** Statuses that call a booking off: one of these whose time is still ahead is listed apart. */

/**
 * GET /api/reservations/mine: the caller's bookings as their customer (whatever their role).
 * Upcoming = a booking that still happens (PENDING, APPROVED, CONFIRMED, PENDING_PAYMENT, MODIFIED)
 * and has not ended, soonest first, all of them. Cancelled = a cancelled or rejected booking whose
 * start is still ahead, soonest first, all of them (it is not "past": its day has not come). Past =
 * everything else — ended, or closed (completed, no-show, cancelled or rejected once its time has
 * come) — newest first, a page at a time. Drafts never show.
 */
export async function myReservations(
  pool: Pool,
  user: Actor,
  q: MineQuery,
  now = new Date(),
): Promise<MyReservationsResponse> {
  const { settings } = await salonCalendar(pool, { consistency: 'cached', now: now.getTime() })
  const actor = await loadActor(pool, user)
  const active = `r.status = any($2::enum_reservations_status[]) and (r.date_end is null or r.date_end > $3)`
  const calledOff = `r.status = any($4::enum_reservations_status[]) and r.date_start > $3`
  const params = [user.id, [...MOVABLE_STATUSES], now, [...CALLED_OFF_STATUSES]]
  const mine = `r.user_id = $1 and r.status <> 'PENDING_CONFIRMATION'`
  const isPast = `not (${active}) and not coalesce(${calledOff}, false)`
  const [upcoming, cancelled, past, total] = await Promise.all([
    pool.query<Row>(
      `${SELECT} where ${mine} and ${active} order by r.date_start asc nulls last, r.id`,
      params.slice(0, 3),
    ),
    pool.query<Row>(
      `${SELECT} where ${mine} and r.status = any($2::enum_reservations_status[]) and r.date_start > $3
        order by r.date_start asc, r.id`,
      [user.id, [...CALLED_OFF_STATUSES], now],
    ),
    pool.query<Row>(
      `${SELECT} where ${mine} and ${isPast} order by r.date_start desc nulls last, r.id desc limit $5 offset $6`,
      [...params, q.pastLimit, (q.pastPage - 1) * q.pastLimit],
    ),
    pool.query<{ n: number }>(`select count(*)::int as n from reservations r where ${mine} and ${isPast}`, params),
  ])
  const ids = [...upcoming.rows, ...cancelled.rows, ...past.rows].map((r) => r.id)
  const [services, events, series] = await Promise.all([
    servicesOf(pool, ids),
    eventsOf(pool, ids),
    seriesRefs(pool, ids),
  ])
  const totalDocs = total.rows[0]?.n ?? 0
  return {
    upcoming: upcoming.rows.map((r) => myItem(r, services, events, series, actor, settings, now)),
    cancelled: cancelled.rows.map((r) => myItem(r, services, events, series, actor, settings, now)),
    past: past.rows.map((r) => myItem(r, services, events, series, actor, settings, now)),
    pastPagination: {
      page: q.pastPage,
      limit: q.pastLimit,
      totalDocs,
      hasNextPage: q.pastPage * q.pastLimit < totalDocs,
    },
    now: now.toISOString(),
  }
}

/**
 * GET /api/reservations/agenda: the appointments starting in the local days from..to (the
 * salon's zone), drafts excluded, sorted by start. An OPERATOR sees only those assigned to their
 * operator record(s) — `operator` narrows further, it never widens; an ADMIN sees all, or one
 * operator's. Each carries the status buttons the engine offers this caller now
 * (`offeredTransitions`) and the move, undo and free-the-rest flags.
 */
export async function agenda(pool: Pool, user: Actor, q: AgendaQuery, now = new Date()): Promise<AgendaResponse> {
  const [calendar, actor] = await Promise.all([
    salonCalendar(pool, { consistency: 'cached', now: now.getTime() }),
    loadActor(pool, user),
  ])
  const { settings } = calendar
  const tz = settings.timezone
  const { from, to } = localDays(tz, q.from, q.to)
  // The salon's view (`maySeeAsStaff` as a filter): null = every operator; otherwise only these records.
  const sight = reservationScope(actor, 'staff')
  const scope = sight.all ? null : [...sight.operatorIds]
  // The bookings and the blocks at once (each its own pooled connection); then the bookings'
  // services and the final changes an undo would take back.
  const [{ rows }, blocks] = await Promise.all([
    pool.query<Row>(
      `${STAFF_SELECT}
        where r.status <> 'PENDING_CONFIRMATION' and r.date_start >= $1 and r.date_start < $2
          and ($3::int[] is null or r.operator_id = any($3::int[]))
          and ($4::int is null or r.operator_id = $4)
        order by r.date_start, r.id`,
      [from, to, scope, q.operator ?? null],
    ),
    blocksWithin(pool, from, to, scope, q.operator ?? null),
  ])
  const ids = rows.map((r) => r.id)
  const [services, changes, paid, phases, series] = await Promise.all([
    servicesOf(pool, ids),
    finalChanges(pool, ids),
    paidOf(pool, ids),
    phasesOf(pool, ids),
    seriesRefs(pool, ids),
  ])
  const extras = { services, changes, paid, phases, series }
  const reservations = rows.map((r) => agendaItemOf(r, extras, actor, settings, now))
  // The salon's closed time of those days, by the engine's rules (one place computes it).
  const closed = closedTime(q.from, q.to, calendar, tz).map((r) => ({
    start: new Date(r.start).toISOString(),
    end: new Date(r.end).toISOString(),
    kind: r.kind,
    day: r.day,
  }))
  // Issue 23: each operator's open time off shift or on leave, for their column (same engine rule as the slots).
  const columns = (scope ?? calendar.operators.map((o) => o.id)).filter(
    (id) => q.operator === undefined || q.operator === null || id === q.operator,
  )
  const offShift = offShiftTime(calendar, columns, q.from, q.to, tz).map((r) => ({
    operator: r.operator,
    start: new Date(r.start).toISOString(),
    end: new Date(r.end).toISOString(),
    kind: r.kind,
    ...(r.leaveKind ? { leaveKind: r.leaveKind } : {}),
    day: r.day,
  }))
  return { from: q.from, to: q.to, timezone: tz, reservations, blocks, closed, offShift }
}

/** The booking's card as the agenda shows it; null for an anonymous walk-in or an erased person. */
function clientOf(r: Row): AgendaClient | null {
  if (r.client_id === null || r.client_id === undefined) return null
  const email = r.client_email || null
  return {
    id: r.client_id,
    name: r.client_name ?? '',
    surname: r.client_surname ?? null,
    phone: r.client_phone ?? null,
    email,
    hasAccount: r.client_has_account === true,
    allergies: r.client_allergies ?? null,
    blocked: r.client_blocked === true,
    // Where the booking's mails go: the card's e-mail (the account's, when joined), or nowhere.
    contact: email ? 'EMAIL' : 'NONE',
  }
}

/** What the staff lists read besides the rows: services, final changes (undo), checkouts and phases. */
interface StaffExtras {
  services: Map<number, MyReservationItem['services']>
  changes: Map<number, FinalChange>
  paid: Map<number, PaidItem>
  phases: Map<number, PhaseItem[]>
  series: Map<number, ReservationSeriesRef>
}

/**
 * One appointment as staff see it: customer contact, the card, the statuses this caller may set,
 * the move, undo, free-the-rest and checkout flags, and what was paid.
 */
function agendaItemOf(
  r: Row,
  { services, changes, paid, phases, series }: StaffExtras,
  actor: BookingActor,
  settings: BookingSettings,
  now: Date,
): AgendaItem {
  const payment = paid.get(r.id) ?? null
  return {
    ...core(r, services),
    customer:
      r.user_id === null
        ? null
        : {
            id: r.user_id,
            name: r.customer_name,
            surname: r.customer_surname,
            phone: r.customer_phone,
            email: r.customer_email,
          },
    client: clientOf(r),
    paid: payment,
    ...(r.shift_override ? { override_shift: true } : {}),
    ...(phases.has(r.id) ? { phases: phases.get(r.id)! } : {}),
    customer_confirmed_at: iso(r.customer_confirmed_at ?? null),
    series: series.get(r.id) ?? null,
    transitions: offeredTransitions(actor, factsOf(r), settings, now),
    actions: {
      move: reservationActions(actor, factsOf(r), settings, now).move,
      ...staffActions(actor, { ...factsOf(r), date_end: iso(r.date_end) }, changes.get(r.id), now),
      checkout: checkoutAction(actor, factsOf(r), payment !== null, now),
    },
  }
}

/**
 * GET /api/reservations/:id/detail: one booking for the dashboard's booking page — as the agenda
 * shows it (customer, services, operator, the transitions this caller may make, the move flag)
 * plus its history. Staff who may see it (admins, its operator); 404 for anyone else.
 */
export async function reservationDetail(
  pool: Pool,
  user: Actor,
  id: number,
  now = new Date(),
): Promise<ReservationDetail> {
  const { settings } = await salonCalendar(pool, { consistency: 'cached', now: now.getTime() })
  const actor = await loadActor(pool, user)
  const { rows } = await pool.query<Row>(`${STAFF_SELECT} where r.id = $1`, [id])
  const row = rows[0]
  if (!row || !maySeeAsStaff(actor, factsOf(row))) throw notFound()
  const [services, changes, paid, phases, series] = await Promise.all([
    servicesOf(pool, [id]),
    finalChanges(pool, [id]),
    paidOf(pool, [id]),
    phasesOf(pool, [id]),
    seriesRefs(pool, [id]),
  ])
  const item = agendaItemOf(row, { services, changes, paid, phases, series }, actor, settings, now)
  return { ...item, events: await readEvents(pool, id) }
}
