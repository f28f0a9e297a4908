import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'

/**
 * External sign-in (OpenID Connect, spec §7; docs/architecture.md "External sign-in"): the call
 * shapes and the pure rules the server and the site share.
 */

/** A provider's id: `google`, `apple`, or the lower-cased name in `OIDC_PROVIDERS`. */
export const PROVIDER_ID = /^[a-z][a-z0-9_-]{0,39}$/

/**
 * Where the browser may be sent back: a path of this site — `/…`, never `//…` or `/\…` (another
 * host to a browser), no scheme, no host, no control characters, at most 2,000 characters.
 */
export function isOwnPath(value: string): boolean {
  if (value.length === 0 || value.length > 2000) return false
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return false
  try {
    const base = 'http://own.invalid'
    const url = new URL(value, base)
    return url.origin === base && url.pathname.startsWith('/')
  } catch {
    return false
  }
}

/** `redirect_to` (a path of ours) with our one-time `code` added to its query. */
export function withAuthCode(redirectTo: string, code: string): string {
  const url = new URL(redirectTo, 'http://own.invalid')
  url.searchParams.set('code', code)
  return `${url.pathname}${url.search}${url.hash}`
}

/** `redirect_to`: a path of this site (see `isOwnPath`). */
export const ownPath = z.string().refine(isOwnPath, { message: M.REDIRECT_OWN_PATH })

/** A PKCE code verifier (RFC 7636 §4.1): 43–128 of `A-Z a-z 0-9 - . _ ~`. */
export const pkceVerifier = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, M.CODE_INVALID)

/** The S256 challenge of a verifier: 43 base64url characters. */
export const pkceChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, M.CODE_INVALID)

/** Extra scopes asked of the provider: space-separated scope tokens (RFC 6749 §3.3). */
const scopes = z
  .string()
  .max(500, fieldMessage('AT_MOST_CHARS', { n: 500 }))
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, M.INVALID)

/** Query parameters passed on to the provider as they are; any other is not sent. */
export const FORWARDED_PARAMS = ['prompt', 'login_hint', 'hd', 'ui_locales'] as const

const flag = z.enum(['true', 'false'], { message: M.CHOICE_INVALID })

/**
 * `GET /api/auth/authorize` (spec §7): `provider`, `redirect_to` (a path of ours, default `/`),
 * `scopes` (added to the provider's), the client's `code_challenge` with method `s256` (`S256`
 * accepted), `skip_http_redirect=true` for `{ url }` instead of the 302, and `privacy_accepted=true`
 * when the visitor was shown the privacy notice next to the button (needed to create an account).
 */
export const authorizeQuery = z.object({
  provider: z.string().regex(PROVIDER_ID, M.CHOICE_INVALID),
  redirect_to: ownPath.default('/'),
  scopes: scopes.optional(),
  code_challenge: pkceChallenge,
  code_challenge_method: z
    .string()
    .refine((v) => v.toLowerCase() === 's256', { message: M.CHOICE_INVALID })
    .default('s256'),
  skip_http_redirect: flag.optional(),
  privacy_accepted: flag.optional(),
  ...Object.fromEntries(FORWARDED_PARAMS.map((name) => [name, z.string().max(200).optional()])),
})
export type AuthorizeQuery = z.infer<typeof authorizeQuery>

/** `POST /api/auth/token?grant_type=pkce`: the one-time code of the callback and the verifier. */
export const tokenQuery = z.object({ grant_type: z.literal('pkce', { message: M.CHOICE_INVALID }) })
export const pkceTokenBody = z
  .object({ auth_code: z.string().min(1, M.CODE_MISSING).max(200), code_verifier: pkceVerifier })
  .strict()
export type PkceTokenBody = z.infer<typeof pkceTokenBody>

/** The pending-link token a password login may carry (`link_token`), opaque to the client. */
export const linkToken = z.string().min(1, M.CODE_MISSING).max(4000)

/**
 * Why the callback sent the browser back to /login (`?external_error=`): the site words each one;
 * these are the Italian defaults.
 */
export const EXTERNAL_ERRORS = {
  EXTERNAL_FAILED: 'L’accesso con il servizio esterno non è riuscito: riprova.',
  EXTERNAL_CANCELLED: 'Accesso annullato: quando vuoi, riprova.',
  EXTERNAL_EMAIL_UNVERIFIED:
    'Il servizio non ci ha confermato la tua e-mail: verificala presso il servizio, oppure registrati con e-mail e password.',
  EXTERNAL_PRIVACY_REQUIRED: 'Per creare l’account conferma di aver letto l’informativa sulla privacy.',
} as const
export type ExternalError = keyof typeof EXTERNAL_ERRORS
export const isExternalError = (code: unknown): code is ExternalError =>
  typeof code === 'string' && Object.prototype.hasOwnProperty.call(EXTERNAL_ERRORS, code)

/** `GET /api/auth/providers`. */
export interface ExternalProvider {
  id: string
  label: string
}

/** `GET /api/auth/identities`: the providers linked to the caller's account. */
export interface LinkedIdentity {
  id: number
  provider: string
  label: string
  email: string | null
  created_at: string
}
