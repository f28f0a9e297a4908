import type { Endpoint, PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie, loginOperation, logoutOperation } from 'payload'
import { emailConfirmBody, loggedInChangeBody, loginBody, recoveryChangeBody, recoveryCheckBody, recoveryRequestBody, updateMeBody } from '@salon/shared'
import { changeWhenLoggedIn, changeWithRecovery, checkRecovery, confirmEmail, requestRecovery, sendConfirmation } from '../services/accounts'
import { clientIp, forbidden, parseOr400, readJsonObject, requireUser } from '../lib/http'
import { pool } from '../lib/sql'
import { LIMITS, TooManyAttempts, assertUnder, record, type Subject } from '../services/rateLimit'

const users = (req: PayloadRequest) => req.payload.collections.users

/**
 * Brute-force guard around `attempt`: refused with 429 + Retry-After while any subject is over
 * its limit; `countWhen` decides which outcomes count (failures, or every request).
 */
async function guarded<T>(req: PayloadRequest, subjects: Subject[], countWhen: 'failure' | 'always', attempt: () => Promise<T>): Promise<T> {
  const db = pool(req.payload)
  try {
    await assertUnder(db, subjects)
  } catch (err) {
    if (err instanceof TooManyAttempts) req.responseHeaders = new Headers({ 'Retry-After': String(err.retryAfterSeconds) })
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

/** The user as the apps see it: Payload's session list stays on the server. */
const publicUser = <T extends { sessions?: unknown }>(user: T) => {
  const { sessions: _sessions, ...rest } = user
  return rest
}

const ownProfile = async (req: PayloadRequest, id: number) =>
  publicUser(await req.payload.findByID({ collection: 'users', id, depth: 0, req, overrideAccess: false }))

/** POST /api/auth/login — spec §7 login; sets the HttpOnly auth cookie. */
export const login: Endpoint = {
  path: '/auth/login',
  method: 'post',
  handler: async (req) => {
    const data = parseOr400(loginBody, await readJsonObject(req))
    const collection = users(req)
    const subjects: Subject[] = [[LIMITS.loginIp, clientIp(req)], [LIMITS.loginAccount, data.email]]
    const result = await guarded(req, subjects, 'failure', () => loginOperation({ collection, data, req, depth: 0 }))
    const cookie = generatePayloadCookie({
      collectionAuthConfig: collection.config.auth,
      cookiePrefix: req.payload.config.cookiePrefix,
      token: result.token!,
    })
    return Response.json(
      { message: 'Accesso eseguito', user: result.user ? publicUser(result.user) : null, token: result.token, exp: result.exp },
      { headers: { 'Set-Cookie': cookie } },
    )
  },
}

/** POST /api/auth/logout — ends this session and clears the cookie (harmless when logged out). */
export const logout: Endpoint = {
  path: '/auth/logout',
  method: 'post',
  handler: async (req) => {
    const collection = users(req)
    if (req.user) await logoutOperation({ collection, req })
    const cookie = generateExpiredPayloadCookie({
      collectionAuthConfig: collection.config.auth,
      config: req.payload.config,
      cookiePrefix: req.payload.config.cookiePrefix,
    })
    return Response.json({ message: 'Disconnesso' }, { headers: { 'Set-Cookie': cookie } })
  },
}

/** GET /api/auth/me — the current user, or `{ user: null }` for a visitor (spec §4). */
export const getMe: Endpoint = {
  path: '/auth/me',
  method: 'get',
  handler: async (req) => {
    if (!req.user) return Response.json({ user: null })
    return Response.json({ user: await ownProfile(req, req.user.id as number) })
  },
}

/** PUT /api/auth/me — the user edits their own profile; the role is never theirs to set. */
export const putMe: Endpoint = {
  path: '/auth/me',
  method: 'put',
  handler: async (req) => {
    const user = requireUser(req)
    const body = await readJsonObject(req)
    if ('user_role' in body) throw forbidden('Il ruolo non si può cambiare dal proprio profilo.')
    const data = parseOr400(updateMeBody, body)
    const doc = await req.payload.update({ collection: 'users', id: user.id, data, depth: 0, req, overrideAccess: false })
    return Response.json({ message: 'Profilo aggiornato', user: publicUser(doc) })
  },
}

/** POST /api/auth/password_recovery { email } — one answer for every address. */
export const passwordRecovery: Endpoint = {
  path: '/auth/password_recovery',
  method: 'post',
  handler: async (req) => {
    const { email } = parseOr400(recoveryRequestBody, await readJsonObject(req))
    const subjects: Subject[] = [[LIMITS.recoveryIp, clientIp(req)], [LIMITS.recoveryAccount, email]]
    await guarded(req, subjects, 'always', () => requestRecovery(req.payload, email))
    return Response.json({
      message: 'Se l’indirizzo è registrato, ti abbiamo inviato un’e-mail con il link per scegliere una nuova password.',
    })
  },
}

/** POST /api/auth/password_recovery/check { token, email } — 200 when the link is still valid. */
export const passwordRecoveryCheck: Endpoint = {
  path: '/auth/password_recovery/check',
  method: 'post',
  handler: async (req) => {
    const { token, email } = parseOr400(recoveryCheckBody, await readJsonObject(req))
    const subjects: Subject[] = [[LIMITS.codeIp, clientIp(req)], [LIMITS.codeAccount, email]]
    await guarded(req, subjects, 'failure', () => checkRecovery(req.payload, token, email))
    return Response.json({ valid: true })
  },
}

/**
 * POST /api/auth/change_password — `{ token, email, password }` (recovery) or, logged in,
 * `{ oldPassword, password }`. Every older session ends; a logged-in user gets a fresh one.
 */
export const changePassword: Endpoint = {
  path: '/auth/change_password',
  method: 'post',
  handler: async (req) => {
    const body = await readJsonObject(req)
    if ('token' in body) {
      const data = parseOr400(recoveryChangeBody, body)
      const subjects: Subject[] = [[LIMITS.codeIp, clientIp(req)], [LIMITS.codeAccount, data.email]]
      await guarded(req, subjects, 'failure', () => changeWithRecovery(req.payload, data))
      return Response.json({ message: 'Password aggiornata: ora puoi accedere con la nuova password.' })
    }
    const user = requireUser(req) as unknown as { id: number; email: string; name?: string }
    const { oldPassword, password } = parseOr400(loggedInChangeBody, body)
    const subjects: Subject[] = [[LIMITS.loginIp, clientIp(req)], [LIMITS.loginAccount, user.email]]
    await guarded(req, subjects, 'failure', () => changeWhenLoggedIn(req.payload, user, oldPassword, password))
    const collection = users(req)
    const result = await loginOperation({ collection, data: { email: user.email, password }, req, depth: 0 })
    const cookie = generatePayloadCookie({
      collectionAuthConfig: collection.config.auth,
      cookiePrefix: req.payload.config.cookiePrefix,
      token: result.token!,
    })
    return Response.json(
      { message: 'Password aggiornata', token: result.token, exp: result.exp },
      { headers: { 'Set-Cookie': cookie } },
    )
  },
}

/** POST /api/auth/confirm { token } — the link of the registration mail. */
export const confirmEndpoint: Endpoint = {
  path: '/auth/confirm',
  method: 'post',
  handler: async (req) => {
    const { token } = parseOr400(emailConfirmBody, await readJsonObject(req))
    const { email } = await guarded(req, [[LIMITS.codeIp, clientIp(req)]], 'failure', () => confirmEmail(req.payload, token))
    return Response.json({ message: 'Indirizzo confermato, grazie!', email })
  },
}

/** POST /api/auth/confirm/resend — logged in: a new confirmation mail. */
export const resendConfirmation: Endpoint = {
  path: '/auth/confirm/resend',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req) as unknown as { id: number; email: string; name?: string; email_verified_at?: string | null }
    if (user.email_verified_at) return Response.json({ message: 'Il tuo indirizzo è già confermato.' })
    await guarded(req, [[LIMITS.recoveryAccount, user.email], [LIMITS.recoveryIp, clientIp(req)]], 'always', () => sendConfirmation(req.payload, user))
    return Response.json({ message: 'Ti abbiamo inviato una nuova e-mail di conferma.' })
  },
}

export const authEndpoints = [login, logout, getMe, putMe, passwordRecovery, passwordRecoveryCheck, changePassword, confirmEndpoint, resendConfirmation]

const closed = (path: string): Endpoint => ({
  path,
  method: 'post',
  handler: () =>
    Response.json({ errors: [{ name: 'NotFound', message: 'Not Found' }] }, { status: 404 }),
})

/** Payload's built-in recovery, first-admin and unthrottled login routes under /api/users, switched off. */
export const closedAuthEndpoints = ['/forgot-password', '/reset-password', '/first-register', '/login'].map(closed)
