import type { Payload } from 'payload'
import type { TaskList } from 'graphile-worker'
import type { Pool } from 'pg'
import { removeExpiredHolds, completePastBookings } from '../reservations'
import { salonCalendar } from '../calendar'
import { sendSms } from '../platform'
import { notificationSettings } from './settings'
import { pruneRateLimits } from '../accounts'
import { handleReminder, handleReservationEvent, rescheduleReminders } from './notifications'
import { sendNotification } from './send'
import { migrateQueue, startQueue } from './queue'

/** A job's payload field as a positive whole number (or string id); anything else is a broken job. */
function idIn(payload: unknown, field: string): number {
  const value = Number((payload as Record<string, unknown> | null)?.[field])
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`Job payload without a valid ${field}`)
  return value
}

/** The queue's tasks (docs/notifications.md), on the queue's own pool `db`; each is glue over a service. */
export const taskList = (payload: Payload, db: Pool): TaskList => ({
  'reservation-event': async (job) => handleReservationEvent(db, idIn(job, 'event')),
  'send-notification': async (job) => sendNotification(db, String(idIn(job, 'id'))),
  'send-sms': async (job) => sendSms(db, idIn(job, 'id'), (line) => payload.logger.info(line)),
  reminder: async (job) =>
    handleReminder(db, {
      reservation: idIn(job, 'reservation'),
      index: idIn(job, 'index'),
      start: String((job as { start?: unknown }).start ?? ''),
    }),
  'reschedule-reminders': async () => {
    const n = await rescheduleReminders(db)
    payload.logger.info(`Reminders placed again for ${n} upcoming booking(s) (the reminder settings changed)`)
  },
  'expire-drafts': async () => {
    const { holdMinutes } = (await salonCalendar(db, { consistency: 'committed' })).settings
    const removed = await removeExpiredHolds(db, holdMinutes, new Date())
    await pruneRateLimits(db)
    if (removed) payload.logger.info(`Removed ${removed} expired booking draft(s)`)
  },
  'complete-past': async () => {
    const { autoCompleteHours } = await notificationSettings(db)
    const done = await completePastBookings(db, autoCompleteHours)
    if (done) payload.logger.info(`Completed ${done} past booking(s)`)
  },
})

/**
 * Recurring work, once per tick across every app process (graphile-worker's `known_crontabs`):
 * abandoned drafts every minute, past bookings every five.
 */
export const CRONTAB = ['* * * * * expire-drafts ?max=1', '*/5 * * * * complete-past ?max=1'].join('\n')

export { migrateQueue }

/**
 * This process's worker (bootstrap, once Payload is ready), with the tasks and cron lines of the
 * modules above this one (`more`: the waitlist's), which this module cannot import.
 */
export const startJobs = (payload: Payload, more?: { tasks: (db: Pool) => TaskList; crontab: string }) =>
  startQueue(
    payload,
    (db) => ({ ...taskList(payload, db), ...more?.tasks(db) }),
    more ? `${CRONTAB}\n${more.crontab}` : CRONTAB,
  )
