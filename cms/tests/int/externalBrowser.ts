/**
 * The browser's part of an external sign-in, for cms/tests/int/external-sign-in.test.ts: the
 * client's PKCE pair and the provider's own pages (its development login form, filled and sent).
 */
import crypto from 'node:crypto'
import { expect } from 'vitest'
import { api, freshAddress } from './helpers'

/** The client's own PKCE pair (the site makes it with WebCrypto). */
export function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url')
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') }
}

/**
 * The provider's side, as a browser does it: authorize → its login form → back towards the app.
 * Answers the app's callback URL (not followed), or — `response_mode=form_post`, as Apple answers —
 * the form the provider's page would POST there.
 */
export async function signInAt(url: string, login: string, issuer: string): Promise<URL> {
  const answer = await providerAnswer(url, login, issuer)
  if (answer instanceof URL) return answer
  throw new Error(`the provider answered with a form POST to ${answer.action}`)
}

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The provider's way back: a redirect (query) or a form to POST (`form_post`). */
export async function providerAnswer(
  url: string,
  login: string,
  issuer: string,
): Promise<URL | { action: URL; form: URLSearchParams }> {
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  const get = async (target: URL) => {
    const res = await fetch(target, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    keep(res)
    return res
  }
  let res = await get(new URL(url))
  for (let hops = 0; hops < 8; hops++) {
    const location = res.headers.get('location')
    if (location) {
      const next = new URL(location, issuer)
      if (next.origin !== issuer) return next
      res = await get(next)
      continue
    }
    const html = await res.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    expect(action, html.slice(0, 300)).toBeTruthy()
    const target = new URL(unescape(action!), issuer)
    if (target.origin !== issuer) {
      // The provider's self-submitting form back to the app (form_post).
      const form = new URLSearchParams()
      for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
        form.append(m[1]!, unescape(m[2]!))
      return { action: target, form }
    }
    res = await fetch(target, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
    })
    keep(res)
  }
  throw new Error('the provider never sent the browser back')
}

/** The app's callback, as the browser arrives there: where the app sends it next (a path of its own). */
export async function landingOf(url: URL, base: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location')!, base)
}

/**
 * The calls of a test against an app configured for the test provider (`base` and `issuer` read
 * when called: the app starts in the file's beforeAll).
 */
export function externalClient(base: () => string, issuer: () => string) {
  const call = (method: string, path: string, opts: Parameters<typeof api>[2] = {}) =>
    api(method, path, {
      token: null,
      base: base(),
      ...opts,
      headers: { 'x-forwarded-for': freshAddress(), ...opts.headers },
    })
  const authorize = (params: Record<string, string>) =>
    call(
      'GET',
      `/api/auth/authorize?${new URLSearchParams({ provider: 'local', skip_http_redirect: 'true', ...params })}`,
    )
  const signInAtProvider = (url: string, login: string) => signInAt(url, login, issuer())
  const callback = (url: URL) => landingOf(url, base())
  /** A whole sign-in up to our one-time code: `{ landing, verifier }`. */
  async function signIn(login: string, opts: { privacy?: boolean; redirectTo?: string } = {}) {
    const { verifier, challenge } = pkce()
    const started = await authorize({
      code_challenge: challenge,
      code_challenge_method: 's256',
      redirect_to: opts.redirectTo ?? '/login/callback?next=%2Freserve',
      ...(opts.privacy === false ? {} : { privacy_accepted: 'true' }),
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const landing = await callback(await signInAtProvider(started.body.url, login))
    return { landing, verifier }
  }
  const exchange = (auth_code: string, code_verifier: string) =>
    call('POST', '/api/auth/token?grant_type=pkce', { body: { auth_code, code_verifier } })
  return { call, authorize, signInAtProvider, callback, signIn, exchange }
}
