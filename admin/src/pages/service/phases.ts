import type { ServicePhaseInput } from '@salon/shared'

/**
 * The service form's phases (issue 25), the pure part: the rows as the form holds them, the
 * record as the server sends it → the form's rows, the rows → what is sent, and the totals. The
 * rules (1–8 phases, one with the stylist at work, 24 hours at most) are the shared
 * `servicePhases`; nothing here retypes them.
 */

/** One phase as the form edits it. `key` is the row's identity on screen (never sent). */
export interface PhaseRow {
  key: string
  /** Payload's array-row id: sent back to keep the row. */
  id?: string | null
  minutes: number | undefined
  operator_busy: boolean
  station: number | null
  label: string
}

const stationId = (v: unknown): number | null => {
  const id = v && typeof v === 'object' ? (v as { id?: unknown }).id : v
  const n = Number(id)
  return id !== null && id !== undefined && id !== '' && Number.isInteger(n) && n > 0 ? n : null
}

/** A row of the form; `time` of a service without phases, else the default half hour. */
export const busyRow = (key: string, minutes: number | undefined = 30): PhaseRow => ({
  key,
  minutes,
  operator_busy: true,
  station: null,
  label: '',
})

/**
 * The record's phases as rows. Every service has at least one phase once the server has migrated
 * (docs/api.md "services"); an older server sends none: one busy row of the service's `time`.
 * Keys are the rows' ids (or their position), the same on every read, so the form is not reset
 * by a re-read of an unchanged record.
 */
export function rowsOfRecord(record: { time?: unknown; phases?: unknown }): PhaseRow[] {
  const phases = Array.isArray(record.phases) ? (record.phases as Record<string, unknown>[]) : []
  if (phases.length === 0) {
    const time = Number(record.time)
    return [busyRow('row-0', Number.isInteger(time) && time > 0 ? time : 30)]
  }
  return phases.map((p, i) => {
    const id = typeof p.id === 'string' && p.id ? p.id : null
    const minutes = Number(p.minutes)
    return {
      key: id ?? `row-${i}`,
      id,
      minutes: Number.isFinite(minutes) ? minutes : undefined,
      operator_busy: p.operator_busy !== false,
      station: stationId(p.station),
      label: typeof p.label === 'string' ? p.label : '',
    }
  })
}

/** The record as the form reads it: its rows, and 0 minutes of clean-up when it has none. */
export function withPhaseRows<R extends Record<string, unknown>>(record: R) {
  const cleanup = Number(record.cleanup_minutes)
  return {
    ...record,
    phases: rowsOfRecord(record),
    cleanup_minutes: Number.isInteger(cleanup) && cleanup >= 0 ? cleanup : 0,
  }
}

/** The rows as the API takes them (`phases` of docs/api.md): no screen key, an empty name is none. */
export function phasesPayload(rows: readonly PhaseRow[]): ServicePhaseInput[] {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    minutes: r.minutes as number,
    operator_busy: r.operator_busy,
    station: r.station,
    label: r.label.trim() || null,
  }))
}

/** The customer's minutes: the sum of the phases (what the server stores as `time`). */
export const totalMinutes = (rows: readonly Pick<PhaseRow, 'minutes'>[]) =>
  rows.reduce((sum, r) => sum + (typeof r.minutes === 'number' && Number.isFinite(r.minutes) ? r.minutes : 0), 0)

/** One stretch of the phases' bar: with the stylist, processing time, or clean-up. */
export interface BarPart {
  kind: 'busy' | 'processing' | 'cleanup'
  minutes: number
}

/** The bar's stretches, in order (rows without minutes yet left out), the clean-up last. */
export function barParts(rows: readonly PhaseRow[], cleanup: number | undefined): BarPart[] {
  const parts: BarPart[] = rows
    .filter((r) => typeof r.minutes === 'number' && r.minutes > 0)
    .map((r) => ({ kind: r.operator_busy ? 'busy' : 'processing', minutes: r.minutes as number }))
  if (typeof cleanup === 'number' && cleanup > 0) parts.push({ kind: 'cleanup', minutes: cleanup })
  return parts
}

/** Moves item `from` to `to` (a copy). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items]
  const [item] = out.splice(from, 1)
  if (item !== undefined) out.splice(to, 0, item)
  return out
}
