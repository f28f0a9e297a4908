import crypto from 'node:crypto'
import { fieldError } from '../../platform'
import type { Pool, PoolClient } from 'pg'

/**
 * What external sign-in keeps in PostgreSQL (migration 20261127_180000_external_sign_in):
 * - `external_sign_in_flows`: one row per sign-in started, found by the SHA-256 of its `state`,
 *   claimed once when the provider comes back (the same answer twice gets the same reply, nothing
 *   more), swept after FLOW_MINUTES;
 * - `external_auth_codes`: our one-time code for the client, stored as its SHA-256, bound to the
 *   client's PKCE challenge, deleted at the first exchange (right or wrong) or after CODE_SECONDS;
 * - `user_identities`: (provider, subject) → user;
 * - `external_signups`: accounts created by a provider, with the salt of the random password they
 *   were given — while the salt is unchanged, nobody knows the account's password.
 */

export const FLOW_MINUTES = 10
export const CODE_SECONDS = 120

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex')
export const randomToken = () => crypto.randomBytes(32).toString('base64url')

export interface Flow {
  provider: string
  nonce: string
  code_verifier: string
  redirect_to: string
  code_challenge: string
  privacy_accepted: boolean
}

/** A new flow: answers its `state` (only the hash is stored). Expired flows are swept first. */
export async function startFlow(db: Pool, flow: Flow, now = new Date()): Promise<string> {
  const state = randomToken()
  await db.query('delete from external_sign_in_flows where expires_at < $1', [now])
  await db.query(
    `insert into external_sign_in_flows
       (state_hash, provider, nonce, code_verifier, redirect_to, code_challenge, privacy_accepted, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      sha256(state),
      flow.provider,
      flow.nonce,
      flow.code_verifier,
      flow.redirect_to,
      flow.code_challenge,
      flow.privacy_accepted,
      new Date(now.getTime() + FLOW_MINUTES * 60_000),
    ],
  )
  return state
}

/**
 * The flow of `state`, claimed for this provider answer in one statement: a second claim finds
 * nothing. `answer` is the provider's answer (its parameters) whose hash is kept with the claim.
 */
export async function claimFlow(db: Pool, state: string, answer: string, now = new Date()): Promise<Flow | null> {
  const { rows } = await db.query<Flow>(
    `update external_sign_in_flows set used_at = $2, answer_hash = $3
      where state_hash = $1 and used_at is null and expires_at > $2
      returning provider, nonce, code_verifier, redirect_to, code_challenge, privacy_accepted`,
    [sha256(state), now, sha256(answer)],
  )
  return rows[0] ?? null
}

/** Where the claimed flow sent the browser (sealed by the caller), for the same answer arriving again. */
export async function rememberLanding(db: Pool, state: string, sealedLanding: string) {
  await db.query('update external_sign_in_flows set landing = $2 where state_hash = $1', [sha256(state), sealedLanding])
}

/**
 * The reply already given to this very answer (same state, same parameters) within
 * `REPLAY_SECONDS`, waiting up to `waitMs` while the first one is still being worked on; null for
 * anything else (another answer with this state, an unknown or old state).
 */
export const REPLAY_SECONDS = 60
export async function landingOfSameAnswer(db: Pool, state: string, answer: string, waitMs = 8000) {
  const until = Date.now() + waitMs
  for (;;) {
    const { rows } = await db.query<{ landing: string | null }>(
      `select landing from external_sign_in_flows
        where state_hash = $1 and answer_hash = $2 and used_at > now() - make_interval(secs => $3)`,
      [sha256(state), sha256(answer), REPLAY_SECONDS],
    )
    if (!rows[0]) return null
    if (rows[0].landing) return rows[0].landing
    if (Date.now() > until) return null
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Our one-time code for `userId`, bound to the client's challenge. */
export async function issueAuthCode(db: Pool, userId: number, codeChallenge: string, now = new Date()) {
  const code = randomToken()
  await db.query('delete from external_auth_codes where expires_at < $1', [now])
  await db.query(
    'insert into external_auth_codes (code_hash, user_id, code_challenge, expires_at) values ($1, $2, $3, $4)',
    [sha256(code), userId, codeChallenge, new Date(now.getTime() + CODE_SECONDS * 1000)],
  )
  return code
}

/** The code's user and challenge, the code deleted in the same statement (used once). */
export async function takeAuthCode(db: Pool, code: string, now = new Date()) {
  const { rows } = await db.query<{ user_id: number; code_challenge: string; expires_at: Date }>(
    'delete from external_auth_codes where code_hash = $1 returning user_id, code_challenge, expires_at',
    [sha256(code)],
  )
  const row = rows[0]
  return row && row.expires_at > now ? { userId: row.user_id, codeChallenge: row.code_challenge } : null
}

/** RFC 7636 S256: base64url(SHA-256(verifier)), compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(crypto.createHash('sha256').update(verifier).digest('base64url'))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && crypto.timingSafeEqual(computed, expected)
}

/**
 * `POST /api/auth/token`'s check: our one-time code (used up by any attempt) and the client's PKCE
 * verifier for it. Answers the user; refuses with 400 naming `auth_code` or `code_verifier`.
 */
export async function redeemAuthCode(db: Pool, authCode: string, verifier: string): Promise<number> {
  const code = await takeAuthCode(db, authCode)
  if (!code) throw fieldError('auth_code', 'CODE_INVALID', 'Codice di accesso non valido, già usato o scaduto.')
  if (!verifierMatches(verifier, code.codeChallenge))
    throw fieldError('code_verifier', 'CODE_INVALID', 'La verifica non corrisponde: riprova ad accedere.')
  return code.userId
}

export async function userOfIdentity(db: Pool, provider: string, subject: string) {
  const { rows } = await db.query<{ user_id: number }>(
    'select user_id from user_identities where provider = $1 and subject = $2',
    [provider, subject],
  )
  return rows[0]?.user_id ?? null
}

/** Joins (provider, subject) to `userId`; an identity already joined (to anyone) stays as it is. */
export async function joinIdentity(
  db: Pool,
  identity: { provider: string; subject: string; email: string | null },
  userId: number,
) {
  const { rowCount } = await db.query(
    `insert into user_identities (provider, subject, user_id, email) values ($1, $2, $3, $4)
     on conflict (provider, subject) do nothing`,
    [identity.provider, identity.subject, userId, identity.email],
  )
  return (rowCount ?? 0) > 0
}

export async function accountByEmail(db: Pool, email: string) {
  const { rows } = await db.query<{ id: number }>('select id from users where lower(email) = lower($1)', [email])
  return rows[0]?.id ?? null
}

export async function listIdentities(db: Pool, userId: number) {
  const { rows } = await db.query<{ id: number; provider: string; email: string | null; created_at: Date }>(
    'select id, provider, email, created_at from user_identities where user_id = $1 order by created_at, id',
    [userId],
  )
  return rows
}

/** Whether the user can sign in with a password: not an account a provider created and nobody has set one since. */
export async function hasUsablePassword(db: Pool | PoolClient, userId: number) {
  const { rows } = await db.query<{ usable: boolean }>(
    `select not exists (select 1 from external_signups s join users u on u.id = s.user_id
                         where s.user_id = $1 and u.salt is not distinct from s.salt_at_signup) as usable`,
    [userId],
  )
  return rows[0]?.usable ?? true
}

/**
 * Removes one of the caller's identities unless it is their last way in (no usable password and
 * no other identity): 'removed', 'last' or 'missing'. Checked and deleted under a lock of the
 * user's identities, so two removals at once cannot both pass.
 */
export async function removeIdentity(db: Pool, userId: number, identityId: number) {
  const client = await db.connect()
  try {
    await client.query('begin')
    const { rows } = await client.query<{ id: number }>(
      'select id from user_identities where user_id = $1 order by id for update',
      [userId],
    )
    if (!rows.some((r) => r.id === identityId)) {
      await client.query('rollback')
      return 'missing' as const
    }
    // Another way in: a password of their own, or a passkey (which signs in without one).
    const passkeys = await client.query('select 1 from user_passkeys where user_id = $1 limit 1', [userId])
    if (rows.length === 1 && !passkeys.rowCount && !(await hasUsablePassword(client, userId))) {
      await client.query('rollback')
      return 'last' as const
    }
    await client.query('delete from user_identities where id = $1 and user_id = $2', [identityId, userId])
    await client.query('commit')
    return 'removed' as const
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}
