import pg from 'pg'
import { env } from '../env'
import { runtime } from './runtime'
import type { ErrorBody } from './errorResponse'

/**
 * Whether this process can reach PostgreSQL (docs/operations.md "When PostgreSQL stops or restarts"). Fed by the errors the
 * process sees — a request's, an idle pooled connection's, the calendar listener's — and by a
 * probe: once an error says "the database is gone" (refused, reset, timed out, shut down,
 * starting up, connection terminated), the process is **down**: every API request is answered 503
 * with `Retry-After` at once (cms/server.ts) instead of waiting for a connection that will not
 * come, and a probe connects in the background with back-off until PostgreSQL answers again.
 *
 * Not "down": a pool that is merely busy (every connection in use; a request waits up to
 * `DATABASE_POOL_WAIT_MS` as before) and errors a request caused (constraint violations, bad SQL).
 *
 * The state is the process's (platform/runtime.ts): Payload's module graph notes the errors, the
 * server's graph answers the requests. No Payload import: cms/server.ts uses it (edge.ts).
 */

/** Node's network errors and PostgreSQL's "connection gone" SQLSTATEs. */
const GONE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (fast shutdown, pg_terminate_backend of every session)
  '57P02', // crash_shutdown (another backend crashed: PostgreSQL restarts them all)
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])

/** node-postgres says it in words, without a code (`timeout expired`: its own connect timeout). */
const GONE_MESSAGES =
  /Connection terminated|^timeout expired$|connection error and is not queryable|Client was closed and is not queryable|terminating connection|the database system is (starting up|shutting down|in recovery)/i

/** True when `err` (or what it wraps: drizzle and Payload wrap the driver's error) says PostgreSQL is unreachable. */
export function isDatabaseGone(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && GONE_CODES.has(e.code)) return true
    if (typeof e.message === 'string' && GONE_MESSAGES.test(e.message)) return true
    // Node's connect to a name with several addresses fails with an AggregateError of each.
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseGone(x))) return true
    e = e.cause as typeof e
  }
  return false
}

/** Seconds a client should wait before asking again (the `Retry-After` of the 503). */
export const RETRY_AFTER_SECONDS = 3

/** The 503 of an outage: the one error shape, a stable code, Italian words (docs/api.md). */
export const DATABASE_UNAVAILABLE: { status: 503; body: ErrorBody } = {
  status: 503,
  body: {
    errors: [
      {
        name: 'ServiceUnavailable',
        message: 'Il servizio è momentaneamente non disponibile: riprova tra qualche secondo.',
        data: { code: 'DATABASE_UNAVAILABLE' },
      },
    ],
  },
}

const PROBE_FIRST_MS = 100
const PROBE_MAX_MS = 2000

const state = () => runtime().database

/** Down: answer 503 at once (cms/server.ts) until the probe reaches PostgreSQL again. */
export const databaseDown = (): boolean => state().downSince !== null

/** When the current outage began (ms epoch), or null. */
export const databaseDownSince = (): number | null => state().downSince

/** A connect that took too long: the database may be gone, or only slow (a busy machine). */
const SLOW_CONNECT = /^timeout expired$|due to connection timeout/i
const isSlowConnect = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown } | undefined
  return e?.code === 'ETIMEDOUT' || (typeof e?.message === 'string' && SLOW_CONNECT.test(e.message))
}

/**
 * Notes an error. When it says PostgreSQL is gone, the process goes down (logged once) and the
 * probe starts; a connect that only timed out is checked first by one probe (under heavy load a
 * connect can be slow while PostgreSQL is fine) and the process goes down only if that fails too.
 * Returns whether the error was about reaching PostgreSQL (the caller answers 503 then).
 */
export function noteDatabaseError(err: unknown): boolean {
  if (!isDatabaseGone(err)) return false
  const reason = (err as { code?: string; message?: string })?.code ?? (err as Error)?.message ?? String(err)
  const s = state()
  if (!isSlowConnect(err)) markDown(reason)
  else if (s.downSince === null && !s.verifying) {
    s.verifying = true
    reachable()
      .then((ok) => {
        s.verifying = false
        if (!ok) markDown(reason)
      })
      .catch((e: unknown) => console.error(e))
  }
  return true
}

function markDown(reason: string) {
  const s = state()
  if (s.downSince !== null) return
  s.downSince = Date.now()
  console.error(`PostgreSQL is unreachable (${reason}): API requests are answered 503 until it is back`)
  scheduleProbe(0)
}

function scheduleProbe(attempt: number) {
  const s = state()
  if (s.probe) return
  const delay = attempt === 0 ? 0 : Math.min(PROBE_FIRST_MS * 1.5 ** attempt, PROBE_MAX_MS)
  s.probe = setTimeout(() => {
    reachable()
      .then((ok) => {
        s.probe = null
        if (!ok) return scheduleProbe(attempt + 1)
        const since = s.downSince
        s.downSince = null
        if (since !== null)
          console.error(`PostgreSQL is reachable again after ${((Date.now() - since) / 1000).toFixed(1)} s`)
      })
      .catch((e: unknown) => console.error(e))
  }, delay)
  s.probe.unref()
}

/** One connection of its own (not the pool's: it may be full of requests), `select 1`, closed. */
async function reachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: env.databaseUrl,
    connectionTimeoutMillis: env.connectTimeoutMs,
    application_name: `${env.applicationName}:probe`,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

type ConnectCallback = (err: Error | null) => void

/**
 * The pg client class of the process's pools: its own connect gives up after `connectTimeoutMs`
 * (DATABASE_CONNECT_TIMEOUT_MS) — the pool's `connectionTimeoutMillis` stays the longer wait for a
 * free connection (DATABASE_POOL_WAIT_MS; pg-pool uses one setting for both, so the short one goes
 * on the client) — and every connect failure or lost connection is noted here, whoever holds the
 * client (Payload swallows the errors of its auth strategies: the request would just look signed out).
 */
export function observedClient(connectTimeoutMs: number): typeof pg.Client {
  return class ObservedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: connectTimeoutMs,
      })
      this.on('error', (err) => void noteDatabaseError(err))
      // pg's two forms (callback, promise) both kept, with the failure noted.
      const connect = this.connect.bind(this) as (callback?: ConnectCallback) => Promise<void> | void
      this.connect = ((callback?: ConnectCallback) => {
        if (callback)
          return connect((err) => {
            if (err) noteDatabaseError(err)
            callback(err)
          })
        return (connect() as Promise<void>).catch((err: unknown) => {
          noteDatabaseError(err)
          throw err
        })
      }) as typeof this.connect
    }
  }
}
