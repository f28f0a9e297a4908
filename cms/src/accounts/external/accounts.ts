import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { ExternalError } from '@salon/shared'
import { fieldError, pool } from '../../platform'
import { seal, unseal } from '../secondFactor'
import { accountByEmail, joinIdentity, userOfIdentity } from './store'
import type { ProviderConfig } from './providers'
import { namesFrom, verifiedEmail, type AppleUser, type ProviderClaims } from './claims'

export type { AppleUser, ProviderClaims }

/**
 * Who a provider's answer is, in our accounts (docs/architecture.md "External sign-in"):
 * - an identity (provider, subject) already joined → its user;
 * - no verified e-mail → refused (an unverified address proves nothing);
 * - an account with that e-mail → NEVER joined here: the owner must sign in with the password,
 *   carrying the pending-link token, and only then is the identity joined (`joinPendingLink`);
 * - otherwise a new customer (role USER, e-mail confirmed, a random password nobody knows), only
 *   when the visitor was shown the privacy notice next to the button (`privacy_accepted=true`).
 */

export type Outcome =
  { kind: 'user'; userId: number } | { kind: 'link'; token: string } | { kind: 'refused'; code: ExternalError }

const LINK_MINUTES = 15

export interface PendingLink {
  p: string
  s: string
  e: string
  uid: number
  until: number
}

export async function resolveAccount(
  payload: Payload,
  provider: ProviderConfig,
  claims: ProviderClaims,
  opts: { privacyAccepted: boolean; appleUser?: AppleUser | null; now?: Date },
): Promise<Outcome> {
  const db = pool(payload)
  const known = await userOfIdentity(db, provider.id, claims.sub)
  if (known) return { kind: 'user', userId: known }
  const email = verifiedEmail(provider, claims)
  if (!email) return { kind: 'refused', code: 'EXTERNAL_EMAIL_UNVERIFIED' }
  const existing = await accountByEmail(db, email)
  if (existing) {
    const now = opts.now ?? new Date()
    const pending: PendingLink = {
      p: provider.id,
      s: claims.sub,
      e: email,
      uid: existing,
      until: now.getTime() + LINK_MINUTES * 60_000,
    }
    return { kind: 'link', token: seal(pending) }
  }
  if (!opts.privacyAccepted) return { kind: 'refused', code: 'EXTERNAL_PRIVACY_REQUIRED' }
  const now = opts.now ?? new Date()
  const created = await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: {
      email,
      ...namesFrom(claims, email, opts.appleUser),
      user_role: 'USER',
      password: crypto.randomBytes(32).toString('base64url'),
      email_verified_at: now.toISOString(),
      // The notice was shown next to the button and the visitor went on (docs/architecture.md).
      privacy_accepted_at: now.toISOString(),
    },
  })
  const userId = created.id as number
  await db.query(
    `insert into external_signups (user_id, salt_at_signup, provider) select id, salt, $2 from users where id = $1`,
    [userId, provider.id],
  )
  await joinIdentity(db, { provider: provider.id, subject: claims.sub, email }, userId)
  return { kind: 'user', userId }
}

/** The pending link a password login carries, when still valid for `email`; else null. */
export function readPendingLink(token: string, email: string, now = Date.now()): PendingLink | null {
  const pending = unseal<PendingLink>(token)
  if (!pending || typeof pending.uid !== 'number' || pending.until < now) return null
  return pending.e === email.trim().toLowerCase() ? pending : null
}

/** After the owner's own sign-in (password, and the second factor when they have one): joined. */
export async function joinPendingLink(payload: Payload, pending: PendingLink, userId: number) {
  if (pending.uid !== userId) return null
  await joinIdentity(pool(payload), { provider: pending.p, subject: pending.s, email: pending.e }, userId)
  return pending.p
}

/**
 * The `link_token` a password login may carry (the callback's "accedi con la password per
 * collegare …"): null when absent; a 400 naming it when it is not valid for this e-mail any more.
 */
export function pendingLinkOf(body: Record<string, unknown>, email: string, now = Date.now()) {
  const token = body.link_token
  if (token === undefined || token === null || token === '') return null
  const pending = typeof token === 'string' && token.length <= 4000 ? readPendingLink(token, email, now) : null
  if (!pending)
    throw fieldError(
      'link_token',
      'CHALLENGE_EXPIRED',
      'Il collegamento è scaduto: accedi di nuovo con il servizio esterno.',
    )
  return pending
}
