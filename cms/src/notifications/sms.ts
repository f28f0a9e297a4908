import type { Pool } from 'pg'
import {
  ATTENDANCE_STATUSES,
  confirmationSmsText,
  reminderSmsText,
  toE164,
  type ReservationStatus,
} from '@salon/shared'
import { queueSms } from '../platform'
import { attendanceLink } from '../attendance'

/** What an SMS of a booking needs (notifications.ts `readFacts`). */
export interface SmsFacts {
  reservation: { id: number; customer: number | null; status: ReservationStatus }
  start: string | null
  contact: { name: string; timeZone: string }
  /** Null: no consent, or no number — no SMS (the mail goes as always). */
  sms: { phone: string } | null
}

/**
 * Issue 26 §5: the reminder or the confirmation of a booking by SMS, with its attendance link —
 * only to a person who agreed and has a number we can send to, only for a booking the salon agreed
 * to whose time is still ahead. Once per `key` (`queueSms` ignores a key it has seen). The text is
 * one GSM-7 segment where it can be (shared/src/attendance.ts).
 */
export async function queueBookingSms(
  db: Pool,
  facts: SmsFacts,
  purpose: 'reminder' | 'confirmation',
  key: string,
  now: Date,
) {
  const to = facts.sms && toE164(facts.sms.phone)
  if (!to || !facts.start || new Date(facts.start).getTime() <= now.getTime()) return null
  if (!ATTENDANCE_STATUSES.includes(facts.reservation.status)) return null
  const input = {
    salon: facts.contact.name,
    start: facts.start,
    timeZone: facts.contact.timeZone,
    link: attendanceLink(facts.reservation.id, facts.start),
    now,
  }
  return queueSms(db, {
    to,
    text: purpose === 'reminder' ? reminderSmsText(input) : confirmationSmsText(input),
    purpose,
    userId: facts.reservation.customer,
    reservationId: facts.reservation.id,
    key,
  })
}
