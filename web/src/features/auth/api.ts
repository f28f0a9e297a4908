import type { RegisterBody } from '@salon/shared/schemas/index'
import { api } from '../../lib/api'

export type { RegisterBody }

/** `POST /api/users` → 201 `{ doc, message }`; 400 with field errors. Always creates a customer (role USER). */
export function registerCustomer(body: RegisterBody) {
  return api.post<{ doc: { id: number | string; email: string }; message?: string }>('/api/users', body, {
    redirectOnUnauthorized: false,
  })
}

/** How long a recovery link stays valid (the accounts service's rule), for the copy. */
export const RECOVERY_LINK_TTL_MINUTES = 60

/**
 * `POST /api/auth/password_recovery` → 200 `{ message }` whether or not the account exists;
 * 400 naming `email` when malformed; 429 (with `Retry-After`) when rate limited.
 */
export function requestPasswordRecovery(email: string) {
  return api.post<{ message?: string }>('/api/auth/password_recovery', { email }, { redirectOnUnauthorized: false })
}

/** `POST /api/auth/password_recovery/check` → 200 `{ valid: true }`; 400 naming `token` when the link is not valid or expired. */
export function checkRecoveryToken(token: string, email: string, signal?: AbortSignal) {
  return api.post<{ valid: boolean }>(
    '/api/auth/password_recovery/check',
    { token, email },
    { signal, redirectOnUnauthorized: false },
  )
}

/**
 * `POST /api/auth/change_password` with a recovery token (visitor) → 200 `{ message }`; 400 naming
 * `password` (policy) or `token`. The server ends every session of the account.
 */
export function resetPassword(body: { token: string; email: string; password: string }) {
  return api.post<{ message?: string }>('/api/auth/change_password', body, { redirectOnUnauthorized: false })
}

/** How long a confirmation link stays valid (the accounts service's rule), for the copy. */
export const CONFIRM_LINK_TTL_DAYS = 7

export interface ConfirmEmailResponse {
  message?: string
  email?: string
}

/**
 * One request per token for the life of the page: React's StrictMode (dev) mounts screens twice,
 * and this POST changes the account, so both mounts share it. A failure is forgotten, so "Riprova"
 * asks again.
 */
const confirmations = new Map<string, Promise<ConfirmEmailResponse>>()

/**
 * `POST /api/auth/confirm` → 200 `{ message, email }` when the address is confirmed (now or
 * before); 400 naming `token` when the link is not valid or expired.
 */
export function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  let pending = confirmations.get(token)
  if (!pending) {
    pending = api.post<ConfirmEmailResponse>('/api/auth/confirm', { token }, { redirectOnUnauthorized: false })
    confirmations.set(token, pending)
    pending.catch(() => confirmations.delete(token))
  }
  return pending
}

/**
 * `POST /api/auth/login/challenge { challenge, factor_id, channel: 'sms' }` → `{ challenge_id,
 * expires_at }`: during a login's second step, a code by SMS to a phone factor; 429 when too soon.
 */
export function sendLoginCode(challenge: string, factorId: number) {
  return api.post<{ challenge_id: string; expires_at: string }>(
    '/api/auth/login/challenge',
    { challenge, factor_id: factorId, channel: 'sms' },
    { redirectOnUnauthorized: false },
  )
}
