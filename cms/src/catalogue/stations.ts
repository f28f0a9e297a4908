import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook } from 'payload'
import { HttpError, pool } from '../platform'

/**
 * Stations collection, before delete: a station a service phase needs stays (the phase would lose
 * it) — 409 STATION_IN_USE with how many services; the database refuses it too (RESTRICT).
 */
export const refuseDeletingUsedStation: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { rows } = await pool(req.payload).query<{ n: number }>(
    'select count(distinct _parent_id)::int as n from services_phases where station_id = $1',
    [id],
  )
  const n = rows[0]?.n ?? 0
  if (n > 0) {
    throw new HttpError(
      409,
      'STATION_IN_USE',
      `Questa postazione serve a ${n === 1 ? 'un servizio' : `${n} servizi`}: toglila dalle loro fasi prima di eliminarla.`,
      { reason: 'STATION_IN_USE', services: n, params: { services: n } },
    )
  }
}

/**
 * Stations collection, before a change of `count`: never below what the bookings from now on hold
 * at one moment — 409 STATION_COUNT_IN_USE on `count` with `needed`. The database's own guard
 * (stations_count_guard, same advisory lock as every hold) decides under concurrency; this answers
 * first, in words.
 */
export const refuseCountBelowHolds: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || data.count === undefined || !originalDoc) return data
  const count = Number(data.count)
  if (!(count < Number(originalDoc.count))) return data
  const { rows } = await pool(req.payload).query<{ needed: number }>(
    `select coalesce(max(station_peak($1, r.date_start, r.date_end)), 0)::int as needed
       from reservation_phases r where r.station_id = $1 and r.date_end > now()`,
    [originalDoc.id],
  )
  const needed = rows[0]?.needed ?? 0
  if (needed > count) {
    const message = `Ci sono appuntamenti che usano ${needed} di queste postazioni insieme: non puoi scendere sotto ${needed}.`
    throw new HttpError(409, 'STATION_COUNT_IN_USE', message, {
      reason: 'STATION_COUNT_IN_USE',
      needed,
      params: { needed },
      field: 'count',
      errors: [{ path: 'count', message, code: 'STATION_COUNT_IN_USE' }],
    })
  }
  return data
}
