import crypto from 'node:crypto'
import * as oidc from 'openid-client'
import { PROVIDER_ID } from '@salon/shared'
import { env as settings } from '../../env'

/**
 * The external sign-in providers this salon offers, from the environment (README "Environment"):
 * - Google: `OIDC_GOOGLE_CLIENT_ID`, `OIDC_GOOGLE_CLIENT_SECRET` (issuer https://accounts.google.com);
 * - Apple: `OIDC_APPLE_CLIENT_ID` (the Services ID), `OIDC_APPLE_TEAM_ID`, `OIDC_APPLE_KEY_ID`,
 *   `OIDC_APPLE_PRIVATE_KEY` (the .p8 key, PEM; `\n` may be written as the two characters): the
 *   client secret is an ES256 JWT minted here, and Apple answers with a form POST;
 * - any other: `OIDC_PROVIDERS=name,…` and per name `OIDC_<NAME>_ISSUER`, `_CLIENT_ID`,
 *   `_CLIENT_SECRET`, `_SCOPES` (default "openid email profile"), `_LABEL` (default the name),
 *   `_RESPONSE_MODE` (`form_post` to have the answer POSTed, as Apple does; default the query).
 * A provider with a setting missing is left out (and said so once in the log).
 */

export interface ProviderConfig {
  id: string
  label: string
  issuer: string
  clientId: string
  /** The client secret, or (Apple) a function minting one. */
  secret: string | (() => string)
  scopes: string
  /** Apple: the answer comes as a form POST (`response_mode=form_post`). */
  formPost: boolean
}

export const DEFAULT_SCOPES = 'openid email profile'
const APPLE_ISSUER = 'https://appleid.apple.com'

type Env = Record<string, string | undefined>

const pem = (value: string) => value.replace(/\\n/g, '\n').trim()

/** The configured providers, in a stable order (Google, Apple, then `OIDC_PROVIDERS`'s). */
export function readProviders(env: Env): { providers: ProviderConfig[]; skipped: string[] } {
  const providers: ProviderConfig[] = []
  const skipped: string[] = []
  const need = (id: string, names: string[]) => {
    const missing = names.filter((n) => !env[n]?.trim())
    if (missing.length && missing.length < names.length) skipped.push(`${id} (missing ${missing.join(', ')})`)
    return missing.length === 0
  }
  if (need('google', ['OIDC_GOOGLE_CLIENT_ID', 'OIDC_GOOGLE_CLIENT_SECRET']))
    providers.push({
      id: 'google',
      label: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: env.OIDC_GOOGLE_CLIENT_ID!.trim(),
      secret: env.OIDC_GOOGLE_CLIENT_SECRET!.trim(),
      scopes: DEFAULT_SCOPES,
      formPost: false,
    })
  const apple = ['OIDC_APPLE_CLIENT_ID', 'OIDC_APPLE_TEAM_ID', 'OIDC_APPLE_KEY_ID', 'OIDC_APPLE_PRIVATE_KEY']
  if (need('apple', apple)) {
    const clientId = env.OIDC_APPLE_CLIENT_ID!.trim()
    const teamId = env.OIDC_APPLE_TEAM_ID!.trim()
    const keyId = env.OIDC_APPLE_KEY_ID!.trim()
    const key = pem(env.OIDC_APPLE_PRIVATE_KEY!)
    providers.push({
      id: 'apple',
      label: 'Apple',
      issuer: APPLE_ISSUER,
      clientId,
      secret: () => appleClientSecret({ clientId, teamId, keyId, privateKey: key }),
      // Apple's scopes are `name email` (no `profile`); asking for them makes it POST the answer.
      scopes: 'openid name email',
      formPost: true,
    })
  }
  const names = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  for (const name of names) {
    const id = name.toLowerCase()
    const key = name.toUpperCase().replace(/[^A-Z0-9]/g, '_')
    if (!PROVIDER_ID.test(id) || id === 'google' || id === 'apple' || providers.some((p) => p.id === id)) {
      skipped.push(`${name} (name not usable)`)
      continue
    }
    const prefix = `OIDC_${key}_`
    if (!need(id, [`${prefix}ISSUER`, `${prefix}CLIENT_ID`, `${prefix}CLIENT_SECRET`])) {
      if (!skipped.some((s) => s.startsWith(`${id} `))) skipped.push(`${id} (not configured)`)
      continue
    }
    const scopes = env[`${prefix}SCOPES`]?.trim() || DEFAULT_SCOPES
    providers.push({
      id,
      label: env[`${prefix}LABEL`]?.trim() || name,
      issuer: env[`${prefix}ISSUER`]!.trim(),
      clientId: env[`${prefix}CLIENT_ID`]!.trim(),
      secret: env[`${prefix}CLIENT_SECRET`]!.trim(),
      scopes: scopes.split(/\s+/).includes('openid') ? scopes : `openid ${scopes}`,
      // `form_post`: the answer comes as a form POST to the callback, as Apple's does.
      formPost: env[`${prefix}RESPONSE_MODE`]?.trim() === 'form_post',
    })
  }
  return { providers, skipped }
}

/**
 * Apple's client secret: a JWT signed ES256 with the team's key — `iss` the team, `sub` the client
 * id, `aud` Apple, valid for an hour (Apple allows up to six months; minted fresh, it never goes stale).
 */
export function appleClientSecret(
  opts: { clientId: string; teamId: string; keyId: string; privateKey: string },
  now = Date.now(),
): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const iat = Math.floor(now / 1000)
  const input = `${b64({ alg: 'ES256', kid: opts.keyId, typ: 'JWT' })}.${b64({
    iss: opts.teamId,
    iat,
    exp: iat + 3600,
    aud: APPLE_ISSUER,
    sub: opts.clientId,
  })}`
  const signature = crypto.sign('sha256', Buffer.from(input), { key: opts.privateKey, dsaEncoding: 'ieee-p1363' })
  return `${input}.${signature.toString('base64url')}`
}

/** Plain http only for an issuer on this machine (the test provider). */
export function isLoopbackIssuer(issuer: string): boolean {
  try {
    const { protocol, hostname } = new URL(issuer)
    return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
  } catch {
    return false
  }
}

let cached: { providers: ProviderConfig[] } | null = null

/** The providers of this process's environment (read once; the skipped ones logged by the caller). */
export function configuredProviders(log?: (message: string) => void): ProviderConfig[] {
  if (!cached) {
    const { providers, skipped } = readProviders(settings.oidc)
    if (skipped.length) log?.(`External sign-in: left out ${skipped.join('; ')}`)
    cached = { providers }
  }
  return cached.providers
}

export const providerById = (id: string) => configuredProviders().find((p) => p.id === id) ?? null

const discovered = new Map<string, Promise<oidc.ServerMetadata>>()

/**
 * The provider's OpenID configuration: its metadata from discovery (cached per process; a failed
 * discovery is tried again on the next sign-in), with this request's client authentication — Apple's
 * secret is minted for each one.
 */
export async function clientConfig(provider: ProviderConfig): Promise<oidc.Configuration> {
  const loopback = isLoopbackIssuer(provider.issuer)
  const auth = () => oidc.ClientSecretPost(typeof provider.secret === 'string' ? provider.secret : provider.secret())
  let pending = discovered.get(provider.id)
  if (!pending) {
    pending = oidc
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        auth(),
        loopback ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .then((config) => config.serverMetadata())
    discovered.set(provider.id, pending)
    pending.catch(() => discovered.delete(provider.id))
  }
  const config = new oidc.Configuration(await pending, provider.clientId, undefined, auth())
  if (loopback) oidc.allowInsecureRequests(config)
  return config
}
