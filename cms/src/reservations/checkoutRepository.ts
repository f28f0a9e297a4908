import type { PoolClient } from 'pg'
import type { CheckoutTotals, PaidItem, PaymentMethod } from '@salon/shared'
import { isoOf, raw, sql, statement } from '../platform/edge'

/**
 * The SQL of checkouts (issue 24): what a visit was paid, in `reservation_checkouts` (one row a
 * booking, its primary key) and `reservation_payments` (1–4 a checkout). Money is numeric(10,2)
 * in the database and whole cents in the code (`@salon/shared` checkout.ts); it is read back as
 * text and turned into euro once, so no float ever reaches a sum.
 */

type Db = Pick<PoolClient, 'query'>

/** The checkout columns read as an answer's `paid` (alias `c`; `u` its author). */
const PAID = raw(`select c.reservation_id, c.subtotal::text as subtotal, c.discount::text as discount,
            c.total::text as total, c.tip::text as tip, ${isoOf('c.at')} as at, c.by_id,
            coalesce(nullif(trim(concat_ws(' ', u.name, u.surname)), ''), u.email) as by_name,
            coalesce((select json_agg(json_build_object('method', p.method, 'amount', p.amount::text)
                                      order by p.position, p.id)
                        from reservation_payments p where p.reservation_id = c.reservation_id), '[]') as payments
       from reservation_checkouts c left join users u on u.id = c.by_id`)

interface PaidRow {
  reservation_id: number
  subtotal: string
  discount: string
  total: string
  tip: string
  at: string
  by_id: number | null
  by_name: string | null
  payments: { method: PaymentMethod; amount: string }[]
}

const paidItem = (r: PaidRow): PaidItem => ({
  subtotal: Number(r.subtotal),
  discount: Number(r.discount),
  total: Number(r.total),
  tip: Number(r.tip),
  payments: r.payments.map((p) => ({ method: p.method, amount: Number(p.amount) })),
  at: r.at,
  by: r.by_id === null ? null : { id: r.by_id, name: r.by_name ?? '' },
})

/** The checkouts of these bookings (absent: not paid), as the answers' `paid`. */
export async function paidOf(db: Db, ids: number[]): Promise<Map<number, PaidItem>> {
  const out = new Map<number, PaidItem>()
  if (!ids.length) return out
  const { rows } = await db.query<PaidRow>(statement(sql`${PAID} where c.reservation_id = any(${ids}::int[])`))
  for (const r of rows) out.set(r.reservation_id, paidItem(r))
  return out
}

/** Whether booking `id` has a checkout (read under the booking's row lock by the checkout write). */
export async function isPaid(db: Db, id: number): Promise<boolean> {
  const { rows } = await db.query(statement(sql`select 1 from reservation_checkouts where reservation_id = ${id}`))
  return rows.length > 0
}

export interface NewCheckout {
  reservation: number
  totals: CheckoutTotals
  discount: { kind: 'AMOUNT' | 'PERCENT'; value: number } | null
  payments: { method: PaymentMethod; amount: number }[]
  at: Date
  by: number
}

/**
 * The checkout and its payments in one statement. A second checkout of the same booking breaks
 * the primary key (23505): the caller answers 409 ALREADY_PAID.
 */
export async function insertCheckout(db: Db, c: NewCheckout) {
  const t = c.totals
  const methods = c.payments.map((p) => p.method)
  const amounts = c.payments.map((p) => p.amount.toFixed(2))
  await db.query(
    statement(
      sql`with c as (
            insert into reservation_checkouts (reservation_id, subtotal, discount_kind, discount_value, discount, total, tip, at, by_id)
            values (${c.reservation}, ${t.subtotal.toFixed(2)}, ${c.discount?.kind ?? null}, ${c.discount ? c.discount.value.toFixed(2) : null},
                    ${t.discount.toFixed(2)}, ${t.total.toFixed(2)}, ${t.tip.toFixed(2)}, ${c.at}, ${c.by})
            returning reservation_id)
          insert into reservation_payments (reservation_id, method, amount, position)
          select c.reservation_id, p.method, p.amount::numeric, p.ord - 1
            from c, unnest(${methods}::text[], ${amounts}::text[]) with ordinality as p(method, amount, ord)`,
      'salon.checkout-insert',
    ),
  )
}

/** The checkout of booking `id` is taken back (an undo of its completion): the payments go with it. */
export async function deleteCheckout(db: Db, id: number) {
  await db.query(statement(sql`delete from reservation_checkouts where reservation_id = ${id}`))
}
