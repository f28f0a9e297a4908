import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { intersectRanges, mergeRanges, rangesOverlap, subtractRanges } from './ranges'
import type { Range } from './types'

const r = (start: number, end: number): Range => ({ start, end })

describe('range algebra (half-open)', () => {
  it('merges overlapping and touching ranges, drops empty ones, sorts', () => {
    expect(mergeRanges([r(5, 7), r(0, 2), r(2, 3), r(6, 9), r(4, 4), r(10, 8)])).toEqual([r(0, 3), r(5, 9)])
  })
  it('subtracts, keeping each source range apart', () => {
    expect(subtractRanges([r(0, 10)], [r(2, 3), r(5, 7)])).toEqual([r(0, 2), r(3, 5), r(7, 10)])
    expect(subtractRanges([r(0, 10)], [r(-5, 20)])).toEqual([])
    expect(subtractRanges([r(10, 20), r(0, 5)], [])).toEqual([r(0, 5), r(10, 20)])
    expect(subtractRanges([r(0, 10), r(5, 15)], [r(8, 9)])).toEqual([r(0, 8), r(5, 8), r(9, 10), r(9, 15)])
  })
  it('intersects', () => {
    expect(intersectRanges([r(0, 5), r(8, 12)], [r(3, 10)])).toEqual([r(3, 5), r(8, 10)])
    expect(intersectRanges([r(0, 5)], [r(5, 10)])).toEqual([])
  })
  it('touching is not overlapping', () => {
    expect(rangesOverlap(r(0, 5), r(5, 10))).toBe(false)
    expect(rangesOverlap(r(0, 5), r(4, 10))).toBe(true)
    expect(rangesOverlap([r(0, 1), r(8, 9)], [r(1, 8)])).toBe(false)
    expect(rangesOverlap([r(0, 1), r(8, 9)], [r(1, 8), r(8, 8), r(8, 8.5)])).toBe(true)
    expect(rangesOverlap(r(3, 3), r(0, 10))).toBe(false)
  })
  it('does not mutate its inputs', () => {
    const a = [r(5, 7), r(0, 6)]
    mergeRanges(a)
    subtractRanges(a, a)
    intersectRanges(a, a)
    expect(a).toEqual([r(5, 7), r(0, 6)])
  })

  // Oracle: sets of integer points 0..59.
  const arbRanges = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 })).map(([a, b]) => r(a, b)),
    { maxLength: 8 },
  )
  const points = (rs: Range[]) =>
    new Set(Array.from({ length: 60 }, (_, i) => i).filter((i) => rs.some((x) => x.start <= i && i < x.end)))
  const sortedDisjoint = (rs: Range[]) => rs.every((x, i) => x.end > x.start && (i === 0 || rs[i - 1]!.end < x.start))

  it('agree with point sets (property)', () => {
    fc.assert(
      fc.property(arbRanges, arbRanges, (a, b) => {
        const m = mergeRanges(a)
        expect(points(m)).toEqual(points(a))
        expect(sortedDisjoint(m)).toBe(true)
        const inter = intersectRanges(a, b)
        expect(points(inter)).toEqual(new Set([...points(a)].filter((p) => points(b).has(p))))
        expect(sortedDisjoint(inter)).toBe(true)
        const diff = subtractRanges(a, b)
        expect(points(diff)).toEqual(new Set([...points(a)].filter((p) => !points(b).has(p))))
        expect(diff.every((d, i) => i === 0 || diff[i - 1]!.start <= d.start)).toBe(true)
        expect(diff.every((d) => a.some((x) => x.start <= d.start && d.end <= x.end))).toBe(true)
        expect(rangesOverlap(a, b)).toBe(inter.length > 0)
      }),
    )
  })
})
