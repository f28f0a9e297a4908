import type { PayloadRequest } from 'payload'
import * as oidc from 'openid-client'
import { FORWARDED_PARAMS, withAuthCode, type AuthorizeQuery, type ExternalError } from '@salon/shared'
import { env } from '../../env'
import { pool } from '../../platform'
import { resolveAccount, type AppleUser, type ProviderClaims } from './accounts'
import { clientConfig, type ProviderConfig } from './providers'
import { claimFlow, issueAuthCode, landingOfSameAnswer, rememberLanding, startFlow, type Flow } from './store'
import { seal, unseal } from '../secondFactor'

/**
 * The server's own OpenID Connect leg (docs/architecture.md "External sign-in"): authorization
 * code with PKCE S256, `state` and `nonce`, all single-use and short-lived (store.ts); the provider's
 * answer comes back to /api/auth/callback/:provider, whose ID token openid-client validates (issuer,
 * audience, signature, nonce, expiry) before anything is read from it.
 */

/** The callback address the provider is told (and must have registered): the public origin. */
export const callbackUrl = (provider: Pick<ProviderConfig, 'id'>) =>
  `${env.linkOrigin}/api/auth/callback/${provider.id}`

/** The provider's authorization URL for a new flow. */
export async function authorizationUrl(req: PayloadRequest, provider: ProviderConfig, query: AuthorizeQuery) {
  const config = await clientConfig(provider)
  const verifier = oidc.randomPKCECodeVerifier()
  const nonce = oidc.randomNonce()
  const state = await startFlow(pool(req.payload), {
    provider: provider.id,
    nonce,
    code_verifier: verifier,
    redirect_to: query.redirect_to,
    code_challenge: query.code_challenge,
    privacy_accepted: query.privacy_accepted === 'true',
  })
  const scopes = new Set([...provider.scopes.split(/\s+/), ...(query.scopes?.split(' ') ?? [])])
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(provider),
    scope: [...scopes].join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  }
  if (provider.formPost) params.response_mode = 'form_post'
  for (const name of FORWARDED_PARAMS) {
    const value = (query as Record<string, unknown>)[name]
    if (typeof value === 'string' && value) params[name] = value
  }
  return oidc.buildAuthorizationUrl(config, params).href
}

/** Where the callback sends the browser: a path of ours (relative Location). */
export type Landing = string

const refused = (code: ExternalError, provider?: string) =>
  `/login?external_error=${code}${provider ? `&provider=${encodeURIComponent(provider)}` : ''}`

/**
 * GET|POST /api/auth/callback/:provider: the answer's parameters (query, or Apple's form body),
 * the flow claimed by its `state` (once: the very same answer arriving again gets the same reply),
 * the code exchanged with the flow's verifier, the ID token checked; then the account (accounts.ts)
 * and the browser's next stop.
 */
export async function finishCallback(
  req: PayloadRequest,
  provider: ProviderConfig,
  params: URLSearchParams,
): Promise<Landing> {
  const db = pool(req.payload)
  const state = params.get('state') ?? ''
  // The answer as the provider sent it (a browser may deliver one navigation twice: the same
  // answer then gets the same reply, and is not worked on again).
  const answer = [...params]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&')
  const flow = state ? await claimFlow(db, state, answer) : null
  if (!flow) {
    const again = state ? await landingOfSameAnswer(db, state, answer) : null
    const landing = again ? unseal<string>(again) : null
    return landing ?? refused('EXTERNAL_FAILED', provider.id)
  }
  const landing = await landingOf(req, provider, params, state, flow)
  await rememberLanding(db, state, seal(landing))
  return landing
}

async function landingOf(
  req: PayloadRequest,
  provider: ProviderConfig,
  params: URLSearchParams,
  state: string,
  flow: Flow,
): Promise<Landing> {
  if (flow.provider !== provider.id) return refused('EXTERNAL_FAILED', provider.id)
  if (params.get('error'))
    return refused(params.get('error') === 'access_denied' ? 'EXTERNAL_CANCELLED' : 'EXTERNAL_FAILED', provider.id)

  let claims: ProviderClaims | undefined
  try {
    const config = await clientConfig(provider)
    const current = new URL(callbackUrl(provider))
    for (const [key, value] of params) if (key !== 'user') current.searchParams.append(key, value)
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
    claims = tokens.claims() as ProviderClaims | undefined
  } catch (err) {
    req.payload.logger.warn(`External sign-in with ${provider.id} failed: ${(err as Error).message}`)
    return refused('EXTERNAL_FAILED', provider.id)
  }
  if (!claims?.sub) return refused('EXTERNAL_FAILED', provider.id)

  const outcome = await resolveAccount(req.payload, provider, claims, {
    privacyAccepted: flow.privacy_accepted,
    appleUser: appleUser(params.get('user')),
  })
  if (outcome.kind === 'refused') return refused(outcome.code, provider.id)
  if (outcome.kind === 'link')
    return `/login?link=${encodeURIComponent(outcome.token)}&provider=${encodeURIComponent(provider.id)}`
  const code = await issueAuthCode(pool(req.payload), outcome.userId, flow.code_challenge)
  return withAuthCode(flow.redirect_to, code)
}

function appleUser(value: string | null): AppleUser | null {
  if (!value) return null
  try {
    const parsed = JSON.parse(value) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as AppleUser) : null
  } catch {
    return null
  }
}
