import type { Pool } from 'pg'
import {
  type MoveBody,
  type ReservationStatus,
  type SeriesOccurrence,
  authorizeTransition,
  shiftFollowing,
} from '@salon/shared'
import { HttpError, inTransaction, withRetries } from '../../platform'
import { salonCalendar } from '../../calendar'
import { type Actor, readReservation, recordEvent, setStatus } from '../repository'
import { actorAndReservation } from '../reads'
import { refusal } from '../refusals'
import { laterOccurrences } from '../seriesRepository'
import { editInTransaction } from './editReservation'
import { seriesConflicts } from './bookSeries'

/**
 * "This and the following" of a repeating appointment (issue 27 §4): `scope: 'following'` on
 * PUT /api/reservations/:id/status and POST /:id/move. The occurrence asked for and every later
 * one of its series that still happens (not cancelled, rejected, completed or no-show), all in ONE
 * transaction, each by the rule of one booking — all or nothing. A booking on its own: just it.
 * Tested by cms/tests/int/series-scope.test.ts.
 */

/**
 * A status for this occurrence and the following ones. Each must be allowed (`authorizeTransition`:
 * a customer's cancellation within the policy for each — the first is the nearest, so a first
 * outside it refuses the whole); one refused refuses all, with its reason. Those already in that
 * status are left as they are. One event each.
 */
export async function changeStatusFollowing(
  pool: Pool,
  user: Actor,
  id: number,
  to: ReservationStatus,
  now = new Date(),
) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const { actor, current } = await actorAndReservation(db, user, id)
      const { settings } = await salonCalendar(db, { consistency: 'committed' })
      const later = await laterOccurrences(db, id)
      const all = [current]
      for (const o of later) all.push((await readReservation(db, o.id, false))!)
      const todo = all.filter((r, i) => i === 0 || r.snapshot.status !== to)
      for (const r of todo) {
        const verdict = authorizeTransition(actor, r.facts, to, settings, now)
        if (!verdict.ok) throw refusal(verdict, settings.timezone)
      }
      for (const r of todo) {
        await setStatus(db, r.id, to, now)
        await recordEvent(db, r.id, user, r.snapshot, now)
      }
      return { id, changed: todo.map((r) => r.id) }
    }),
  )
}

/**
 * A move of this occurrence and the following ones: each later one moves by the same change of the
 * salon's wall clock (`shiftFollowing`: 10:00 → 11:30 one day later is 11:30 one day later for each,
 * across a DST change), with the operator asked for (else each keeps its own). Each is moved by the
 * rule of one move (`editInTransaction`: who may, the engine's check, the guarded write); every one
 * is tried, and if any cannot move the whole is rolled back: 409 SERIES_CONFLICTS listing them.
 */
export async function moveFollowing(pool: Pool, user: Actor, id: number, body: MoveBody, now = new Date()) {
  return withRetries(() =>
    inTransaction(pool, async (db) => {
      const current = await readReservation(db, id, true)
      const { settings } = await salonCalendar(db, { consistency: 'committed' })
      const later = current?.snapshot.date_start ? await laterOccurrences(db, id) : []
      const targets = [{ id, start: new Date(body.date_start), index: -1, minutes: 0 }]
      if (current?.snapshot.date_start && later.length) {
        const moving = later.filter((o) => o.start !== null)
        const starts = shiftFollowing(
          moving.map((o) => o.start!),
          new Date(current.snapshot.date_start),
          new Date(body.date_start),
          settings.timezone,
        )
        moving.forEach((o, i) => targets.push({ id: o.id, start: starts[i]!, index: o.index, minutes: o.minutes }))
      }
      // Later first when the series moves later (and in order when earlier): an occurrence never
      // meets the place another one of the same series is about to leave.
      const laterOnes =
        current?.snapshot.date_start && Date.parse(body.date_start) > Date.parse(current.snapshot.date_start)
      if (laterOnes) targets.reverse()
      const conflicts: SeriesOccurrence[] = []
      for (const t of targets) {
        const edit = {
          date_start: t.start.toISOString(),
          ...(body.operator !== undefined ? { operator: body.operator } : {}),
        }
        await db.query('savepoint move_occurrence')
        try {
          await editInTransaction(db, user, t.id, edit, now)
          await db.query('release savepoint move_occurrence')
        } catch (err) {
          await db.query('rollback to savepoint move_occurrence')
          // The one asked for refuses as a move of one would (404, 403, its 409); a later one is listed.
          if (t.id === id || !(err instanceof HttpError) || err.status !== 409) throw err
          conflicts.push({
            index: t.index,
            date_start: edit.date_start,
            date_end: new Date(t.start.getTime() + t.minutes * 60_000).toISOString(),
            available: false,
            reason: err.code,
            alternatives: [],
            skipped: false,
          })
        }
      }
      if (conflicts.length) throw seriesConflicts(conflicts)
      return { id, moved: targets.map((t) => t.id) }
    }),
  )
}
