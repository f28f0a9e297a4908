import { describe, expect, it } from 'vitest'
import type { ExistingReservation } from '@salon/shared'
import { blockingWithin } from './calendar'

const row = (id: number, operator: number, start: string, end: string): ExistingReservation => ({
  id,
  operator,
  date_start: `${start}:00:00.000Z`,
  date_end: `${end}:00:00.000Z`,
  status: 'CONFIRMED',
  createdAt: '2027-03-01T09:00:00.000Z',
})

describe('blockingWithin (the busy times confirm reads with its facts)', () => {
  // 2027-03-28 in Rome is 23 hours long: 2027-03-27T23:00Z → 2027-03-28T22:00Z.
  const from = new Date('2027-03-27T23:00:00Z')
  const to = new Date('2027-03-28T22:00:00Z')
  const near = [
    row(1, 1, '2027-03-28T08', '2027-03-28T09'), // inside, operator 1
    row(2, 2, '2027-03-28T08', '2027-03-28T09'), // inside, another operator
    row(3, 1, '2027-03-27T22', '2027-03-27T23'), // ends exactly at the day's start: not overlapping
    row(4, 1, '2027-03-28T22', '2027-03-28T23'), // starts exactly at the day's end: not overlapping
    row(6, 1, '2027-03-28T21', '2027-03-28T23'), // runs over the day's end: overlapping
    row(7, 1, '2027-03-27T22', '2027-03-28T00'), // runs into the day: overlapping
  ]

  it('keeps what loadBlocking reads: the candidates, overlapping the day (bounds exclusive)', () => {
    expect(blockingWithin(near, [1], from, to).map((r) => r.id)).toEqual([1, 6, 7])
    expect(blockingWithin(near, [1, 2], from, to).map((r) => r.id)).toEqual([1, 2, 6, 7])
    expect(blockingWithin(near, [3], from, to)).toEqual([])
  })
})
