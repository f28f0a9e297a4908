import { createHash, randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import {
  mayManageOperatorFeed,
  operatorFeedLive,
  CALENDAR_FEED_STATUSES,
  webcalUrlOf,
  type OperatorFeedCreated,
  type OperatorFeedStatus,
  type ReservationStatus,
} from '@salon/shared'
import { isAdminUser, type SessionUser, HttpError, notFound, lastChangeOf } from '../platform'
import { env } from '../env'
import { operatorFeedIcs, type FeedReservation } from './icsFeed'
import { loadCalendarSalon } from './reservationCalendar'
import { leaveOfOperator } from '../rota'

/**
 * The operator's calendar feed (docs/api.md "Operator calendar feed"). One row per operator in
 * `operator_feeds` (migration 20261123_061000_operator_feed) holding only the SHA-256 of the
 * token: the link is shown once, when it is made, and cannot be read back from the database —
 * whoever lost it makes a new one (the old one stops working). Looking a token up by its hash is
 * the constant-time comparison: no secret is compared character by character.
 */

/** Appointments of the feed: the engine's `CALENDAR_FEED_STATUSES`. */
export const FEED_STATUSES = CALENDAR_FEED_STATUSES

/** How far back the feed goes: appointments that ended in the last 30 days, and everything after. */
export const FEED_PAST_DAYS = 30

/** At most this many events (the oldest first): a subscription stays small enough for every app. */
export const FEED_MAX_EVENTS = 2000

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest()

/** The public URL of a feed token. */
export const feedUrlOf = (token: string) => `${env.linkOrigin}/api/operators/feed/${token}.ics`

type Caller = Pick<SessionUser, 'id' | 'user_role' | 'adminTotpRequired' | 'mfaActive'>

/** The caller as the engine's `mayManageOperatorFeed` reads it (admin rights after the second-factor rule). */
const feedCaller = (user: Caller) => ({ id: user.id, role: user.user_role, isAdmin: isAdminUser(user) })

interface OperatorRow {
  id: number
  name: string
  user_id: number | null
  created_at: Date | null
  rotated_at: Date | null
}

const operatorName = (r: { name: string | null; surname?: string | null }) =>
  [r.name, r.surname]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ')

/** The operator with its feed, if any; a feed whose link no longer answers (`operatorFeedLive`) reads as off. */
const OPERATOR_WITH_FEED = `
  select o.id, o.name, o.surname, o.user_id, u.user_role, f.owner_user_id, f.created_at, f.rotated_at
    from operators o
    left join operator_feeds f on f.operator_id = o.id
    left join users u on u.id = o.user_id`

type OperatorFeedRow = OperatorRow & { surname?: string | null; user_role: string | null; owner_user_id: number | null }

function operatorRow(r: OperatorFeedRow): OperatorRow {
  const live = r.created_at !== null && operatorFeedLive(r.owner_user_id, { userId: r.user_id, role: r.user_role })
  return {
    id: r.id,
    name: operatorName(r),
    user_id: r.user_id,
    created_at: live ? r.created_at : null,
    rotated_at: live ? r.rotated_at : null,
  }
}

async function readOperator(db: Pool, operatorId: number): Promise<OperatorRow | null> {
  const { rows } = await db.query(`${OPERATOR_WITH_FEED} where o.id = $1`, [operatorId])
  return rows[0] ? operatorRow(rows[0]) : null
}

/**
 * The operator record, when this caller may manage its feed: admins any, an OPERATOR account the
 * record linked to it. A missing record is 404; someone else's is 403.
 */
async function ownedOperator(db: Pool, user: Caller, operatorId: number): Promise<OperatorRow> {
  const operator = await readOperator(db, operatorId)
  if (!operator) throw notFound()
  if (!mayManageOperatorFeed(feedCaller(user), operator.user_id)) {
    throw new HttpError(
      403,
      'OWN_CALENDAR_ONLY',
      'Puoi gestire solo il calendario del tuo profilo operatore.',
      undefined,
      'Forbidden',
    )
  }
  return operator
}

const statusOf = (o: OperatorRow): OperatorFeedStatus => ({
  operator: { id: o.id, name: o.name },
  active: o.created_at !== null,
  createdAt: o.created_at ? new Date(o.created_at).toISOString() : null,
  rotatedAt: o.rotated_at ? new Date(o.rotated_at).toISOString() : null,
})

/** GET /api/operators/:id/feed — whether the feed is on, and since when. */
export async function feedStatus(db: Pool, user: Caller, operatorId: number): Promise<OperatorFeedStatus> {
  return statusOf(await ownedOperator(db, user, operatorId))
}

/** GET /api/operators/my-feeds — the feeds of the operator records linked to the caller (the reserved area's agenda). */
export async function myFeeds(db: Pool, user: Caller): Promise<OperatorFeedStatus[]> {
  // The same people `ownedOperator` lets manage a feed: an OPERATOR account (or an admin) linked
  // to the record; a demoted account linked still is offered nothing.
  if (!mayManageOperatorFeed(feedCaller(user), user.id)) return []
  const { rows } = await db.query(`${OPERATOR_WITH_FEED} where o.user_id = $1 order by o.id`, [user.id])
  return rows.map((r) => statusOf(operatorRow(r)))
}

/**
 * POST /api/operators/:id/feed — a new link (the first, or one replacing the old, which stops
 * working at once). The token is 32 random bytes; only its hash is stored. The URL is in this
 * answer only.
 */
export async function rotateFeed(db: Pool, user: Caller, operatorId: number): Promise<OperatorFeedCreated> {
  const operator = await ownedOperator(db, user, operatorId)
  const token = randomBytes(32).toString('base64url')
  // The link belongs to the record's login as it is now (`operatorFeedLive`). A link that no longer
  // answered (its login demoted or unlinked) is replaced by one turned on anew.
  const { rows } = await db.query(
    `insert into operator_feeds (operator_id, token_hash, owner_user_id, created_at, rotated_at)
          values ($1, $2, $3, now(), now())
     on conflict (operator_id) do update set token_hash = excluded.token_hash, rotated_at = excluded.rotated_at,
            owner_user_id = excluded.owner_user_id,
            created_at = case when $4::boolean then operator_feeds.created_at else excluded.created_at end
     returning created_at, rotated_at`,
    [operatorId, hashOf(token), operator.user_id, operator.created_at !== null],
  )
  const url = feedUrlOf(token)
  return {
    ...statusOf({ ...operator, created_at: rows[0].created_at, rotated_at: rows[0].rotated_at }),
    active: true,
    url,
    webcalUrl: webcalUrlOf(url),
  }
}

/** DELETE /api/operators/:id/feed — the link stops working (nothing to do when there is none). */
export async function revokeFeed(db: Pool, user: Caller, operatorId: number): Promise<OperatorFeedStatus> {
  const operator = await ownedOperator(db, user, operatorId)
  await db.query('delete from operator_feeds where operator_id = $1', [operatorId])
  return statusOf({ ...operator, created_at: null, rotated_at: null })
}

/**
 * GET /api/operators/feed/<token>.ics — the feed of the operator whose current token this is, or
 * null (a wrong, replaced or revoked token, or one whose operator is no longer its login's: the
 * endpoint answers 404).
 */
export async function feedByToken(db: Pool, token: string, now = new Date()): Promise<string | null> {
  const { rows } = await db.query(
    `select o.id, o.name, o.surname, o.user_id, u.user_role, f.owner_user_id
       from operator_feeds f join operators o on o.id = f.operator_id
       left join users u on u.id = o.user_id
      where f.token_hash = $1`,
    [hashOf(token)],
  )
  const operator = rows[0]
  // A link whose operator was demoted, unlinked or replaced answers as a wrong one (issue 22 §5.7).
  if (!operator || !operatorFeedLive(operator.owner_user_id, { userId: operator.user_id, role: operator.user_role }))
    return null
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)
  // The customer's name and phone only: the feed never carries a customer's e-mail address.
  const { rows: reservations } = await db.query(
    `select r.id, r.status, r.date_start, r.date_end, r.note, r.updated_at, ${lastChangeOf('r.id')} as last_change,
            nullif(trim(concat_ws(' ', u.name, u.surname)), '') as customer_name, u.phone_number as customer_phone,
            coalesce((select array_agg(s.title order by rr."order")
                        from reservations_rels rr join services s on s.id = rr.services_id
                       where rr.parent_id = r.id and rr.path = 'services'), '{}') as services
       from reservations r left join clients u on u.id = r.client_id and u.anonymised_at is null
      where r.operator_id = $1 and r.status::text = any($2::text[])
        and r.date_start is not null and r.date_end > r.date_start and r.date_end >= $3
      order by r.date_start, r.id
      limit ${FEED_MAX_EVENTS}`,
    [operator.id, FEED_STATUSES, since],
  )
  const leave = await leaveOfOperator(db, operator.id, since, FEED_MAX_EVENTS)
  const name = operatorName(operator)
  return operatorFeedIcs({
    leave,
    salon: await loadCalendarSalon(db),
    operatorName: name,
    now,
    reservations: reservations.map((r): FeedReservation => ({
      id: r.id,
      start: new Date(r.date_start),
      end: new Date(r.date_end),
      status: r.status as ReservationStatus,
      services: r.services as string[],
      operator: name || null,
      note: r.note ?? null,
      updatedAt: new Date(r.updated_at),
      lastChange: r.last_change,
      customer: { name: r.customer_name ?? null, phone: r.customer_phone ?? null },
    })),
  })
}
