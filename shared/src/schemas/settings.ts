import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { email, phone } from './index'

/**
 * The salon's settings as the dashboard's form and the server's Config collection both check them
 * (cms/src/calendar/collections/Config.ts runs these field schemas through `zodField`).
 */
const whole = (min: number, max: number, unit: 'HOURS' | 'MINUTES' | 'DAYS' | 'BOOKINGS') =>
  z
    .number({ message: M.NUMBER_REQUIRED })
    .int(M.WHOLE_NUMBER)
    .min(min, fieldMessage(`AT_LEAST_${unit}`, { n: min }))
    .max(max, fieldMessage(`AT_MOST_${unit}`, { n: max }))

/** The notification settings' hours: the largest value each accepts (the smallest is 0 = off). */
export const NOTIFICATION_MAX_HOURS = { reminderHours: 168, secondReminderHours: 48, autoCompleteHours: 168 } as const

export const configFields = {
  businessName: z
    .string({ message: M.SALON_NAME_REQUIRED })
    .trim()
    .min(1, M.SALON_NAME_REQUIRED)
    .max(150, fieldMessage('AT_MOST_CHARS', { n: 150 })),
  address: z
    .string()
    .max(300, fieldMessage('AT_MOST_CHARS', { n: 300 }))
    .nullable()
    .optional(),
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  cancellationEnabled: z.boolean().optional(),
  /** Hours before the start until which a customer may cancel or move online. */
  cancellationTimeLimit: whole(0, 24 * 30, 'HOURS'),
  slotStepMinutes: whole(5, 240, 'MINUTES'),
  minNoticeMinutes: whole(0, 60 * 24 * 30, 'MINUTES'),
  bookingHorizonDays: whole(1, 365, 'DAYS'),
  autoConfirm: z.boolean().optional(),
  /** Customers may book a repeating appointment themselves (issue 27). */
  seriesForCustomers: z.boolean().optional(),
  /** The two-step flow: "Approva" a request first, "Conferma" the time later. Off: one "Conferma". */
  twoStepConfirmation: z.boolean().optional(),
  /** Minutes after the start before a booking may be marked "Non presentato". */
  noShowGraceMinutes: whole(0, 240, 'MINUTES').optional(),
  /** 0 = no limit. */
  maxOpenBookings: whole(0, 100, 'BOOKINGS'),
  holdMinutes: whole(1, 120, 'MINUTES'),
  requireEmailVerification: z.boolean().optional(),
  requireAdminTotp: z.boolean().optional(),
  // Notifications (docs/notifications.md). Read by the mail worker with SQL: the names are fixed.
  /** To the customer: booking received (pending), confirmed, rejected. */
  mailCustomerBookings: z.boolean().optional(),
  /** To the customer: booking moved, modified, cancelled (by the salon or by themself). */
  mailCustomerChanges: z.boolean().optional(),
  /** The first reminder, hours before the start (0 = no reminder). */
  reminderHours: whole(0, NOTIFICATION_MAX_HOURS.reminderHours, 'HOURS'),
  /** A second, later reminder (0 = off); smaller than `reminderHours` when both are set. */
  secondReminderHours: whole(0, NOTIFICATION_MAX_HOURS.secondReminderHours, 'HOURS'),
  /** To the salon's address: each new booking. */
  mailSalonNewBookings: z.boolean().optional(),
  /** To the salon's address: a customer cancelled. */
  mailSalonCancellations: z.boolean().optional(),
  /** CONFIRMED bookings whose end is this many hours past become COMPLETED (0 = off). */
  autoCompleteHours: whole(0, NOTIFICATION_MAX_HOURS.autoCompleteHours, 'HOURS'),
  /** Reminders also by SMS (with the attendance link), to customers who agreed and have a number. */
  smsReminders: z.boolean().optional(),
  /** A booking's confirmation also by SMS. */
  smsConfirmations: z.boolean().optional(),
}

/** The message when the second reminder does not come after the first. */
export const SECOND_REMINDER_MESSAGE = M.SECOND_REMINDER_ORDER

/**
 * The one rule across two settings: when both reminders are on, the second comes later (fewer
 * hours before the start) than the first. Null when fine; the Italian message otherwise.
 */
export function secondReminderError(
  reminderHours: number | null | undefined,
  secondReminderHours: number | null | undefined,
): string | null {
  const first = Number(reminderHours) || 0
  const second = Number(secondReminderHours) || 0
  return first > 0 && second > 0 && second >= first ? SECOND_REMINDER_MESSAGE : null
}

export const configInput = z.object(configFields).superRefine((v, ctx) => {
  const message = secondReminderError(v.reminderHours, v.secondReminderHours)
  if (message) ctx.addIssue({ code: 'custom', path: ['secondReminderHours'], message })
})
export type ConfigInput = z.infer<typeof configInput>

export const holidayFields = {
  name: z
    .string({ message: M.NAME_REQUIRED })
    .trim()
    .min(1, M.NAME_REQUIRED)
    .max(150, fieldMessage('AT_MOST_CHARS', { n: 150 })),
  date: z.string({ message: M.DATE_REQUIRED }).refine((v) => !Number.isNaN(Date.parse(v)), M.DATE_REQUIRED),
  recurring_yearly: z.boolean().optional(),
  is_active: z.boolean().optional(),
}
export const holidayInput = z.object(holidayFields)
export type HolidayInput = z.infer<typeof holidayInput>
