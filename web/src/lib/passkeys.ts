import {
  WebAuthnAbortService,
  WebAuthnError,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import type { PasskeySummary } from '@salon/shared/schemas/passkeys'
import { api } from './api'

export type { PasskeySummary }

/**
 * Passkeys in the browser (docs/api.md "Passkeys"): the WebAuthn ceremonies through
 * `@simplewebauthn/browser`, which turns the server's JSON options into `navigator.credentials`
 * calls and the answers back into JSON. Nothing here is shown when the browser has no WebAuthn.
 */
export const passkeysSupported = () => browserSupportsWebAuthn()

/** `GET /api/auth/passkeys` → the signed-in person's passkeys. */
export async function listPasskeys(signal?: AbortSignal) {
  const res = await api.get<{ passkeys?: PasskeySummary[] }>('/api/auth/passkeys', { signal })
  return res?.passkeys ?? []
}

/**
 * "Aggiungi una passkey": registration options, the browser's prompt (fingerprint, face, PIN),
 * then `POST /api/auth/passkeys { response }` → the stored passkey (named by the server).
 */
export async function addPasskey() {
  const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    '/api/auth/passkeys/options',
    {},
  )
  const response = await startRegistration({ optionsJSON: options })
  const res = await api.post<{ passkey: PasskeySummary }>('/api/auth/passkeys', { response })
  return res.passkey
}

/** `PATCH /api/auth/passkeys/:id { name }` → the renamed passkey; 400 naming `name`. */
export async function renamePasskey(id: number, name: string) {
  return (await api.patch<{ passkey: PasskeySummary }>(`/api/auth/passkeys/${id}`, { name })).passkey
}

/** `DELETE /api/auth/passkeys/:id`; 404 when it is already gone. */
export const removePasskey = (id: number) => api.delete<{ message?: string }>(`/api/auth/passkeys/${id}`)

/**
 * The sign-in prompt: a challenge from `POST /api/auth/passkeys/login/options` (with the password
 * login's `mfa_challenge` at the second-factor step: only that person's passkeys), then the
 * browser's answer. The caller posts both to `POST /api/auth/passkeys/login` (`useAuth().loginWithPasskey`).
 * With `autofill`, the prompt is the e-mail field's autofill (conditional mediation) instead, unless
 * `stale()` says it is no longer wanted by the time the options arrive.
 */
export async function passkeyAssertion(mfaChallenge?: string, autofill?: { stale: () => boolean }) {
  const { options, challenge } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON; challenge: string }>(
    '/api/auth/passkeys/login/options',
    mfaChallenge ? { mfa_challenge: mfaChallenge } : {},
    { redirectOnUnauthorized: false },
  )
  // The autofill's prompt must not start over a prompt the person asked for meanwhile (starting
  // one ends the other).
  if (autofill?.stale()) throw new DOMException('A newer passkey prompt started', 'AbortError')
  const response: AuthenticationResponseJSON = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: !!autofill,
  })
  return { challenge, response }
}

/**
 * Passkeys in the browser's autofill (conditional mediation): true when the browser can list them
 * under the login form's e-mail field (`autocomplete="username webauthn"`).
 */
export const passkeyAutofillSupported = () => browserSupportsWebAuthnAutofill()

/** Ends a pending passkey prompt (the autofill's, when the login form goes away). */
export const cancelPasskeyPrompt = () => WebAuthnAbortService.cancelCeremony()

/**
 * What went wrong in the browser's own prompt, in words the screens choose: the person closed it
 * (or it timed out), or this device already holds a passkey for the account; null for anything else.
 */
export function browserRefusal(error: unknown): 'cancelled' | 'already' | null {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'already'
    if (error.code === 'ERROR_CEREMONY_ABORTED') return 'cancelled'
  }
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled'
  if (name === 'InvalidStateError') return 'already'
  return null
}
