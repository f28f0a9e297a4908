/** Passwords: recovery by e-mail and the change when signed in. */
import type { Endpoint } from 'payload'
import { loginOperation } from 'payload'
import { loggedInChangeBody, recoveryChangeBody, recoveryCheckBody, recoveryRequestBody } from '@salon/shared'
import { changeWhenLoggedIn, changeWithRecovery, checkRecovery, requestRecovery } from '../accounts'
import { sidOf, startRefresh } from '../sessions'
import { clientIp, parseOr400, readJsonObject, requireUser } from '../../platform'
import { LIMITS, type Subject } from '../rateLimit'
import { users, guarded, sessionCookies } from './authShared'

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
      [LIMITS.passwordCheck, `user:${user.id}`],
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
