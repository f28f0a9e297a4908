import crypto from 'node:crypto'
import type { Payload, PayloadRequest } from 'payload'
import { NotFound } from 'payload'
import { sql } from '@payloadcms/db-postgres'
import type { z } from 'zod'
import type { updateMeBody } from '@salon/shared'
import { env } from '../env'
import {
  fieldError,
  inBackground,
  inPayloadTransaction,
  type PayloadRows,
  pool,
  mailFrom,
  mailer,
  confirmEmailMail,
  emailChangedMail,
  invitationMail,
  passwordChangedMail,
  passwordRecoveryMail,
} from '../platform'
import { avatarUrl } from './avatars'
import { readBusinessName } from '../calendar'
import { clearLoginFailures } from './rateLimit'

const RECOVERY_MINUTES = 60
const hash = (code: string) => crypto.createHash('sha256').update(code).digest('hex')

const brand = (payload: Payload) => readBusinessName(pool(payload))

function send(payload: Payload, to: string, mail: { subject: string; html: string; text: string }) {
  // Not awaited by the caller's answer: an unknown address and a known one answer alike.
  return mailer((m) => payload.logger.info(m))
    .sendMail({ from: mailFrom(), to, ...mail })
    .catch((err: unknown) => payload.logger.error({ err, msg: `E-mail to ${to} failed` }))
}

/**
 * POST /api/auth/password_recovery: the same answer, after the same work, whether or not the
 * address has an account. The code is random, stored only as a SHA-256 hash, valid for 60 minutes
 * and single-use; a new request deletes the older codes of that user.
 */
export async function requestRecovery(payload: Payload, email: string, now = new Date()) {
  const db = pool(payload)
  const { rows } = await db.query('select id, name from users where lower(email) = lower($1)', [email])
  const user = rows[0] as { id: number; name: string } | undefined
  if (!user) {
    const code = crypto.randomBytes(32).toString('base64url')
    hash(code) // keep the timing of both branches alike
    await db.query('select 1 from password_recovery where token = $1', [hash(code)])
    return
  }
  const code = await inPayloadTransaction(payload, (_req, q) => issueCode(q, user.id, RECOVERY_MINUTES, now))
  const mail = passwordRecoveryMail(await brand(payload), user.name, passwordLink(code, email))
  inBackground(payload, `Recovery mail to ${email}`, () => send(payload, email, mail))
}

/** The public site's "choose a password" page for a code. */
const passwordLink = (code: string, email: string) =>
  `${env.linkOrigin}/password-recovery/${code}/${encodeURIComponent(email)}`

/**
 * A new single-use code for `userId`, valid `minutes`, stored only as its hash; the user's older
 * codes stop working. Written with `q` (the caller's transaction).
 */
async function issueCode(q: PayloadRows, userId: number, minutes: number, now: Date): Promise<string> {
  const code = crypto.randomBytes(32).toString('base64url')
  await q(sql`delete from password_recovery where user_id = ${userId}`)
  await q(sql`insert into password_recovery (user_id, token, expires_at, created_at, updated_at)
    values (${userId}, ${hash(code)}, ${new Date(now.getTime() + minutes * 60_000).toISOString()}, ${now.toISOString()}, ${now.toISOString()})`)
  return code
}

/** An invitation's link lasts a week: the person may read it days later. */
export const INVITATION_DAYS = 7

/**
 * An invitation: the salon added this person (admin form, "Invia un invito"); the mail's link lets
 * them choose their password (the recovery page, with a code valid a week). `q` is the writing
 * transaction's (the account's own, or the resend endpoint's); the mail leaves in the background.
 */
export async function inviteUser(
  payload: Payload,
  q: PayloadRows,
  user: { id: number; email: string; name?: string | null },
  invitedBy: string,
  now = new Date(),
) {
  const code = await issueCode(q, user.id, INVITATION_DAYS * 24 * 60, now)
  const url = passwordLink(code, user.email)
  inBackground(payload, `Invitation mail to ${user.email}`, async () =>
    send(payload, user.email, invitationMail(await brand(payload), user.name ?? '', invitedBy, url, INVITATION_DAYS)),
  )
}

/** POST /api/users/:id/invite: a new invitation (the old link stops working). */
export async function reinviteUser(payload: Payload, userId: number, invitedBy: string) {
  await inPayloadTransaction(payload, async (_req, q) => {
    const [user] = await q(sql`select id, email, name from users where id = ${userId} for update`)
    if (!user) throw new NotFound()
    await inviteUser(payload, q, user as { id: number; email: string; name: string | null }, invitedBy)
  })
}

const validRecovery = `select pr.id, pr.user_id, u.name, u.email from password_recovery pr join users u on u.id = pr.user_id
   where lower(u.email) = lower($1) and pr.token = $2 and pr.used_at is null and pr.expires_at > $3`

/** POST /api/auth/password_recovery/check: is this link still good? */
export async function checkRecovery(payload: Payload, token: string, email: string, now = new Date()) {
  const { rows } = await pool(payload).query(validRecovery, [email, hash(token), now])
  if (!rows[0]) throw fieldError('token', 'LINK_INVALID', 'Il link non è valido o è scaduto')
}

/**
 * Sets the password (Payload hashes it) and ends every session issued before — access sessions
 * and refresh families (accounts/sessions.ts) — in `req`'s transaction.
 */
async function setPassword(req: PayloadRequest, rows: PayloadRows, userId: number, password: string) {
  await req.payload.update({ collection: 'users', id: userId, data: { password }, overrideAccess: true, depth: 0, req })
  await rows(sql`delete from users_sessions where _parent_id = ${userId}`)
  await rows(sql`update refresh_sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`)
}

/** The "your password was changed" notice; the answer does not wait for it. */
function notifyChanged(payload: Payload, user: { email: string; name: string }) {
  inBackground(payload, `Password notice to ${user.email}`, async () =>
    send(payload, user.email, passwordChangedMail(await brand(payload), user.name, `${env.linkOrigin}/login`)),
  )
}

const notTheEmail = (password: string, email: string) => {
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    throw fieldError('password', 'PASSWORD_IS_EMAIL', 'La password non può essere il tuo indirizzo e-mail')
}

/**
 * change_password with a recovery code: single use, under a row lock. The password, the ended
 * sessions and the used code are written in one transaction: all of them or none.
 */
export async function changeWithRecovery(
  payload: Payload,
  body: { token: string; email: string; password: string },
  now = new Date(),
) {
  notTheEmail(body.password, body.email)
  const row = await inPayloadTransaction(payload, async (req, rows) => {
    const found = (
      await rows(sql`select pr.id, pr.user_id, u.name, u.email from password_recovery pr join users u on u.id = pr.user_id
        where lower(u.email) = lower(${body.email}) and pr.token = ${hash(body.token)} and pr.used_at is null
          and pr.expires_at > ${now.toISOString()} for update of pr`)
    )[0] as { id: number; user_id: number; name: string; email: string } | undefined
    if (!found) throw fieldError('token', 'LINK_INVALID', 'Il link non è valido o è scaduto')
    await setPassword(req, rows, found.user_id, body.password)
    // The link came to this address: following it confirms the address (an invitation's first login).
    await rows(
      sql`update users set email_verified_at = ${now.toISOString()} where id = ${found.user_id} and email_verified_at is null`,
    )
    await rows(sql`update password_recovery set used_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
      where id = ${found.id}`)
    return found
  })
  // The owner proved the mailbox: the login failures on the account are forgotten (issue 22 §4).
  await clearLoginFailures(pool(payload), row.email)
  notifyChanged(payload, row)
}

/** The current password is right (else a 400 naming `field`). */
export async function checkPassword(payload: Payload, email: string, password: string, field: string) {
  try {
    await payload.login({ collection: 'users', data: { email, password } })
  } catch {
    throw fieldError(field, 'WRONG_PASSWORD', 'La password attuale non è corretta')
  }
}

/** change_password when logged in: checks the current password, then ends every older session. */
export async function changeWhenLoggedIn(
  payload: Payload,
  user: { id: number; email: string; name?: string | null },
  oldPassword: string,
  password: string,
) {
  notTheEmail(password, user.email)
  await checkPassword(payload, user.email, oldPassword, 'oldPassword')
  await inPayloadTransaction(payload, (req, rows) => setPassword(req, rows, user.id, password))
  notifyChanged(payload, { email: user.email, name: user.name ?? '' })
}

/** The address is not the user's own already and no other account uses it (400 naming `email`). */
export async function assertNewEmail(payload: Payload, user: { id: number; email: string }, email: string) {
  if (email.toLowerCase() === user.email.toLowerCase())
    throw fieldError('email', 'SAME_EMAIL', 'È già il tuo indirizzo e-mail')
  const { rows } = await pool(payload).query('select 1 from users where lower(email) = lower($1) and id <> $2', [
    email,
    user.id,
  ])
  if (rows[0]) throw fieldError('email', 'EMAIL_TAKEN', 'Questo indirizzo è già usato da un altro account')
}

/**
 * POST /api/auth/change_email, once the current password has been checked (`checkPassword`, first:
 * the address's answer — "already used" — is for the account's owner only). The new address is
 * unconfirmed until its link is followed (so `requireEmailVerification` holds); the old address
 * gets a notice.
 */
export async function changeEmail(
  payload: Payload,
  user: { id: number; email: string; name?: string | null },
  email: string,
) {
  await assertNewEmail(payload, user, email)
  const updated = await payload.update({
    collection: 'users',
    id: user.id,
    data: { email, email_verified_at: null },
    overrideAccess: true,
    depth: 0,
  })
  const name = user.name ?? ''
  inBackground(payload, `Confirmation mail to ${email}`, () =>
    sendConfirmation(payload, { id: user.id, email: updated.email, name }),
  )
  inBackground(payload, `E-mail change notice to ${user.email}`, async () =>
    send(payload, user.email, emailChangedMail(await brand(payload), name, updated.email, `${env.linkOrigin}/login`)),
  )
  return publicUser(updated)
}

/* E-mail confirmation: a signed, expiring token (no table): `<userId>.<expires>.<hmac>`. The HMAC
   covers the address too, so a link stops working if the address changes. */
const CONFIRM_DAYS = 7
const sign = (userId: number, email: string, expires: number) =>
  crypto
    .createHmac('sha256', env.secret)
    .update(`confirm:${userId}:${email.toLowerCase()}:${expires}`)
    .digest('base64url')

export function confirmationToken(user: { id: number; email: string }, now = Date.now()) {
  const expires = Math.floor(now / 1000) + CONFIRM_DAYS * 86_400
  return `${user.id}.${expires}.${sign(user.id, user.email, expires)}`
}

export async function sendConfirmation(payload: Payload, user: { id: number; email: string; name?: string | null }) {
  const url = `${env.linkOrigin}/confirm?token=${encodeURIComponent(confirmationToken(user))}`
  return send(payload, user.email, confirmEmailMail(await brand(payload), user.name ?? '', url))
}

/** POST /api/auth/confirm: marks the address verified (idempotent). */
export async function confirmEmail(payload: Payload, token: string, now = Date.now()) {
  const [id, expires, sig] = token.split('.')
  const userId = Number(id)
  const exp = Number(expires)
  const invalid = () => fieldError('token', 'LINK_INVALID', 'Il link non è valido o è scaduto')
  if (!Number.isInteger(userId) || !Number.isInteger(exp) || !sig || exp * 1000 < now) throw invalid()
  const { rows } = await pool(payload).query('select id, email from users where id = $1', [userId])
  const user = rows[0] as { id: number; email: string } | undefined
  if (!user) throw invalid()
  const expected = Buffer.from(sign(user.id, user.email, exp))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw invalid()
  await pool(payload).query('update users set email_verified_at = coalesce(email_verified_at, $2) where id = $1', [
    user.id,
    new Date(now),
  ])
  return { email: user.email }
}

/** The user as the apps see it: Payload's session list stays on the server. */
export const publicUser = <T extends { sessions?: unknown }>(user: T) => {
  const { sessions: _sessions, ...rest } = user
  return rest
}

/** The caller's own profile, read with their access rights. */
export const ownProfile = async (req: PayloadRequest, id: number) => {
  const user = await req.payload.findByID({ collection: 'users', id, depth: 0, req, overrideAccess: false })
  return {
    ...publicUser(user),
    phone_verified: !!user.phone_verified_at,
    avatarUrl: await avatarUrl(req.payload, user.upload),
  }
}

/** A user by id, for the server itself (after the second factor has been checked). */
export const readUser = (payload: Payload, id: number) =>
  payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true })

/** The caller edits their own profile, with their access rights (the role is not theirs to set). */
export async function updateOwnProfile(req: PayloadRequest, id: number, data: z.infer<typeof updateMeBody>) {
  const user = await req.payload.update({ collection: 'users', id, data, depth: 0, req, overrideAccess: false })
  return { ...publicUser(user), phone_verified: !!user.phone_verified_at }
}
