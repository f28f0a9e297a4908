import pg, { type Pool } from 'pg'
import { env } from '../env'
import { observedClient } from './databaseHealth'
import { runtime } from './runtime'
import { guardPool } from './sql'

/**
 * PostgreSQL's setting for the read pool's sessions: every statement runs on its prepared generic
 * plan. With the default (`auto`) confirm's facts statement was planned afresh at every call (0.84 ms
 * to plan, 0.56 to run: its list of services is estimated at ten, so the generic plan *looks*
 * dearer though it uses the same indexes).
 */
export const READ_POOL_OPTIONS = '-c plan_cache_mode=force_generic_plan'

/**
 * The read pool's connection for a DATABASE_URL: our `options` added to the URL's own (a managed
 * database may need one, such as an endpoint id). pg lets an `options` in the URL replace the one
 * given beside it, so the URL's is taken out of it and both go beside it.
 */
export function readPoolConnection(databaseUrl: string): { connectionString: string; options: string } {
  let url: URL
  try {
    url = new URL(databaseUrl)
  } catch {
    return { connectionString: databaseUrl, options: READ_POOL_OPTIONS }
  }
  const own = url.searchParams.get('options')
  if (!own) return { connectionString: databaseUrl, options: READ_POOL_OPTIONS }
  url.searchParams.delete('options')
  return { connectionString: url.toString(), options: `${own} ${READ_POOL_OPTIONS}` }
}

/**
 * The pool of the booking's lock-free hot reads — confirm's refusal on committed data
 * (reservations/writes/confirm.ts) — opened on first use, `DATABASE_READ_POOL_MAX` connections
 * (default 5), named `salon:<port>:reads` in `pg_stat_activity`.
 *
 * Why a pool of its own: its sessions are set to generic plans once, when they connect. On Payload's
 * pool the same reads had to open a transaction only to say so (`begin; set local …` and a
 * `commit`), two of a refusal's five round trips. Payload's own statements keep PostgreSQL's
 * default there. Measured (docs/benchmarks.md, issue 28, ninth session): in interleaved A/Bs the
 * race's p50 −12 to −16 %, its p95 −3 to −18 %. Connect failures are noted like the other pools'
 * (`observedClient`); server.ts closes it on shutdown.
 */
export function readPool(): Pool {
  const rt = runtime()
  if (!rt.readPool) {
    const pool = new pg.Pool({
      ...readPoolConnection(env.databaseUrl),
      max: env.readPoolMax,
      // Once opened, a connection stays (a lull does not close it): the next rush finds it warm.
      min: env.readPoolWarm ? env.readPoolMax : 0,
      application_name: `${env.applicationName}:reads`,
      connectionTimeoutMillis: env.poolWaitMs,
      Client: observedClient(env.connectTimeoutMs),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    guardPool(pool, (msg) => console.error(`PostgreSQL read pool error: ${msg}`))
    rt.readPool = pool
  }
  return rt.readPool
}

/**
 * Opens the read pool's connections ahead of the first customer and runs `prepare` (the hot reads,
 * with values that match nothing) on each. A connection's first use otherwise pays for PostgreSQL's
 * new session (≈ 7 ms) and for reading the catalogue and planning each statement (≈ 10 ms for
 * confirm's facts, 1.5 ms after): in a rush after a lull, the first confirms waited for that. The
 * connections then stay open (`min`). A connection opened later (after PostgreSQL restarted) is
 * opened by its first caller, cold, as without this: warming it would run beside that caller's
 * query on the same client. `DATABASE_READ_POOL_WARM=off`: none of this (opened on first use,
 * closed after 10 s idle). The web process calls it once Payload has migrated (bootstrap.ts).
 */
export async function warmReadPool(prepare: (db: pg.ClientBase) => Promise<void>): Promise<void> {
  if (!env.readPoolWarm) return
  const pool = readPool()
  const clients = await Promise.all(Array.from({ length: env.readPoolMax }, () => pool.connect()))
  await Promise.all(clients.map((c) => prepare(c).finally(() => c.release())))
}

/** Ends the read pool if this process opened it (server.ts, on shutdown). */
export async function closeReadPool(): Promise<void> {
  const rt = runtime()
  const pool = rt.readPool
  rt.readPool = null
  if (pool) await pool.end()
}
