import { firstEndingAfter, mergeRanges } from './ranges'
import type { Range } from './types'

/**
 * Interval helpers for planning a booking with phases and stations (issue 25, slots.ts). Pure,
 * epoch ms; inputs are never mutated.
 *
 * The engine asks, for many starts `s` of one query, whether a stretch [s + a, s + b) of the
 * booking meets a busy range. Rather than one search per stretch and start, each query turns the
 * busy ranges into the *starts* they forbid — an open interval of starts per (busy range, stretch)
 * — merged once; then a start costs one binary search, whatever the number of phases.
 */

/**
 * The instants at which `count` or more of `uses` overlap — a station kind with `count` units is
 * full there — merged and sorted. `count` ≤ 0 (or not a number: a kind the salon does not have):
 * full at every instant.
 */
export function fullRanges(uses: readonly Range[], count: number): Range[] {
  if (!(count > 0)) return [{ start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY }]
  const events: [number, number][] = []
  for (const u of uses) {
    if (!(u.end > u.start)) continue
    events.push([u.start, 1], [u.end, -1])
  }
  // Half-open uses: at one instant the ends come before the starts.
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1])
  const out: Range[] = []
  let level = 0
  let from = 0
  for (const [t, delta] of events) {
    const before = level
    level += delta
    if (before < count && level >= count) from = t
    else if (before >= count && level < count && t > from) out.push({ start: from, end: t })
  }
  return mergeRanges(out)
}

/**
 * The starts `s` at which some stretch [s + a, s + b) of `stretches` (offsets from the start)
 * overlaps some range of `busy`: for a busy [x, y), the open interval x − b < s < y − a. Appended
 * to `into` unsorted; `mergeOpen` them before querying with `insideOpen`.
 */
export function pushBlockedStarts(into: Range[], busy: readonly Range[], stretches: readonly Range[]): Range[] {
  for (const r of stretches) {
    if (!(r.end > r.start)) continue
    for (const x of busy) if (x.end > x.start) into.push({ start: x.start - r.end, end: x.end - r.start })
  }
  return into
}

/**
 * Open intervals sorted by start, overlapping ones joined (touching ones are not: their common
 * end point is in neither).
 */
export function mergeOpen(open: readonly Range[]): Range[] {
  const sorted = [...open].sort((x, y) => x.start - y.start || x.end - y.end)
  const out: Range[] = []
  for (const r of sorted) {
    if (!(r.end > r.start)) continue
    const last = out[out.length - 1]
    if (last && r.start < last.end) {
      if (r.end > last.end) last.end = r.end
    } else out.push({ start: r.start, end: r.end })
  }
  return out
}

/** The merged starts that `busy` forbids for `stretches` (`pushBlockedStarts`, `mergeOpen`). */
export function blockedStarts(busy: readonly Range[], stretches: readonly Range[]): Range[] {
  return mergeOpen(pushBlockedStarts([], busy, stretches))
}

/** Whether `t` lies strictly inside one of the open intervals of `blockedStarts` (O(log n)). */
export function insideOpen(sorted: readonly Range[], t: number): boolean {
  const i = firstEndingAfter(sorted, t)
  return i < sorted.length && sorted[i]!.start < t
}
