import crypto from 'node:crypto'
import type { Payload } from 'payload'
import { APIError, getFieldsToSign, jwtSign } from 'payload'
import type { PoolClient } from 'pg'
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_SECONDS,
  refreshDecision,
  refreshExpiresAt,
  refreshForgetBefore,
} from '@salon/shared'
import { env } from '../env'
import { pool } from '../platform'

/**
 * Long-lived login state (spec §4/§9, docs/architecture.md "Sessions"): a short Payload access
 * token (`payload-token`, ACCESS_TOKEN_SECONDS) and a rotating refresh token (one year), stored
 * only as its SHA-256 in `refresh_sessions`. A family (one login on one device) is tied to the
 * Payload session id (`sid`) its access tokens carry, so ending a family ends its access token too.
 */

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** 401 for every refresh that cannot go on: the apps drop the login state. */
export const sessionEnded = () =>
  new APIError('La sessione è scaduta: accedi di nuovo.', 401, { code: 'SESSION_ENDED' }, true)

async function inClient<T>(payload: Payload, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool(payload).connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}

async function insertToken(client: PoolClient, family: string, userId: number, sid: string, now: Date) {
  const token = crypto.randomBytes(32).toString('base64url')
  await client.query(
    `insert into refresh_sessions (family, user_id, sid, token_hash, expires_at, created_at) values ($1, $2, $3, $4, $5, $6)`,
    [family, userId, sid, hash(token), new Date(refreshExpiresAt(now.getTime())), now],
  )
  return token
}

/** The `sid` claim of a Payload JWT just issued by the server itself. */
export function sidOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: unknown }
  if (typeof claims.sid !== 'string') throw new Error('Payload token without a session id')
  return claims.sid
}

/**
 * A new family for a fresh login (password, second factor, password change): its first token.
 * The user's expired tokens, and revoked ones older than REFRESH_MEMORY_DAYS, are deleted.
 */
export function startRefresh(payload: Payload, userId: number, sid: string, now = new Date()): Promise<string> {
  return inClient(payload, async (client) => {
    await client.query(
      'delete from refresh_sessions where user_id = $1 and (expires_at <= $2 or revoked_at < $3 or used_at < $3)',
      [userId, now, new Date(refreshForgetBefore(now.getTime()))],
    )
    return insertToken(client, crypto.randomUUID(), userId, sid, now)
  })
}

/** Keeps (or brings back, when Payload pruned it as expired) the Payload session `sid` until `until`. */
async function keepPayloadSession(client: PoolClient, userId: number, sid: string, now: Date, until: Date) {
  const updated = await client.query('update users_sessions set expires_at = $3 where id = $1 and _parent_id = $2', [
    sid,
    userId,
    until,
  ])
  if (updated.rowCount) return
  await client.query(
    `insert into users_sessions (_order, _parent_id, id, created_at, expires_at)
       values ((select coalesce(max(_order), 0) + 1 from users_sessions where _parent_id = $2), $2, $1, $3, $4)`,
    [sid, userId, now, until],
  )
}

async function revokeFamily(client: PoolClient, family: string, sid: string, userId: number, now: Date) {
  await client.query('update refresh_sessions set revoked_at = $2 where family = $1 and revoked_at is null', [
    family,
    now,
  ])
  await client.query('delete from users_sessions where id = $1 and _parent_id = $2', [sid, userId])
}

interface Row {
  id: number
  family: string
  user_id: number
  sid: string
  expires_at: Date
  used_at: Date | null
  revoked_at: Date | null
}

const findForUpdate = async (client: PoolClient, token: string) =>
  (
    await client.query<Row>(
      'select id, family, user_id, sid, expires_at, used_at, revoked_at from refresh_sessions where token_hash = $1 for update',
      [hash(token)],
    )
  ).rows[0]

/**
 * POST /api/auth/refresh: a live refresh token is exchanged for a new one (the old one retired)
 * and a fresh access token on the same Payload session. A retired token presented again revokes
 * its whole family and that session (theft detection); anything else not live is a 401.
 */
export async function rotateRefresh(payload: Payload, token: string | null | undefined, now = new Date()) {
  if (!token) throw sessionEnded()
  const outcome = await inClient(payload, async (client) => {
    const row = await findForUpdate(client, token)
    const decision = refreshDecision(
      row && {
        expiresAt: row.expires_at.getTime(),
        usedAt: row.used_at?.getTime() ?? null,
        revokedAt: row.revoked_at?.getTime() ?? null,
      },
      now.getTime(),
    )
    if (decision === 'reuse' && row) {
      await revokeFamily(client, row.family, row.sid, row.user_id, now)
      return { ok: false as const, reuse: row.user_id }
    }
    if (decision !== 'rotate' || !row) return { ok: false as const }
    await client.query('update refresh_sessions set used_at = $2 where id = $1', [row.id, now])
    // A family grows by one row per refresh: retired tokens are remembered REFRESH_MEMORY_DAYS.
    await client.query('delete from refresh_sessions where family = $1 and used_at < $2', [
      row.family,
      new Date(refreshForgetBefore(now.getTime())),
    ])
    const refreshToken = await insertToken(client, row.family, row.user_id, row.sid, now)
    await keepPayloadSession(client, row.user_id, row.sid, now, new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000))
    return { ok: true as const, refreshToken, userId: row.user_id, sid: row.sid }
  })
  if (!outcome.ok) {
    if (outcome.reuse) payload.logger.warn(`Refresh token reused: sessions of user ${outcome.reuse} revoked`)
    throw sessionEnded()
  }
  const user = await payload.findByID({ collection: 'users', id: outcome.userId, depth: 0, overrideAccess: true })
  const collectionConfig = payload.collections.users.config
  const { token: accessToken, exp } = await jwtSign({
    fieldsToSign: getFieldsToSign({ collectionConfig, email: user.email, sid: outcome.sid, user: user as never }),
    secret: payload.secret,
    tokenExpiration: collectionConfig.auth.tokenExpiration,
  })
  return { token: accessToken, exp, refreshToken: outcome.refreshToken, user }
}

/**
 * A Payload session and access token for a user who proved who they are without the password
 * (an external provider, a passkey): the same `sid` + JWT that Payload's own login issues, so every
 * later check (cookie, refresh, "esci da tutti i dispositivi") treats both alike. The caller then
 * answers with `sessionResponse` (endpoints/authShared.ts), which starts the refresh family.
 */
export async function issueSession(payload: Payload, userId: number, now = new Date()) {
  const collectionConfig = payload.collections.users.config
  const sid = crypto.randomUUID()
  await inClient(payload, (client) =>
    keepPayloadSession(client, userId, sid, now, new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000)),
  )
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true })
  const { token, exp } = await jwtSign({
    fieldsToSign: getFieldsToSign({ collectionConfig, email: user.email, sid, user: user as never }),
    secret: payload.secret,
    tokenExpiration: collectionConfig.auth.tokenExpiration,
  })
  return { token, exp, user }
}

/** DELETE /api/auth/refresh: ends the family of the presented token and its Payload session. */
export async function endRefresh(payload: Payload, token: string | null | undefined, now = new Date()) {
  if (!token) return
  await inClient(payload, async (client) => {
    const row = await findForUpdate(client, token)
    if (row) await revokeFamily(client, row.family, row.sid, row.user_id, now)
  })
}

/** Logout of one device: the families started with this Payload session end with it. */
export async function endRefreshOfSession(payload: Payload, userId: number, sid: string, now = new Date()) {
  await pool(payload).query(
    'update refresh_sessions set revoked_at = $3 where user_id = $1 and sid = $2 and revoked_at is null',
    [userId, sid, now],
  )
}

/** "Esci da tutti i dispositivi": every refresh family and every Payload session of the user. */
export async function endAllSessions(payload: Payload, userId: number, now = new Date()) {
  await inClient(payload, async (client) => {
    await client.query('update refresh_sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [
      userId,
      now,
    ])
    await client.query('delete from users_sessions where _parent_id = $1', [userId])
  })
}

const cookieAttributes = (maxAge: number) => [
  `Path=${REFRESH_COOKIE_PATH}`,
  'HttpOnly',
  'SameSite=Lax',
  `Max-Age=${maxAge}`,
  ...(env.secureCookies ? ['Secure'] : []),
]

/** The refresh cookie: HttpOnly, SameSite=Lax, sent only to the refresh path, for a year. */
export const refreshCookie = (token: string) =>
  [`${REFRESH_COOKIE}=${token}`, ...cookieAttributes(REFRESH_TOKEN_SECONDS)].join('; ')

export const expiredRefreshCookie = () =>
  [`${REFRESH_COOKIE}=`, ...cookieAttributes(0), 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'].join('; ')

/** The refresh token the browser sent, if any. */
export function refreshTokenOf(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === REFRESH_COOKIE) return value.join('=') || null
  }
  return null
}

/**
 * The `exp` (seconds) of the access token this request was authenticated with, so the apps know
 * when to refresh. The token was verified by Payload already; here it is only read.
 */
export function accessTokenExp(headers: Headers, cookieName: string): number | null {
  const auth = headers.get('authorization') ?? ''
  let token = /^(?:JWT|Bearer)\s+(.+)$/i.exec(auth)?.[1] ?? null
  if (!token) {
    for (const part of (headers.get('cookie') ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=')
      if (name === cookieName) token = value.join('=')
    }
  }
  if (!token) return null
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown
    }
    return typeof claims.exp === 'number' ? claims.exp : null
  } catch {
    return null
  }
}
