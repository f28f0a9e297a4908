import { describe, expect, it } from 'vitest'
import { orderedRange, pickDay, refusedDay } from './datePicking'

const limits = { min: '2026-12-01', max: '2026-12-31', disabled: ['2026-12-25'] }

describe('spec §5 date picking', () => {
  it('refuses days outside min and max, disabled days and non-days', () => {
    expect(refusedDay('2026-11-30', limits)).toBe('min')
    expect(refusedDay('2027-01-01', limits)).toBe('max')
    expect(refusedDay('2026-12-25', limits)).toBe('disabled')
    expect(refusedDay('2026-12-1', limits)).toBe('format')
    expect(refusedDay('2026-02-31x', {})).toBe('format')
    expect(refusedDay('2026-12-01', limits)).toBeUndefined()
    expect(refusedDay('2026-12-31', limits)).toBeUndefined()
  })

  it('a refused day leaves the picker as it was', () => {
    expect(pickDay('2026-12-10', '2026-12-25', limits)).toBe('2026-12-10')
    expect(pickDay('2026-12-10', '2027-01-02', limits)).toBe('2026-12-10')
    expect(pickDay('2026-12-10', '2026-12-11', limits)).toBe('2026-12-11')
  })

  it('a required picker keeps its value when cleared; an optional one empties', () => {
    expect(pickDay('2026-12-10', '', { ...limits, required: true })).toBe('2026-12-10')
    expect(pickDay('2026-12-10', '', limits)).toBe('')
  })

  it('a range whose start is after its end is swapped', () => {
    expect(orderedRange('2026-12-20', '2026-12-10')).toEqual(['2026-12-10', '2026-12-20'])
    expect(orderedRange('2026-12-10', '2026-12-20')).toEqual(['2026-12-10', '2026-12-20'])
    expect(orderedRange('2026-12-10', '')).toEqual(['2026-12-10', ''])
    expect(orderedRange('', '2026-12-10')).toEqual(['', '2026-12-10'])
  })
})
