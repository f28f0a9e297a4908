import type { Pool, PoolClient } from 'pg'
import {
  calendarSequence,
  icsMethodFor,
  notificationsFor,
  reminderSchedule,
  type NotificationKind,
  type ReservationChanges,
  type ReservationEventKind,
  type ReservationStatus,
  type Role,
} from '@salon/shared'
import { mailer, mailFrom } from '../email/adapter'
import { reservationMail, type ReservationMailData } from '../email/reservationMails'
import { env } from '../env'
import { reservationIcs } from '../lib/ics'
import { inTransaction } from '../lib/transaction'
import { loadCalendarSalon } from '../services/reservationCalendar'
import { notificationSettings } from '../services/notificationSettings'

/**
 * The notification tasks (docs/notifications.md). Thin glue: which mails an event causes and when
 * reminders fall are the engine's (`shared/src/booking/notifications.ts`), the words are
 * `email/reservationMails.ts`, the calendar file `lib/ics.ts`; here they meet the database and
 * SMTP.
 */

type Db = Pool | PoolClient

/** Everything a booking mail says about one reservation, read in one statement; null without a time. */
async function mailData(db: Db, reservationId: number): Promise<(ReservationMailData & { updatedAt: string }) | null> {
  const { rows } = await db.query(
    `select r.id, r.status, r.date_start, r.date_end, r.total_price, r.note, r.updated_at,
            u.name as customer_name, u.surname as customer_surname, u.email as customer_email,
            u.phone_number as customer_phone,
            nullif(trim(concat_ws(' ', o.name, o.surname)), '') as operator_name,
            coalesce((select json_agg(json_build_object('title', s.title, 'price', s.price, 'minutes', s.time)
                                      order by rr."order")
                        from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '[]'::json) as services
       from reservations r
       left join users u on u.id = r.user_id
       left join operators o on o.id = r.operator_id
      where r.id = $1`,
    [reservationId],
  )
  const r = rows[0]
  if (!r || !r.date_start || !r.date_end) return null
  const salon = await loadCalendarSalon(db)
  return {
    salon: {
      name: salon.name,
      address: salon.address,
      phone: salon.phone,
      email: salon.email,
      timezone: salon.timeZone,
    },
    customer: {
      name: r.customer_name || 'cliente',
      surname: r.customer_surname ?? null,
      email: r.customer_email ?? null,
      phone: r.customer_phone ?? null,
    },
    reservation: {
      id: r.id,
      status: r.status as ReservationStatus,
      date_start: new Date(r.date_start).toISOString(),
      date_end: new Date(r.date_end).toISOString(),
      services: (r.services as { title: string; price: unknown; minutes: unknown }[]).map((s) => ({
        title: s.title,
        price: Number(s.price),
        minutes: Number(s.minutes),
      })),
      operator: r.operator_name ?? null,
      total: Number(r.total_price ?? 0),
      note: r.note ?? null,
    },
    links: {
      myBookingsUrl: `${env.serverUrl}/reserved-area`,
      dashboardUrl: `${env.serverUrl}/dashboard/booking/${r.id}`,
    },
    updatedAt: new Date(r.updated_at).toISOString(),
  }
}

/** The calendar file a mail carries (REQUEST or CANCEL, the engine's choice), or null. */
function calendarFile(kind: NotificationKind, data: ReservationMailData & { updatedAt: string }, now: Date) {
  const method = icsMethodFor(kind, data.reservation.status)
  // RFC 5546: a REQUEST or CANCEL names its attendee and the organiser (the salon's address).
  if (!method || !data.customer.email || !data.salon.email) return null
  const ics = reservationIcs({
    reservation: {
      id: data.reservation.id,
      start: data.reservation.date_start,
      end: data.reservation.date_end,
      status: method === 'CANCEL' ? 'CANCELLED' : data.reservation.status,
      services: data.reservation.services.map((s) => s.title),
      operator: data.reservation.operator,
      note: data.reservation.note,
    },
    salon: { ...data.salon, timeZone: data.salon.timezone, publicUrl: env.serverUrl },
    method,
    sequence: calendarSequence(data.updatedAt),
    now,
    attendee: {
      email: data.customer.email,
      name: [data.customer.name, data.customer.surname].filter(Boolean).join(' '),
    },
  })
  return { method, ics }
}

/**
 * Records one decided mail (rendered now, so every retry sends the same bytes) and enqueues its
 * send — both in `db`'s transaction. A `dedupeKey` already recorded means this decision was
 * taken before (the job ran twice): nothing new.
 */
async function recordMail(
  db: PoolClient,
  input: {
    kind: NotificationKind
    to: 'CUSTOMER' | 'SALON'
    data: ReservationMailData & { updatedAt: string }
    eventId: number | null
    dedupeKey: string
    now: Date
  },
) {
  const { kind, to, data, eventId, dedupeKey, now } = input
  const address = to === 'CUSTOMER' ? data.customer.email : data.salon.email
  if (!address) return null
  const mail = reservationMail(kind, data)
  const file = to === 'CUSTOMER' ? calendarFile(kind, data, now) : null
  const { rows } = await db.query(
    `insert into notifications (reservation_id, event_id, kind, recipient, address, dedupe_key, subject, html, text, ics, ics_method)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (dedupe_key) do nothing returning id`,
    [
      data.reservation.id,
      eventId,
      kind,
      to,
      address,
      dedupeKey,
      mail.subject,
      mail.html,
      mail.text,
      file?.ics ?? null,
      file?.method ?? null,
    ],
  )
  const id = rows[0]?.id as string | undefined
  if (id) {
    await db.query(
      `select graphile_worker.add_job('send-notification', json_build_object('id', $1::bigint),
                                      max_attempts := 12, job_key := 'notification:' || $1)`,
      [id],
    )
  }
  return id ?? null
}

/**
 * Follows the reservation's reminders to its current time and status: each reminder the engine
 * still schedules is (re)placed under its key (`job_key_mode` replace: a move moves it), every
 * other one is removed (a cancellation removes them).
 */
async function scheduleReminders(db: PoolClient, reservationId: number, now: Date) {
  const { rows } = await db.query('select status, date_start from reservations where id = $1', [reservationId])
  const r = rows[0]
  const settings = await notificationSettings(db)
  const due = r ? reminderSchedule({ status: r.status, date_start: r.date_start }, settings, now) : []
  for (const index of [1, 2] as const) {
    const key = `reminder:${reservationId}:${index}`
    const at = due.find((d) => d.index === index)?.at
    if (at) {
      await db.query(
        `select graphile_worker.add_job('reminder', json_build_object('reservation', $1::int, 'index', $2::int, 'start', $3::text),
                                        run_at := $4, max_attempts := 5, job_key := $5, job_key_mode := 'replace')`,
        [reservationId, index, new Date(r.date_start).toISOString(), at, key],
      )
    } else {
      await db.query('select graphile_worker.remove_job($1)', [key]).catch(() => undefined)
    }
  }
}

interface EventRow {
  id: string
  reservation_id: number
  actor_id: number | null
  actor_role: Role | null
  kind: ReservationEventKind
  from_status: ReservationStatus | null
  to_status: ReservationStatus
  changes: ReservationChanges
  customer_id: number | null
}

/** `reservation-event`: the mails one recorded change causes, and the reservation's reminders. */
export async function handleReservationEvent(pool: Pool, eventId: number, now = new Date()) {
  await inTransaction(pool, async (db) => {
    const { rows } = await db.query(
      `select e.id, e.reservation_id, e.actor_id, e.actor_role, e.kind, e.from_status, e.to_status, e.changes,
              r.user_id as customer_id
         from reservation_events e join reservations r on r.id = e.reservation_id
        where e.id = $1`,
      [eventId],
    )
    const event = rows[0] as EventRow | undefined
    if (!event) return // the reservation is gone (a draft dropped): nothing to tell anyone
    const settings = await notificationSettings(db)
    const decisions = notificationsFor(
      {
        kind: event.kind,
        from: event.from_status,
        to: event.to_status,
        actorRole: event.actor_role,
        byCustomer: event.actor_id !== null && event.actor_id === event.customer_id,
        changes: event.changes,
      },
      settings,
    )
    const data = decisions.length ? await mailData(db, event.reservation_id) : null
    if (data) {
      const moved = event.changes.date_start as { from?: string | null } | undefined
      const told = { ...data, previousStart: moved?.from ?? null, byCustomer: event.actor_id === event.customer_id }
      for (const { to, kind } of decisions) {
        await recordMail(db, { kind, to, data: told, eventId, dedupeKey: `event:${event.id}:${kind}:${to}`, now })
      }
    }
    await scheduleReminders(db, event.reservation_id, now)
  })
}

/**
 * `reminder`: sent only if the booking still starts at the time the reminder was scheduled for
 * and still holds its time (a moved or cancelled booking's job was replaced or removed, this is
 * the belt to those braces).
 */
export async function handleReminder(
  pool: Pool,
  job: { reservation: number; index: number; start: string },
  now = new Date(),
) {
  await inTransaction(pool, async (db) => {
    const data = await mailData(db, job.reservation)
    if (!data || data.reservation.date_start !== new Date(job.start).toISOString()) return
    const settings = await notificationSettings(db)
    const still = reminderSchedule(
      { status: data.reservation.status, date_start: data.reservation.date_start },
      settings,
      new Date(now.getTime() - 60 * 60_000), // due now: scheduled up to an hour ago still counts
    )
    if (!still.some((d) => d.index === job.index)) return
    await recordMail(db, {
      kind: 'REMINDER',
      to: 'CUSTOMER',
      data,
      eventId: null,
      dedupeKey: `reminder:${job.reservation}:${job.index}:${data.reservation.date_start}`,
      now,
    })
  })
}

/**
 * `send-notification`: one recorded mail through SMTP. Already sent → nothing (a job that ran
 * twice); a failure is counted and thrown, so the queue retries it with back-off.
 */
export async function sendNotification(pool: Pool, id: string) {
  const { rows } = await pool.query('select * from notifications where id = $1', [id])
  const n = rows[0]
  if (!n || n.status === 'SENT') return
  try {
    await mailer().sendMail({
      from: mailFrom(),
      to: n.address,
      subject: n.subject,
      html: n.html,
      text: n.text,
      ...(n.ics
        ? {
            icalEvent: { method: n.ics_method, filename: 'appuntamento.ics', content: n.ics },
          }
        : {}),
    })
  } catch (err) {
    await pool.query('update notifications set attempts = attempts + 1, last_error = $2 where id = $1', [
      id,
      String((err as Error)?.message ?? err).slice(0, 500),
    ])
    throw err
  }
  await pool.query(
    `update notifications set status = 'SENT', attempts = attempts + 1, sent_at = now(), last_error = null where id = $1`,
    [id],
  )
}
