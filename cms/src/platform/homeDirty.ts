import { runtime } from './runtime'

/**
 * "The home's content changed": a counter the Payload hooks of the collections the home reads
 * bump (content/homeDirtyHook.ts), and that cms/server.ts reads to re-render `/` on the next request
 * instead of waiting for its few seconds of micro-cache (content/homeHtml.ts). The hooks run in Next's
 * copy of this module, server.ts reads through tsx's: the count lives in the process runtime
 * (platform/runtime.ts), which both share.
 */

/** Marks the home's content as changed (cheap; safe to call on any write). */
export function markHomeDirty(): void {
  runtime().homeChanges++
}

/** How many changes so far: a render made at count N is current while the count is still N. */
export const homeChanges = (): number => runtime().homeChanges
