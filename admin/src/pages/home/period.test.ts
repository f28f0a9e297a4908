import { describe, expect, it } from 'vitest'
import { customErrors } from './custom-check'
import { apiQuery, labelIndexes, lastWeek, readSelection, trendOf, writeSelection } from './period'

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
    expect(apiQuery({ period: 'custom', from: '2026-01-02', to: '2026-01-01' }, customErrors)).toBeNull()
    expect(apiQuery({ period: 'custom', from: '2026-02-01', to: '2026-02-30' }, customErrors)).toBeNull()
    // Not checked yet (the check's chunk still on its way): nothing is asked.
    expect(apiQuery({ period: 'custom', from: '2026-01-01', to: '2026-01-01' })).toBeNull()
    expect(apiQuery({ period: 'custom', from: '2026-01-01', to: '2026-01-01' }, customErrors)).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-01',
    })
  })

  it('says what is wrong with a custom range by the API’s own check (real days, in order, at most 366 days)', () => {
    // (The unit project reads the Italian dictionary; the schema's messages are Italian.)
    expect(customErrors('2026-01-01', '2026-01-31')).toEqual({})
    expect(customErrors('2025-01-01', '2026-01-01')).toEqual({})
    expect(Object.keys(customErrors('', '2026-01-01'))).toEqual(['from'])
    expect(customErrors('2026-02-01', '2026-02-30')).toEqual({
      to: expect.stringMatching(/Data inesistente|does not exist/),
    })
    expect(Object.keys(customErrors('2026-01-02', '2026-01-01'))).toEqual(['to'])
    expect(customErrors('2025-01-01', '2026-01-02')).toEqual({ to: expect.stringMatching(/366/) })
  })

  it('proposes the last seven days up to the salon’s today', () => {
    expect(lastWeek('2026-03-01')).toEqual({ period: 'custom', from: '2026-02-23', to: '2026-03-01' })
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
