import type { Payload } from 'payload'
import type { Pool } from 'pg'

/** The adapter's pg pool, for aggregates computed in SQL (never by loading rows). */
export const pool = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool

/**
 * The process's one pool, published once Payload has initialised (bootstrap.ts). Next bundles
 * Payload's module graph apart from server.ts's, so a module variable would be two variables; a
 * registered symbol on `globalThis` is one per process. The availability fast path (server.ts)
 * queries through it, so a process holds one pool with one set of settings (payload.config.ts).
 */
const POOL = Symbol.for('salon.pool')
type WithPool = typeof globalThis & { [POOL]?: Pool }

export function publishPool(p: Pool) {
  ;(globalThis as WithPool)[POOL] = p
}

/** The published pool, or null before Payload has initialised in this process. */
export const publishedPool = (): Pool | null => (globalThis as WithPool)[POOL] ?? null
