/** Enumerations of spec §3/§4, one place for cms, web and admin. */
export const ROLES = ['ADMIN', 'USER', 'OPERATOR'] as const
export type Role = (typeof ROLES)[number]

export const RESERVATION_STATUSES = [
  'CONFIRMED',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
  'PENDING_PAYMENT',
  'MODIFIED',
  'PENDING_CONFIRMATION',
] as const
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number]

/** Statuses of a booking that is still to happen (PENDING_CONFIRMATION: a draft, only while its hold lasts). */
export const LIVE_STATUSES = [
  'PENDING',
  'APPROVED',
  'CONFIRMED',
  'PENDING_PAYMENT',
  'MODIFIED',
  'PENDING_CONFIRMATION',
] as const satisfies readonly ReservationStatus[]

/**
 * An appointment that is over — served (COMPLETED) or missed (NO_SHOW). Final, but it keeps the
 * time it was booked for: a stylist who taps "Completata" at 15:10 on a 14:45–17:00 colour has not
 * freed the chair. Staff free the rest explicitly ("Libera il tempo restante": the end becomes
 * now), so that no sequence of status changes lets two bookings hold one operator at one instant.
 */
export const OVER_STATUSES = ['COMPLETED', 'NO_SHOW'] as const satisfies readonly ReservationStatus[]

/** Statuses that hold an operator's time: the live ones and the ones over (PRODUCT.md, issue 20). */
/** Called off, by the salon or the customer: nothing left to cancel, and no time held. */
export const CALLED_OFF_STATUSES = ['CANCELLED', 'REJECTED'] as const satisfies readonly ReservationStatus[]
export const isCalledOff = (s: ReservationStatus) => (CALLED_OFF_STATUSES as readonly string[]).includes(s)

export const BLOCKING_STATUSES = [...LIVE_STATUSES, ...OVER_STATUSES] as const satisfies readonly ReservationStatus[]

export const BUSINESS_CLOSURE_TYPES = [
  'FULL_DAY',
  'PARTIAL_DAY',
  'RECURRING_WEEKLY',
  'RECURRING_MONTHLY',
  'RECURRING_YEARLY',
] as const
export type BusinessClosureType = (typeof BUSINESS_CLOSURE_TYPES)[number]

/** Monday first, as the salon's week is read in Italy. */
export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number]

/** Kinds of an operator's leave (GLOSSARY.md "The team's week"): ferie, permesso, malattia, formazione. */
export const LEAVE_KINDS = ['ANNUAL', 'PERMIT', 'SICK', 'TRAINING'] as const
export type LeaveKind = (typeof LEAVE_KINDS)[number]

/** How a visit was paid at checkout (GLOSSARY.md "The team's week, the desk"): contanti, carta, bonifico, altro. */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'TRANSFER', 'OTHER'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** A checkout discount: an amount in euro or a percentage of the services. */
export const DISCOUNT_KINDS = ['AMOUNT', 'PERCENT'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

/** Why two client cards look like the same person (GET /api/clients/:id/duplicates). */
export const DUPLICATE_REASONS = ['PHONE', 'EMAIL', 'NAME'] as const
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number]

/** Spec §3 calls it "UpdateLabel"; it labels uploads. */
export const UPLOAD_LABELS = ['HOME_CAROUSEL', 'IMAGES'] as const
export type UploadLabel = (typeof UPLOAD_LABELS)[number]
