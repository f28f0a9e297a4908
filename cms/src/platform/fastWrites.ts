/**
 * The hand-over of the write fast path (reservations/endpoints/fastWrites.ts) from Payload's module graph to
 * server.ts: Next bundles Payload's modules apart from server.ts's, so the routes are published on
 * `globalThis` under a registered symbol once Payload has initialised (bootstrap.ts), like the
 * pool (platform/sql.ts). Free of imports on purpose: server.ts must not load Payload's graph twice.
 */

/** A write served without Next: a web Request carrying `body` (already read, whole), a web Response out. */
export type FastWrite = (request: Request, body: string) => Promise<Response>

const FAST_WRITES = Symbol.for('salon.fastWrites')
type WithFastWrites = typeof globalThis & { [FAST_WRITES]?: Record<string, FastWrite> }

export function publishFastWrites(routes: Record<string, FastWrite>) {
  ;(globalThis as WithFastWrites)[FAST_WRITES] = routes
}

/** The fast write for `POST pathname`, or null (not one of them, or Payload not initialised yet). */
export const publishedFastWrite = (pathname: string): FastWrite | null =>
  (globalThis as WithFastWrites)[FAST_WRITES]?.[pathname] ?? null
