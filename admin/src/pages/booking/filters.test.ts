import { describe, expect, it } from 'vitest'
import { bookingFilters, periodOf, periodSort, type BookingFilterState } from './filters'

const none: BookingFilterState = { period: 'all', from: '', to: '', status: [], operator: null, q: '', drafts: false }
const now = new Date('2026-12-24T18:00:00Z')

describe('bookingFilters', () => {
  it('starts from the upcoming bookings: not ended yet (one under way included), nearest first', () => {
    expect(periodOf(null)).toBe('upcoming')
    expect(periodOf('nonsense')).toBe('upcoming')
    expect(bookingFilters({ ...none, period: 'upcoming' }, now)).toEqual([
      { field: 'date_end', operator: 'gte', value: '2026-12-24T18:00:00.000Z' },
      { field: 'status', operator: 'ne', value: 'PENDING_CONFIRMATION' },
    ])
    expect(periodSort('upcoming')).toEqual([{ field: 'date_start', order: 'asc' }])
  })
  it('past bookings are those ended, most recent first; all of them newest first', () => {
    expect(bookingFilters({ ...none, period: 'past' }, now)[0]).toEqual({
      field: 'date_end',
      operator: 'lt',
      value: '2026-12-24T18:00:00.000Z',
    })
    expect(periodSort('past')).toEqual([{ field: 'date_start', order: 'desc' }])
    expect(bookingFilters({ ...none, period: 'all' }, now).some((f) => 'field' in f && f.field === 'date_end')).toBe(
      false,
    )
    expect(periodSort('all')).toEqual([{ field: 'date_start', order: 'desc' }])
  })

  it('hides drafts by default, and shows them on request', () => {
    expect(bookingFilters(none)).toEqual([{ field: 'status', operator: 'ne', value: 'PENDING_CONFIRMATION' }])
    expect(bookingFilters({ ...none, drafts: true })).toEqual([])
  })
  it('chosen statuses replace the draft rule', () => {
    expect(bookingFilters({ ...none, status: ['PENDING', 'MODIFIED'] })).toEqual([
      { field: 'status', operator: 'in', value: ['PENDING', 'MODIFIED'] },
    ])
  })
  it('a day range covers whole days of the salon, the last one included, whatever the browser’s zone', () => {
    // 28–29 March 2026 in Rome: from 00:00 CET (23:00Z) to 00:00 CEST on the 30th (22:00Z).
    const [from, to] = bookingFilters({ ...none, from: '2026-03-28', to: '2026-03-29' }, now, 'Europe/Rome')
    expect(from).toEqual({ field: 'date_start', operator: 'gte', value: '2026-03-27T23:00:00.000Z' })
    expect(to).toEqual({ field: 'date_start', operator: 'lt', value: '2026-03-29T22:00:00.000Z' })
  })
  it('the text searches customer name, surname, e-mail and note; the operator is exact', () => {
    const filters = bookingFilters({ ...none, q: 'rossi', operator: 3 })
    expect(filters).toContainEqual({ field: 'operator', operator: 'eq', value: 3 })
    const or = filters.find((f) => f.operator === 'or')
    expect(or?.value).toHaveLength(4)
  })
})
