/**
 * The browser's part of an external sign-in, for cms/tests/int/external-sign-in.test.ts: the
 * client's PKCE pair and the provider's own pages (its development login form, filled and sent).
 */
import crypto from 'node:crypto'
import { expect } from 'vitest'

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
export async function signInAtProvider(url: string, login: string, issuer: string): Promise<URL> {
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
