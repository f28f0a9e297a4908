import { describe, expect, it } from 'vitest'
import { blockedStarts, fullRanges, insideOpen } from './phaseRanges'

const r = (start: number, end: number) => ({ start, end })

describe('fullRanges', () => {
  it('is where `count` or more uses overlap, half-open: a use ending as another starts does not add up', () => {
    const uses = [r(0, 10), r(5, 15), r(10, 20), r(12, 14)]
    expect(fullRanges(uses, 2)).toEqual([r(5, 15)])
    expect(fullRanges(uses, 3)).toEqual([r(12, 14)])
    expect(fullRanges(uses, 5)).toEqual([])
    expect(fullRanges([r(0, 10), r(0, 10), r(10, 20), r(10, 20)], 2)).toEqual([r(0, 20)]) // one range
    expect(fullRanges([r(0, 10), r(5, 5), r(9, 3)], 1)).toEqual([r(0, 10)]) // empty uses count for nothing
  })

  it('a kind the salon lacks (count 0, or unreadable) is full at every instant', () => {
    expect(fullRanges([], 0)).toEqual([r(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)])
    expect(fullRanges([], Number.NaN)).toEqual([r(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)])
  })
})

describe('blockedStarts / insideOpen', () => {
  it('forbids exactly the starts at which a stretch overlaps a busy range; touching is free', () => {
    // Busy [100, 130) and [200, 210); the booking is busy during [0, 30) and [70, 120).
    const blocked = blockedStarts([
      [
        [r(100, 130), r(200, 210)],
        [r(0, 30), r(70, 120)],
      ],
    ])
    const free = (s: number) => !insideOpen(blocked, s)
    const overlaps = (s: number) =>
      [r(0, 30), r(70, 120)].some((x) =>
        [r(100, 130), r(200, 210)].some((b) => s + x.start < b.end && b.start < s + x.end),
      )
    for (let s = -50; s <= 250; s++) expect(free(s), `start ${s}`).toBe(!overlaps(s))
    // The first busy range sits in the gap [30, 70), the first stretch ending as it begins…
    expect([free(60), free(70), free(71)]).toEqual([true, true, false])
    // …the second stretch ends as it begins; the first begins as the second busy range ends.
    expect([free(-20), free(-19), free(209), free(210)]).toEqual([true, false, false, true])
  })
})
