import { closureIndexOf, type ClosureIndex } from './closures'
import { DAY_PATTERN, openingRanges } from './opening'
import { addCalendarDays, localDayOf, startOfLocalDay } from './periods'
import { blockedStarts, fullRanges, insideOpen } from './phaseRanges'
import { placePlan, planOf, storedPlan, type PlacedSegment, type PlanSegment } from './phases'
import { eligibleOperators, isActive } from './pricing'
import { mergeRanges, overlapsSorted } from './ranges'
import { rotaRangesOf, withinRanges } from './rota'
import { isBlocking } from './status'
import type {
  ExistingReservation,
  Range,
  SalonCalendar,
  ServiceInfo,
  Slot,
  StationUse,
  UnavailableReason,
} from './types'
import { parseInstant, toEpochMs } from './zone'

export interface SlotQuery {
  day: string // 'YYYY-MM-DD' local
  services: ServiceInfo[] // the chosen services, in order (back to back)
  operator: number | 'any'
  calendar: SalonCalendar
  /**
   * The operators' bookings (may include non-blocking ones: filtered with isBlocking). One with
   * `busy` holds its operator during those ranges only (phases: free in the *tempo di posa*, busy
   * in the clean-up after `date_end`); one without, during [date_start, date_end).
   */
  reservations: ExistingReservation[]
  now: Date | number
  /**
   * Minutes the booking lasts for the customer, when it is not the services' current total: a
   * booking being moved keeps the duration agreed when it was made (`bookingAmounts`), even if a
   * service's time has changed since.
   */
  durationMinutes?: number
  /**
   * The booking's stored plan (`reservations.plan`, phases.ts), when it is not the services'
   * current one: a move keeps what was agreed. `null`: one busy block. Absent: the services' plan
   * (`storedPlan(planOf(services))`). Placed at the start with `placePlan` (cut or stretched to
   * `durationMinutes`).
   */
  plan?: PlanSegment[] | null
  /**
   * Every booking's holds on stations around that day (any operator; non-blocking ones filtered
   * with isBlocking). The caller leaves out the booking being moved. Absent: none.
   */
  stationUses?: StationUse[]
  /**
   * `ignore`: staff booking someone outside their shift on purpose (the dashboard asked and they
   * confirmed; the booking records the override). Default `enforce`.
   */
  shifts?: 'enforce' | 'ignore'
  /**
   * `ignore` (checkSlot only): staff booking outside the offered times on purpose (issue 24) — the
   * opening hours, closures, the slot grid, the notice and the horizon do not count; the past,
   * the operator's other bookings and the stations still do. Default `enforce`.
   */
  hours?: 'enforce' | 'ignore'
}

export type SlotCheck =
  { available: true; operators: number[]; end: string } | { available: false; reason: UnavailableReason }

const MINUTE_MS = 60_000

/** Everything about a query that does not depend on the day: computed once per call. */
export interface PreparedQuery {
  /** Set when no day can have a slot for these services / this operator. */
  invalid?: 'INVALID_SERVICES' | 'NO_ELIGIBLE_OPERATOR'
  timeZone: string
  stepMs: number
  /** The customer's time: a slot is [start, start + durationMs). */
  durationMs: number
  /** The booking's plan placed at start 0 (ms from the start, clean-up included). */
  segments: PlacedSegment[]
  /**
   * Set unless the plan is one busy block without a station (every salon without phases: then
   * the operator must be free for [start, start + durationMs), today's loop). Per candidate, the
   * starts their busy ranges forbid for the plan's busy segments (`blockedStarts`); and the
   * starts a full station forbids (null: the plan needs no station).
   */
  phased?: { operators: Map<number, Range[]>; stations: Range[] | null }
  now: number
  /** The earliest bookable start: now + minimum notice (never before now). */
  earliest: number
  /** Starts must be before this instant: local midnight after the last bookable day. */
  horizonEnd: number
  today: string
  lastBookableDay: string
  /** Eligible operators (or the chosen one), in preference order. */
  candidates: number[]
  /** Each candidate's busy ranges (blocking reservations, their `busy` when given), merged and sorted. */
  busy: Map<number, Range[]>
  calendar: SalonCalendar
  /** The closure index for a window of local days (the last one built is reused). */
  closures(fromDay: string, toDay: string): ClosureIndex
  /** Whether shifts and leave count (`SlotQuery.shifts`). */
  enforceShifts: boolean
}

/**
 * The days a customer may book from `now`: today (in the salon's zone) up to the booking horizon,
 * both included. The one place the horizon is counted.
 */
export function bookableDays(now: Date, settings: { timezone: string; bookingHorizonDays: unknown }) {
  const today = localDayOf(now, settings.timezone)
  const horizonDays = Math.floor(Number(settings.bookingHorizonDays)) || 0
  return { today, lastBookableDay: addCalendarDays(today, horizonDays) }
}

/** Reads the query and the settings once. */
export function prepareQuery(q: Omit<SlotQuery, 'day'>): PreparedQuery {
  const { settings } = q.calendar
  const timeZone = settings.timezone
  const now = toEpochMs(q.now)
  if (!Number.isFinite(now)) throw new RangeError('now must be a valid instant')
  const { today, lastBookableDay } = bookableDays(new Date(now), settings)
  const notice = (Number(settings.minNoticeMinutes) || 0) * MINUTE_MS
  const services = q.services ?? []
  const planned = planOf(services)
  const duration = q.durationMinutes ?? planned.customerMinutes
  const durationMs = Math.round(duration * MINUTE_MS)
  let closureIndex: { key: string; index: ClosureIndex } | undefined
  const prepared: PreparedQuery = {
    timeZone,
    stepMs: Math.round((Number(settings.slotStepMinutes) || 0) * MINUTE_MS),
    durationMs,
    segments: placePlan(q.plan !== undefined ? q.plan : storedPlan(planned), 0, durationMs),
    now,
    earliest: Math.max(now, now + notice),
    horizonEnd: startOfLocalDay(addCalendarDays(lastBookableDay, 1), timeZone).getTime(),
    today,
    lastBookableDay,
    candidates: [],
    busy: new Map(),
    calendar: q.calendar,
    enforceShifts: q.shifts !== 'ignore' && q.calendar.rota !== undefined,
    closures(from, to) {
      const key = `${from}|${to}`
      if (closureIndex?.key !== key) {
        closureIndex = {
          key,
          index: closureIndexOf(q.calendar.closures ?? [], q.calendar.holidays ?? [], timeZone, from, to),
        }
      }
      return closureIndex.index
    },
  }
  if (services.length === 0 || !services.every(isActive) || !(prepared.durationMs > 0)) {
    prepared.invalid = 'INVALID_SERVICES'
    return prepared
  }
  const eligible = eligibleOperators(services, q.calendar.operators ?? [])
  prepared.candidates = q.operator === 'any' ? eligible : eligible.filter((id) => id === q.operator)
  if (prepared.candidates.length === 0) {
    prepared.invalid = 'NO_ELIGIBLE_OPERATOR'
    return prepared
  }
  const hold = Number(settings.holdMinutes) || 0
  const byOperator = new Map<number, Range[]>(prepared.candidates.map((id) => [id, []]))
  for (const r of q.reservations ?? []) {
    const list = byOperator.get(r.operator)
    if (!list || !isBlocking(r, now, hold)) continue
    if (Array.isArray(r.busy)) {
      for (const b of r.busy) pushRange(list, b.start, b.end, timeZone)
    } else if (r.plan) {
      // Its plan placed at its time (the rule the database's stretches follow): its busy segments.
      const start = parseInstant(r.date_start, timeZone)
      for (const seg of placePlan(r.plan, start, parseInstant(r.date_end, timeZone)))
        if (seg.operator_busy) list.push({ start: seg.start, end: seg.end })
    } else pushRange(list, r.date_start, r.date_end, timeZone)
  }
  for (const [id, list] of byOperator) prepared.busy.set(id, mergeRanges(list))
  const phased = phasedOf(prepared, q.stationUses ?? [], hold)
  if (phased) prepared.phased = phased
  return prepared
}

function pushRange(list: Range[], from: string | number, to: string | number, timeZone: string) {
  const start = typeof from === 'number' ? from : parseInstant(from, timeZone)
  const end = typeof to === 'number' ? to : parseInstant(to, timeZone)
  if (end > start) list.push({ start, end })
}

/**
 * The plan's constraints turned into forbidden starts, once per query (see `PreparedQuery.phased`);
 * undefined for one busy block [0, durationMs) without a station.
 */
function phasedOf(p: PreparedQuery, uses: readonly StationUse[], hold: number): PreparedQuery['phased'] {
  const only = p.segments.length === 1 ? p.segments[0]! : undefined
  if (only && only.operator_busy && only.station === null && only.start === 0 && only.end === p.durationMs)
    return undefined // the common case, without allocating
  const busySegments = mergeRanges(p.segments.filter((s) => s.operator_busy))
  const stationSegments = p.segments.filter((s) => s.station !== null)
  const block = busySegments.length === 1 && busySegments[0]!.start === 0 && busySegments[0]!.end === p.durationMs
  if (block && stationSegments.length === 0) return undefined
  const operators = new Map<number, Range[]>()
  for (const [id, busy] of p.busy) operators.set(id, blockedStarts([[busy, busySegments]]))
  if (stationSegments.length === 0) return { operators, stations: null }
  const needed = new Set(stationSegments.map((s) => s.station!))
  const usesOf = new Map<number, Range[]>([...needed].map((k) => [k, []]))
  for (const u of uses) {
    const list = usesOf.get(u.station)
    if (list && isBlocking(u, p.now, hold)) pushRange(list, u.start, u.end, p.timeZone)
  }
  const counts = new Map((p.calendar.stations ?? []).map((s) => [s.id, Number(s.count)]))
  const stations = [...needed].map(
    (k) =>
      [
        fullRanges(usesOf.get(k)!, counts.get(k) ?? 0),
        mergeRanges(stationSegments.filter((s) => s.station === k)),
      ] as const,
  )
  return { operators, stations: blockedStarts(stations) }
}

/**
 * Each candidate's on-shift ranges of the local `day` (rota.ts `rotaRangesOf`; `null` = the salon's
 * hours). Undefined when shifts do not count, so the common case costs nothing.
 */
function shiftsOfDay(p: PreparedQuery, day: string): Map<number, Range[] | null> | undefined {
  if (!p.enforceShifts) return undefined
  const out = new Map<number, Range[] | null>()
  for (const id of p.candidates) out.set(id, rotaRangesOf(p.calendar, id, day, p.timeZone))
  return out
}

/** The candidates on shift for the whole of [start, end), in preference order. */
function onShift(p: PreparedQuery, shifts: Map<number, Range[] | null> | undefined, start: number, end: number) {
  return shifts ? p.candidates.filter((id) => withinRanges(shifts.get(id)!, start, end)) : p.candidates
}

function freeOperators(
  p: PreparedQuery,
  start: number,
  end: number,
  shifts?: Map<number, Range[] | null>,
  working: number[] = onShift(p, shifts, start, end),
): number[] {
  const out: number[] = []
  const phased = p.phased
  if (phased) {
    for (const id of working) if (!insideOpen(phased.operators.get(id)!, start)) out.push(id)
  } else for (const id of working) if (!overlapsSorted(p.busy.get(id)!, start, end)) out.push(id)
  return out
}

/** Whether every station the plan needs has a unit free for its whole segment, starting at `start`. */
function stationsFree(p: PreparedQuery, start: number): boolean {
  const stations = p.phased?.stations
  return !stations || !insideOpen(stations, start)
}

/** The slots of one local day for a prepared query; stops after `limit` slots. */
export function slotsOfDay(p: PreparedQuery, day: string, limit = Number.POSITIVE_INFINITY): Slot[] {
  if (p.invalid || !DAY_PATTERN.test(day) || !(p.stepMs > 0)) return []
  if (day < p.today || day > p.lastBookableDay) return []
  const opening = openingRanges(day, p.calendar.opening ?? [], p.timeZone)
  if (opening.length === 0) return []
  const closures = p.closures(day, day)
  if (closures.isDayClosed(day)) return []
  const closed = closures.rangesOf(day)
  const shifts = shiftsOfDay(p, day)
  const { stepMs, durationMs, earliest, horizonEnd } = p
  const stations = p.phased?.stations
  const found: { start: number; operators: number[] }[] = []
  for (const interval of opening) {
    // The grid is anchored at the interval's opening; a closure only removes slots from it.
    let k = Math.max(0, Math.ceil((earliest - interval.start) / stepMs))
    let inInterval = 0
    for (
      let s = interval.start + k * stepMs;
      s + durationMs <= interval.end && s < horizonEnd;
      s = interval.start + ++k * stepMs
    ) {
      const end = s + durationMs
      if (overlapsSorted(closed, s, end) || (stations && insideOpen(stations, s))) continue
      const operators = freeOperators(p, s, end, shifts)
      if (operators.length === 0) continue
      found.push({ start: s, operators })
      if (++inInterval >= limit) break
    }
  }
  if (opening.length > 1) found.sort((a, b) => a.start - b.start)
  const slots: Slot[] = []
  let last = Number.NaN
  for (const f of found) {
    if (f.start === last) continue // overlapping intervals can propose the same start
    last = f.start
    slots.push({
      start: new Date(f.start).toISOString(),
      end: new Date(f.start + durationMs).toISOString(),
      operators: f.operators,
    })
    if (slots.length >= limit) break
  }
  return slots
}

/**
 * Every slot of the day. A booking is its plan (phases.ts: the services' phases and clean-ups
 * back to back, or the stored `plan` of a move) placed at the start, its customer's time
 * [start, start + duration) (`durationMinutes`, else the plan's customer minutes). A start is a
 * slot when:
 * - the customer's time starts on a multiple of slotStepMinutes from the opening of its interval,
 *   fits entirely inside one opening interval without touching a closure or holiday, starts at or
 *   after now + minNoticeMinutes and before local midnight ending the bookingHorizonDays-th day
 *   after today — the last clean-up may run past closing time (the customer has left);
 * - an eligible operator is on shift for the whole customer's time (rota.ts; the clean-up may run
 *   past the shift's end) and free — no blocking booking of theirs busy (its `busy` ranges, else
 *   [date_start, date_end)) — during every segment of the plan with `operator_busy` (the clean-up
 *   included); during *tempo di posa* (operator free) they may be busy with someone else;
 * - every segment that needs a station of kind k finds, at every instant of it, fewer than
 *   `count(k)` blocking station uses (`stationUses`, any operator); a kind missing from
 *   `calendar.stations` has none.
 * `operators`: the free ones in preference order; `end`: the customer's end. Phases are elapsed
 * minutes (a DST night changes the clock, not the minutes); starts stay on the local grid.
 * Inactive or no services → no slots. Sorted by start; ISO instants with Z.
 */
export function daySlots(q: SlotQuery): Slot[] {
  if (!DAY_PATTERN.test(q.day)) return []
  return slotsOfDay(prepareQuery(q), q.day)
}

/**
 * The same rules for one proposed start. Reasons, in this order: INVALID_SERVICES,
 * NO_ELIGIBLE_OPERATOR, IN_THE_PAST, TOO_SOON, BEYOND_HORIZON, CLOSED (day closed, holiday or a
 * closure overlapping), OUTSIDE_OPENING_HOURS, NOT_ON_SLOT_GRID (also for an unreadable start),
 * OFF_SHIFT (no candidate is on shift for the whole customer's time, leave included),
 * OPERATOR_BUSY (someone is on shift but busy during a busy segment of the plan), STATION_BUSY
 * (an operator is free but a station the plan needs is full during its segment). The opening
 * hours, closures, grid, notice and horizon judge the customer's time, as in `daySlots`.
 */
export function checkSlot(q: Omit<SlotQuery, 'day'> & { start: string | Date }): SlotCheck {
  const timeZone = q.calendar.settings.timezone
  const start = typeof q.start === 'string' ? parseInstant(q.start, timeZone) : toEpochMs(q.start)
  const day = Number.isFinite(start) ? localDayOf(new Date(start), timeZone) : ''
  const p = prepareQuery(q)
  if (p.invalid) return { available: false, reason: p.invalid }
  if (!Number.isFinite(start)) return { available: false, reason: 'NOT_ON_SLOT_GRID' }
  const end = start + p.durationMs
  if (start < p.now) return { available: false, reason: 'IN_THE_PAST' }
  if (q.hours === 'ignore') return freeAt(p, day, start, end)
  if (start < p.earliest) return { available: false, reason: 'TOO_SOON' }
  if (start >= p.horizonEnd) return { available: false, reason: 'BEYOND_HORIZON' }
  const opening = openingRanges(day, p.calendar.opening ?? [], timeZone)
  const closures = p.closures(day, day)
  if (opening.length === 0 || closures.isDayClosed(day)) return { available: false, reason: 'CLOSED' }
  if (overlapsSorted(closures.rangesOf(day), start, end)) return { available: false, reason: 'CLOSED' }
  const containing = opening.filter((r) => r.start <= start && end <= r.end)
  if (containing.length === 0) return { available: false, reason: 'OUTSIDE_OPENING_HOURS' }
  if (!(p.stepMs > 0) || !containing.some((r) => (start - r.start) % p.stepMs === 0)) {
    return { available: false, reason: 'NOT_ON_SLOT_GRID' }
  }
  return freeAt(p, day, start, end)
}

/** Who is on shift (when shifts count) for start..end and free for the plan's busy segments; then the stations. */
function freeAt(p: PreparedQuery, day: string, start: number, end: number): SlotCheck {
  const working = onShift(p, shiftsOfDay(p, day), start, end)
  if (working.length === 0) return { available: false, reason: 'OFF_SHIFT' }
  const operators = freeOperators(p, start, end, undefined, working)
  if (operators.length === 0) return { available: false, reason: 'OPERATOR_BUSY' }
  if (!stationsFree(p, start)) return { available: false, reason: 'STATION_BUSY' }
  return { available: true, operators, end: new Date(end).toISOString() }
}

/**
 * "Any operator": among the free operators (free for every busy segment of the plan: `Slot.operators`), the one with the fewest blocking reservations in
 * `reservationsThatDay` (the caller passes that local day's reservations); ties go to the first
 * in `free`, which is preference order. undefined when nobody is free.
 */
export function pickOperator(
  free: number[],
  reservationsThatDay: ExistingReservation[],
  now: Date | number,
  holdMinutes: number,
): number | undefined {
  const counts = new Map<number, number>(free.map((id) => [id, 0]))
  for (const r of reservationsThatDay ?? []) {
    const n = counts.get(r.operator)
    if (n !== undefined && isBlocking(r, now, holdMinutes)) counts.set(r.operator, n + 1)
  }
  let best: number | undefined
  let bestCount = Number.POSITIVE_INFINITY
  for (const id of free) {
    const n = counts.get(id)!
    if (n < bestCount) {
      best = id
      bestCount = n
    }
  }
  return best
}
