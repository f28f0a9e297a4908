import type { CollectionBeforeValidateHook } from 'payload'
import { serviceMinutes } from '@salon/shared'
import { FIELD_MESSAGES } from '@salon/shared/messages'
import { HttpError } from '../platform'

type PhaseRow = {
  id?: string | null
  minutes?: unknown
  operator_busy?: boolean | null
  station?: unknown
  label?: unknown
}

/** The minutes of these phases: the engine's own sum (phases.ts `serviceMinutes`). */
const minutesOf = (phases: PhaseRow[]) =>
  serviceMinutes({
    time: 0,
    phases: phases.map((p) => ({ minutes: Number(p.minutes) || 0, operator_busy: p.operator_busy !== false })),
  })
const idOf = (v: unknown) => (v && typeof v === 'object' ? (v as { id: number }).id : v)

/** What a phase is, for comparing (ids and labels aside). */
const shapeOf = (phases: PhaseRow[] | undefined) =>
  JSON.stringify((phases ?? []).map((p) => [Number(p.minutes), p.operator_busy !== false, idOf(p.station) ?? null]))

/**
 * Services, before validation: `time` is the sum of the phases (issue 25). Phases sent: `time`
 * follows them. Only `time` changed (a client of the older API; Payload hands this hook the
 * stored phases along with the request's fields on an update): a new service gets one busy phase
 * of that length; a service of one phase gets that phase resized; a service of several phases
 * refuses it (400 on `time`: set by the phases).
 */
export const timeFromPhases: CollectionBeforeValidateHook = ({ data, originalDoc, operation }) => {
  if (!data) return data
  // An empty list with a `time` counts as no phases sent (a form that does not know phases yet).
  const sent = Array.isArray(data.phases) && data.phases.length > 0 ? (data.phases as PhaseRow[]) : undefined
  const stored = ((originalDoc?.phases as PhaseRow[] | undefined) ?? []).map((p) => ({
    ...p,
    station: idOf(p.station),
  }))
  const time = data.time === undefined || data.time === null ? undefined : Number(data.time)
  const timeChanged = time !== undefined && (operation === 'create' || time !== Number(originalDoc?.time))
  const phasesChanged = sent !== undefined && (operation === 'create' || shapeOf(sent) !== shapeOf(stored))
  if (phasesChanged) {
    data.time = minutesOf(sent!)
    return data
  }
  if (!timeChanged || phasesChanged) return data
  if (operation === 'create' || stored.length === 0) {
    data.phases = [{ minutes: time, operator_busy: true }]
  } else if (stored.length === 1) {
    data.phases = [{ ...stored[0], minutes: time }]
  } else if (time !== minutesOf(stored)) {
    const message = FIELD_MESSAGES.TIME_SET_BY_PHASES
    throw new HttpError(400, 'INVALID_INPUT', `Dati non validi: time`, {
      field: 'time',
      errors: [{ path: 'time', message, code: 'TIME_SET_BY_PHASES' }],
    })
  }
  return data
}
