import type { Payload, PayloadRequest } from 'payload'
import type { sql } from '@payloadcms/db-postgres'

type SQL = ReturnType<typeof sql>
import type { Pool } from 'pg'
import { noteDatabaseError } from './databaseHealth'

/**
 * The id of the latest recorded change (`reservation_events`) of the reservation whose id is the
 * SQL expression `reservationId`, 0 without one: a calendar event's SEQUENCE (`calendarSequence`).
 */
export const lastChangeOf = (reservationId: 'r.id' | `${string}.id`) =>
  `(select coalesce(max(le.id), 0) from reservation_events le where le.reservation_id = ${reservationId})`

/** A timestamptz column as `Date#toISOString` writes it (UTC, milliseconds, `Z`), straight from PostgreSQL. */
export const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * Error listeners on a pool and on every client it connects: a connection PostgreSQL drops is
 * logged, never an unhandled 'error' event that ends the process. PostgreSQL gone (every
 * connection at once) is noted and logged once (platform/databaseHealth.ts), not once per connection.
 */
export function guardPool(p: Pool, log: (message: string) => void) {
  const onError = (err: Error) => {
    if (!noteDatabaseError(err)) log(err.message)
  }
  p.on('error', onError)
  p.on('connect', (client) => client.on('error', onError))
}

/** The adapter's pg pool, for aggregates computed in SQL (never by loading rows). */
export const pool = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool

type Executor = { execute(q: SQL): Promise<unknown> }

/**
 * Raw SQL on the request's own Payload transaction (so a hook's check and the write it guards
 * commit or roll back together, and a row lock taken here holds until then); outside a
 * transaction, on the pool.
 */
export async function sqlInRequest(req: PayloadRequest): Promise<(q: SQL) => Promise<Record<string, unknown>[]>> {
  const tx = await transactionDb(req)
  if (tx) return async (q) => ((await tx.execute(q)) as { rows: Record<string, unknown>[] }).rows
  const db = req.payload.db as unknown as { drizzle: Executor }
  return async (q) => ((await db.drizzle.execute(q)) as { rows: Record<string, unknown>[] }).rows
}

/** The drizzle session of the request's Payload transaction (the adapter keeps it by transaction id), if one is open. */
export async function transactionDb(req: PayloadRequest): Promise<Executor | undefined> {
  const id = await req.transactionID
  const sessions = (req.payload.db as unknown as { sessions?: Record<string, { db: Executor }> }).sessions
  return id !== undefined ? sessions?.[String(id)]?.db : undefined
}
