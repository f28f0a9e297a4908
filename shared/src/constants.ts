/** Spec §9 numbers and product defaults (PRODUCT.md "Data"), in one place. */
export const USER_REFRESH_THROTTLE_MS = 300_000
export const LOGIN_COOKIE_MAX_AGE_DAYS = 365
export const RELOAD_GUARD_TTL_MS = 10_000

export const RESERVATION_DEFAULTS = { status: 'PENDING', duration: 0, total_price: 0 } as const

/** HTTP client retry rule: non-body methods retry once on these statuses; bodies never retry. */
export const HTTP_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const
export const HTTP_RETRIES_SAFE_METHODS = 1

export const TOASTS = { max: 5, removeDelayMs: 200, durationMs: 5000 } as const
export const CAROUSEL = { autoplayMs: 5000, speedMs: 400 } as const
/** Spec §9 widths in px, mobile first: the web CSS reads them as `@media (--md)` (shared/src/breakpoints.ts). */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const
/** Spec §9: a tooltip opens after 700 ms of hover; within 300 ms of one closing, the next opens at once. */
export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300 } as const
export const IMAGE = { format: 'webp', quality: 80, densities: [1, 2] } as const

export const CONFIG_DEFAULTS = {
  cancellationEnabled: true,
  cancellationTimeLimit: 24,
  timezone: 'Europe/Rome',
  slotStepMinutes: 15,
  minNoticeMinutes: 60,
  bookingHorizonDays: 60,
  autoConfirm: false,
  /** Customers may book a repeating appointment themselves (issue 27); staff always may. */
  seriesForCustomers: false,
  holdMinutes: 10,
  /** Open future bookings one customer may hold at once (0 = no cap); staff are exempt. */
  maxOpenBookings: 3,
  // Notifications (docs/notifications.md)
  mailCustomerBookings: true,
  mailCustomerChanges: true,
  /** Hours before the start of the first reminder (0 = none). */
  reminderHours: 24,
  /** Hours before the start of the second reminder (0 = none). */
  secondReminderHours: 0,
  mailSalonNewBookings: true,
  mailSalonCancellations: true,
  /** Hours after the end at which a CONFIRMED booking becomes COMPLETED (0 = never by itself). */
  autoCompleteHours: 0,
  /** Reminders also by SMS, to customers who agreed and have a number (issue 26). */
  smsReminders: false,
  /** A booking's confirmation also by SMS (issue 26). */
  smsConfirmations: false,
  /** Minutes after the start before a booking may be marked NO_SHOW (a late customer is not a no-show). */
  noShowGraceMinutes: 10,
  /** Off: one "Conferma" accepts a request. On: "Approva" first, "Conferma" later (PENDING → APPROVED → CONFIRMED). */
  twoStepConfirmation: false,
} as const

/** How long staff may undo a final status they set by mistake (Completata, Non presentato, Annullata, Rifiutata). */
export const UNDO_MINUTES = 15

export const DEMO_PASSWORD = 'demo1234'
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.salon', role: 'ADMIN' },
  { email: 'operatore@demo.salon', role: 'OPERATOR' },
  { email: 'cliente@demo.salon', role: 'USER' },
] as const

/** Password policy (also enforced by the accounts issue). */
export const PASSWORD_MIN_LENGTH = 8

/** Booking sessions (drafts) one customer may hold open at once. */
export const MAX_OPEN_DRAFTS = 10

/**
 * Spec §9 calendar: 6 weeks of 7 days; a swipe changes month when it lasts at most 300 ms, moves at
 * least 60 px sideways and at most 80 px up or down. The component's default week starts on
 * Sunday (spec); the Italian site passes Monday.
 */
export const CALENDAR = {
  weeks: 6,
  swipeMaxMs: 300,
  swipeMinX: 60,
  swipeMaxY: 80,
  defaultWeekStartsOn: 0,
  italianWeekStartsOn: 1,
} as const

/** The longest note a customer may leave with a booking (the confirm schema's bound). */
export const BOOKING_NOTE_MAX = 1000

/**
 * Every REST list (`GET /api/<collection>?page=&limit=&sort=`, issue 22): `page` a whole number from
 * 1 to LIST_PAGE_MAX, `limit` from 0 (Payload's "all") to LIST_LIMIT_MAX; anything else is a 400
 * naming the parameter (cms/src/platform/listQuery.ts), never a database error.
 */
export const LIST_PAGE_MAX = 100_000
export const LIST_LIMIT_MAX = 10_000
/** The longest period a report (counts, aggregates, their comparisons) covers: ten years. */
export const REPORT_MAX_DAYS = 3653
