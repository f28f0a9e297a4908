import type { Pool, PoolClient } from 'pg'
import { calendarSequence, icsMethodFor, type Notification, type ReservationStatus } from '@salon/shared'
import { lastChangeOf } from '../platform'
import { calendarSalonOf, reservationsIcs } from '../reservations'
import type { salonContactOf } from '../calendar'
import type { ReservationMailData } from './reservationMails'
import { SERIES_MAIL_KINDS, seriesMail } from './seriesMails'

/**
 * A new repeating appointment tells its customer (and the salon) once (issue 27 §4): every
 * occurrence's booking event is handled as usual — reminders per occurrence — but the new-booking
 * mails of a series are decided only by its first occurrence's event, as ONE mail listing every
 * date with one calendar file (a VEVENT per occurrence), and the other occurrences' events send
 * none. All occurrences are written in one transaction, so when the first one's job runs they are
 * all there. docs/notifications.md "Repeating appointments".
 */

type Db = Pool | PoolClient

/** A booking's creation (booked by staff, or a customer's booking), the event whose mails a series sends once. */
export const isCreation = (e: { kind: string; from_status: ReservationStatus | null }) =>
  (e.kind === 'BOOKED' || e.kind === 'CONFIRMED') &&
  (e.from_status === null || e.from_status === 'PENDING_CONFIRMATION')

/**
 * Several occurrences of one series changed together by one request: a new series (its first
 * occurrence's event speaks for all), or "this and the following" cancelled (the events of one
 * actor at one instant: the first occurrence's speaks). Null: an ordinary event of one booking.
 * `ids`: the occurrences the mail is about (null: every one still happening).
 */
export async function seriesBatch(
  db: Db,
  series: { id: number; first: boolean },
  reservationId: number,
  event: { id: string; kind: string; from_status: ReservationStatus | null; to_status: ReservationStatus },
): Promise<{ first: boolean; ids: number[] | null; key: string } | null> {
  if (isCreation(event)) return { first: series.first, ids: null, key: '' }
  const cancelled = event.to_status === 'CANCELLED' && event.from_status !== 'CANCELLED'
  if (!cancelled && event.kind !== 'MOVED') return null
  // The same change of its siblings: cancelled, or moved, by the same actor at the same instant.
  const { rows } = await db.query(
    `select r.id from reservation_events e join reservations r on r.id = e.reservation_id
       join reservation_events me on me.id = $2
      where r.series_id = $1 and e.created_at = me.created_at and e.actor_id is not distinct from me.actor_id
        and case when $3 then e.to_status = 'CANCELLED' and e.from_status is distinct from 'CANCELLED'
                 else e.kind = 'MOVED' end
      order by r.series_index`,
    [series.id, event.id, cancelled],
  )
  if (rows.length < 2) return null
  return { first: rows[0].id === reservationId, ids: rows.map((r) => r.id as number), key: `:${event.id}` }
}

/** The one mail of a batch (the first occurrence's event `eventId`), as `notifications` rows. */
export async function seriesMailRows(
  db: Db,
  series: { id: number },
  batch: { ids: number[] | null; key: string },
  decisions: Notification[],
  data: ReservationMailData,
  contact: ReturnType<typeof salonContactOf>,
  eventId: number,
  now: Date,
) {
  const { rows } = await db.query(
    `select r.id, r.date_start, r.date_end, r.status, ${lastChangeOf('r.id')} as last_change, s.every_weeks
       from reservations r join reservation_series s on s.id = r.series_id
      where r.series_id = $1 and r.date_start is not null
        and case when $2::int[] is null then r.status not in ('CANCELLED', 'REJECTED', 'PENDING_CONFIRMATION')
                 else r.id = any($2::int[]) end
      order by r.series_index`,
    [series.id, batch.ids],
  )
  if (!rows.length) return []
  const dates = rows.map((r) => new Date(r.date_start).toISOString())
  const salon = calendarSalonOf(contact)
  return decisions
    .filter((d) => SERIES_MAIL_KINDS.has(d.kind))
    .map((d) => {
      const address = d.to === 'CUSTOMER' ? data.customer.email : contact.email
      if (!address) return null
      const mail = seriesMail(d.kind, data, dates, Number(rows[0].every_weeks))
      const method = d.to === 'CUSTOMER' ? icsMethodFor(d.kind, data.reservation.status) : null
      const ics =
        method && data.customer.email && salon.email
          ? reservationsIcs({
              salon,
              method,
              now,
              attendee: {
                email: data.customer.email,
                name: [data.customer.name, data.customer.surname].filter(Boolean).join(' '),
              },
              events: rows.map((r) => ({
                reservation: {
                  id: r.id as number,
                  start: new Date(r.date_start).toISOString(),
                  end: new Date(r.date_end).toISOString(),
                  status: r.status as ReservationStatus,
                  services: data.reservation.services.map((s) => s.title),
                  operator: data.reservation.operator,
                  note: data.reservation.note ?? null,
                },
                sequence: calendarSequence(String(r.last_change)),
              })),
            })
          : null
      return {
        reservation_id: data.reservation.id,
        event_id: eventId,
        kind: d.kind,
        recipient: d.to,
        address,
        dedupe_key: `series:${series.id}:${d.kind}:${d.to}${batch.key}`,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ics,
        ics_method: ics ? method : null,
      }
    })
    .filter((m) => m !== null)
}
