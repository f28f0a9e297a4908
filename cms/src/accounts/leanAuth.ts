import type { AuthStrategy, Payload } from 'payload'
import { JWTAuthentication } from 'payload'
import { env } from '../env'
import { pool } from '../platform'

/**
 * Routes whose handlers need only the caller's own columns (id, role, e-mail, verification): the
 * booking confirm, the busiest signed-in write. Their user is loaded by `leanSessionStrategy`.
 */
export const LEAN_AUTH_ROUTES = new Set(['POST /api/reservations/confirm'])

/**
 * The session's user, for a `LEAN_AUTH_ROUTES` request, with one SQL statement instead of
 * Payload's `findByID` (drizzle's relational query and the photo populated at depth 2 cost about a
 * sixth of a confirm's CPU, docs/benchmarks.md).
 *
 * Everything that decides *whether* the caller is signed in stays Payload's own: this strategy
 * runs Payload's `JWTAuthentication` — token extraction (cookie with its CSRF rules, `JWT` and
 * `Bearer` headers), the signature and expiry check, the auth version and the `sid` session check —
 * and only hands it a `payload` whose `findByID` reads the `users` row and its session ids itself.
 * Admins are left to Payload's strategy (their second-factor flags come from the Users `afterRead`
 * hook), and so is any other route: this strategy then answers "nobody" and the next one runs.
 * Off with `FAST_PATH=off` (env.ts), so that the two loads can be compared (fast-confirm.test.ts).
 */
export const leanSessionStrategy: AuthStrategy = {
  name: 'lean-session',
  authenticate: async (args) => {
    const req = args.req as { method?: string; pathname?: string } | undefined
    if (!env.fastPath || !req || !LEAN_AUTH_ROUTES.has(`${req.method} ${req.pathname}`)) return { user: null }
    const result = await JWTAuthentication({ ...args, payload: withLeanUsers(args.payload) })
    if (result.user) delete (result.user as { sessions?: unknown }).sessions
    return result
  },
}

const leanPayloads = new WeakMap<Payload, Payload>()

/** `payload` with a `findByID` that reads a non-admin user in one statement (anything else: Payload's). */
function withLeanUsers(payload: Payload): Payload {
  let lean = leanPayloads.get(payload)
  if (!lean) {
    lean = Object.create(payload, {
      findByID: {
        value: async (options: Parameters<Payload['findByID']>[0]) =>
          options.collection === 'users' ? leanUser(payload, options.id) : payload.findByID(options),
      },
    }) as Payload
    leanPayloads.set(payload, lean)
  }
  return lean
}

/** The user as Payload's REST doc at depth 0 (dates as ISO strings), with its session ids; admins: null. */
async function leanUser(payload: Payload, id: number | string) {
  if (!Number.isSafeInteger(Number(id))) return null
  const { rows } = await pool(payload).query({
    name: 'salon.lean-user',
    text: `select u.id, u.name, u.surname, u.phone_number, u.user_role, u.upload_id as upload,
                  to_char(u.email_verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as email_verified_at,
                  to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
                  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                  u.email,
                  coalesce((select json_agg(json_build_object('id', s.id) order by s._order)
                              from users_sessions s where s._parent_id = u.id), '[]'::json) as sessions
             from users u where u.id = $1 and u.user_role <> 'ADMIN'`,
    values: [Number(id)],
  })
  return rows[0] ?? null
}
