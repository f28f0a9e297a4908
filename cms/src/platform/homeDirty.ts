/**
 * "The home's content changed": a counter the Payload hooks of the collections the home reads
 * bump (content/homeDirtyHook.ts), and that cms/server.ts reads to re-render `/` on the next request
 * instead of waiting for its few seconds of micro-cache (content/homeHtml.ts). Kept on globalThis under
 * a registered symbol because Next bundles its own copy of this module: the hooks run in Next's
 * copy, server.ts reads through tsx's (the same pattern as platform/sql.ts's pool).
 */
const DIRTY = Symbol.for('salon.homeDirty')
const store = globalThis as typeof globalThis & { [DIRTY]?: number }

/** Marks the home's content as changed (cheap; safe to call on any write). */
export function markHomeDirty(): void {
  store[DIRTY] = (store[DIRTY] ?? 0) + 1
}

/** How many changes so far: a render made at count N is current while the count is still N. */
export const homeChanges = (): number => store[DIRTY] ?? 0
