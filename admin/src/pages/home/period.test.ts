import { describe, expect, it } from 'vitest'
import {
  apiQuery,
  customProblem,
  labelIndexes,
  localToday,
  readSelection,
  shiftDay,
  trendOf,
  writeSelection,
} from './period'

describe('index period selection', () => {
  it('reads the address: a known period, else the default; custom keeps valid days or proposes the last week', () => {
    const today = '2026-11-23'
    expect(readSelection(new URLSearchParams('period=7d'), today)).toEqual({ period: '7d', from: '', to: '' })
    expect(readSelection(new URLSearchParams('period=decade'), today).period).toBe('30d')
    expect(readSelection(new URLSearchParams(''), today).period).toBe('30d')
    expect(readSelection(new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31'), today)).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(readSelection(new URLSearchParams('period=custom&from=nope'), today)).toEqual({
      period: 'custom',
      from: '2026-11-17',
      to: '2026-11-23',
    })
  })

  it('writes the address and the API query; an unfinished custom range asks nothing', () => {
    expect(writeSelection({ period: 'mtd', from: 'x', to: 'y' })).toEqual({ period: 'mtd' })
    expect(writeSelection({ period: 'custom', from: '2026-01-01', to: '2026-01-02' })).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-02',
    })
    expect(apiQuery({ period: 'today', from: '', to: '' })).toEqual({ period: 'today' })
    expect(apiQuery({ period: 'custom', from: '2026-01-02', to: '2026-01-01' })).toBeNull()
    expect(apiQuery({ period: 'custom', from: '2026-01-01', to: '2026-01-01' })).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-01',
    })
  })

  it('says what is wrong with a custom range (at most 366 days)', () => {
    expect(customProblem('', '2026-01-01')).toBe('from')
    expect(customProblem('2026-01-01', '')).toBe('to')
    expect(customProblem('2026-01-02', '2026-01-01')).toBe('order')
    expect(customProblem('2025-01-01', '2026-01-01')).toBeNull()
    expect(customProblem('2025-01-01', '2026-01-02')).toBe('tooLong')
  })

  it('day arithmetic and today in a time zone', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    expect(localToday(new Date('2026-11-23T23:30:00Z'), 'Europe/Rome')).toBe('2026-11-24')
  })

  it('good news: a rise, except for cancellations and no-shows', () => {
    expect(trendOf('bookings', 3)).toEqual({ trend: 'up', good: true })
    expect(trendOf('revenue', -1)).toEqual({ trend: 'down', good: false })
    expect(trendOf('noShowRate', -2.5)).toEqual({ trend: 'down', good: true })
    expect(trendOf('cancellationRate', 1)).toEqual({ trend: 'up', good: false })
    expect(trendOf('occupancy', 0)).toEqual({ trend: 'flat', good: null })
    expect(trendOf('occupancy', null)).toEqual({ trend: 'none', good: null })
  })

  it('axis labels: at most about `max`, first and last always', () => {
    expect(labelIndexes(5, 7)).toEqual([0, 1, 2, 3, 4])
    const many = labelIndexes(30, 7)
    expect(many[0]).toBe(0)
    expect(many.at(-1)).toBe(29)
    expect(many.length).toBeLessThanOrEqual(7)
    expect(labelIndexes(0, 7)).toEqual([])
  })
})
