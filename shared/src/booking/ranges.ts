import type { Range } from './types'

/**
 * Interval algebra on half-open epoch-ms ranges [start, end). Empty or invalid ranges
 * (end <= start, NaN) are dropped. Inputs are never mutated; outputs are sorted by start.
 */

function isValid(r: Range): boolean {
  return r.end > r.start
}

function byStart(a: Range, b: Range): number {
  return a.start - b.start || a.end - b.end
}

/** Sorted, with overlapping and touching ranges joined. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter(isValid).sort(byStart)
  const out: Range[] = []
  for (const r of sorted) {
    const last = out[out.length - 1]
    if (last && r.start <= last.end) {
      if (r.end > last.end) last.end = r.end
    } else out.push({ start: r.start, end: r.end })
  }
  return out
}

/** Index of the first range of a sorted, merged list that ends after `t` (list length if none). */
export function firstEndingAfter(sorted: readonly Range[], t: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]!.end > t) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** Whether [start, end) overlaps any range of a sorted, merged list (O(log n)). */
export function overlapsSorted(sorted: readonly Range[], start: number, end: number): boolean {
  if (!(end > start)) return false
  const i = firstEndingAfter(sorted, start)
  return i < sorted.length && sorted[i]!.start < end
}

/**
 * What is left of each range of `from` once every range of `minus` is taken away. The ranges of
 * `from` are treated one by one (not merged with each other), so each piece stays inside the
 * range it came from.
 */
export function subtractRanges(from: readonly Range[], minus: readonly Range[]): Range[] {
  const cut = mergeRanges(minus)
  const out: Range[] = []
  for (const r of from) {
    if (!isValid(r)) continue
    let cursor = r.start
    for (let i = firstEndingAfter(cut, r.start); i < cut.length && cut[i]!.start < r.end; i++) {
      const c = cut[i]!
      if (c.start > cursor) out.push({ start: cursor, end: c.start })
      if (c.end > cursor) cursor = c.end
    }
    if (cursor < r.end) out.push({ start: cursor, end: r.end })
  }
  return out.sort(byStart)
}

/** The instants covered by both `a` and `b`, merged. */
export function intersectRanges(a: readonly Range[], b: readonly Range[]): Range[] {
  const x = mergeRanges(a)
  const y = mergeRanges(b)
  const out: Range[] = []
  let i = 0
  let j = 0
  while (i < x.length && j < y.length) {
    const start = Math.max(x[i]!.start, y[j]!.start)
    const end = Math.min(x[i]!.end, y[j]!.end)
    if (start < end) out.push({ start, end })
    if (x[i]!.end < y[j]!.end) i++
    else j++
  }
  return out
}

/** Whether two ranges (or any range of two lists) share an instant. Touching is not overlapping. */
export function rangesOverlap(a: Range | readonly Range[], b: Range | readonly Range[]): boolean {
  const xs: readonly Range[] = Array.isArray(a) ? a : [a as Range]
  const ys: readonly Range[] = Array.isArray(b) ? b : [b as Range]
  for (const x of xs) {
    if (!isValid(x)) continue
    for (const y of ys) {
      if (isValid(y) && x.start < y.end && y.start < x.end) return true
    }
  }
  return false
}

/** Whether `inner` lies entirely inside `outer`. */
export function rangeContains(outer: Range, inner: Range): boolean {
  return outer.start <= inner.start && inner.end <= outer.end
}
