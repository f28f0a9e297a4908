import type { Pool } from 'pg'
import { draftCapDecision, holdExpiresAt } from '@salon/shared'
import { inTransaction } from '../../platform'
import { salonCalendar } from '../../calendar'
import { assertMayBook, limitRefusal } from '../booking'
import { type Actor, insertDraft, lockCustomerAndCountDrafts, recordEvent, removeExpiredHolds } from '../repository'

/**
 * POST /api/reservations/create-session: a draft for the customer, held for `holdMinutes`; at most
 * `draftCapDecision`'s number of open drafts per customer (429 TOO_MANY_DRAFTS). One CREATED event.
 * Tested by cms/tests/int/draft-cap.test.ts (the cap over HTTP), booking.test.ts, reservation-writes.test.ts.
 */
export async function createSession(pool: Pool, user: Actor, now = new Date()) {
  const { settings } = await salonCalendar(pool, { consistency: 'cached', now: now.getTime() })
  const id = await inTransaction(pool, async (db) => {
    await assertMayBook(db, user)
    await removeExpiredHolds(db, settings.holdMinutes, now, user.id)
    // Serialise one customer's session requests, then cap the drafts they can hold at once.
    const cap = draftCapDecision(await lockCustomerAndCountDrafts(db, user.id))
    if (!cap.ok) throw limitRefusal(cap)
    const id = await insertDraft(db, user.id, null, now)
    await recordEvent(db, id, user, null, now)
    return id
  })
  return { id, expiresAt: holdExpiresAt(now, settings.holdMinutes).toISOString() }
}
