import type { Pool, PoolClient } from 'pg'
import type { Payload, PayloadRequest } from 'payload'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import type { sql } from '@payloadcms/db-postgres'
import { transactionDb } from './sql'

/**
 * The two kinds of transaction of the server, one function each:
 * - `inTransaction(pool, work)`: raw SQL on one pg client — the reservation writes, the calendar's
 *   own writes, uploads. This is the one to use unless Payload's Local API must take part.
 * - `inPayloadTransaction(payload, work)`: a Payload transaction, for work that calls the Local API
 *   (`payload.create/update(…, req)`) and raw SQL together — accounts, the demo seed. Payload opens
 *   the connection (its drizzle session); `rows` runs raw SQL on that same connection.
 */

/**
 * `genericPlans`: every statement of the transaction runs on its prepared generic plan. PostgreSQL's
 * default (`plan_cache_mode = auto`) keeps planning a named statement afresh on every call when its
 * generic plan *looks* dearer — confirm's facts statement (reservations/writes/confirm.ts) plans for
 * 0.84 ms to run for 0.56 (its list of services is estimated at ten, so the generic plan's cost looks
 * higher, though it runs as fast on the same indexes). For read-only work whose every statement
 * finds its rows by key or index whatever the values. Sent with the `begin`: no extra round trip.
 */
const GENERIC_PLANS = 'set local plan_cache_mode = force_generic_plan'

/**
 * `work` in one PostgreSQL transaction on a client of `pool`: committed if it returns, rolled back
 * if it throws. A client whose rollback failed is broken: it is destroyed, not returned to the pool.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (db: PoolClient) => Promise<T>,
  options: { genericPlans?: boolean } = {},
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query(options.genericPlans ? `begin; ${GENERIC_PLANS}` : 'begin')
    const result = await work(client)
    await client.query('commit')
    client.release()
    return result
  } catch (err) {
    await client.query('rollback').then(
      () => client.release(),
      (e: Error) => client.release(e),
    )
    throw err
  }
}

type Query = ReturnType<typeof sql>
/** Raw SQL (Payload's drizzle `sql` template) on a Payload transaction's connection, as rows. */
export type PayloadRows = (query: Query) => Promise<Record<string, unknown>[]>

/**
 * Runs `work` in one Payload transaction: Local API calls given `req` and raw queries run with
 * `rows` (on the transaction's own connection) commit or roll back together.
 */
export async function inPayloadTransaction<T>(
  payload: Payload,
  work: (req: PayloadRequest, rows: PayloadRows) => Promise<T>,
): Promise<T> {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    const tx = await transactionDb(req)
    if (!tx) throw new Error('No database transaction')
    const rows: PayloadRows = async (query) => ((await tx.execute(query)) as { rows: Record<string, unknown>[] }).rows
    const result = await work(req, rows)
    await commitTransaction(req)
    return result
  } catch (err) {
    await killTransaction(req)
    throw err
  }
}
