import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'

/**
 * Passkeys (WebAuthn, issue 26 §2; docs/api.md "Passkeys"). The browser's answers travel as the
 * JSON that `@simplewebauthn/browser` gives (`RegistrationResponseJSON`, `AuthenticationResponseJSON`):
 * only their outline is checked here, the server's WebAuthn library checks the rest.
 */
export const PASSKEY_NAME_MAX = 60

/** A passkey's own name ("iPhone di Giulia"): shown in the reserved area's list. */
export const passkeyName = z
  .string()
  .trim()
  .min(1, M.ENTER_NAME)
  .max(PASSKEY_NAME_MAX, fieldMessage('AT_MOST_CHARS', { n: PASSKEY_NAME_MAX }))

const b64url = z
  .string()
  .min(1, M.BODY_INVALID)
  .max(16_384, M.BODY_INVALID)
  .regex(/^[A-Za-z0-9_-]+$/, M.BODY_INVALID)

const credentialOutline = {
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key', { message: M.BODY_INVALID }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

/** What `startRegistration()` answers. */
export const passkeyRegistrationResponse = z.looseObject({
  ...credentialOutline,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
})

/** What `startAuthentication()` answers. */
export const passkeyAuthenticationResponse = z.looseObject({
  ...credentialOutline,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
})

/** POST /api/auth/passkeys { response, name? } — a new passkey, after its registration options. */
export const passkeyRegisterBody = z
  .object({ response: passkeyRegistrationResponse, name: passkeyName.optional() })
  .strict()

/** PATCH /api/auth/passkeys/:id { name } */
export const passkeyRenameBody = z.object({ name: passkeyName }).strict()

/**
 * POST /api/auth/passkeys/login/options {} — or, at the second-factor step of a password login,
 * `{ mfa_challenge }` (the login's sealed challenge): then only that person's passkeys are offered.
 */
export const passkeyLoginOptionsBody = z
  .object({ mfa_challenge: z.string().min(1, M.CHALLENGE_MISSING).max(4000).optional() })
  .strict()

/** POST /api/auth/passkeys/login { challenge, response } */
export const passkeyLoginBody = z
  .object({ challenge: z.string().min(1, M.CHALLENGE_MISSING).max(200), response: passkeyAuthenticationResponse })
  .strict()

/** One passkey as GET /api/auth/passkeys lists it. */
export interface PasskeySummary {
  id: number
  name: string
  created_at: string
  last_used_at: string | null
  /** Synced across the person's devices (iCloud Keychain, Google Password Manager…) or tied to one. */
  device_type: 'singleDevice' | 'multiDevice'
  backed_up: boolean
  transports: string[]
}
