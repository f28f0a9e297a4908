import type { Endpoint, PayloadRequest } from 'payload'
import {
  addDataAndFileToRequest,
  generateExpiredPayloadCookie,
  generatePayloadCookie,
  loginOperation,
  logoutOperation,
  ValidationError,
} from 'payload'
import {
  changeEmailBody,
  emailConfirmBody,
  factorCodeBody,
  factorEnrollBody,
  idParam,
  loggedInChangeBody,
  loginVerifyBody,
  loginBody,
  recoveryChangeBody,
  recoveryCheckBody,
  recoveryRequestBody,
  updateMeBody,
} from '@salon/shared'
import {
  assertNewEmail,
  changeEmail,
  changeWhenLoggedIn,
  changeWithRecovery,
  checkRecovery,
  confirmEmail,
  ownProfile,
  publicUser,
  readUser,
  requestRecovery,
  sendConfirmation,
  updateOwnProfile,
} from '../accounts'
import { removeAvatar, setAvatar } from '../avatars'
import {
  accessTokenExp,
  endAllSessions,
  endRefresh,
  endRefreshOfSession,
  expiredRefreshCookie,
  refreshCookie,
  refreshTokenOf,
  rotateRefresh,
  sidOf,
  startRefresh,
} from '../sessions'
import { userOf, clientIp, forbidden, parseOr400, readJsonObject, requireUser, fieldError, pool } from '../../platform'
import {
  checkSecondFactor,
  enroll,
  hasVerifiedFactor,
  listFactors,
  seal,
  unenroll,
  unseal,
  verifyEnrollment,
} from '../secondFactor'
import { LIMITS, TooManyAttempts, assertUnder, record, type Subject } from '../rateLimit'

const users = (req: PayloadRequest) => req.payload.collections.users

/**
 * Brute-force guard around `attempt`: refused with 429 + Retry-After while any subject is over
 * its limit; `countWhen` decides which outcomes count (failures, or every request).
 */
async function guarded<T>(
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

/** POST /api/auth/login — spec §7 login; sets the HttpOnly auth cookie. */
export const login: Endpoint = {
  path: '/auth/login',
  method: 'post',
  handler: async (req) => {
    const data = parseOr400(loginBody, await readJsonObject(req))
    const collection = users(req)
    const subjects: Subject[] = [
      [LIMITS.loginIp, clientIp(req)],
      [LIMITS.loginAccount, data.email],
    ]
    const result = await guarded(req, subjects, 'failure', () => loginOperation({ collection, data, req, depth: 0 }))
    const userId = (result.user as { id: number }).id
    if (await hasVerifiedFactor(pool(req.payload), userId)) {
      // Password right, second factor pending: the session token travels sealed (encrypted and
      // authenticated with the server secret) and is released only for a valid code.
      const challenge = seal({ token: result.token, exp: result.exp, uid: userId, until: Date.now() + CHALLENGE_MS })
      return Response.json({ mfaRequired: true, challenge, message: 'Serve il codice della verifica in due passaggi.' })
    }
    return sessionResponse(req, userId, result.token!, result.exp, result.user)
  },
}

const CHALLENGE_MS = 5 * 60_000

/** The access cookie (Payload's `payload-token`) and, when given, the refresh cookie. */
function sessionCookies(req: PayloadRequest, token: string, refreshToken?: string) {
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
function endedCookies(req: PayloadRequest) {
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
async function sessionResponse(
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
function assertSameOrigin(req: PayloadRequest) {
  const site = req.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none')
    throw forbidden('Richiesta non consentita da un altro sito.', 'CROSS_SITE')
}

/**
 * POST /api/auth/refresh — the refresh cookie is exchanged for a new one (rotation) and a fresh
 * access token (cookie + body with `exp`). 401 when it is missing, expired, revoked or reused.
 */
export const refreshSession: Endpoint = {
  path: '/auth/refresh',
  method: 'post',
  handler: async (req) => {
    assertSameOrigin(req)
    try {
      const result = await rotateRefresh(req.payload, refreshTokenOf(req.headers))
      return Response.json(
        { message: 'Sessione rinnovata', user: publicUser(result.user), token: result.token, exp: result.exp },
        { headers: sessionCookies(req, result.token, result.refreshToken) },
      )
    } catch (err) {
      // A refusal clears the cookies, so the browser stops presenting a dead token.
      if ((err as { status?: number }).status === 401) req.responseHeaders = endedCookies(req)
      throw err
    }
  },
}

/** DELETE /api/auth/refresh — ends this device's login (its refresh family and Payload session). */
export const endRefreshSession: Endpoint = {
  path: '/auth/refresh',
  method: 'delete',
  handler: async (req) => {
    assertSameOrigin(req)
    await endRefresh(req.payload, refreshTokenOf(req.headers))
    return Response.json({ message: 'Disconnesso' }, { headers: endedCookies(req) })
  },
}

/** POST /api/auth/logout-all — "Esci da tutti i dispositivi": every session of the caller ends. */
export const logoutAll: Endpoint = {
  path: '/auth/logout-all',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    await endAllSessions(req.payload, user.id)
    return Response.json({ message: 'Disconnesso da tutti i dispositivi' }, { headers: endedCookies(req) })
  },
}

/** POST /api/auth/login/verify { challenge, code } — the second step of a login with TOTP. */
export const loginVerify: Endpoint = {
  path: '/auth/login/verify',
  method: 'post',
  handler: async (req) => {
    const { challenge, code } = parseOr400(loginVerifyBody, await readJsonObject(req))
    const pending = unseal<{ token: string; exp?: number; uid: number; until: number }>(challenge)
    if (!pending || pending.until < Date.now())
      throw fieldError('challenge', 'CHALLENGE_EXPIRED', 'Il tempo per inserire il codice è scaduto: accedi di nuovo.')
    const subjects: Subject[] = [
      [LIMITS.codeIp, clientIp(req)],
      [LIMITS.codeAccount, `user:${pending.uid}`],
    ]
    await guarded(req, subjects, 'failure', async () => {
      if (!(await checkSecondFactor(pool(req.payload), pending.uid, code)))
        throw fieldError('code', 'CODE_INVALID', 'Codice non valido')
    })
    return sessionResponse(req, pending.uid, pending.token, pending.exp, await readUser(req.payload, pending.uid))
  },
}

const me = requireUser

/** GET /api/auth/factors — the caller's second factors. */
export const getFactors: Endpoint = {
  path: '/auth/factors',
  method: 'get',
  handler: async (req) => Response.json({ factors: await listFactors(pool(req.payload), me(req).id) }),
}

/** POST /api/auth/factors { friendly_name? } — start TOTP enrolment (secret, otpauth URI, QR). */
export const enrollFactor: Endpoint = {
  path: '/auth/factors',
  method: 'post',
  handler: async (req) => {
    const user = me(req)
    const { friendly_name } = parseOr400(factorEnrollBody, await readJsonObject(req))
    const factor = await enroll(pool(req.payload), user, friendly_name)
    return Response.json(factor, { status: 201, headers: { 'Cache-Control': 'no-store' } })
  },
}

/** POST /api/auth/factors/:id/verify { code } — activate; answers the recovery codes once. */
export const verifyFactor: Endpoint = {
  path: '/auth/factors/:id/verify',
  method: 'post',
  handler: async (req) => {
    const user = me(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { code } = parseOr400(factorCodeBody, await readJsonObject(req))
    const subjects: Subject[] = [
      [LIMITS.codeIp, clientIp(req)],
      [LIMITS.codeAccount, `user:${user.id}`],
    ]
    const result = await guarded(req, subjects, 'failure', () => verifyEnrollment(pool(req.payload), user.id, id, code))
    return Response.json(result, { headers: { 'Cache-Control': 'no-store' } })
  },
}

/** DELETE /api/auth/factors/:id { code } — turn the second factor off (needs a code). */
export const deleteFactor: Endpoint = {
  path: '/auth/factors/:id',
  method: 'delete',
  handler: async (req) => {
    const user = me(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const { code } = parseOr400(factorCodeBody, await readJsonObject(req))
    const subjects: Subject[] = [
      [LIMITS.codeIp, clientIp(req)],
      [LIMITS.codeAccount, `user:${user.id}`],
    ]
    await guarded(req, subjects, 'failure', () => unenroll(pool(req.payload), user.id, id, code))
    return Response.json({ message: 'Verifica in due passaggi disattivata' })
  },
}

/** PUT /api/auth/me/avatar (multipart `file`) — the caller's profile photo; DELETE removes it. */
export const putAvatar: Endpoint = {
  path: '/auth/me/avatar',
  method: 'put',
  handler: async (req) => {
    const user = requireUser(req)
    try {
      await addDataAndFileToRequest(req)
    } catch {
      throw new ValidationError({ errors: [{ path: 'file', message: 'Corpo della richiesta non valido' }] })
    }
    const result = await setAvatar(req.payload, user.id, req.file)
    return Response.json({ message: 'Foto aggiornata', ...result })
  },
}

export const deleteAvatar: Endpoint = {
  path: '/auth/me/avatar',
  method: 'delete',
  handler: async (req) => {
    const user = requireUser(req)
    await removeAvatar(req.payload, user.id)
    return Response.json({ message: 'Foto rimossa', avatarUrl: null })
  },
}

/** POST /api/auth/logout — ends this session and clears the cookie (harmless when logged out). */
export const logout: Endpoint = {
  path: '/auth/logout',
  method: 'post',
  handler: async (req) => {
    const collection = users(req)
    const user = userOf(req)
    const sid = (req.user as { _sid?: unknown } | null)?._sid
    if (user && typeof sid === 'string') await endRefreshOfSession(req.payload, user.id, sid)
    if (req.user) await logoutOperation({ collection, req })
    return Response.json({ message: 'Disconnesso' }, { headers: endedCookies(req) })
  },
}

/** GET /api/auth/me — the current user, or `{ user: null }` for a visitor (spec §4). */
export const getMe: Endpoint = {
  path: '/auth/me',
  method: 'get',
  handler: async (req) => {
    const user = userOf(req)
    if (!user) return Response.json({ user: null })
    const exp = accessTokenExp(req.headers, `${req.payload.config.cookiePrefix}-token`)
    return Response.json({ user: await ownProfile(req, user.id), exp })
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
    return Response.json({ message: 'Profilo aggiornato', user: await updateOwnProfile(req, user.id, data) })
  },
}

/** POST /api/auth/password_recovery { email } — one answer for every address. */
export const passwordRecovery: Endpoint = {
  path: '/auth/password_recovery',
  method: 'post',
  handler: async (req) => {
    const { email } = parseOr400(recoveryRequestBody, await readJsonObject(req))
    const subjects: Subject[] = [
      [LIMITS.recoveryIp, clientIp(req)],
      [LIMITS.recoveryAccount, email],
    ]
    await guarded(req, subjects, 'always', () => requestRecovery(req.payload, email))
    return Response.json({
      message:
        'Se l’indirizzo è registrato, ti abbiamo inviato un’e-mail con il link per scegliere una nuova password.',
    })
  },
}

/** POST /api/auth/password_recovery/check { token, email } — 200 when the link is still valid. */
export const passwordRecoveryCheck: Endpoint = {
  path: '/auth/password_recovery/check',
  method: 'post',
  handler: async (req) => {
    const { token, email } = parseOr400(recoveryCheckBody, await readJsonObject(req))
    const subjects: Subject[] = [
      [LIMITS.codeIp, clientIp(req)],
      [LIMITS.codeAccount, email],
    ]
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
      const subjects: Subject[] = [
        [LIMITS.codeIp, clientIp(req)],
        [LIMITS.codeAccount, data.email],
      ]
      await guarded(req, subjects, 'failure', () => changeWithRecovery(req.payload, data))
      return Response.json({ message: 'Password aggiornata: ora puoi accedere con la nuova password.' })
    }
    const user = requireUser(req)
    const { oldPassword, password } = parseOr400(loggedInChangeBody, body)
    const subjects: Subject[] = [
      [LIMITS.loginIp, clientIp(req)],
      [LIMITS.loginAccount, user.email],
    ]
    await guarded(req, subjects, 'failure', () => changeWhenLoggedIn(req.payload, user, oldPassword, password))
    const collection = users(req)
    const result = await loginOperation({ collection, data: { email: user.email, password }, req, depth: 0 })
    const refreshToken = await startRefresh(req.payload, user.id, sidOf(result.token!))
    return Response.json(
      { message: 'Password aggiornata', token: result.token, exp: result.exp },
      { headers: sessionCookies(req, result.token!, refreshToken) },
    )
  },
}

/**
 * POST /api/auth/change_email { password, email } — logged in, with the current password: the
 * address changes, must be confirmed again (a link goes to it) and the old one gets a notice.
 */
export const changeEmailEndpoint: Endpoint = {
  path: '/auth/change_email',
  method: 'post',
  handler: async (req) => {
    const user = me(req)
    const { password, email } = parseOr400(changeEmailBody, await readJsonObject(req))
    // An unusable address is not a wrong password: refused before the attempt is counted.
    await assertNewEmail(req.payload, user, email)
    const subjects: Subject[] = [
      [LIMITS.loginIp, clientIp(req)],
      [LIMITS.loginAccount, user.email],
    ]
    const updated = await guarded(req, subjects, 'failure', () => changeEmail(req.payload, user, password, email))
    return Response.json({
      message: `Indirizzo aggiornato: ti abbiamo inviato un link a ${updated.email} per confermarlo.`,
      user: updated,
    })
  },
}

/** POST /api/auth/confirm { token } — the link of the registration mail. */
export const confirmEndpoint: Endpoint = {
  path: '/auth/confirm',
  method: 'post',
  handler: async (req) => {
    const { token } = parseOr400(emailConfirmBody, await readJsonObject(req))
    const { email } = await guarded(req, [[LIMITS.codeIp, clientIp(req)]], 'failure', () =>
      confirmEmail(req.payload, token),
    )
    return Response.json({ message: 'Indirizzo confermato, grazie!', email })
  },
}

/** POST /api/auth/confirm/resend — logged in: a new confirmation mail. */
export const resendConfirmation: Endpoint = {
  path: '/auth/confirm/resend',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req)
    if (user.email_verified_at) return Response.json({ message: 'Il tuo indirizzo è già confermato.' })
    await guarded(
      req,
      [
        [LIMITS.recoveryAccount, user.email],
        [LIMITS.recoveryIp, clientIp(req)],
      ],
      'always',
      () => sendConfirmation(req.payload, user),
    )
    return Response.json({ message: 'Ti abbiamo inviato una nuova e-mail di conferma.' })
  },
}

export const authEndpoints = [
  login,
  loginVerify,
  logout,
  refreshSession,
  endRefreshSession,
  logoutAll,
  getMe,
  putMe,
  putAvatar,
  deleteAvatar,
  passwordRecovery,
  passwordRecoveryCheck,
  changePassword,
  changeEmailEndpoint,
  confirmEndpoint,
  resendConfirmation,
  getFactors,
  enrollFactor,
  verifyFactor,
  deleteFactor,
]

const closed = (path: string): Endpoint => ({
  path,
  method: 'post',
  handler: () =>
    Response.json(
      { errors: [{ name: 'NotFound', message: 'Not Found', data: { code: 'NOT_FOUND' } }] },
      { status: 404 },
    ),
})

/**
 * Payload's built-in recovery, first-admin and unthrottled login routes under /api/users, switched
 * off; and its `/refresh-token`, which would extend a 30-minute access token for ever without the
 * rotating refresh cookie (a stolen access token must die with its half hour).
 */
export const closedAuthEndpoints = [
  '/forgot-password',
  '/reset-password',
  '/first-register',
  '/login',
  '/refresh-token',
].map(closed)
