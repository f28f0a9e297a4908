/**
 * Node's own `Date`, as it was when this module loaded — before Next.js replaced the global with a
 * subclass-like wrapper (next/dist/server/node-environment-extensions/date.js) that reports every
 * clock read to its `cacheComponents` prerendering and builds each Date through `Reflect.construct`.
 * This app uses neither `cacheComponents` nor Next's rendering (Next serves the API only), but the
 * wrapper stays on every `new Date(…)` of the process — the engine makes hundreds per availability
 * read: 4–5 % of the fast path's CPU in the profile (docs/benchmarks.md, issue 28 §4).
 *
 * cms/server.ts imports this module before `next` (so this capture is the original), and calls
 * `restoreNativeDate()` once Next has prepared. Dates made by the wrapper and by the original share
 * one prototype: `instanceof Date` holds across the switch.
 */
const NativeDate: DateConstructor = globalThis.Date

/** Puts Node's own Date back as the global (and as its prototype's constructor); idempotent. */
export function restoreNativeDate() {
  if (globalThis.Date === NativeDate) return false
  globalThis.Date = NativeDate
  Object.defineProperty(NativeDate.prototype, 'constructor', {
    value: NativeDate,
    writable: true,
    configurable: true,
    enumerable: false,
  })
  return true
}
