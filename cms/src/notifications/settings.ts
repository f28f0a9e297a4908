import type { Pool, PoolClient } from 'pg'
import { CONFIG_DEFAULTS } from '@salon/shared'

/**
 * The notification settings of config (which mails are on, reminder hours, automatic completion)
 * and the salon's time zone, as the engine's `notificationsFor` / `reminderSchedule` take them.
 * Read on every job: a change in the dashboard counts for the next mail.
 */
export async function notificationSettings(db: Pool | PoolClient) {
  const { rows } = await db.query(
    `select timezone, mail_customer_bookings, mail_customer_changes, reminder_hours, second_reminder_hours,
            mail_salon_new_bookings, mail_salon_cancellations, auto_complete_hours, sms_reminders, sms_confirmations
       from config order by id limit 1`,
  )
  return notificationSettingsOf(rows[0] ?? {})
}

/** `notificationSettings` of a `config` row already read (its columns as PostgreSQL names them). */
export function notificationSettingsOf(c: Record<string, unknown>) {
  const d = CONFIG_DEFAULTS
  const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback)
  const hours = (v: unknown, fallback: number) => (v === null || v === undefined ? fallback : Number(v))
  return {
    timezone: (c.timezone as string | null) ?? d.timezone,
    mailCustomerBookings: flag(c.mail_customer_bookings, d.mailCustomerBookings),
    mailCustomerChanges: flag(c.mail_customer_changes, d.mailCustomerChanges),
    reminderHours: hours(c.reminder_hours, d.reminderHours),
    secondReminderHours: hours(c.second_reminder_hours, d.secondReminderHours),
    mailSalonNewBookings: flag(c.mail_salon_new_bookings, d.mailSalonNewBookings),
    mailSalonCancellations: flag(c.mail_salon_cancellations, d.mailSalonCancellations),
    autoCompleteHours: hours(c.auto_complete_hours, d.autoCompleteHours),
    smsReminders: flag(c.sms_reminders, d.smsReminders),
    smsConfirmations: flag(c.sms_confirmations, d.smsConfirmations),
  }
}
