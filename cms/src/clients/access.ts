import type { Pool, PoolClient } from 'pg'
import { isAdminUser, type SessionUser, sql, statement } from '../platform'

/**
 * Who may see a card (docs/api.md "Clients"): an ADMIN every one; an OPERATOR the cards of their own
 * clients — a booking (drafts aside) in one of their agendas, or a card they made; nobody else.
 * The SQL condition "card `c` is one of this operator's clients" (true for an admin).
 */
export const ownClientCondition = (user: SessionUser) =>
  isAdminUser(user)
    ? sql`true`
    : sql`(c.created_by_id = ${user.id} or exists (
        select 1 from reservations r join operators o on o.id = r.operator_id
         where r.client_id = c.id and o.user_id = ${user.id} and r.status <> 'PENDING_CONFIRMATION'))`

/** Whether `user` may see card `id` (an admin: when it exists). */
export async function mayReadClient(db: Pool | PoolClient, user: SessionUser, id: number) {
  const { rows } = await db.query(
    statement(sql`select 1 from clients c where c.id = ${id} and ${ownClientCondition(user)}`),
  )
  return rows.length > 0
}

/** The ids of an operator's clients (Payload's read access narrows REST reads to them). */
export async function ownClientIds(db: Pool | PoolClient, user: SessionUser): Promise<number[]> {
  const { rows } = await db.query(statement(sql`select c.id from clients c where ${ownClientCondition(user)}`))
  return rows.map((r) => r.id as number)
}
