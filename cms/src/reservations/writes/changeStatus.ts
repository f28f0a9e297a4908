import type { Pool, PoolClient } from 'pg'
import {
  type BookingSettings,
  type ReservationStatus,
  authorizeFreeRest,
  authorizeTransition,
  authorizeUndo,
} from '@salon/shared'
import { inTransaction, notFound, pgErrorCode, withRetries } from '../../platform'
import { salonCalendar } from '../../calendar'
import { conflict } from '../booking'
import { deleteCheckout } from '../checkoutRepository'
import { type Actor, endNow, finalChanges, readReservation, recordEvent, restoreStatus, setStatus } from '../repository'
import { actorAndReservation } from '../reads'
import { refusal } from '../refusals'

/**
 * A reservation's status and what follows from it: a change (cancel included: a customer's
 * cancellation is the change to CANCELLED, `authorizeTransition` deciding when it is still
 * allowed), its undo, and freeing the rest of an appointment that is over early. Each reads the
 * asker and the row under a row lock; someone who may not see it gets 404. Tested by
 * cms/tests/int/reservation-writes, statuses-follow-time (undo, free the rest, NOT_STARTED),
 * my-bookings (the customer's cancel), access-matrix, notifications (the mails of each change).
 */

type Locked = Awaited<ReturnType<typeof actorAndReservation>> & { settings: BookingSettings }

/** `work` in a transaction (retried when the database asks) with the asker, the row locked and the committed settings. */
function onLockedReservation<T>(pool: Pool, user: Actor, id: number, work: (db: PoolClient, l: Locked) => Promise<T>) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { actor, current } = await actorAndReservation(db, user, id)
      const { settings } = await salonCalendar(db, { consistency: 'committed' })
      return work(db, { actor, current, settings })
    }),
  )
}

/** PUT /api/reservations/:id/status: the engine decides who may set what (`authorizeTransition`). */
export async function changeStatus(pool: Pool, user: Actor, id: number, to: ReservationStatus, now = new Date()) {
  return onLockedReservation(pool, user, id, async (db, { actor, current, settings }) => {
    const verdict = authorizeTransition(actor, current.facts, to, settings, now)
    if (!verdict.ok) throw refusal(verdict, settings.timezone)
    await setStatus(db, id, to, now)
    await recordEvent(db, id, user, current.snapshot, now)
    return { id }
  })
}

/**
 * POST /api/attendance/:token { answer: 'cancel' } (cms/src/attendance): the booking's customer,
 * proven by their signed SMS link instead of a session, cancels it — the same rule as their own
 * cancel (`authorizeTransition` as the customer: the cancellation policy, 409 outside it) and the
 * same event, so the same mails (CANCELLED to them, SALON_CANCELLED to the salon). The event's
 * actor is the customer's account; a desk card without one has no account to name, so its event
 * carries role USER and no id (the notifications read that as the customer's own change).
 * Already cancelled: nothing to do (the link is idempotent).
 */
export async function cancelAsCustomer(pool: Pool, id: number, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const current = await readReservation(db, id, true)
      if (!current) throw notFound()
      if (current.facts.status === 'CANCELLED') return { id, changed: false }
      const { settings } = await salonCalendar(db, { consistency: 'committed' })
      // The customer's capacity: their account, or (a card without one) a stand-in id for the rule.
      const userId = current.user ?? 0
      const actor = { role: 'USER' as const, userId, operatorIds: [] }
      const verdict = authorizeTransition(actor, { ...current.facts, user: userId }, 'CANCELLED', settings, now)
      if (!verdict.ok) throw refusal(verdict, settings.timezone)
      await setStatus(db, id, 'CANCELLED', now)
      const who = { id: current.user, user_role: 'USER' } as unknown as Actor
      await recordEvent(db, id, who, current.snapshot, now)
      return { id, changed: true }
    }),
  )
}

/**
 * POST /api/reservations/:id/undo: staff take back a final status set by mistake, within
 * UNDO_MINUTES (`authorizeUndo`). The booking gets its previous status and, if the rest of its time
 * was freed, its end back — under the database guard: if someone has booked that time since,
 * 409 SLOT_TAKEN and nothing changes. One UNDONE event (a cancellation taken back mails the
 * customer that the booking stands). A completion taken back drops its checkout, if it had one.
 */
export async function undoStatus(pool: Pool, user: Actor, id: number, now = new Date()) {
  return onLockedReservation(pool, user, id, async (db, { actor, current, settings }) => {
    const change = (await finalChanges(db, [id])).get(id)
    const verdict = authorizeUndo(actor, current.facts, change, now)
    if (!verdict.ok) throw refusal(verdict, settings.timezone)
    try {
      await db.query('savepoint undo')
      await restoreStatus(db, id, change!.from, change!.restoreEnd ?? null, now)
      await db.query('release savepoint undo')
      // A completion taken back takes its checkout with it (issue 24): a wrong one is entered again.
      if (change!.to === 'COMPLETED') await deleteCheckout(db, id)
    } catch (err) {
      await db.query('rollback to savepoint undo')
      if (pgErrorCode(err) === '23P01')
        // The time was taken since, or its operator is on leave now (the leave guard, issue 23).
        throw conflict(
          (err as { constraint?: string }).constraint === 'reservations_leave_guard' ? 'OFF_SHIFT' : 'SLOT_TAKEN',
        )
      throw err
    }
    await recordEvent(db, id, user, current.snapshot, now, undefined, 'UNDONE')
    return { id }
  })
}

/**
 * POST /api/reservations/:id/free-rest: an appointment over before its end (served early, a
 * no-show) stops holding the rest of its time — its end becomes now (`authorizeFreeRest`), and
 * that time can be booked. One FREED event; the undo of the status puts the end back.
 */
export async function freeRest(pool: Pool, user: Actor, id: number, now = new Date()) {
  return onLockedReservation(pool, user, id, async (db, { actor, current, settings }) => {
    const verdict = authorizeFreeRest(actor, { ...current.facts, date_end: current.snapshot.date_end }, now)
    if (!verdict.ok) throw refusal(verdict, settings.timezone)
    await endNow(db, id, now)
    await recordEvent(db, id, user, current.snapshot, now, undefined, 'FREED')
    return { id }
  })
}
