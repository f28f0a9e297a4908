import { describe, expect, it } from 'vitest'
import { addMonths, bookableWindow, localTime, monthGrid, partOfDay, reachableStep } from './wizard'

const ROME = 'Europe/Rome'

describe('reachableStep', () => {
  it('never goes past what is chosen', () => {
    expect(reachableStep({ services: [], operator: 'any' }, 'summary')).toBe('services')
    expect(reachableStep({ services: [1], operator: 'any' }, 'summary')).toBe('when')
    expect(reachableStep({ services: [1], operator: 'any', day: '2026-12-15' }, 'summary')).toBe('when')
    const full = { services: [1], operator: 2 as const, day: '2026-12-15', time: '2026-12-15T08:00:00.000Z' }
    expect(reachableStep(full, 'summary')).toBe('summary')
    expect(reachableStep(full, 'operator')).toBe('operator')
    expect(reachableStep(full, undefined)).toBe('services')
  })
})

describe('monthGrid', () => {
  it('Monday first: December 2026 starts on Tuesday the 1st, so Monday 30 November leads', () => {
    const grid = monthGrid('2026-12', 1)
    expect(grid).toHaveLength(42)
    expect(grid[0]).toEqual({ day: '2026-11-30', inMonth: false })
    expect(grid[1]).toEqual({ day: '2026-12-01', inMonth: true })
    expect(grid.filter((d) => d.inMonth)).toHaveLength(31)
    expect(grid[41]!.day).toBe('2027-01-10')
  })
  it('Sunday first (the component default)', () => {
    const grid = monthGrid('2026-12', 0)
    expect(grid[0]!.day).toBe('2026-11-29')
    expect(grid[2]!.day).toBe('2026-12-01')
  })
  it('a month starting on the week’s first day has no leading days', () => {
    expect(monthGrid('2027-02', 1)[0]).toEqual({ day: '2027-02-01', inMonth: true })
    expect(monthGrid('2026-11', 0)[0]).toEqual({ day: '2026-11-01', inMonth: true })
  })
})

describe('months and the bookable window', () => {
  it('addMonths crosses years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
    expect(addMonths('2026-05', 14)).toBe('2027-07')
  })
  it('today in the salon’s zone, then horizon days on', () => {
    // 23:30Z on 31 Dec is already 1 Jan in Rome.
    expect(bookableWindow(new Date('2026-12-31T23:30:00Z'), ROME, 60)).toEqual({
      first: '2027-01-01',
      last: '2027-03-02',
    })
    expect(bookableWindow(new Date('2026-12-31T23:30:00Z'), 'UTC', 0)).toEqual({
      first: '2026-12-31',
      last: '2026-12-31',
    })
  })
})

describe('times of a day', () => {
  it('labels and groups in the salon’s zone, also across the DST change', () => {
    expect(localTime('2026-12-15T08:00:00.000Z', ROME)).toBe('09:00')
    expect(localTime('2026-07-15T08:00:00.000Z', ROME)).toBe('10:00')
    expect(localTime('2027-03-28T07:00:00.000Z', ROME)).toBe('09:00') // after the jump (UTC+2)
    expect(partOfDay('2026-12-15T11:45:00.000Z', ROME)).toBe('morning') // 12:45
    expect(partOfDay('2026-12-15T12:00:00.000Z', ROME)).toBe('afternoon') // 13:00
  })
})
