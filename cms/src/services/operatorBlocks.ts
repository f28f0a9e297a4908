import type { Pool, PoolClient } from 'pg'
import { operatorBlockBody, type AgendaBlockItem, type OperatorBlockBody, type OperatorBlockPatch } from '@salon/shared'
import { HttpError, fieldError, notFound, parseOrThrow } from '../lib/errors'
import { pgErrorCode } from '../lib/pgErrors'
import { isoOf } from '../lib/sql'
import { inTransaction } from '../lib/transaction'
import { loadCalendar } from './calendar'
import { removeExpiredHolds } from './booking'

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
  SLOT_TAKEN: 'In questo orario l’operatore ha già un appuntamento: spostalo prima di bloccare il tempo.',
  BLOCK_OVERLAP: 'Questo tempo si sovrappone a un altro blocco dello stesso operatore.',
} as const

/** The guard's refusals (23P01) as 409s saying which: a booking, or another block. */
function refusalOf(err: unknown): never {
  if (pgErrorCode(err) === '23P01') {
    const constraint = (err as { constraint?: string }).constraint
    const reason = constraint === 'operator_blocks_no_overlap' ? 'BLOCK_OVERLAP' : 'SLOT_TAKEN'
    throw new HttpError(409, MESSAGES[reason], { reason })
  }
  throw err
}

const reasonOf = (v: string | null | undefined) => (v ? v : null)

async function assertOperator(db: Pick<PoolClient, 'query'>, id: number) {
  const { rowCount } = await db.query('select 1 from operators where id = $1', [id])
  if (!rowCount) throw fieldError('operator', 'Operatore inesistente')
}

/**
 * Holds that expired but were not swept yet still sit in `reservations`: the guard cannot use
 * now(), so they go first (as a confirm does), in the block's transaction.
 */
async function sweepHolds(db: PoolClient, pool: Pool, now: Date) {
  const { settings } = await loadCalendar(pool, now.getTime())
  await removeExpiredHolds(db, settings.holdMinutes, now)
}

async function readOne(db: Pick<PoolClient, 'query'>, id: number): Promise<AgendaBlockItem> {
  const { rows } = await db.query<Row>(`${SELECT} where b.id = $1`, [id])
  if (!rows[0]) throw notFound()
  return itemOf(rows[0])
}

export async function createBlock(pool: Pool, userId: number, body: OperatorBlockBody, now = new Date()) {
  return inTransaction(pool, async (db) => {
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
  })
}

export async function updateBlock(pool: Pool, id: number, patch: OperatorBlockPatch, now = new Date()) {
  return inTransaction(pool, async (db) => {
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
  })
}

export async function deleteBlock(pool: Pool, id: number) {
  const { rowCount } = await pool.query('delete from operator_blocks where id = $1', [id])
  if (!rowCount) throw notFound()
}
