import type { Pool, PoolClient } from 'pg'
import {
  calendarSequence,
  icsMethodFor,
  notificationsFor,
  REMINDED_STATUSES,
  reminderSchedule,
  type NotificationKind,
  type ReservationChanges,
  type ReservationEventKind,
  type ReservationStatus,
  type Role,
} from '@salon/shared'
import { lastChangeOf } from '../platform'
import { reservationMail, type ReservationMailData } from './reservationMails'
import { env } from '../env'
import { reservationIcs, calendarSalonOf } from '../reservations'
import { salonContactOf } from '../calendar'
import { notificationSettings, notificationSettingsOf } from './settings'
import { queueBookingSms } from './sms'
import { seriesBatch, seriesMailRows } from './seriesNotifications'

/**
 * The notification tasks (docs/notifications.md). Thin glue: which mails an event causes and when
 * reminders fall are the engine's (`shared/src/booking/notifications.ts`), the words are
 * `notifications/reservationMails.ts`, the calendar file `reservations/ics.ts`; here they meet the database and
 * SMTP.
 */

type Db = Pool | PoolClient

/**
 * One reservation as the mails and reminders need it, with the salon's contact and notification
 * settings, in ONE statement (`event`: and that event): a job costs the database two statements,
 * this read and one write — the jobs share the machine with the bookings (docs/benchmarks.md).
 */
async function readFacts(db: Db, by: { reservation: number } | { event: number }) {
  const { rows } = await db.query(
    `select e.id as event_id, e.actor_id, e.actor_role, e.kind, e.from_status, e.to_status, e.changes,
            r.id, r.user_id, r.status, r.date_start, r.date_end, r.duration, r.total_price, r.note, r.series_id,
            r.series_index = (select min(o.series_index) from reservations o where o.series_id = r.series_id) as series_first,
            ${lastChangeOf('r.id')} as last_change,
            coalesce(cl.name, u.name) as customer_name, coalesce(cl.surname, u.surname) as customer_surname,
            coalesce(u.email, cl.email) as customer_email, coalesce(cl.phone_number, u.phone_number) as customer_phone,
            nullif(trim(concat_ws(' ', o.name, o.surname)), '') as operator_name,
            coalesce((select json_agg(json_build_object('title', s.title, 'price', s.price, 'minutes', s.time)
                                      order by rr."order")
                        from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '[]'::json) as services,
            c.business_name, c.address, c.phone, c.email, c.timezone, c.mail_customer_bookings,
            c.mail_customer_changes, c.reminder_hours, c.second_reminder_hours, c.mail_salon_new_bookings,
            c.mail_salon_cancellations, c.auto_complete_hours, c.sms_reminders, c.sms_confirmations,
            coalesce(cl.sms_consent, false) as sms_consent,
            coalesce(nullif(trim(u.phone_number), ''), nullif(trim(cl.phone_number), '')) as sms_phone
       ${
         'event' in by
           ? 'from reservation_events e join reservations r on r.id = e.reservation_id'
           : 'from reservations r left join reservation_events e on false'
       }
       left join users u on u.id = r.user_id
       -- The card by its key, one index lookup. (A plain join let PostgreSQL merge-join the whole
       -- clients index when the booking's card was newer than its statistics — every new
       -- customer's: 28 ms a job with 50,000 cards, issue 28 §4.)
       left join lateral (select c.name, c.surname, c.email, c.phone_number, c.sms_consent from clients c
                           where c.id = r.client_id and c.anonymised_at is null limit 1) cl on true
       left join operators o on o.id = r.operator_id
       left join lateral (select * from config order by id limit 1) c on true
      where ${'event' in by ? 'e.id' : 'r.id'} = $1`,
    ['event' in by ? by.event : by.reservation],
  )
  const r = rows[0]
  if (!r) return null
  const contact = salonContactOf(r)
  const settings = notificationSettingsOf(r)
  const mail: (ReservationMailData & { lastChange: string }) | null =
    r.date_start && r.date_end
      ? {
          salon: { ...contact, timezone: contact.timeZone },
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
            duration: r.duration === null ? null : Number(r.duration),
            note: r.note ?? null,
          },
          links: {
            myBookingsUrl: r.user_id ? `${env.linkOrigin}/reserved-area` : null,
            dashboardUrl: `${env.linkOrigin}/dashboard/booking/${r.id}`,
          },
          lastChange: String(r.last_change),
        }
      : null
  const event: EventRow | null = r.event_id
    ? {
        id: r.event_id,
        actor_id: r.actor_id,
        actor_role: r.actor_role,
        kind: r.kind,
        from_status: r.from_status,
        to_status: r.to_status,
        changes: r.changes,
      }
    : null
  return {
    reservation: { id: r.id as number, customer: r.user_id as number | null, status: r.status as ReservationStatus },
    start: r.date_start ? new Date(r.date_start).toISOString() : null,
    contact,
    settings,
    mail,
    event,
    // Where an SMS may go: the person agreed (their card) and has a number (the account's, else the card's).
    sms: r.sms_consent === true && r.sms_phone ? { phone: String(r.sms_phone) } : null,
    series: r.series_id ? { id: r.series_id as number, first: r.series_first === true } : null,
  }
}

type Facts = NonNullable<Awaited<ReturnType<typeof readFacts>>>

/** The calendar file a mail carries (REQUEST or CANCEL, the engine's choice), or null. */
function calendarFile(
  kind: NotificationKind,
  facts: Facts,
  data: ReservationMailData & { lastChange: string },
  now: Date,
) {
  const method = icsMethodFor(kind, data.reservation.status)
  const salon = calendarSalonOf(facts.contact)
  // RFC 5546: a REQUEST or CANCEL names its attendee and the organiser (the salon's address).
  if (!method || !data.customer.email || !salon.email) return null
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
    salon,
    method,
    sequence: calendarSequence(data.lastChange),
    now,
    attendee: {
      email: data.customer.email,
      name: [data.customer.name, data.customer.surname].filter(Boolean).join(' '),
    },
  })
  return { method, ics }
}

/** One decided mail, rendered now (every retry sends the same bytes), as a `notifications` row. */
function mailRow(
  facts: Facts,
  decided: { kind: NotificationKind; to: 'CUSTOMER' | 'SALON'; dedupeKey: string; eventId: number | null },
  data: ReservationMailData & { lastChange: string },
  now: Date,
) {
  const address = decided.to === 'CUSTOMER' ? data.customer.email : facts.contact.email
  if (!address) return null // no address (a salon without one): nothing to send
  const mail = reservationMail(decided.kind, data)
  const file = decided.to === 'CUSTOMER' ? calendarFile(decided.kind, facts, data, now) : null
  return {
    reservation_id: data.reservation.id,
    event_id: decided.eventId,
    kind: decided.kind,
    recipient: decided.to,
    address,
    dedupe_key: decided.dedupeKey,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ics: file?.ics ?? null,
    ics_method: file?.method ?? null,
  }
}

/**
 * The one write of a job, one statement (so one transaction): the mails decided are recorded — a
 * dedupe key recorded before (the job ran twice) records nothing — and each recorded one gets its
 * send job; the reminders still due are (re)placed under their keys (`job_key_mode` replace: a
 * move moves them) and the others removed (a cancellation removes them). `reminders` undefined:
 * leave them as they are.
 */
async function write(
  db: Db,
  reservationId: number,
  mails: NonNullable<ReturnType<typeof mailRow>>[],
  reminders?: { start: string; due: { index: number; at: Date }[] },
) {
  const due = reminders?.due ?? []
  const gone = reminders ? [1, 2].filter((i) => !due.some((d) => d.index === i)) : []
  await db.query(
    `with recorded as (
       insert into notifications (reservation_id, event_id, kind, recipient, address, dedupe_key, subject, html, text, ics, ics_method)
       select reservation_id, event_id, kind, recipient, address, dedupe_key, subject, html, text, ics, ics_method
         from json_to_recordset($1::json) as m(reservation_id int, event_id bigint, kind varchar, recipient varchar,
              address varchar, dedupe_key varchar, subject text, html text, text text, ics text, ics_method varchar)
       on conflict (dedupe_key) do nothing returning id),
     sends as (
       select graphile_worker.add_job('send-notification', json_build_object('id', id), max_attempts := 12,
                                      job_key := 'notification:' || id) from recorded),
     scheduled as (
       select graphile_worker.add_job('reminder',
                json_build_object('reservation', $2::int, 'index', d.index, 'start', $3::text),
                run_at := d.at, max_attempts := 5, job_key := 'reminder:' || $2 || ':' || d.index,
                job_key_mode := 'replace')
         from json_to_recordset($4::json) as d(index int, at timestamptz)),
     removed as (select graphile_worker.remove_job('reminder:' || $2 || ':' || g) from unnest($5::int[]) as g)
     select (select count(*) from sends) + (select count(*) from scheduled) + (select count(*) from removed) as n`,
    [JSON.stringify(mails), reservationId, reminders?.start ?? null, JSON.stringify(due), gone],
  )
}

interface EventRow {
  id: string
  actor_id: number | null
  actor_role: Role | null
  kind: ReservationEventKind
  from_status: ReservationStatus | null
  to_status: ReservationStatus
  changes: ReservationChanges
}

/** `reservation-event`: the mails one recorded change causes, and the reservation's reminders. */
export async function handleReservationEvent(db: Pool, eventId: number, now = new Date()) {
  const facts = await readFacts(db, { event: eventId })
  const event = facts?.event
  if (!facts || !event) return // the reservation is gone (a draft dropped): nothing to tell anyone
  // The customer: their account, or — no id, role USER — a desk card's person through their SMS link
  // (reservations' cancelAsCustomer).
  const byCustomer =
    event.actor_id !== null ? event.actor_id === facts.reservation.customer : event.actor_role === 'USER'
  // Events may be handled late or out of order (retries, several workers); each mail shows the
  // booking as it is now, so an event the booking has since moved past tells nobody — the later
  // event's own job tells what happened. Its reminders still follow the booking as it is.
  const current = facts.reservation.status === event.to_status
  const decisions = !current
    ? []
    : notificationsFor(
        {
          kind: event.kind,
          from: event.from_status,
          to: event.to_status,
          actorRole: event.actor_role,
          byCustomer,
          changes: event.changes,
        },
        facts.settings,
      )
  const moved = event.changes.date_start as { from?: string | null } | undefined
  const data = facts.mail && { ...facts.mail, previousStart: moved?.from ?? null, byCustomer }
  // A new series, or several of its occurrences cancelled at once: the first occurrence's event
  // sends one mail for all, the others none (seriesNotifications.ts).
  const series = facts.series && (await seriesBatch(db, facts.series, facts.reservation.id, event))
  const mails = data
    ? (series ? [] : decisions)
        .map(({ to, kind }) =>
          mailRow(
            facts,
            { kind, to, eventId: Number(event.id), dedupeKey: `event:${event.id}:${kind}:${to}` },
            data,
            now,
          ),
        )
        .filter((m) => m !== null)
    : []
  if (data && series && series.first)
    mails.push(
      ...(await seriesMailRows(db, facts.series!, series, decisions, data, facts.contact, Number(event.id), now)),
    )
  const due = facts.start
    ? reminderSchedule({ status: facts.reservation.status, date_start: facts.start }, facts.settings, now)
    : []
  await write(db, facts.reservation.id, mails, { start: facts.start ?? '', due })
  // The confirmation SMS goes with the confirmation mail — decided as that mail is, whether or not
  // the mail's own switch is on (the SMS has its own: smsConfirmations).
  if (current && facts.settings.smsConfirmations && (!series || series.first)) {
    const confirmed = notificationsFor(
      {
        kind: event.kind,
        from: event.from_status,
        to: event.to_status,
        actorRole: event.actor_role,
        byCustomer,
        changes: event.changes,
      },
      { ...facts.settings, mailCustomerBookings: true },
    ).some((n) => n.to === 'CUSTOMER' && n.kind === 'CONFIRMED')
    if (confirmed) await queueBookingSms(db, facts, 'confirmation', `confirmation-sms:${event.id}`, now)
  }
}

/**
 * `reminder`: sent only if the booking still starts at the time the reminder was scheduled for
 * and still gets that reminder (a moved or cancelled booking's job was replaced or removed; this
 * is the belt to those braces).
 */
export async function handleReminder(
  db: Pool,
  job: { reservation: number; index: number; start: string },
  now = new Date(),
) {
  const facts = await readFacts(db, { reservation: job.reservation })
  const data = facts?.mail
  if (!facts || !data || data.reservation.date_start !== new Date(job.start).toISOString()) return
  const still = reminderSchedule(
    { status: data.reservation.status, date_start: data.reservation.date_start },
    facts.settings,
    new Date(now.getTime() - 60 * 60_000), // due now: scheduled up to an hour ago still counts
  )
  // Due now — not merely still ahead: a reminder whose hours changed in the settings since it was
  // scheduled would otherwise go out at the old time and block the right one (its dedupe key).
  const dueNow = (at: Date) => at.getTime() <= now.getTime() + 60_000
  if (!still.some((d) => d.index === job.index && dueNow(d.at))) return
  const mail = mailRow(
    facts,
    {
      kind: 'REMINDER',
      to: 'CUSTOMER',
      eventId: null,
      dedupeKey: `reminder:${job.reservation}:${job.index}:${data.reservation.date_start}`,
    },
    data,
    now,
  )
  if (mail) await write(db, job.reservation, [mail])
  if (facts.settings.smsReminders)
    await queueBookingSms(
      db,
      facts,
      'reminder',
      `reminder-sms:${job.reservation}:${job.index}:${data.reservation.date_start}`,
      now,
    )
}

/**
 * `reschedule-reminders`: the reminder hours (or the salon's zone) changed in the settings — a
 * trigger on `config` enqueues this, keyed, so several saves run it once. Every booking still ahead
 * that gets reminders has them placed again by the new rule (`reminderSchedule`, the same as for a
 * new booking: a time already passed is skipped, not sent late), under the same job keys — the old
 * ones are replaced or removed. Two statements per booking (read it again, write its jobs).
 * Returns how many bookings it went through.
 */
export async function rescheduleReminders(db: Pool, now = new Date()) {
  const settings = await notificationSettings(db)
  const { rows: upcoming } = await db.query<{ id: number }>(
    `select id from reservations where date_start > $1 and status = any($2::enum_reservations_status[]) order by date_start`,
    [now, REMINDED_STATUSES],
  )
  for (const { id } of upcoming) {
    // Read again right before its write: a booking moved or cancelled since the list was taken is
    // placed by what it is now (its own event job, running after, places it the same way).
    const { rows } = await db.query<{ status: ReservationStatus; date_start: Date | null }>(
      'select status, date_start from reservations where id = $1',
      [id],
    )
    const r = rows[0]
    if (!r?.date_start) continue
    const start = r.date_start.toISOString()
    await write(db, id, [], { start, due: reminderSchedule({ status: r.status, date_start: start }, settings, now) })
  }
  return upcoming.length
}
