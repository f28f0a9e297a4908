/** External sign-in's endpoints (docs/api.md "External sign-in"), listed in ../endpoints/auth.ts. */
import type { Endpoint, PayloadRequest } from 'payload'
import { authorizeQuery, idParam, pkceTokenBody, tokenQuery } from '@salon/shared'
import {
  HttpError,
  clientIp,
  fieldError,
  parseOr400,
  pool,
  queryObject,
  readJsonObject,
  requireUser,
} from '../../platform'
import { issueSession } from '../sessions'
import { hasVerifiedFactor } from '../secondFactor'
import { assertSameOrigin, guarded, secondFactorRequired, sessionResponse } from '../endpoints/authShared'
import { LIMITS } from '../rateLimit'
import { configuredProviders, providerById } from './providers'
import { authorizationUrl, finishCallback } from './signIn'
import { hasUsablePassword, listIdentities, redeemAuthCode, removeIdentity } from './store'

const log = (req: PayloadRequest) => (message: string) => req.payload.logger.warn(message)

/** GET /api/auth/providers — the configured providers, for the sign-in buttons (public). */
export const listProviders: Endpoint = {
  path: '/auth/providers',
  method: 'get',
  handler: (req) => Response.json({ providers: configuredProviders(log(req)).map(({ id, label }) => ({ id, label })) }),
}

/**
 * GET /api/auth/authorize?provider=&redirect_to=&code_challenge=&code_challenge_method=s256
 * [&scopes=][&skip_http_redirect=true][&privacy_accepted=true][&prompt=&login_hint=…] (spec §7):
 * 302 to the provider, or `{ url }`. A flow is a row, so the calls are limited per address.
 */
export const authorize: Endpoint = {
  path: '/auth/authorize',
  method: 'get',
  handler: async (req) => {
    const query = parseOr400(authorizeQuery, queryObject(req))
    configuredProviders(log(req))
    const provider = providerById(query.provider)
    if (!provider) throw fieldError('provider', 'CHOICE_INVALID', 'Accesso con questo servizio non disponibile')
    const url = await guarded(req, [[LIMITS.externalStartIp, clientIp(req)]], 'always', async () => {
      try {
        return await authorizationUrl(req, provider, query)
      } catch (err) {
        req.payload.logger.error(`External sign-in: ${provider.id} unreachable: ${(err as Error).message}`)
        throw new HttpError(503, 'REFUSED', 'Il servizio di accesso non risponde: riprova tra poco.')
      }
    })
    if (query.skip_http_redirect === 'true') return Response.json({ url, provider: provider.id })
    return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'no-store' } })
  },
}

async function callbackParams(req: PayloadRequest): Promise<URLSearchParams> {
  if (req.method !== 'POST') return new URLSearchParams(req.searchParams ?? '')
  const type = req.headers.get('content-type') ?? ''
  if (!type.includes('application/x-www-form-urlencoded')) return new URLSearchParams()
  return new URLSearchParams((await req.text?.()) ?? '')
}

const callbackHandler: Endpoint['handler'] = async (req) => {
  const provider = providerById(String(req.routeParams?.provider ?? ''))
  const location = provider
    ? await finishCallback(req, provider, await callbackParams(req))
    : '/login?external_error=EXTERNAL_FAILED'
  // 303: after Apple's form POST the browser GETs the next page.
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })
}

/** GET|POST /api/auth/callback/:provider — the provider's answer (POST: Apple's form_post). */
export const callbackGet: Endpoint = { path: '/auth/callback/:provider', method: 'get', handler: callbackHandler }
export const callbackPost: Endpoint = { path: '/auth/callback/:provider', method: 'post', handler: callbackHandler }

/**
 * POST /api/auth/token?grant_type=pkce { auth_code, code_verifier } — our one-time code for a
 * session: signed in (as /api/auth/login answers), or `{ mfaRequired, challenge }` when the account
 * has a verified second factor (then /api/auth/login/verify). The code is used up by any attempt.
 */
export const exchangeToken: Endpoint = {
  path: '/auth/token',
  method: 'post',
  handler: async (req) => {
    // A page of another site must not sign this browser in as someone else (login CSRF).
    assertSameOrigin(req)
    parseOr400(tokenQuery, queryObject(req))
    const body = parseOr400(pkceTokenBody, await readJsonObject(req))
    const userId = await guarded(req, [[LIMITS.externalCodeIp, clientIp(req)]], 'failure', () =>
      redeemAuthCode(pool(req.payload), body.auth_code, body.code_verifier),
    )
    const { token, exp, user } = await issueSession(req.payload, userId)
    if (await hasVerifiedFactor(pool(req.payload), userId))
      return secondFactorRequired(req, { token, exp, uid: userId })
    return sessionResponse(req, userId, token, exp, user)
  },
}

/** GET /api/auth/identities — the caller's linked providers, and whether they have a password. */
export const getIdentities: Endpoint = {
  path: '/auth/identities',
  method: 'get',
  handler: async (req) => {
    const user = requireUser(req)
    const db = pool(req.payload)
    const labels = new Map(configuredProviders(log(req)).map((p) => [p.id, p.label]))
    const rows = await listIdentities(db, user.id)
    return Response.json({
      identities: rows.map((r) => ({
        id: r.id,
        provider: r.provider,
        label: labels.get(r.provider) ?? r.provider,
        email: r.email,
        created_at: r.created_at.toISOString(),
      })),
      has_password: await hasUsablePassword(db, user.id),
    })
  },
}

/** DELETE /api/auth/identities/:id — unlinks one, unless it is the last way in (409). */
export const deleteIdentity: Endpoint = {
  path: '/auth/identities/:id',
  method: 'delete',
  handler: async (req) => {
    const user = requireUser(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const result = await removeIdentity(pool(req.payload), user.id, id)
    if (result === 'missing') throw new HttpError(404, 'NOT_FOUND', 'Collegamento non trovato.')
    if (result === 'last')
      throw new HttpError(
        409,
        'LAST_SIGN_IN_METHOD',
        'È l’unico modo di accedere a questo account: prima imposta una password (Password dimenticata?).',
      )
    return Response.json({ message: 'Collegamento rimosso' })
  },
}

export const externalEndpoints = [
  listProviders,
  authorize,
  callbackGet,
  callbackPost,
  exchangeToken,
  getIdentities,
  deleteIdentity,
]
