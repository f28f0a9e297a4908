import { describe, expect, it } from 'vitest'
import { bookingTotals, eligibleOperators, bookingAmounts } from './pricing'
import { service } from './test-fixtures'

describe('bookingTotals', () => {
  it('adds minutes and prices of services done back to back', () => {
    expect(
      bookingTotals([
        { time: 30, price: 25 },
        { time: 45, price: 40.5 },
      ]),
    ).toEqual({ duration: 75, total_price: 65.5 })
  })
  it('adds prices in cents: 0.1 + 0.2 is 0.3, 19.99 × 3 is 59.97', () => {
    expect(
      bookingTotals([
        { time: 1, price: 0.1 },
        { time: 1, price: 0.2 },
      ]).total_price,
    ).toBe(0.3)
    expect(bookingTotals(Array(3).fill({ time: 10, price: 19.99 })).total_price).toBe(59.97)
    expect(bookingTotals(Array(10).fill({ time: 10, price: 0.1 })).total_price).toBe(1)
  })
  it('an empty list is 0 minutes and 0 euro', () => {
    expect(bookingTotals([])).toEqual({ duration: 0, total_price: 0 })
  })
  it('never throws on odd values: they count as 0', () => {
    expect(
      bookingTotals([
        { time: Number.NaN, price: Number.POSITIVE_INFINITY },
        { time: 15, price: 10 },
      ]),
    ).toEqual({
      duration: 15,
      total_price: 10,
    })
    expect(bookingTotals(undefined as never)).toEqual({ duration: 0, total_price: 0 })
  })
})

describe('eligibleOperators', () => {
  const ops = [
    { id: 3, position: 2 },
    { id: 1, position: 1 },
    { id: 2, position: 2 },
    { id: 4, position: null },
    { id: 5, position: 0, active: false },
  ]
  it('lists active operators by position then id; no position sorts last', () => {
    expect(eligibleOperators([service(1, 30)], ops)).toEqual([1, 2, 3, 4])
  })
  it('keeps only those who can perform every service (empty list = everyone)', () => {
    expect(
      eligibleOperators(
        [service(1, 30, { operators: [2, 3, 4] }), service(2, 30, { operators: [3, 4, 5] }), service(3, 15)],
        ops,
      ),
    ).toEqual([3, 4])
    expect(eligibleOperators([service(1, 30, { operators: [5] })], ops)).toEqual([])
  })
  it('no services: every active operator', () => {
    expect(eligibleOperators([], ops)).toEqual([1, 2, 3, 4])
  })
  it('does not reorder its input', () => {
    const copy = structuredClone(ops)
    eligibleOperators([], ops)
    expect(ops).toEqual(copy)
  })
})

describe('bookingAmounts (every booking write)', () => {
  const agreed = { duration: 75, total_price: 55 }
  const services = [
    { time: 45, price: 40 }, // the price list changed since the booking
    { time: 30.5, price: 20.1 },
  ]
  it('a move keeps the agreed price and duration; the end follows the new start', () => {
    expect(bookingAmounts('2026-12-02T09:00:00.000Z', { agreed })).toEqual({
      duration: 75,
      total_price: 55,
      date_end: '2026-12-02T10:15:00.000Z',
    })
  })
  it('new services are priced from the list, back to back, in whole cents', () => {
    expect(bookingAmounts(new Date('2026-12-02T09:00:00.000Z'), { services })).toEqual({
      duration: 75.5,
      total_price: 60.1,
      date_end: '2026-12-02T10:15:30.000Z',
    })
  })
  it('a resize sets the length and keeps the price, for agreed amounts and new services alike', () => {
    expect(bookingAmounts('2026-12-02T09:00:00.000Z', { agreed }, 90)).toEqual({
      duration: 90,
      total_price: 55,
      date_end: '2026-12-02T10:30:00.000Z',
    })
    expect(bookingAmounts('2026-12-02T09:00:00.000Z', { services }, 60)).toEqual({
      duration: 60,
      total_price: 60.1,
      date_end: '2026-12-02T10:00:00.000Z',
    })
  })
  it('a missing agreed amount counts as 0, never NaN', () => {
    expect(bookingAmounts('2026-12-02T09:00:00.000Z', { agreed: { duration: null } })).toEqual({
      duration: 0,
      total_price: 0,
      date_end: '2026-12-02T09:00:00.000Z',
    })
  })
})
