import type { Pool, PoolClient } from 'pg'
import { type ConfirmBody, bookingAmounts, initialStatus, isHoldExpired } from '@salon/shared'
import { inTransaction, notFound, sql, statement, withRetries } from '../../platform'
import { CALENDAR_VERSION, busyTimesNear, salonCalendar, servicesInOrder, servicesOfIds } from '../../calendar'
import { bookableOr400, conflict, mayBookFacts, mayBookOr403, operatorOr400, underBookingCapOr409 } from '../booking'
import { type Placement, decidePlacement, placeBooking } from '../placement'
import { planFor } from '../plans'
import { type Actor, loadedReservation, lockOwnDraft, ownBookings, readOwnDraft, writeConfirmed } from '../repository'

type Draft = NonNullable<Awaited<ReturnType<typeof lockOwnDraft>>>
type Db = Pick<PoolClient, 'query'>

/** The one statement of `decide` (named: PostgreSQL parses and plans it once per connection). */
async function confirmFacts(
  db: Db,
  user: number,
  body: Pick<ConfirmBody, 'id' | 'services' | 'date_start'>,
  now: Date,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of JSON columns, read as before
): Promise<Record<string, any>> {
  const text = sql`select ${CALENDAR_VERSION} as calendar_version, ${mayBookFacts(user)}, ${ownBookings(user, now)} as own_bookings,
              ${servicesOfIds(body.services)} as services, ${busyTimesNear(body.date_start, body.id)} as near`
  return (await db.query(statement(text, 'salon.confirm-facts'))).rows[0]
}

/**
 * The refusal check's two reads, run once on a new read pool connection with values that match
 * nothing (platform/readPool.ts `warmReadPool`): its session, catalogue and plans are ready before
 * the first customer's confirm.
 */
export async function warmConfirmReads(db: Db, now = new Date()) {
  await readOwnDraft(db, 0, 0)
  await confirmFacts(db, 0, { id: 0, services: [], date_start: now.toISOString() }, now)
}

/**
 * Everything confirm decides before it writes, on `draft` and on what one statement reads with
 * `db` (the calendar's version, the e-mail rule, the customer's open bookings, the services and
 * the busy times around the start, every operator's with their plans — `busyTimesNear`: a
 * superset of the local day, narrowed to the day and the candidates once the calendar says which);
 * the salon's calendar is the committed one of exactly that version (`salonCalendar`, a closure
 * added a moment ago is seen). Throws the refusal; else the placement to write.
 */
async function decide(db: Pool | PoolClient, user: Actor, body: ConfirmBody, now: Date, draft: Draft | undefined) {
  if (!draft) throw notFound()
  if (draft.snapshot.status !== 'PENDING_CONFIRMATION') throw conflict('SESSION_CONFIRMED')
  const facts = await confirmFacts(db, user.id, body, now)
  const calendar = await salonCalendar(db, { consistency: 'committed', version: facts.calendar_version })
  const { settings } = calendar
  operatorOr400(calendar, body.operator)
  if (isHoldExpired(draft.createdAt, settings.holdMinutes, now)) throw conflict('SESSION_EXPIRED')
  mayBookOr403(user, facts)
  underBookingCapOr409(user, settings, now, body.id, facts.own_bookings)
  const services = bookableOr400(servicesInOrder(facts.services, body.services))
  const start = new Date(body.date_start)
  const amounts = bookingAmounts(start, { services })
  const placement: Placement = {
    id: body.id,
    services,
    choice: body.operator,
    start,
    amounts,
    plan: planFor(services),
    status: initialStatus(settings),
    as: 'CUSTOMER',
    now,
    near: facts.near,
  }
  return { draft, calendar, placement }
}

/**
 * The first decision, on committed data, with no lock: throws the refusal. It only reads, on the
 * read pool (platform/readPool.ts), whose sessions run every statement on its generic plan — no
 * transaction: read committed gives each statement its own snapshot either way.
 */
async function refuseOnCommitted(reads: Pool, user: Actor, body: ConfirmBody, now: Date) {
  const draft = await readOwnDraft(reads, body.id, user.id)
  const { calendar, placement } = await decide(reads, user, body, now, draft)
  await decidePlacement(reads, calendar, placement)
}

/** Confirm's two pools: Payload's for the locked write, the read pool for the refusal check. */
export interface ConfirmPools {
  writes: Pool
  reads: Pool
}

/**
 * POST /api/reservations/confirm: the customer's draft becomes a booking.
 *
 * **First, a refusal on committed data, without a lock**: the draft and the facts are read (on the
 * read pool, generic plans, no transaction) and the engine is asked (`decidePlacement`). A time
 * already taken, an expired hold, a full open-booking limit — the answer of most confirms in a
 * rush — is refused there, for two reads and no row lock. Committed data cannot be rolled back, so
 * such a refusal is one a confirm running alone at that moment would get too.
 *
 * **Then the decision again, under the locks**, also on generic plans (the write and its triggers
 * were planned afresh at every booking while the operator's lock was held): the draft and the
 * customer, locked (one customer's confirms run one at a time, so the open-booking cap cannot be
 * raced); the same facts read inside the transaction; the engine checks, and the guarded write
 * claims the time. The answer is the booking as that write returned it (`writeConfirmed`), not
 * read back afterwards.
 * Tested by cms/tests/int/booking, fast-confirm, contention, calendar-version, abuse (the open-booking cap).
 */
export async function confirmSession(pools: ConfirmPools, user: Actor, body: ConfirmBody, now = new Date()) {
  await refuseOnCommitted(pools.reads, user, body, now)
  return withRetries(() =>
    inTransaction(
      pools.writes,
      async (db) => {
        const locked = await lockOwnDraft(db, body.id, user.id)
        const { draft, calendar, placement } = await decide(db, user, body, now, locked)
        const note = body.note || null
        const { start, amounts, status } = placement
        let booking: Awaited<ReturnType<typeof writeConfirmed>> | undefined
        await placeBooking(db, calendar, {
          ...placement,
          commitsNext: true,
          write: (time) => {
            // The booking as it will be written: its event is recorded by the same statement.
            const after = loadedReservation({
              id: body.id,
              user_id: draft.user,
              operator_id: time.operator,
              status,
              date_start: start,
              date_end: new Date(amounts.date_end),
              duration: amounts.duration,
              total_price: amounts.total_price,
              note,
              created_at: draft.createdAt,
              services: body.services,
            }).snapshot
            // "Qualsiasi operatore": remembered, so that the customer may later move it to anyone.
            const confirmed = {
              id: body.id,
              time,
              note,
              anyOperator: body.operator === 'any',
              services: body.services,
              now,
            }
            return writeConfirmed(db, confirmed, user, draft.snapshot, after).then((written) => (booking = written))
          },
        })
        return { id: body.id, booking: booking! }
      },
      { genericPlans: true },
    ),
  )
}
