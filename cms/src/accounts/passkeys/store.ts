import type { Pool } from 'pg'
import type { PasskeySummary } from '@salon/shared'

/**
 * The passkeys' tables (migration 20261127_181000_passkeys): `user_passkeys`, one row per
 * credential, and `passkey_challenges`, each challenge single-use and short-lived.
 */

/** How long a person has to answer the browser's passkey prompt. */
export const CHALLENGE_SECONDS = 5 * 60

export interface PasskeyRow {
  id: number
  user_id: number
  credential_id: string
  public_key: Buffer
  counter: string
  transports: string[]
  device_type: 'singleDevice' | 'multiDevice'
  backed_up: boolean
  name: string
  created_at: Date
  last_used_at: Date | null
}

export const summary = (p: PasskeyRow): PasskeySummary => ({
  id: p.id,
  name: p.name,
  created_at: p.created_at.toISOString(),
  last_used_at: p.last_used_at?.toISOString() ?? null,
  device_type: p.device_type,
  backed_up: p.backed_up,
  transports: p.transports,
})

export async function listPasskeys(db: Pool, userId: number) {
  const { rows } = await db.query<PasskeyRow>(
    'select * from user_passkeys where user_id = $1 order by created_at, id',
    [userId],
  )
  return rows
}

export async function findByCredential(db: Pool, credentialId: string) {
  const { rows } = await db.query<PasskeyRow>('select * from user_passkeys where credential_id = $1', [credentialId])
  return rows[0] ?? null
}

export interface NewPasskey {
  userId: number
  credentialId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  deviceType: 'singleDevice' | 'multiDevice'
  backedUp: boolean
  name: string
}

/** Stores a verified credential; null when that credential is already registered (to anyone). */
export async function insertPasskey(db: Pool, p: NewPasskey) {
  const { rows } = await db.query<PasskeyRow>(
    `insert into user_passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (credential_id) do nothing
     returning *`,
    [p.userId, p.credentialId, Buffer.from(p.publicKey), p.counter, p.transports, p.deviceType, p.backedUp, p.name],
  )
  return rows[0] ?? null
}

/** Renames one of the user's passkeys; null when it is not theirs (or does not exist). */
export async function renamePasskey(db: Pool, userId: number, id: number, name: string) {
  const { rows } = await db.query<PasskeyRow>(
    'update user_passkeys set name = $3 where id = $1 and user_id = $2 returning *',
    [id, userId, name],
  )
  return rows[0] ?? null
}

/** Removes one of the user's passkeys; false when it is not theirs (or does not exist). */
export async function deletePasskey(db: Pool, userId: number, id: number) {
  const { rowCount } = await db.query('delete from user_passkeys where id = $1 and user_id = $2', [id, userId])
  return !!rowCount
}

/**
 * After a verified sign-in: the new counter and the time, only if the counter is still the one the
 * check was made against — of two sign-ins racing with one assertion, one wins.
 */
export async function markUsed(db: Pool, row: PasskeyRow, counter: number, backedUp: boolean) {
  const { rowCount } = await db.query(
    'update user_passkeys set counter = $3, backed_up = $4, last_used_at = now() where id = $1 and counter = $2',
    [row.id, row.counter, counter, backedUp],
  )
  return !!rowCount
}

/** Remembers a challenge just handed out (and sweeps the expired ones). */
export async function saveChallenge(db: Pool, challenge: string, purpose: 'register' | 'login', userId: number | null) {
  await db.query('delete from passkey_challenges where expires_at < now()')
  await db.query(
    `insert into passkey_challenges (challenge, purpose, user_id, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [challenge, purpose, userId, CHALLENGE_SECONDS],
  )
}

/**
 * Takes a challenge back, once: the row is deleted as it is read, so a second use of the same
 * challenge (a replayed response) finds nothing. Answers whether it was live, and for whom.
 */
export async function takeChallenge(db: Pool, challenge: string, purpose: 'register' | 'login') {
  const { rows } = await db.query<{ user_id: number | null; live: boolean }>(
    `delete from passkey_challenges where challenge = $1 and purpose = $2
     returning user_id, expires_at > now() as live`,
    [challenge, purpose],
  )
  const row = rows[0]
  return row?.live ? { userId: row.user_id } : null
}
