import type { Pool } from 'pg'
import { sql } from '@payloadcms/db-postgres'
import { HttpError } from '../platform'

type SQL = ReturnType<typeof sql>

/** A fixed-window limit: at most `max` counted events per `windowSeconds` for one key. */
export interface Limit {
  name: string
  max: number
  windowSeconds: number
}

/**
 * Failures are counted for login and code checks; every request for recovery mails.
 *
 * Login (issue 22 §4): wrong passwords lock one client address out of one account (`loginIpAccount`)
 * and one address out of every account (`loginIp`), never an account out of every address — that
 * would let anyone lock anyone out. Across addresses an account is slowed down instead
 * (`loginAccount`, see `accountDelaySeconds`): a distributed guesser gets about one try per
 * `ACCOUNT_DELAY_CAP_SECONDS`, the owner waits at most that long — or signs in at once with the
 * second factor, or with the recovery link (which clears the counters).
 */
export const LIMITS = {
  loginIpAccount: { name: 'login:ip-account', max: 5, windowSeconds: 15 * 60 },
  loginIp: { name: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  /** Counted per account over a day: the slowdown's failures (not a limit that refuses outright). */
  loginAccount: { name: 'login:account', max: Number.MAX_SAFE_INTEGER, windowSeconds: 24 * 60 * 60 },
  /** The signed-in user's own password checks (change e-mail, change password): their own account only. */
  passwordCheck: { name: 'password:user', max: 5, windowSeconds: 15 * 60 },
  /** Every e-mail change request of a user: "already used" answers are not an oracle for free. */
  changeEmail: { name: 'change-email:user', max: 10, windowSeconds: 60 * 60 },
  recoveryAccount: { name: 'recovery:account', max: 3, windowSeconds: 60 * 60 },
  recoveryIp: { name: 'recovery:ip', max: 20, windowSeconds: 60 * 60 },
  codeAccount: { name: 'code:account', max: 10, windowSeconds: 15 * 60 },
  codeIp: { name: 'code:ip', max: 20, windowSeconds: 15 * 60 },
  /** Accounts created through the API from one address (issue 10 §7): a script cannot mass-register. */
  registerIp: { name: 'register:ip', max: 5, windowSeconds: 60 * 60 },
  /** Refused registrations from one address ("an account exists" among them, issue 22 §3). */
  registerRefusedIp: { name: 'register:refused-ip', max: 20, windowSeconds: 60 * 60 },
  /**
   * SMS codes sent (issue 26 §3, accounts/phoneCodes.ts `smsSendLimits`), every send counted: per
   * number one a minute for each purpose and five an hour; per account likewise, ten an hour.
   */
  smsNumber: { name: 'sms:number', max: 1, windowSeconds: 60 },
  smsNumberHour: { name: 'sms:number-hour', max: 5, windowSeconds: 60 * 60 },
  smsAccount: { name: 'sms:account', max: 1, windowSeconds: 60 },
  smsAccountHour: { name: 'sms:account-hour', max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>

/** Failures of one account (from any address, in its day) before the slowdown starts. */
export const ACCOUNT_FREE_FAILURES = 10
/** The slowdown's longest delay between two attempts on one account. */
export const ACCOUNT_DELAY_CAP_SECONDS = 5 * 60

/** The (IP, account) key of `LIMITS.loginIpAccount`. */
export const ipAccount = (ip: string, email: string) => `${ip}|${email}`

export type Subject = [Limit, string]

const windowOf = (limit: Limit, now: number) => {
  const size = limit.windowSeconds * 1000
  const start = Math.floor(now / size) * size
  return { start: new Date(start), end: start + size }
}
const keyOf = (limit: Limit, id: string) => `${limit.name}:${id.trim().toLowerCase()}`

export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Troppi tentativi: riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}. / Too many attempts: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { reason: 'TOO_MANY_ATTEMPTS', retryAfter: retryAfterSeconds, params: { minutes } },
      'TooManyRequests',
    )
  }
}

/** Refuses (429) when any subject has used up its window. */
export async function assertUnder(db: Pool, subjects: Subject[], now = Date.now()) {
  if (!subjects.length) return
  const { rows } = await db.query<{ key: string; hits: number }>(
    `select key, hits from rate_limits where (key, window_start) in (select * from unnest($1::text[], $2::timestamptz[]))`,
    [subjects.map(([l, id]) => keyOf(l, id)), subjects.map(([l]) => windowOf(l, now).start)],
  )
  let wait = 0
  for (const [limit, id] of subjects) {
    const row = rows.find((r) => r.key === keyOf(limit, id))
    if (row && row.hits >= limit.max) wait = Math.max(wait, Math.ceil((windowOf(limit, now).end - now) / 1000))
  }
  if (wait) throw new TooManyAttempts(wait)
}

/** Counts one event for every subject (one statement, atomic per row). */
export async function record(db: Pool, subjects: Subject[], now = Date.now()) {
  if (!subjects.length) return
  await db.query(
    `insert into rate_limits (key, window_start, hits, last_at)
     select k, w, 1, now() from unnest($1::text[], $2::timestamptz[]) as t(k, w)
     on conflict (key, window_start) do update set hits = rate_limits.hits + 1, last_at = now()`,
    [subjects.map(([l, id]) => keyOf(l, id)), subjects.map(([l]) => windowOf(l, now).start)],
  )
}

/** Runs one statement and gives its rows: the request's transaction (platform/sql.ts `sqlInRequest`). */
export type Run = (q: SQL) => Promise<Record<string, unknown>[]>

/**
 * Counts one event and says whether it fitted under the limit, in one statement: parallel requests
 * cannot overshoot (the row lock of the upsert orders them). Over the limit nothing is counted.
 * Run on the request's own transaction, the count is undone by its rollback (a request that fails
 * after all does not use up the limit) and no second pool connection is asked for while the
 * transaction holds one — ten registrations at once cannot starve the pool.
 */
export async function claim(
  run: Run,
  limit: Limit,
  id: string,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const w = windowOf(limit, now)
  const rows = await run(
    sql`insert into rate_limits (key, window_start, hits) values (${keyOf(limit, id)}, ${w.start}, 1)
        on conflict (key, window_start) do update set hits = rate_limits.hits + 1
        where rate_limits.hits < ${limit.max}
        returning 1`,
  )
  if (rows.length === 1) return { ok: true }
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.end - now) / 1000)) }
}

/**
 * The per-account slowdown (issue 22 §4): after `ACCOUNT_FREE_FAILURES` failures of an account in
 * its day, from whatever addresses, the next attempt must wait 1 s after the last failure, then 2,
 * 4, 8 … at most `ACCOUNT_DELAY_CAP_SECONDS`. Returns the seconds still to wait (0: go ahead).
 */
export async function accountDelaySeconds(db: Pool, email: string, now = Date.now()): Promise<number> {
  const limit = LIMITS.loginAccount
  const { rows } = await db.query<{ hits: number; last_at: Date | null }>(
    `select hits, last_at from rate_limits where key = $1 and window_start = $2`,
    [keyOf(limit, email), windowOf(limit, now).start],
  )
  const row = rows[0]
  if (!row || row.hits < ACCOUNT_FREE_FAILURES || !row.last_at) return 0
  const delay = Math.min(ACCOUNT_DELAY_CAP_SECONDS, 2 ** (row.hits - ACCOUNT_FREE_FAILURES))
  const left = row.last_at.getTime() + delay * 1000 - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/**
 * Forgets an account's login failures — its slowdown and every address's count on it: after a
 * completed password recovery (the owner proved the mailbox) or a successful sign-in.
 */
export async function clearLoginFailures(db: Pick<Pool, 'query'>, email: string) {
  const id = email.trim().toLowerCase()
  await db.query(`delete from rate_limits where key = $1 or (key like 'login:ip-account:%' and right(key, $3) = $2)`, [
    keyOf(LIMITS.loginAccount, id),
    `|${id}`,
    id.length + 1,
  ])
}

/** `assertUnder` for one subject, read with `run` (the request's transaction: no second connection). */
export async function assertUnderWith(run: Run, limit: Limit, id: string, now = Date.now()) {
  const w = windowOf(limit, now)
  const rows = await run(
    sql`select hits from rate_limits where key = ${keyOf(limit, id)} and window_start = ${w.start}`,
  )
  if (rows[0] && Number(rows[0].hits) >= limit.max)
    throw new TooManyAttempts(Math.max(1, Math.ceil((w.end - now) / 1000)))
}

/** Old windows are useless, and so are SMS codes older than a day: dropped by the minute sweep. */
export async function pruneRateLimits(db: Pool) {
  await db.query(`delete from rate_limits where window_start < now() - interval '1 day'`)
  await db.query(`delete from phone_codes where created_at < now() - interval '1 day'`)
}
