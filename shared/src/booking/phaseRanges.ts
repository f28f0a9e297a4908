import { firstEndingAfter } from './ranges'
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
  const starts = new Float64Array(uses.length)
  const ends = new Float64Array(uses.length)
  let n = 0
  for (const u of uses) {
    if (!(u.end > u.start)) continue
    starts[n] = u.start
    ends[n++] = u.end
  }
  const full = Math.ceil(count) // fewer than `count` fit: full from this many on
  if (n < full) return []
  const s = starts.subarray(0, n).sort()
  const e = ends.subarray(0, n).sort()
  const out: Range[] = []
  let level = 0
  let from = 0
  for (let i = 0, j = 0; j < n;) {
    // Half-open uses: at one instant the ends come before the starts.
    if (i < n && s[i]! < e[j]!) {
      const t = s[i++]!
      if (++level !== full) continue
      const last = out[out.length - 1]
      // Full again at the instant it stopped being full: one range.
      from = last && last.end === t ? out.pop()!.start : t
    } else if (level-- === full) out.push({ start: from, end: e[j++]! })
    else j++
  }
  return out
}

/**
 * The starts `s` at which some stretch [s + a, s + b) overlaps some range of its busy list, for
 * every pair [busy, stretches] (busy: sorted and disjoint, as `mergeRanges` and `fullRanges`
 * give; stretches: offsets from the start). A busy [x, y) forbids the open interval
 * x − b < s < y − a. The intervals come out sorted by start, overlapping ones joined — touching
 * ones are not: their common end point is free. Query with `insideOpen`.
 *
 * Each (busy list, stretch) already yields its intervals in order, so they are merged as they come
 * (a k-way merge) rather than collected and sorted: the engine does this for every operator of
 * every query.
 */
export function blockedStarts(
  pairs: readonly (readonly [busy: readonly Range[], stretches: readonly Range[]])[],
): Range[] {
  const lists: { busy: readonly Range[]; a: number; b: number; i: number }[] = []
  for (const [busy, stretches] of pairs)
    for (const r of stretches) if (r.end > r.start && busy.length > 0) lists.push({ busy, a: r.start, b: r.end, i: 0 })
  const out: Range[] = []
  for (;;) {
    let next: (typeof lists)[number] | undefined
    let nextStart = 0
    for (const list of lists) {
      if (list.i >= list.busy.length) continue
      const start = list.busy[list.i]!.start - list.b
      if (next === undefined || start < nextStart) {
        next = list
        nextStart = start
      }
    }
    if (next === undefined) return out
    const end = next.busy[next.i++]!.end - next.a
    const last = out[out.length - 1]
    if (last && nextStart < last.end) {
      if (end > last.end) last.end = end
    } else out.push({ start: nextStart, end })
  }
}

/** Whether `t` lies strictly inside one of the open intervals of `blockedStarts` (O(log n)). */
export function insideOpen(sorted: readonly Range[], t: number): boolean {
  const i = firstEndingAfter(sorted, t)
  return i < sorted.length && sorted[i]!.start < t
}
