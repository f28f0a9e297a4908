import crypto from 'node:crypto'
import type { Pool } from 'pg'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { env } from '../../env'
import { HttpError } from '../../platform'
import { readBusinessName } from '../../calendar'
import {
  CHALLENGE_SECONDS,
  findByCredential,
  insertPasskey,
  listPasskeys,
  markUsed,
  saveChallenge,
  takeChallenge,
  type PasskeyRow,
} from './store'

/*
 * The WebAuthn ceremonies with @simplewebauthn/server (docs/architecture.md "Passkeys"). The relying
 * party is the public site: its id is SERVER_URL's hostname and the only origin accepted is
 * SERVER_URL's origin, so a response made for another site (or a look-alike) fails the check.
 * Every passkey must verify the person (PIN, fingerprint, face): that is why a passkey sign-in
 * counts as the second factor.
 */
export const relyingParty = () => {
  const url = new URL(env.serverUrl)
  return { rpID: url.hostname, origin: url.origin }
}

/**
 * The WebAuthn user handle of an account: stable (a new passkey on the same device replaces the
 * old one for this account), scoped to the site, and not the database id itself.
 */
export const userHandle = (userId: number) =>
  crypto.createHash('sha256').update(`salon-passkey-user:${relyingParty().rpID}:${userId}`).digest().subarray(0, 16)

const refusal = (
  status: 400 | 401,
  code: 'PASSKEY_EXPIRED' | 'PASSKEY_UNKNOWN' | 'PASSKEY_REFUSED' | 'PASSKEY_COUNTER',
  field: string,
  message: string,
) => new HttpError(status, code, message, { field, errors: [{ path: field, message, code }] })

export const expired = (field = 'challenge') =>
  refusal(400, 'PASSKEY_EXPIRED', field, 'La richiesta della passkey è scaduta o è già stata usata: riprova.')
const unknown = () => refusal(401, 'PASSKEY_UNKNOWN', 'response', 'Questa passkey non è registrata per nessun account.')
const refused = (status: 400 | 401 = 401) =>
  refusal(status, 'PASSKEY_REFUSED', 'response', 'La passkey non è stata accettata: riprova.')
const counterBack = () =>
  refusal(401, 'PASSKEY_COUNTER', 'response', 'Questa passkey non è più affidabile: rimuovila e aggiungine una nuova.')

/** The signature counter an assertion carries (authenticatorData bytes 33–36, big-endian). */
export function counterOf(authenticatorData: string): number | null {
  const bytes = Buffer.from(authenticatorData, 'base64url')
  return bytes.length >= 37 ? bytes.readUInt32BE(33) : null
}

interface Person {
  id: number
  email: string
  name?: string | null
  surname?: string | null
}

/** POST /api/auth/passkeys/options: what the browser needs to create a passkey for `user`. */
export async function registrationOptions(db: Pool, user: Person) {
  const { rpID } = relyingParty()
  const existing = await listPasskeys(db, user.id)
  const options = await generateRegistrationOptions({
    rpName: await readBusinessName(db),
    rpID,
    userName: user.email,
    userID: new Uint8Array(userHandle(user.id)),
    userDisplayName: [user.name, user.surname].filter(Boolean).join(' ') || user.email,
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await saveChallenge(db, options.challenge, 'register', user.id)
  return options
}

/** A passkey's default name, from what the authenticator says of itself. */
const defaultName = (deviceType: string, transports: string[]) =>
  deviceType === 'multiDevice'
    ? 'Passkey sincronizzata'
    : transports.includes('usb') || transports.includes('nfc')
      ? 'Chiavetta di sicurezza'
      : 'Passkey di questo dispositivo'

/** POST /api/auth/passkeys: checks the new credential against a live challenge of this user and stores it. */
export async function registerPasskey(db: Pool, userId: number, response: RegistrationResponseJSON, name?: string) {
  const { rpID, origin } = relyingParty()
  // What the challenge check said: not reached (the response is malformed before it), or the
  // challenge was / was not a live one of this user.
  let challengeOk: boolean | null = null
  let verification
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => {
        const taken = await takeChallenge(db, challenge, 'register')
        challengeOk = !!taken && taken.userId === userId
        return challengeOk
      },
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
  } catch {
    throw challengeOk === false ? expired() : refused(400)
  }
  if (!verification.verified) throw refused(400)
  const info = verification.registrationInfo
  const transports = (response.response.transports ?? []).filter((t) => typeof t === 'string')
  const row = await insertPasskey(db, {
    userId,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: name ?? defaultName(info.credentialDeviceType, transports),
  })
  if (!row)
    throw new HttpError(409, 'DUPLICATE', 'Questa passkey è già registrata.', {
      field: 'response',
      errors: [{ path: 'response', message: 'Questa passkey è già registrata.', code: 'DUPLICATE' }],
    })
  return row
}

/**
 * POST /api/auth/passkeys/login/options: a sign-in challenge. Without a person the browser offers
 * every passkey it holds for this site (discoverable credentials); for the second-factor step of a
 * password login (`forUserId`) only that person's passkeys, and only theirs will be accepted.
 */
export async function loginOptions(db: Pool, forUserId: number | null) {
  const { rpID } = relyingParty()
  const allow = forUserId ? await listPasskeys(db, forUserId) : []
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
    allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: p.transports })),
  })
  await saveChallenge(db, options.challenge, 'login', forUserId)
  return options
}

/**
 * POST /api/auth/passkeys/login: the challenge is taken (once), the credential found, the signature,
 * origin, relying party, user verification and counter checked, the counter stored. Answers the
 * passkey's row (its `user_id` is who signed in).
 */
export async function verifyLogin(
  db: Pool,
  challenge: string,
  response: AuthenticationResponseJSON,
  warn: (msg: string) => void,
): Promise<PasskeyRow> {
  const taken = await takeChallenge(db, challenge, 'login')
  if (!taken) throw expired()
  const row = await findByCredential(db, response.id)
  if (!row || (taken.userId !== null && taken.userId !== row.user_id)) throw unknown()
  const handle = response.response.userHandle
  if (handle && !crypto.timingSafeEqual(Buffer.from(handle, 'base64url'), userHandle(row.user_id))) throw unknown()
  const { rpID, origin } = relyingParty()
  const stored = Number(row.counter)
  let verification
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(row.public_key),
        counter: stored,
        transports: row.transports,
      },
      requireUserVerification: true,
    })
  } catch {
    const counter = counterOf(response.response.authenticatorData)
    if (counter !== null && (counter > 0 || stored > 0) && counter <= stored) {
      warn(`Passkey ${row.id} of user ${row.user_id}: counter ${counter} not above ${stored} (cloned authenticator?)`)
      throw counterBack()
    }
    throw refused()
  }
  if (!verification.verified) throw refused()
  const info = verification.authenticationInfo
  if (!(await markUsed(db, row, info.newCounter, info.credentialBackedUp))) throw counterBack()
  return row
}
