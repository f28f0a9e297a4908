/** The signed-in user’s own account: profile, photo, e-mail change and confirmation. */
import type { Endpoint } from 'payload'
import { addDataAndFileToRequest, ValidationError } from 'payload'
import { changeEmailBody, emailConfirmBody, updateMeBody } from '@salon/shared'
import { changeEmail, checkPassword, confirmEmail, ownProfile, sendConfirmation, updateOwnProfile } from '../accounts'
import { removeAvatar, setAvatar } from '../avatars'
import { accessTokenExp } from '../sessions'
import { userOf, clientIp, discardBody, forbidden, parseOr400, readJsonObject, requireUser } from '../../platform'
import { LIMITS, type Subject } from '../rateLimit'
import { guarded } from './authShared'
import { assertOwnProfileFields } from '../userFields'

/** PUT /api/auth/me/avatar (multipart `file`) — the caller's profile photo; DELETE removes it. */
export const putAvatar: Endpoint = {
  path: '/auth/me/avatar',
  method: 'put',
  handler: async (req) => {
    // A visitor's upload is read to the end (bounded) before the 401, so the refusal arrives.
    if (!userOf(req)) await discardBody(req)
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
    // Every other key is named (the photo is PUT /api/auth/me/avatar's, issue 22 §5 and §9).
    assertOwnProfileFields(body)
    const data = parseOr400(updateMeBody, body)
    return Response.json({ message: 'Profilo aggiornato', user: await updateOwnProfile(req, user.id, data) })
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
    const user = requireUser(req)
    const { password, email } = parseOr400(changeEmailBody, await readJsonObject(req))
    // Issue 22 §3: "already used" would tell any signed-in customer who has an account here. Every
    // request counts (10 an hour per user), and the password is checked before the address is
    // looked at (wrong passwords: 5 in 15 minutes, this user's own counter).
    const always: Subject[] = [[LIMITS.changeEmail, `user:${user.id}`]]
    await guarded(req, always, 'always', async () => {})
    const checks: Subject[] = [
      [LIMITS.loginIp, clientIp(req)],
      [LIMITS.passwordCheck, `user:${user.id}`],
    ]
    await guarded(req, checks, 'failure', () => checkPassword(req.payload, user.email, password, 'password'))
    const updated = await changeEmail(req.payload, user, email)
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
