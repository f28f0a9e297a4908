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

/** Statuses that hold an operator's time (PENDING_CONFIRMATION only while its hold lasts). */
export const BLOCKING_STATUSES = [
  'PENDING',
  'APPROVED',
  'CONFIRMED',
  'PENDING_PAYMENT',
  'MODIFIED',
  'PENDING_CONFIRMATION',
] as const satisfies readonly ReservationStatus[]

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

/** Spec §3 calls it "UpdateLabel"; it labels uploads. */
export const UPLOAD_LABELS = ['HOME_CAROUSEL', 'IMAGES'] as const
export type UploadLabel = (typeof UPLOAD_LABELS)[number]
