/**
 * Everything one process holds once, in one place (docs/architecture.md "Process runtime").
 *
 * A process loads our modules twice: Next bundles Payload's module graph (collections, hooks,
 * endpoints, bootstrap) apart from the graph `server.ts` loads with tsx (the availability fast
 * path, the public pages, shutdown). A module variable would therefore be two variables — two
 * calendar copies, two LISTEN connections, a pool `server.ts` never sees. The process-wide state
 * lives here instead: one record on `globalThis` under one registered symbol, which both copies of
 * this module find, typed below. Nothing else in `cms/` may keep state on `globalThis`.
 *
 * Free of runtime imports on purpose (types only): `server.ts` imports it and must not load
 * Payload's graph a second time.
 */
import type { Client, Pool } from 'pg'
import type { SalonCalendar, ServiceInfo } from '@salon/shared'

/** A write `server.ts` serves without Next: a web Request whose body (`body`, whole) is already read. */
export type FastWrite = (request: Request, body: string) => Promise<Response>

/** Something that stops gracefully (the job worker). */
export interface Stoppable {
  stop(): Promise<void>
}

/** The salon's calendar as this process keeps it (calendar/salonCalendar.ts). */
export interface CalendarCache {
  /** The LISTEN-invalidated copy, with when it was read. */
  cached: { at: number; value: Promise<SalonCalendar> } | null
  /** The connection that hears `salon_calendar`; `ready` once it listens. */
  listener: { client: Client; ready: boolean } | null
  /** Every service by id, for the availability reads (`cachedServices`): kept and dropped with `cached`. */
  services: { at: number; value: Promise<ReadonlyMap<number, ServiceInfo>> } | null
  /** The copy the booking transactions check by version (salonCalendar, consistency 'committed'). */
  versioned: { version: string; value: SalonCalendar } | null
  /** The process is stopping: no listener any more. */
  stopped: boolean
}

/** Whether PostgreSQL is reachable (platform/databaseHealth.ts). */
export interface DatabaseState {
  /** When the current outage began; null while PostgreSQL answers. */
  downSince: number | null
  /** The pending background probe, while down. */
  probe: ReturnType<typeof setTimeout> | null
  /** A slow connect is being checked by one probe (not down yet). */
  verifying: boolean
}

/** The process-wide state, one slice per owner. */
export interface ProcessRuntime {
  /** Payload's adapter pool, once migrations and seeding are done (bootstrap.ts). */
  pool: Pool | null
  /** The read pool (platform/readPool.ts), once something used it. */
  readPool: Pool | null
  /** `POST <path>` → its fast write, once Payload has initialised (bootstrap.ts). */
  fastWrites: ReadonlyMap<string, FastWrite>
  /** This process's job worker (platform/jobRunner.ts: notifications/queue.ts starts it, server.ts stops it). */
  jobRunner: Stoppable | null
  /** How many times the home's content changed (platform/homeDirty.ts, read by content/homeHtml.ts). */
  homeChanges: number
  /** The salon's calendar copy and its listener (calendar/salonCalendar.ts). */
  calendar: CalendarCache
  /** PostgreSQL reachable or not (platform/databaseHealth.ts). */
  database: DatabaseState
}

const KEY = Symbol.for('salon.runtime')

/** The process's one record, created by whichever module graph asks first. */
export function runtime(): ProcessRuntime {
  const g = globalThis as typeof globalThis & { [KEY]?: ProcessRuntime }
  return (g[KEY] ??= {
    pool: null,
    readPool: null,
    fastWrites: new Map(),
    jobRunner: null,
    homeChanges: 0,
    calendar: { cached: null, services: null, listener: null, versioned: null, stopped: false },
    database: { downSince: null, probe: null, verifying: false },
  })
}

/**
 * Publishes Payload's pool for the availability fast path (server.ts), once migrations and
 * seeding are done (bootstrap.ts): a process holds one pool with one set of settings.
 */
export function publishPool(pool: Pool): void {
  runtime().pool = pool
}

/** The published pool, or null before Payload has initialised in this process. */
export const publishedPool = (): Pool | null => runtime().pool

/** Publishes the write fast path's routes (reservations/endpoints/fastWrites.ts; bootstrap.ts). */
export function publishFastWrites(routes: Record<string, FastWrite>): void {
  runtime().fastWrites = new Map(Object.entries(routes))
}

/** The fast write for `POST pathname`, or null (not one of them, or Payload not initialised yet). */
export const fastWriteFor = (pathname: string): FastWrite | null => runtime().fastWrites.get(pathname) ?? null
