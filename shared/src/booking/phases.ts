import type { ExistingReservation, Range, ServiceInfo, StationUse } from './types'
import { parseInstant } from './zone'

/**
 * Services the way a salon works them (issue 25): a service is a short sequence of phases, each
 * with minutes and whether the operator is busy (application, *tempo di posa* with the operator
 * free, finish), each maybe needing one station of a kind (a basin, a colour chair); then optional
 * clean-up minutes (operator busy, customer gone, the station of the service's last phase held).
 *
 * A booking's plan chains its services back to back: each service's phases, then its clean-up.
 * The customer is in the salon from the start to the end of the last service's last phase (the
 * booking's `date_end`); a clean-up between two services is time the customer waits while the
 * stylist tidies up, the last service's clean-up comes after they left.
 *
 * The placement of a stored plan at a booking's start and end (`placePlan`) is also written in SQL
 * (migration …_phases: `reservation_phase_rows`); cms/tests/int/phases.test.ts checks both agree.
 */

export interface ServicePhase {
  /** Whole minutes, ≥ 1. */
  minutes: number
  /** The operator works during the phase (false: *tempo di posa*, the operator is free). */
  operator_busy: boolean
  /** The kind of station (`stations` id) the phase holds one unit of, or none. */
  station?: number | null
  /** What the salon calls it ("Applicazione", "Posa", "Risciacquo e piega"), shown to staff. */
  label?: string | null
}

/** One stretch of a booking's plan, in minutes from its start: [from, to). */
export interface PlanSegment {
  from: number
  to: number
  operator_busy: boolean
  station: number | null
  /** Clean-up after a service: the customer is gone (or waiting), the operator busy. */
  cleanup: boolean
  label?: string | null
}

export interface Plan {
  segments: PlanSegment[]
  /** Minutes from the start to the end of the last customer phase: the booking's duration. */
  customerMinutes: number
  /** Minutes until the last segment ends (clean-up included). */
  totalMinutes: number
}

/** A service's phases: its own, or one busy phase of `time` minutes (a service without phases). */
export function phasesOf(service: Pick<ServiceInfo, 'time' | 'phases'>): ServicePhase[] {
  const own = (service.phases ?? []).filter((p) => Number(p.minutes) > 0)
  if (own.length > 0) return own
  const time = Number(service.time)
  return Number.isFinite(time) && time > 0 ? [{ minutes: time, operator_busy: true, station: null }] : []
}

/** The minutes a service lasts for the customer: the sum of its phases. */
export function serviceMinutes(service: Pick<ServiceInfo, 'time' | 'phases'>): number {
  return phasesOf(service).reduce((sum, p) => sum + Number(p.minutes), 0)
}

/** The chained plan of `services`, in order (see the file's comment). */
export function planOf(services: Pick<ServiceInfo, 'time' | 'phases' | 'cleanup_minutes'>[]): Plan {
  const segments: PlanSegment[] = []
  let t = 0
  let customerMinutes = 0
  for (const service of services ?? []) {
    let lastStation: number | null = null
    for (const phase of phasesOf(service)) {
      const minutes = Number(phase.minutes)
      lastStation = phase.station ?? null
      segments.push({
        from: t,
        to: t + minutes,
        operator_busy: phase.operator_busy !== false,
        station: lastStation,
        cleanup: false,
        ...(phase.label ? { label: phase.label } : {}),
      })
      t += minutes
      customerMinutes = t
    }
    const cleanup = Math.max(0, Math.floor(Number(service.cleanup_minutes) || 0))
    if (cleanup > 0) {
      segments.push({ from: t, to: t + cleanup, operator_busy: true, station: lastStation, cleanup: true })
      t += cleanup
    }
  }
  return { segments, customerMinutes, totalMinutes: t }
}

/**
 * Whether a plan is today's single block: the operator busy for the whole booking, no station, no
 * clean-up. Such a booking stores no plan (`reservations.plan` null) and costs the engine nothing.
 */
export function isSimplePlan(plan: Pick<Plan, 'segments'>): boolean {
  return plan.segments.every((s) => s.operator_busy && s.station === null && !s.cleanup)
}

/** The stored form of a plan: null when simple, else its segments. */
export function storedPlan(plan: Plan): PlanSegment[] | null {
  return isSimplePlan(plan) ? null : plan.segments
}

/** An absolute stretch of a booking: epoch ms, half-open. */
export interface PlacedSegment extends Range {
  operator_busy: boolean
  station: number | null
  cleanup: boolean
  label?: string | null
}

/**
 * A stored plan placed at a booking's `start`, its customer time ending at `end` (epoch ms). The
 * plan's minutes are elapsed time (a DST night changes the clock, not the minutes). When the
 * booking ends as planned, the whole plan is placed, its last clean-up after `end`. When it ends
 * earlier than planned (the rest freed, a shorter length set by hand), every segment is cut at
 * `end` and those after it — the clean-up included — are gone; when it ends later (a longer length
 * set by hand), the last customer segment stretches to `end` and the clean-up follows it. A null
 * plan (or an empty one) is one busy block [start, end).
 */
export function placePlan(plan: PlanSegment[] | null | undefined, start: number, end: number): PlacedSegment[] {
  if (!(end > start)) return []
  if (!plan || plan.length === 0) return [{ start, end, operator_busy: true, station: null, cleanup: false }]
  // Plain loops, no closures or spreads: the server places every phased booking of a day per request.
  let customerEnd = 0
  let last = -1
  for (let k = 0; k < plan.length; k++) {
    const s = plan[k]!
    if (s.cleanup) continue
    if (s.to > customerEnd) customerEnd = s.to
    last = k
  }
  const planned = start + customerEnd * MINUTE
  const out: PlacedSegment[] = []
  if (end < planned) {
    for (const s of plan) {
      const a = start + s.from * MINUTE
      if (a >= end) continue
      const b = start + s.to * MINUTE
      out.push(placed(s, a, b < end ? b : end))
    }
    return out
  }
  const shift = end - planned
  for (let k = 0; k < plan.length; k++) {
    const s = plan[k]!
    const a = start + s.from * MINUTE
    const b = start + s.to * MINUTE
    out.push(k < last ? placed(s, a, b) : k === last ? placed(s, a, b + shift) : placed(s, a + shift, b + shift))
  }
  return out
}

const MINUTE = 60_000

function placed(s: PlanSegment, start: number, end: number): PlacedSegment {
  const out: PlacedSegment = { start, end, operator_busy: s.operator_busy, station: s.station, cleanup: s.cleanup }
  if (s.label) out.label = s.label
  return out
}

/**
 * The holds on stations of `reservations` (any operator's), from their plans placed at their
 * times: what `SlotQuery.stationUses` takes. Rows without a plan hold no station.
 */
export function stationUsesOf(reservations: ExistingReservation[], timeZone: string): StationUse[] {
  const out: StationUse[] = []
  for (const r of reservations ?? []) {
    const plan = r.plan
    if (!plan) continue
    let holds = false
    for (const s of plan) if (s.station !== null) holds = true
    if (!holds) continue
    const start = parseInstant(r.date_start, timeZone)
    const end = parseInstant(r.date_end, timeZone)
    for (const seg of placePlan(plan, start, end)) {
      if (seg.station === null) continue
      // Epoch ms: no Date made and no string to read again (a busy day has many).
      out.push({
        id: r.id,
        station: seg.station,
        start: seg.start,
        end: seg.end,
        status: r.status,
        createdAt: r.createdAt,
      })
    }
  }
  return out
}
