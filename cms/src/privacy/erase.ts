import type { Payload } from 'payload'
import { sql } from '@payloadcms/db-postgres'
import { DESK_WORDS, MOVABLE_STATUSES, type Role } from '@salon/shared'
import { HttpError, inPayloadTransaction, pool } from '../platform'
import { changeStatus } from '../reservations'
import { handleReservationEvent } from '../notifications'
import { findPerson, type Subject } from './personalData'

/**
 * Erasure (GDPR art. 17; docs/api.md "Privacy"), the one use case behind `DELETE /api/auth/me` (the
 * person themself) and `POST /api/clients/:id/erase` (an ADMIN):
 *
 * 1. Their upcoming bookings are cancelled one by one through the status use case (the same rules,
 *    events and reminders as any cancellation), and each cancellation's mails are decided and
 *    rendered at once — the queue would only get to them after step 2, when there is no address left
 *    to write to. The person gets "your appointment is cancelled" (with the calendar file that drops
 *    it), and, when they erase themselves, the salon gets the usual "a customer cancelled".
 * 2. One transaction: the card becomes "Cliente cancellato" with every other personal field emptied,
 *    its staff notes deleted, `anonymised_at` set; the bookings' notes and the notes inside their
 *    history emptied; the person no longer named as the actor of any change; the mails kept for them
 *    emptied (those still to be sent are emptied when sent: migration `…_privacy`); their login
 *    account deleted — its sessions, refresh tokens, second factor and recovery codes, calendar feed
 *    token go with it (foreign keys) — after its role and creation time are kept in
 *    `erased_accounts` so the KPIs' new customers still add up. The last ADMIN cannot go (409).
 * 3. Their profile photos (uploads they own) are deleted, files included.
 *
 * Bookings stay, with times, services, operator, price and payments: every figure adds up. Erasing a
 * card already erased does it again, harmlessly (nothing to cancel, nothing left to empty): 200
 * `{ cancelled: 0 }`.
 */

/** Who asks: the person themself, or an admin (the actor of the cancellations). */
export type Eraser = 'SELF' | { id: number; user_role: Role }

/** Bookings still ahead that a cancellation can take back (drafts are dropped, not cancelled). */
const UPCOMING = MOVABLE_STATUSES

/** What an erased card is called (GLOSSARY.md). */
export const ERASED_NAME = DESK_WORDS.it.erasedClient

/** 409 LAST_ADMIN: the salon always keeps an administrator (accounts/lastAdmin.ts says the same in its hook). */
const lastAdmin = () =>
  new HttpError(409, 'LAST_ADMIN', 'È l’unico amministratore del salone: prima nomina un altro amministratore.', {
    reason: 'LAST_ADMIN',
  })

export async function erase(payload: Payload, subject: Subject, by: Eraser, now = new Date()) {
  const db = pool(payload)
  const person = await findPerson(db, subject)
  if (!person) return null
  const { client_id: card, user_id: uid } = person
  const account = uid
    ? (
        await db.query<{ user_role: Role; last: boolean }>(
          `select user_role, (user_role = 'ADMIN' and not exists(select 1 from users o where o.user_role = 'ADMIN' and o.id <> u.id)) as last
             from users u where u.id = $1`,
          [uid],
        )
      ).rows[0]
    : undefined
  // Before anything is cancelled: the last admin stays (the delete's own hook re-checks under lock).
  if (account?.last) throw lastAdmin()

  const cancelled = await cancelUpcoming(payload, card, uid, by, now)

  await inPayloadTransaction(payload, async (req, rows) => {
    if (card) await rows(sql`select id from clients where id = ${card} for update`)
    const [user] = uid
      ? await rows(sql`select id, email, user_role, created_at from users where id = ${uid} for update`)
      : []
    const [cardRow] = card ? await rows(sql`select email from clients where id = ${card}`) : []
    const emails = [user?.email, cardRow?.email]
      .filter((e): e is string => typeof e === 'string' && e !== '')
      .map((e) => e.toLowerCase())
    const [mailA = '', mailB = ''] = emails
    const theirs = sql`(select id from reservations where client_id = ${card} or user_id = ${uid})`

    // Their waitlist entries go, with their offers (issue 27: who waited for what is personal).
    await rows(sql`delete from waitlist_entries where client_id = ${card} or user_id = ${uid}`)
    // Drafts are nobody's booking yet: they go.
    await rows(
      sql`delete from reservations where (client_id = ${card} or user_id = ${uid}) and status = 'PENDING_CONFIRMATION'`,
    )
    await rows(sql`update reservations set note = null where id in ${theirs} and note is not null`)
    await rows(
      sql`update reservation_events set changes = jsonb_set(changes, '{note}', '{"from": null, "to": null}'::jsonb)
           where reservation_id in ${theirs} and changes ? 'note'`,
    )
    if (uid) {
      // Cancelled on their own request: the history says the customer did it, not an admin.
      if (by === 'SELF' && account)
        await rows(
          sql`update reservation_events set actor_role = ${account.user_role}
               where actor_id = ${uid} and reservation_id in ${theirs} and kind = 'STATUS_CHANGED'
                 and to_status = 'CANCELLED' and created_at >= ${now}`,
        )
      await rows(sql`update reservation_events set actor_id = null where actor_id = ${uid}`)
    }
    // The mails kept: locked first, so a send finishing right now is either seen SENT here (and
    // emptied now) or marks its row SENT only after this commits (and the trigger empties it then).
    const kept = sql`(reservation_id in ${theirs} or (recipient = 'CUSTOMER' and lower(address) in (${mailA}, ${mailB})))`
    await rows(sql`select id from notifications where ${kept} order by id for update`)
    await rows(
      sql`update notifications
             set address = case when recipient = 'CUSTOMER' then '' else address end,
                 subject = '', html = '', text = '', ics = null, last_error = null
           where status <> 'PENDING' and ${kept}`,
    )
    // Their texts (codes, reminders) go: a send job that has not run yet finds nothing to send.
    await rows(sql`delete from sms_messages where reservation_id in ${theirs} or user_id = ${uid ?? null}`)
    if (card) {
      await rows(sql`delete from client_notes where client_id = ${card}`)
      await rows(
        sql`update clients set name = ${ERASED_NAME}, surname = null, phone_number = null, email = null,
                   birthday = null, marketing_consent = false, marketing_consent_at = null, sms_consent = false,
                   sms_consent_at = null, tags = '[]'::jsonb,
                   allergies = null, technical_notes = null, blocked_online = false, blocked_reason = null,
                   user_id = null, anonymised_at = coalesce(anonymised_at, ${now}), updated_at = ${now}
             where id = ${card}`,
      )
    }
    if (user) {
      await rows(
        sql`insert into erased_accounts (user_role, created_at, erased_at) values (${user.user_role}, ${user.created_at}, ${now})`,
      )
      // Counters of the login guards are keyed by address and by account.
      const own = `:user:${uid}`
      await rows(sql`delete from rate_limits where right(key, ${own.length}) = ${own}`)
      for (const mail of emails)
        await rows(sql`delete from rate_limits where right(key, ${mail.length + 1}) in (${':' + mail}, ${'|' + mail})`)
      await rows(sql`delete from password_recovery where user_id = ${uid}`)
      try {
        await req.payload.delete({ collection: 'users', id: uid!, req, overrideAccess: true })
      } catch (err) {
        // The users' own guard, under lock (another admin left meanwhile): the same answer as above.
        if (err instanceof HttpError && err.code === 'LAST_ADMIN') throw lastAdmin()
        throw err
      }
    }
  })

  if (uid) await dropOwnedUploads(payload, uid)
  return { cancelled }
}

/** Step 1: each upcoming booking cancelled, and its mails decided now; how many were cancelled. */
async function cancelUpcoming(payload: Payload, card: number | null, uid: number | null, by: Eraser, now: Date) {
  const db = pool(payload)
  const { rows } = await db.query<{ id: number }>(
    `select id from reservations
      where (client_id = $1 or user_id = $2) and status = any($3::enum_reservations_status[]) and date_start > $4
      order by date_start, id`,
    [card, uid, UPCOMING, now],
  )
  // On their own request the cancellation is theirs whatever the online cancellation policy says
  // (the admin's powers carry it; the event is put back to their role in the transaction).
  const actor = by === 'SELF' ? { id: uid!, user_role: 'ADMIN' as const } : by
  let cancelled = 0
  for (const { id } of rows) {
    try {
      await changeStatus(db, actor, id, 'CANCELLED', now)
    } catch (err) {
      // Changed meanwhile (cancelled, started): nothing left to cancel.
      if ((err as { status?: number }).status === 409) continue
      throw err
    }
    cancelled++
    const { rows: ev } = await db.query<{ id: string }>(
      `select max(id) as id from reservation_events where reservation_id = $1 and to_status = 'CANCELLED'`,
      [id],
    )
    if (!ev[0]?.id) continue
    try {
      await handleReservationEvent(db, Number(ev[0].id), now)
    } catch (err) {
      payload.logger.error({ err, msg: `Erasure: the notices of cancelled booking ${id} were not written` })
    }
  }
  return cancelled
}

/** Step 3: the person's profile photos, rows and files (never an image of the salon's). */
async function dropOwnedUploads(payload: Payload, uid: number) {
  const { rows } = await pool(payload).query<{ id: number }>(
    `select id from upload where owner = $1 and name like 'avatar-' || $1::text || '-%'`,
    [uid],
  )
  for (const { id } of rows) {
    try {
      await payload.delete({ collection: 'upload', id, overrideAccess: true })
    } catch (err) {
      payload.logger.error({ err, msg: `Erasure: photo upload ${id} of an erased account was not deleted` })
    }
  }
}
