/** Signing in and out: login (and its second step), refresh, logout, logout everywhere. */
import type { Endpoint } from 'payload'
import { logoutOperation } from 'payload'
import { loginChallengeBody, loginVerifyBody, loginBody } from '@salon/shared'
import { publicUser, readUser } from '../accounts'
import { endAllSessions, endRefresh, endRefreshOfSession, refreshTokenOf, rotateRefresh } from '../sessions'
import { userOf, parseOr400, readJsonObject, requireUser, fieldError, pool } from '../../platform'
import { checkSecondFactor, hasVerifiedFactor } from '../secondFactor'
import { phoneFactorTarget } from '../phoneFactor'
import { guardedLogin } from '../login'
import { joinPendingLink, pendingLinkOf } from '../external/accounts'
import {
  users,
  guarded,
  openPendingLogin,
  secondFactorRequired,
  sessionCookies,
  endedCookies,
  sessionResponse,
  assertSameOrigin,
} from './authShared'
import { codeChecks, sendCode } from './phone'

/** POST /api/auth/login — spec §7 login; sets the HttpOnly auth cookie. */
export const login: Endpoint = {
  path: '/auth/login',
  method: 'post',
  handler: async (req) => {
    const body = await readJsonObject(req)
    const data = parseOr400(loginBody, body)
    // External sign-in's pending link (an account with the provider's e-mail): joined only once
    // the owner is fully signed in — here, or after the second factor (external/accounts.ts).
    const link = pendingLinkOf(body, data.email)
    const result = await guardedLogin(req, data)
    const userId = (result.user as { id: number }).id
    // Password right, second factor pending: released only for a valid code.
    if (await hasVerifiedFactor(pool(req.payload), userId))
      return secondFactorRequired(req, { token: result.token!, exp: result.exp, uid: userId, link })
    if (link) await joinPendingLink(req.payload, link, userId)
    return sessionResponse(req, userId, result.token!, result.exp, result.user)
  },
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

/**
 * POST /api/auth/login/challenge { challenge, factor_id, channel: 'sms' } — during a login's
 * second step, a code by SMS to a verified phone factor → `{ challenge_id, expires_at }`.
 */
export const loginChallenge: Endpoint = {
  path: '/auth/login/challenge',
  method: 'post',
  handler: async (req) => {
    const { challenge, factor_id } = parseOr400(loginChallengeBody, await readJsonObject(req))
    const pending = openPendingLogin(challenge)
    const target = await phoneFactorTarget(pool(req.payload), pending.uid, factor_id, 'login', 'factor_id')
    const sent = await sendCode(req, target)
    return Response.json(sent, { headers: { 'Cache-Control': 'no-store' } })
  },
}

/**
 * POST /api/auth/login/verify { challenge, code, challenge_id? } — the second step of a login: a
 * TOTP code, a recovery code, or (with `challenge_id`) the code that came by SMS.
 */
export const loginVerify: Endpoint = {
  path: '/auth/login/verify',
  method: 'post',
  handler: async (req) => {
    const { challenge, code, challenge_id } = parseOr400(loginVerifyBody, await readJsonObject(req))
    const pending = openPendingLogin(challenge)
    await guarded(req, codeChecks(req, pending.uid), 'failure', async () => {
      const db = pool(req.payload)
      if (!(await checkSecondFactor(db, pending.uid, code, { challengeId: challenge_id, purpose: 'login' })))
        throw fieldError('code', 'CODE_INVALID', 'Codice non valido')
    })
    if (pending.link) await joinPendingLink(req.payload, pending.link, pending.uid)
    return sessionResponse(req, pending.uid, pending.token, pending.exp, await readUser(req.payload, pending.uid))
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
