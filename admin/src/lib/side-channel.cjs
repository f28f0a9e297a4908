'use strict'
/* global module -- CommonJS, as qs require()s side-channel */
/**
 * `side-channel` for the browser build (admin/vite.config.ts aliases it here): qs — which
 * @refinedev/core uses for its URL parameters — needs a key → value store that does not keep
 * objects alive. The package does the same with WeakMap and Map, but through get-intrinsic,
 * call-bound and object-inspect (~47 kB raw, ~7 KiB gzip in the dashboard's first load; issue 28).
 * Objects and functions go to a WeakMap, other keys to a Map, as in side-channel-weakmap.
 */
module.exports = function getSideChannel() {
  const objects = new WeakMap()
  const others = new Map()
  const store = (key) => (key !== null && (typeof key === 'object' || typeof key === 'function') ? objects : others)
  return {
    assert(key) {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain the given key')
    },
    delete(key) {
      return store(key).delete(key)
    },
    get(key) {
      return store(key).get(key)
    },
    has(key) {
      return store(key).has(key)
    },
    set(key, value) {
      store(key).set(key, value)
    },
  }
}
