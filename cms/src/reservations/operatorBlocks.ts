import type { Pool, PoolClient } from 'pg'
import {
  BLOCKING_STATUSES,
  localDayOf,
  operatorBlockBody,
  type AgendaBlockItem,
  type BlockingBookingItem,
  type OperatorBlockBody,
  type OperatorBlockPatch,
} from '@salon/shared'
import { formatDateTime, formatTime } from '@salon/shared/format'
import { HttpError, fieldError, notFound, parseOrThrow, pgErrorCode, isoOf, inTransaction } from '../platform'
import { salonCalendar } from '../calendar'
import { removeExpiredHolds } from './repository'

/**
 * Blocked time of one operator (training, leave, a doctor's visit). Stored in `operator_blocks`;
 * the engine reads blocks as busy times with the reservations (calendar.ts `BLOCKS_AS_BUSY`) and
 * the database refuses a block over a booking and a booking over a block (migration
 * 20261123_080000_operator_blocks) — so the public site stops offering those times with the very
 * next availability request. Only admins write blocks (the dashboard's agenda).
 */

const SELECT = `select b.id, b.operator_id, o.name as operator_name, ${isoOf('b.date_start')} as date_start,
                       ${isoOf('b.date_end')} as date_end, b.reason
                  from operator_blocks b join operators o on o.id = b.operator_id`

interface Row {
  id: number
  operator_id: number
  operator_name: string | null
  date_start: string
  date_end: string
  reason: string | null
}

const itemOf = (r: Row): AgendaBlockItem => ({
  id: r.id,
  operator: { id: r.operator_id, name: r.operator_name ?? '' },
  date_start: r.date_start,
  date_end: r.date_end,
  reason: r.reason,
})

/** The blocks overlapping [from, to), of every operator (`scope` null) or of these, narrowed to `operator`. */
export async function blocksWithin(
  db: Pick<PoolClient, 'query'>,
  from: Date,
  to: Date,
  scope: number[] | null,
  operator: number | null,
): Promise<AgendaBlockItem[]> {
  const { rows } = await db.query<Row>(
    `${SELECT}
      where b.date_start < $2 and b.date_end > $1
        and ($3::int[] is null or b.operator_id = any($3::int[])) and ($4::int is null or b.operator_id = $4)
      order by b.date_start, b.id`,
    [from, to, scope, operator],
  )
  return rows.map(itemOf)
}

const MESSAGES = {
  BLOCK_OVERLAP: 'Questo tempo si sovrappone a un altro blocco dello stesso operatore.',
} as const

/** The booking guard's refusal, before it is explained (see bookingsInTheWay). */
class OverlapsBooking extends Error {}

/** The guard's refusals (23P01): another block is a 409 at once; a booking is explained outside the transaction. */
function refusalOf(err: unknown): never {
  if (pgErrorCode(err) === '23P01') {
    const constraint = (err as { constraint?: string }).constraint
    if (constraint === 'operator_blocks_no_overlap')
      throw new HttpError(409, 'BLOCK_OVERLAP', MESSAGES.BLOCK_OVERLAP, { reason: 'BLOCK_OVERLAP' })
    throw new OverlapsBooking()
  }
  throw err
}

/** At most this many bookings are named in a refusal (a leave over a busy week says "and N more"). */
const NAMED_BOOKINGS = 5

/**
 * The bookings of `operator` that hold time within [start, end): those the database guard counts
 * (`BLOCKING_STATUSES`: holds, COMPLETED and NO_SHOW included), the first few by start.
 */
async function bookingsInTheWay(
  pool: Pool,
  operator: number,
  start: string,
  end: string,
): Promise<{ bookings: BlockingBookingItem[]; total: number }> {
  const { rows } = await pool.query<{
    id: number
    start: Date
    end: Date
    status: string
    name: string | null
    surname: string | null
    email: string | null
    total: number
  }>(
    `select r.id, r.date_start as start, r.date_end as end, r.status, u.name, u.surname, u.email,
            count(*) over ()::int as total
       from reservations r left join clients u on u.id = r.client_id and u.anonymised_at is null
      where r.operator_id = $1 and r.date_start < $3 and r.date_end > $2
        and r.status::text = any($4::text[])
      order by r.date_start, r.id
      limit ${NAMED_BOOKINGS}`,
    [operator, start, end, [...BLOCKING_STATUSES]],
  )
  return {
    total: rows[0]?.total ?? 0,
    bookings: rows.map((r) => ({
      id: r.id,
      start: r.start.toISOString(),
      end: r.end.toISOString(),
      status: r.status as BlockingBookingItem['status'],
      customer: [r.name, r.surname].filter(Boolean).join(' ') || r.email || null,
    })),
  }
}

/**
 * "Si sovrappone all'appuntamento di Chiara Bianchi, 14:45–17:00." (the day too when the block
 * spans several days); several: "agli appuntamenti di … e …", with "e altri N" beyond the named ones.
 */
function overlapMessage(bookings: BlockingBookingItem[], total: number, timeZone: string, severalDays: boolean) {
  const one = (b: BlockingBookingItem) => {
    const who = b.customer ? `di ${b.customer}` : 'senza cliente'
    const when = severalDays
      ? `${formatDateTime(b.start, timeZone)}–${formatTime(b.end, timeZone)}`
      : `${formatTime(b.start, timeZone)}–${formatTime(b.end, timeZone)}`
    return `${who}, ${when}`
  }
  if (bookings.length === 0)
    return 'In questo orario l’operatore ha già un appuntamento: spostalo prima di bloccare il tempo.'
  if (bookings.length === 1)
    return `Si sovrappone all’appuntamento ${one(bookings[0]!)}: spostalo prima di bloccare il tempo.`
  const named = bookings.map((b) => `${one(b)}`)
  const more = total > bookings.length ? ` e altri ${total - bookings.length}` : ''
  return `Si sovrappone agli appuntamenti ${named.slice(0, -1).join('; ')}; ${named.at(-1)}${more}: spostali prima di bloccare il tempo.`
}

/** A write refused by a booking in the way → 409 BLOCK_OVERLAPS_BOOKING naming the booking(s). */
async function explained<T>(pool: Pool, write: () => Promise<T>, wanted: () => OperatorBlockBody | null): Promise<T> {
  try {
    return await write()
  } catch (err) {
    const block = wanted()
    if (!(err instanceof OverlapsBooking) || !block) throw err
    const { settings } = await salonCalendar(pool, { consistency: 'cached' })
    const { bookings, total } = await bookingsInTheWay(pool, block.operator, block.date_start, block.date_end)
    const severalDays =
      localDayOf(new Date(block.date_start), settings.timezone) !==
      localDayOf(new Date(Date.parse(block.date_end) - 1), settings.timezone)
    throw new HttpError(
      409,
      'BLOCK_OVERLAPS_BOOKING',
      overlapMessage(bookings, total, settings.timezone, severalDays),
      {
        reason: 'BLOCK_OVERLAPS_BOOKING',
        bookings,
        total,
      },
    )
  }
}

const reasonOf = (v: string | null | undefined) => (v ? v : null)

async function assertOperator(db: Pick<PoolClient, 'query'>, id: number) {
  const { rowCount } = await db.query('select 1 from operators where id = $1', [id])
  if (!rowCount) throw fieldError('operator', 'UNKNOWN_OPERATOR', 'Operatore inesistente')
}

/**
 * Holds that expired but were not swept yet still sit in `reservations`: the guard cannot use
 * now(), so they go first (as a confirm does), in the block's transaction.
 */
async function sweepHolds(db: PoolClient, pool: Pool, now: Date) {
  const { settings } = await salonCalendar(pool, { consistency: 'cached', now: now.getTime() })
  await removeExpiredHolds(db, settings.holdMinutes, now)
}

async function readOne(db: Pick<PoolClient, 'query'>, id: number): Promise<AgendaBlockItem> {
  const { rows } = await db.query<Row>(`${SELECT} where b.id = $1`, [id])
  if (!rows[0]) throw notFound()
  return itemOf(rows[0])
}

export async function createBlock(pool: Pool, userId: number, body: OperatorBlockBody, now = new Date()) {
  return explained(
    pool,
    () =>
      inTransaction(pool, async (db) => {
        await assertOperator(db, body.operator)
        await sweepHolds(db, pool, now)
        const { rows } = await db
          .query<{ id: number }>(
            `insert into operator_blocks (operator_id, date_start, date_end, reason, created_by)
         values ($1, $2, $3, $4, $5) returning id`,
            [body.operator, body.date_start, body.date_end, reasonOf(body.reason), userId],
          )
          .catch(refusalOf)
        return readOne(db, rows[0]!.id)
      }),
    () => body,
  )
}

export async function updateBlock(pool: Pool, id: number, patch: OperatorBlockPatch, now = new Date()) {
  let wanted: OperatorBlockBody | null = null
  return explained(
    pool,
    () =>
      inTransaction(pool, async (db) => {
        const { rows } = await db.query<Row>(`${SELECT} where b.id = $1 for update of b`, [id])
        const current = rows[0]
        if (!current) throw notFound()
        // The block as it would be, checked by the same schema as a new one (end after start, length).
        const next = parseOrThrow(operatorBlockBody, {
          operator: patch.operator ?? current.operator_id,
          date_start: patch.date_start ?? current.date_start,
          date_end: patch.date_end ?? current.date_end,
          reason: patch.reason === undefined ? current.reason : patch.reason,
        })
        wanted = next
        if (patch.operator !== undefined) await assertOperator(db, next.operator)
        await sweepHolds(db, pool, now)
        await db
          .query(
            `update operator_blocks set operator_id = $2, date_start = $3, date_end = $4, reason = $5, updated_at = now()
          where id = $1`,
            [id, next.operator, next.date_start, next.date_end, reasonOf(next.reason)],
          )
          .catch(refusalOf)
        return readOne(db, id)
      }),
    () => wanted,
  )
}

export async function deleteBlock(pool: Pool, id: number) {
  const { rowCount } = await pool.query('delete from operator_blocks where id = $1', [id])
  if (!rowCount) throw notFound()
}
