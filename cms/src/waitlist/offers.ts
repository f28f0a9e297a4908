import type { PoolClient } from 'pg'
import { type SalonCalendar, holdExpiresAt, toE164 } from '@salon/shared'
import { HttpError, queueSms } from '../platform'
import { env } from '../env'
import { salonContactOf } from '../calendar'
import { type OperatorChoice, holdOffer } from '../reservations'
import { type Actor, insertOffer } from './repository'
import { offerMail, offerSmsText } from './offerMessages'

/** The entry an offer is for, as offers.ts needs it. */
export interface OfferedEntry {
  id: number
  user_id: number
  client_id: number
  operator_id: number | null
  services: number[]
}

/** The offer page's address in mails and SMS (web route `reserve-offer`). */
export const offerLink = (id: number) => `${env.linkOrigin}/reserve/offer/${id}`

/**
 * Offers `start` to `entry`, all in the caller's transaction: the timed draft holding the time
 * (reservations' `holdOffer`, the guarded write), the offer row with its follow-up job at
 * `expires_at`, the mail (the durable mail queue: a `notifications` row and its `send-notification`
 * job) and, to a person who agreed to SMS and has a number, the SMS (`queueSms`, purpose
 * waitlist_offer). The time taken meanwhile (409) or the services gone (400): nothing is written
 * (rolled back to a savepoint) and the answer is the refusal, for the caller to skip or report.
 */
export async function makeOffer(
  db: PoolClient,
  calendar: SalonCalendar,
  entry: OfferedEntry,
  choice: { start: Date; operator: OperatorChoice },
  by: Actor | null,
  now: Date,
): Promise<{ id: number } | { refused: HttpError }> {
  await db.query('savepoint waitlist_offer')
  try {
    const hold = await holdOffer(db, calendar, {
      user: entry.user_id,
      client: entry.client_id,
      services: entry.services,
      operator: choice.operator,
      start: choice.start,
      actor: by,
      now,
    })
    const holdMinutes = Number(calendar.settings.holdMinutes) || 10
    const expiresAt = holdExpiresAt(now, holdMinutes)
    const id = await insertOffer(db, {
      entryId: entry.id,
      reservationId: hold.id,
      start: choice.start,
      end: hold.end,
      operatorId: hold.operator,
      expiresAt,
      byHand: by !== null,
      now,
    })
    await tell(db, id, hold.id, entry, choice.start, hold.operator, holdMinutes, now)
    await db.query('release savepoint waitlist_offer')
    return { id }
  } catch (err) {
    await db.query('rollback to savepoint waitlist_offer')
    if (err instanceof HttpError && (err.status === 409 || err.status === 400)) return { refused: err }
    throw err
  }
}

/** The mail and the SMS of offer `id`, queued in the offer's transaction (once: dedupe keys). */
async function tell(
  db: PoolClient,
  id: number,
  reservationId: number,
  entry: OfferedEntry,
  start: Date,
  operatorId: number,
  holdMinutes: number,
  now: Date,
) {
  const { rows } = await db.query(
    `select u.email, coalesce(nullif(trim(c.name), ''), nullif(trim(u.name), ''), 'cliente') as customer_name,
            c.sms_consent, coalesce(nullif(trim(u.phone_number), ''), nullif(trim(c.phone_number), '')) as phone,
            (select trim(concat_ws(' ', o.name, o.surname)) from operators o where o.id = $3) as operator_name,
            (select array_agg(s.title order by t.ord) from unnest($4::int[]) with ordinality as t(sid, ord)
               join services s on s.id = t.sid) as service_names,
            cf.business_name, cf.address, cf.phone as salon_phone, cf.email as salon_email, cf.timezone
       from users u join clients c on c.id = $2
       left join lateral (select * from config order by id limit 1) cf on true
      where u.id = $1`,
    [entry.user_id, entry.client_id, operatorId, entry.services],
  )
  const r = rows[0]
  if (!r) return
  const contact = salonContactOf(r)
  const facts = {
    salon: contact.name,
    timeZone: contact.timeZone,
    customerName: r.customer_name as string,
    start: start.toISOString(),
    services: (r.service_names as string[] | null) ?? [],
    // "Qualsiasi operatore": the person is not named (as in the booking mails).
    operator: entry.operator_id === null ? null : ((r.operator_name as string | null) ?? null),
    link: offerLink(id),
    holdMinutes,
    now,
  }
  if (r.email) {
    const mail = offerMail(facts)
    await db.query(
      `with recorded as (
         insert into notifications (reservation_id, kind, recipient, address, dedupe_key, subject, html, text)
         values ($1, 'WAITLIST_OFFER', 'CUSTOMER', $2, $3, $4, $5, $6)
         on conflict (dedupe_key) do nothing returning id)
       select graphile_worker.add_job('send-notification', json_build_object('id', id), max_attempts := 12,
                                      job_key := 'notification:' || id) from recorded`,
      [reservationId, r.email, `waitlist-offer:${id}`, mail.subject, mail.html, mail.text],
    )
  }
  const to = r.sms_consent && r.phone ? toE164(r.phone as string) : null
  if (to)
    await queueSms(db, {
      to,
      text: offerSmsText(facts),
      purpose: 'waitlist_offer',
      userId: entry.user_id,
      reservationId,
      key: `waitlist-offer:${id}`,
    })
}
