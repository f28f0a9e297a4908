import { describe, expect, it } from 'vitest'
import { openingRanges } from './opening'
import { everyDay, iso, ROME } from './test-fixtures'
import type { OpeningDay } from './types'

const H = 3_600_000
const show = (rs: { start: number; end: number }[]) => rs.map((r) => [iso(r.start), iso(r.end)])

describe('openingRanges', () => {
  it('turns the weekly hours of the day into instants in the salon zone', () => {
    expect(show(openingRanges('2026-05-04', everyDay(['09:00', '13:00'], ['14:00', '19:00']), ROME))).toEqual([
      ['2026-05-04T07:00:00.000Z', '2026-05-04T11:00:00.000Z'],
      ['2026-05-04T12:00:00.000Z', '2026-05-04T17:00:00.000Z'],
    ])
  })

  it('09:00 local is 07:00Z on 2026-03-29 and 08:00Z on 2026-10-25', () => {
    const opening = everyDay(['09:00', '13:00'])
    expect(openingRanges('2026-03-29', opening, ROME)[0]!.start).toBe(Date.parse('2026-03-29T07:00:00Z'))
    expect(openingRanges('2026-10-25', opening, ROME)[0]!.start).toBe(Date.parse('2026-10-25T08:00:00Z'))
  })

  it('01:00–04:00 lasts 2 real hours on 2026-03-29 and 4 on 2026-10-25', () => {
    const opening = everyDay(['01:00', '04:00'])
    const spring = openingRanges('2026-03-29', opening, ROME)[0]!
    const autumn = openingRanges('2026-10-25', opening, ROME)[0]!
    expect(spring.end - spring.start).toBe(2 * H)
    expect(autumn.end - autumn.start).toBe(4 * H)
    expect(iso(autumn.start)).toBe('2026-10-24T23:00:00.000Z')
  })

  it('an interval inside the skipped hour is empty; one ending in it ends when the clocks jump', () => {
    expect(openingRanges('2026-03-29', everyDay(['02:00', '03:00']), ROME)).toEqual([])
    expect(show(openingRanges('2026-03-29', everyDay(['01:00', '02:30']), ROME))).toEqual([
      ['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z'],
    ])
  })

  it('uses the row of the weekday (Monday first) and nothing for a closed day or a missing row', () => {
    const opening: OpeningDay[] = [
      { day_of_week: 'MONDAY', is_closed: false, intervals: [{ opening_time: '10:00', closing_time: '12:00' }] },
      { day_of_week: 'SUNDAY', is_closed: true, intervals: [{ opening_time: '10:00', closing_time: '12:00' }] },
    ]
    expect(openingRanges('2026-05-04', opening, ROME)).toHaveLength(1) // Monday
    expect(openingRanges('2026-05-03', opening, ROME)).toEqual([]) // Sunday, closed
    expect(openingRanges('2026-05-05', opening, ROME)).toEqual([]) // Tuesday, no row
  })

  it('24:00 (or 00:00 after an opening) closes at the next local midnight; backwards or broken intervals are ignored', () => {
    expect(show(openingRanges('2026-10-24', everyDay(['20:00', '24:00']), ROME))).toEqual([
      ['2026-10-24T18:00:00.000Z', '2026-10-24T22:00:00.000Z'],
    ])
    expect(show(openingRanges('2026-10-25', everyDay(['20:00', '00:00']), ROME))).toEqual([
      ['2026-10-25T19:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ])
    expect(
      openingRanges('2026-05-04', everyDay(['12:00', '09:00'], ['xx', '10:00'], ['09:00', '25:00']), ROME),
    ).toEqual([])
  })

  it('keeps overlapping intervals apart (each anchors its own slot grid), sorted', () => {
    expect(show(openingRanges('2026-05-04', everyDay(['12:00', '18:00'], ['09:10', '13:00']), ROME))).toEqual([
      ['2026-05-04T07:10:00.000Z', '2026-05-04T11:00:00.000Z'],
      ['2026-05-04T10:00:00.000Z', '2026-05-04T16:00:00.000Z'],
    ])
  })

  it('accepts HH:mm:ss and rejects a malformed day', () => {
    expect(openingRanges('2026-05-04', everyDay(['09:00:00', '10:00:00']), ROME)).toHaveLength(1)
    expect(openingRanges('4 May', everyDay(['09:00', '10:00']), ROME)).toEqual([])
  })
})
