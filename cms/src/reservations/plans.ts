import type { Pool, PoolClient } from 'pg'
import {
  type ExistingReservation,
  type PhaseItem,
  type PlanSegment,
  type ServiceInfo,
  type StationUse,
  planOf,
  stationUsesOf,
  storedPlan,
} from '@salon/shared'
import { isoOf } from '../platform/edge'
import { loadBlocking } from '../calendar/edge'
import type { LoadedReservation } from './repository'

/**
 * A booking's plan on the server side (issue 25; the rules are shared/src/booking/phases.ts): which
 * plan a write stores, and the station holds the engine needs to check it.
 */

/**
 * The plan a booking gets (issue 25): new services → theirs (`storedPlan(planOf(…))`); otherwise the
 * one agreed when it was booked — like its price and length, a later change of a service's phases
 * never rewrites a booking.
 */
export function planFor(
  services: ServiceInfo[],
  agreed?: Pick<LoadedReservation, 'plan'> | null,
): PlanSegment[] | null {
  return agreed ? agreed.plan : storedPlan(planOf(services))
}

/**
 * What the engine checks a plan against during [from, to): the busy times of `operators` (except
 * the booking `excludeId`) and, when the plan needs a station, every booking's holds on stations,
 * from their plans (`stationUsesOf`) — one statement either way.
 */
export async function busyAndStations(
  db: Pool | PoolClient,
  operators: number[],
  plan: PlanSegment[] | null,
  from: Date,
  to: Date,
  timeZone: string,
  excludeId?: number,
): Promise<{ reservations: ExistingReservation[]; stationUses: StationUse[] }> {
  const everyPlan = stationsOf(plan).length > 0
  const reservations = await loadBlocking(db, operators, from, to, excludeId, everyPlan)
  return { reservations, stationUses: everyPlan ? stationUsesOf(reservations, timeZone) : [] }
}

/** The station kinds a plan holds, each once. */
export function stationsOf(plan: PlanSegment[] | null): number[] {
  return [...new Set((plan ?? []).flatMap((s) => (s.station === null ? [] : [s.station])))]
}

/**
 * The phases in time of the bookings `ids` that have a plan (the agenda's and the booking page's
 * `phases`), placed by the database's own rule (`reservation_phase_rows`, the twin of `placePlan`):
 * a booking whose rest was freed shows them cut at its new end. Bookings without a plan are absent.
 */
export async function phasesOf(db: Pool | PoolClient, ids: number[]): Promise<Map<number, PhaseItem[]>> {
  const out = new Map<number, PhaseItem[]>()
  if (!ids.length) return out
  const { rows } = await db.query<{
    id: number
    start: string
    end: string
    operator_busy: boolean
    station_id: number | null
    station_name: string | null
    cleanup: boolean
    label: string | null
  }>(
    `select r.id, ${isoOf('p.date_start')} as start, ${isoOf('p.date_end')} as "end", p.operator_busy,
            p.station_id, s.name as station_name, p.cleanup, p.label
       from reservations r
       cross join lateral reservation_phase_rows(r.plan, r.date_start, r.date_end) p
       left join stations s on s.id = p.station_id
      where r.id = any($1::int[]) and r.plan is not null and r.date_start is not null and r.date_end is not null
      order by r.id, p.date_start`,
    [ids],
  )
  for (const r of rows) {
    const list = out.get(r.id) ?? []
    list.push({
      start: r.start,
      end: r.end,
      operator_busy: r.operator_busy,
      station: r.station_id === null ? null : { id: r.station_id, name: r.station_name ?? '' },
      cleanup: r.cleanup,
      label: r.label,
    })
    out.set(r.id, list)
  }
  return out
}
