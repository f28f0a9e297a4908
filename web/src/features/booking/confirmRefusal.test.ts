import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { confirmRefusal, isSessionGone, isTimeGone } from './useBookingSession'

/**
 * A refused confirm is told apart by its code, not by its status (issue 21 §4): before, every 409
 * read as "someone just booked this time" and sent the customer back to the times — a customer
 * over the open-booking cap, or one refused because of a burst of requests, included.
 */
const refused = (status: number, data: Record<string, unknown> | null, message = 'Rifiutato') =>
  new ApiError(status, message, [{ message, data }])

describe('confirmRefusal', () => {
  it('a time taken or no longer bookable goes back to the times', () => {
    for (const reason of ['SLOT_TAKEN', 'OPERATOR_BUSY', 'STATION_BUSY', 'TOO_SOON', 'CLOSED', 'IN_THE_PAST'])
      expect(confirmRefusal(refused(409, { reason }))).toEqual({ kind: 'time-gone' })
  })
  it('the open-booking cap is its own message, with the limit', () => {
    expect(confirmRefusal(refused(409, { reason: 'TOO_MANY_BOOKINGS', limit: 3 }))).toEqual({
      kind: 'booking-cap',
      limit: 3,
    })
    expect(isTimeGone(refused(409, { reason: 'TOO_MANY_BOOKINGS', limit: 3 }))).toBe(false)
  })
  it('a burst of requests asks to try again; anything else keeps the server’s words', () => {
    expect(confirmRefusal(refused(409, { reason: 'BUSY' }))).toEqual({ kind: 'busy' })
    // Confirmed meanwhile in another tab: point to the booking, never reopen and book twice.
    expect(confirmRefusal(refused(409, { code: 'SESSION_CONFIRMED' }))).toEqual({ kind: 'already-booked' })
    expect(isSessionGone(refused(409, { code: 'SESSION_CONFIRMED' }))).toBe(false)
    expect(isSessionGone(refused(410, { code: 'SESSION_EXPIRED' }))).toBe(true)
    expect(confirmRefusal(refused(409, null))).toEqual({ kind: 'other' })
    expect(confirmRefusal(refused(403, { reason: 'EMAIL_NOT_VERIFIED' }))).toEqual({ kind: 'other' })
    expect(confirmRefusal(new Error('boom'))).toEqual({ kind: 'other' })
  })
})
