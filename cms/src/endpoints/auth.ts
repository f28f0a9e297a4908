import type { Endpoint, PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie, loginOperation, logoutOperation } from 'payload'
import { loginBody, updateMeBody } from '@salon/shared'
import { forbidden, parseOr400, readJsonObject, requireUser } from '../lib/http'

const users = (req: PayloadRequest) => req.payload.collections.users

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
    const result = await loginOperation({ collection, data, req, depth: 0 })
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

export const authEndpoints = [login, logout, getMe, putMe]

const closed = (path: string): Endpoint => ({
  path,
  method: 'post',
  handler: () =>
    Response.json({ errors: [{ name: 'NotFound', message: 'Not Found' }] }, { status: 404 }),
})

/** Payload's built-in recovery and first-admin routes under /api/users, switched off. */
export const closedAuthEndpoints = ['/forgot-password', '/reset-password', '/first-register'].map(closed)
