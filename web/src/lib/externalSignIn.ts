import type { ExternalProvider, LinkedIdentity } from '@salon/shared/schemas/external'
import { api } from './api'

/**
 * External sign-in from the site (docs/architecture.md "External sign-in"), the client's PKCE leg:
 * a verifier made here with WebCrypto and kept in this tab's sessionStorage, its S256 challenge
 * sent with `GET /api/auth/authorize`; the callback screen (/login/callback) then trades the
 * server's one-time `code` and the verifier for a session (`POST /api/auth/token?grant_type=pkce`).
 * Nobody but this tab knows the verifier, so a code caught on its way is worth nothing.
 */

export const CALLBACK_PATH = '/login/callback'
const STORAGE_KEY = 'salon_external_sign_in'
/** A pending sign-in older than this is forgotten (the server's flow lives ten minutes). */
const PENDING_MS = 15 * 60_000

export interface PendingSignIn {
  verifier: string
  provider: string
  /** Where the visitor goes once signed in (the wizard's summary, a reserved page…), or null. */
  next: string | null
  at: number
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** A PKCE pair (RFC 7636): 32 random bytes as the verifier, base64url(SHA-256) as the challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)))
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return { verifier, challenge: base64url(new Uint8Array(digest)) }
}

export function readPendingSignIn(now = Date.now()): PendingSignIn | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as PendingSignIn | null
    if (!value || typeof value.verifier !== 'string' || now - value.at > PENDING_MS) return null
    return value
  } catch {
    return null
  }
}

export const clearPendingSignIn = () => sessionStorage.removeItem(STORAGE_KEY)

let providers: Promise<ExternalProvider[]> | null = null

/** `GET /api/auth/providers`, once per page (a failure is forgotten: no buttons this time). */
export function loadProviders(): Promise<ExternalProvider[]> {
  providers ??= api
    .get<{ providers: ExternalProvider[] }>('/api/auth/providers', { redirectOnUnauthorized: false })
    .then((res) => res.providers ?? [])
    .catch(() => {
      providers = null
      return []
    })
  return providers
}

/** For tests: forget the providers read. */
export const forgetProviders = () => {
  providers = null
}

/**
 * Starts a sign-in with `provider`: the pair made and kept, the provider's address asked for
 * (`skip_http_redirect=true`), then the browser goes there. The visitor was shown the privacy
 * notice next to the button (`privacy_accepted=true`: needed only if an account is created).
 */
export async function startSignIn(
  provider: string,
  next: string | null,
  go = (url: string) => window.location.assign(url),
) {
  const { verifier, challenge } = await pkcePair()
  const pending: PendingSignIn = { verifier, provider, next, at: Date.now() }
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending))
  const { url } = await api.get<{ url: string }>('/api/auth/authorize', {
    query: {
      provider,
      redirect_to: CALLBACK_PATH,
      code_challenge: challenge,
      code_challenge_method: 's256',
      skip_http_redirect: true,
      privacy_accepted: true,
    },
    redirectOnUnauthorized: false,
  })
  go(url)
}

/** The profile's linked providers (`GET /api/auth/identities`). */
export const loadIdentities = () =>
  api.get<{ identities: LinkedIdentity[]; has_password: boolean }>('/api/auth/identities')

export const removeIdentity = (id: number) => api.delete<{ message?: string }>(`/api/auth/identities/${id}`)
