/**
 * What the sign-in endpoints share: the brute-force guard, the session cookies and answers, the
 * same-origin check (docs/architecture.md "Sessions").
 */
import type { PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload'
import { publicUser } from '../accounts'
import { expiredRefreshCookie, refreshCookie, sidOf, startRefresh } from '../sessions'
import { fieldError, forbidden, pool } from '../../platform'
import { loginFactors, seal, unseal } from '../secondFactor'
import type { PendingLink } from '../external/accounts'
import { TooManyAttempts, assertUnder, record, type Subject } from '../rateLimit'

export const users = (req: PayloadRequest) => req.payload.collections.users

/**
 * Brute-force guard around `attempt`: refused with 429 + Retry-After while any subject is over
 * its limit; `countWhen` decides which outcomes count (failures, or every request).
 */
export async function guarded<T>(
  req: PayloadRequest,
  subjects: Subject[],
  countWhen: 'failure' | 'always',
  attempt: () => Promise<T>,
): Promise<T> {
  const db = pool(req.payload)
  try {
    await assertUnder(db, subjects)
  } catch (err) {
    if (err instanceof TooManyAttempts)
      req.responseHeaders = new Headers({ 'Retry-After': String(err.retryAfterSeconds) })
    throw err
  }
  if (countWhen === 'always') await record(db, subjects)
  try {
    return await attempt()
  } catch (err) {
    const status = (err as { status?: number }).status
    if (countWhen === 'failure' && (status === 400 || status === 401)) await record(db, subjects)
    throw err
  }
}

export const CHALLENGE_MS = 5 * 60_000

/**
 * A sign-in proven but for its second factor (password, or an external provider): the session token
 * waiting to be released, its owner, and an external identity to join once the factor is given.
 */
export interface PendingLogin {
  token: string
  exp?: number
  uid: number
  until: number
  link?: PendingLink | null
}

/**
 * The answer of such a sign-in: the pending login travels sealed (encrypted and authenticated with
 * the server secret) for CHALLENGE_MS, with the account's verified factors, so the step can offer
 * "Inviami il codice via SMS". Released by /api/auth/login/verify, or a passkey of the same person.
 */
export async function secondFactorRequired(req: PayloadRequest, pending: Omit<PendingLogin, 'until'>) {
  const challenge = seal({ ...pending, until: Date.now() + CHALLENGE_MS } satisfies PendingLogin)
  return Response.json({
    mfaRequired: true,
    challenge,
    factors: await loginFactors(pool(req.payload), pending.uid),
    message: 'Serve il codice della verifica in due passaggi.',
  })
}

/** The sealed pending login, still within its time (else 400 naming `field`). */
export function openPendingLogin(
  challenge: string,
  field = 'challenge',
  expired = () => fieldError(field, 'CHALLENGE_EXPIRED', 'Il tempo per inserire il codice è scaduto: accedi di nuovo.'),
): PendingLogin {
  const pending = unseal<PendingLogin>(challenge)
  if (!pending || pending.until < Date.now()) throw expired()
  return pending
}

/** The access cookie (Payload's `payload-token`) and, when given, the refresh cookie. */
export function sessionCookies(req: PayloadRequest, token: string, refreshToken?: string) {
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    generatePayloadCookie({
      collectionAuthConfig: users(req).config.auth,
      cookiePrefix: req.payload.config.cookiePrefix,
      token,
    }),
  )
  if (refreshToken) headers.append('Set-Cookie', refreshCookie(refreshToken))
  return headers
}

/** Both cookies cleared (logout, revoked session). */
export function endedCookies(req: PayloadRequest) {
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    generateExpiredPayloadCookie({
      collectionAuthConfig: users(req).config.auth,
      config: req.payload.config,
      cookiePrefix: req.payload.config.cookiePrefix,
    }),
  )
  headers.append('Set-Cookie', expiredRefreshCookie())
  return headers
}

/** A signed-in answer: the access token (cookie and body, with its `exp`) and a new refresh family. */
export async function sessionResponse(
  req: PayloadRequest,
  userId: number,
  token: string,
  exp: number | undefined,
  user: unknown,
) {
  const refreshToken = await startRefresh(req.payload, userId, sidOf(token))
  return Response.json(
    { message: 'Accesso eseguito', user: user ? publicUser(user as { sessions?: unknown }) : null, token, exp },
    { headers: sessionCookies(req, token, refreshToken) },
  )
}

/**
 * The refresh cookie is SameSite=Lax, so a cross-site POST never carries it; a same-site but
 * cross-origin page (another subdomain) is refused here too.
 */
export function assertSameOrigin(req: PayloadRequest) {
  const site = req.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none')
    throw forbidden('Richiesta non consentita da un altro sito.', 'CROSS_SITE')
}
