import type { PayloadRequest } from 'payload'
import { registerBody, updateMeBody } from '@salon/shared'
import { isAdminUser, onlyKnownKeys, userOf } from '../platform'

/**
 * Which fields of a user a client may send (issue 22 §9). Payload's REST create/update would take
 * any column — `createdAt` (back-dating the new-customers figure), `sessions` (a planted session id
 * then authenticates), `upload` (someone else's photo) — so every write through the API names its
 * keys: anything else is a 400 naming each field (SET_BY_SERVER with the reason, or
 * FIELD_NOT_ACCEPTED). The server's own Local API calls (seed, services) are trusted.
 */
export const USER_SET_BY_SERVER: Record<string, string> = {
  id: 'L’id lo assegna il server',
  createdAt: 'Lo imposta il server',
  updatedAt: 'Lo imposta il server',
  sessions: 'Le sessioni nascono solo dall’accesso con la password',
  hash: 'La password si invia nel campo password',
  salt: 'La password si invia nel campo password',
  loginAttempts: 'Lo imposta il server',
  lockUntil: 'Lo imposta il server',
  resetPasswordToken: 'Il recupero della password passa da /api/auth/password_recovery',
  resetPasswordExpiration: 'Il recupero della password passa da /api/auth/password_recovery',
  privacy_accepted_at: 'Lo imposta il server quando accetti l’informativa',
  email_verified_at: 'Si imposta seguendo il link di conferma',
  phone_verified_at: 'Si imposta con il codice ricevuto via SMS (POST /api/auth/phone)',
  phone_verified: 'Si imposta con il codice ricevuto via SMS (POST /api/auth/phone)',
  upload: 'La foto profilo si cambia con PUT /api/auth/me/avatar',
  adminTotpRequired: 'Lo imposta il server',
  mfaActive: 'Lo imposta il server',
  avatarUrl: 'Lo imposta il server',
}

/**
 * A visitor's registration: the public form's fields (the shared `registerBody`); `user_role` is
 * tolerated and forced to USER by the collection's hook (security.test.ts).
 */
const REGISTRATION = [...Object.keys(registerBody.shape), 'user_role']
/**
 * A signed-in non-admin updating their own user through REST: what PUT /api/auth/me takes, plus
 * `email` and `password` (the collection's hooks answer 403: they change through their own flows)
 * and `user_role` (kept as stored by the hook).
 */
const SELF_UPDATE = [...Object.keys(updateMeBody.shape), 'email', 'password', 'user_role']
/** An admin (the dashboard's user form, shared `adminUserInput`) and the date of a confirmation by hand. */
const ADMIN = [
  'name',
  'surname',
  'email',
  'phone_number',
  'user_role',
  'password',
  'invite',
  'upload',
  'email_verified_at',
]
const { upload: _upload, email_verified_at: _verified, ...ADMIN_REASONS } = USER_SET_BY_SERVER

/** Refuses (400) the keys of a REST create/update of users that its caller may not send. */
export function assertUserFields(operation: string, req: PayloadRequest, data: unknown) {
  if (req.payloadAPI === 'local' || (operation !== 'create' && operation !== 'update')) return
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  const body = data as Record<string, unknown>
  if (isAdminUser(userOf(req))) return onlyKnownKeys(body, ADMIN, ADMIN_REASONS)
  onlyKnownKeys(body, operation === 'create' ? REGISTRATION : SELF_UPDATE, USER_SET_BY_SERVER)
}

/** PUT /api/auth/me: the shared `updateMeBody`'s fields only, each other one named. */
export const assertOwnProfileFields = (body: Record<string, unknown>) =>
  onlyKnownKeys(body, Object.keys(updateMeBody.shape), USER_SET_BY_SERVER)
