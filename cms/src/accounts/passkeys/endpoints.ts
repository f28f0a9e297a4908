/** Passkeys (WebAuthn): the signed-in person's list, adding, renaming, removing; signing in with one. */
import type { Endpoint } from 'payload'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import {
  idParam,
  passkeyLoginBody,
  passkeyLoginOptionsBody,
  passkeyRegisterBody,
  passkeyRenameBody,
} from '@salon/shared'
import { clientIp, notFound, parseOr400, pool, readJsonObject, requireUser } from '../../platform'
import { issueSession } from '../sessions'
import { LIMITS, clearLoginFailures, type Limit, type Subject } from '../rateLimit'
import { guarded, openPendingLogin, sessionResponse } from '../endpoints/authShared'
import { deletePasskey, listPasskeys, renamePasskey, summary } from './store'
import { expired, loginOptions, registrationOptions, registerPasskey, verifyLogin } from './webauthn'

/**
 * Sign-in challenges asked by one address, counted every time: each one is a row until it expires,
 * and a page that offers passkey autofill asks one per visit — generous, but not unbounded.
 */
export const PASSKEY_OPTIONS_IP: Limit = { name: 'passkey-options:ip', max: 100, windowSeconds: 15 * 60 }
/** Registration challenges of one account (each a row until it expires). */
const PASSKEY_REGISTER_USER: Limit = { name: 'passkey-register:user', max: 30, windowSeconds: 15 * 60 }

const noStore = { 'Cache-Control': 'no-store' }

/** GET /api/auth/passkeys — the caller's passkeys (never the keys themselves). */
export const getPasskeys: Endpoint = {
  path: '/auth/passkeys',
  method: 'get',
  handler: async (req) => {
    const user = requireUser(req)
    const rows = await listPasskeys(pool(req.payload), user.id)
    return Response.json({ passkeys: rows.map(summary) }, { headers: noStore })
  },
}

/** POST /api/auth/passkeys/options — registration options for a new passkey of the caller. */
export const passkeyRegistrationOptions: Endpoint = {
  path: '/auth/passkeys/options',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const subjects: Subject[] = [[PASSKEY_REGISTER_USER, `user:${user.id}`]]
    const options = await guarded(req, subjects, 'always', () => registrationOptions(pool(req.payload), user))
    return Response.json({ options }, { headers: noStore })
  },
}

/** POST /api/auth/passkeys { response, name? } — verifies the new passkey and stores it (201). */
export const createPasskey: Endpoint = {
  path: '/auth/passkeys',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    const { response, name } = parseOr400(passkeyRegisterBody, await readJsonObject(req))
    const row = await registerPasskey(pool(req.payload), user.id, response as unknown as RegistrationResponseJSON, name)
    return Response.json({ passkey: summary(row), message: 'Passkey aggiunta' }, { status: 201 })
  },
}

/** PATCH /api/auth/passkeys/:id { name } — renames one of the caller's passkeys (404 otherwise). */
export const patchPasskey: Endpoint = {
  path: '/auth/passkeys/:id',
  method: 'patch',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { name } = parseOr400(passkeyRenameBody, await readJsonObject(req))
    const row = await renamePasskey(pool(req.payload), user.id, id, name)
    if (!row) throw notFound()
    return Response.json({ passkey: summary(row) })
  },
}

/** DELETE /api/auth/passkeys/:id — removes one of the caller's passkeys (404 otherwise). */
export const removePasskey: Endpoint = {
  path: '/auth/passkeys/:id',
  method: 'delete',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    if (!(await deletePasskey(pool(req.payload), user.id, id))) throw notFound()
    return Response.json({ message: 'Passkey rimossa' })
  },
}

/**
 * POST /api/auth/passkeys/login/options {} or { mfa_challenge } — public: a sign-in challenge
 * (`challenge`) and the browser's options. With the sealed challenge of a password login waiting
 * for its second factor, only that person's passkeys are offered and accepted.
 */
export const passkeyLoginOptions: Endpoint = {
  path: '/auth/passkeys/login/options',
  method: 'post',
  handler: async (req) => {
    const { mfa_challenge } = parseOr400(passkeyLoginOptionsBody, await readJsonObject(req))
    const forUserId = mfa_challenge
      ? openPendingLogin(mfa_challenge, 'mfa_challenge', () => expired('mfa_challenge')).uid
      : null
    const subjects: Subject[] = [[PASSKEY_OPTIONS_IP, clientIp(req)]]
    const options = await guarded(req, subjects, 'always', () => loginOptions(pool(req.payload), forUserId))
    return Response.json({ options, challenge: options.challenge }, { headers: noStore })
  },
}

/**
 * POST /api/auth/passkeys/login { challenge, response } — public: signs in with a passkey. No
 * password and no code after it: the passkey is something the person has, unlocked with something
 * they are or know (user verification is required). Failures count like wrong passwords.
 */
export const passkeyLogin: Endpoint = {
  path: '/auth/passkeys/login',
  method: 'post',
  handler: async (req) => {
    const { challenge, response } = parseOr400(passkeyLoginBody, await readJsonObject(req))
    const db = pool(req.payload)
    const subjects: Subject[] = [[LIMITS.loginIp, clientIp(req)]]
    const row = await guarded(req, subjects, 'failure', () =>
      verifyLogin(db, challenge, response as unknown as AuthenticationResponseJSON, (msg) =>
        req.payload.logger.warn(msg),
      ),
    )
    const { token, exp, user } = await issueSession(req.payload, row.user_id)
    // As after a right password: the account's slowdown and this address's failures on it end.
    await clearLoginFailures(db, user.email)
    return sessionResponse(req, row.user_id, token, exp, user)
  },
}

export const passkeyEndpoints = [
  getPasskeys,
  passkeyRegistrationOptions,
  createPasskey,
  patchPasskey,
  removePasskey,
  passkeyLoginOptions,
  passkeyLogin,
]
