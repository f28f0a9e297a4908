/**
 * The codes a refused booking write answers with (`errors[0].data.reason`, also `code`): the
 * reservation endpoints, the operator blocks and the retry guard. The server's Italian sentence is
 * for API users; each front end words a code from its own dictionary, and a test fails when a code
 * listed here has no words there (issue 21 §4). The server's tables of refusals are checked against
 * this list in `cms/src/reservations/refusalCodes.test.ts`.
 */
export const BOOKING_REFUSAL_CODES = [
  // A time that cannot be booked (the engine's slot check).
  'INVALID_SERVICES',
  'NO_ELIGIBLE_OPERATOR',
  'IN_THE_PAST',
  'TOO_SOON',
  'BEYOND_HORIZON',
  'CLOSED',
  'OUTSIDE_OPENING_HOURS',
  'NOT_ON_SLOT_GRID',
  'OPERATOR_BUSY',
  'OFF_SHIFT',
  'STATION_BUSY',
  'SLOT_TAKEN',
  // The customer's booking session.
  'SESSION_EXPIRED',
  'SESSION_CONFIRMED',
  // Who may do what (the engine's permissions).
  'ILLEGAL_TRANSITION',
  'FORBIDDEN_ROLE',
  'CANCELLATION_DISABLED',
  'TOO_LATE_TO_CANCEL',
  'TOO_LATE_TO_MOVE',
  'FORBIDDEN_STATUS',
  'NOT_MOVABLE',
  'FINAL_STATUS',
  'ALREADY_STARTED',
  'STAFF_ONLY',
  'NOT_STARTED',
  'NOTHING_TO_UNDO',
  'UNDO_EXPIRED',
  'NOTHING_TO_FREE',
  'OPERATOR_CHOSEN',
  // Limits against abuse.
  'TOO_MANY_BOOKINGS',
  'TOO_MANY_DRAFTS',
  'EMAIL_NOT_VERIFIED',
  // Everything else a booking write can meet.
  'BUSY',
  'BLOCK_OVERLAPS_BOOKING',
  'NO_TIME_YET',
  // The front desk (issue 24).
  'CLIENT_BLOCKED',
  'ALREADY_PAID',
] as const
export type BookingRefusalCode = (typeof BOOKING_REFUSAL_CODES)[number]

export const isBookingRefusalCode = (code: unknown): code is BookingRefusalCode =>
  typeof code === 'string' && (BOOKING_REFUSAL_CODES as readonly string[]).includes(code)
