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
 * Answers the app's callback URL (not followed).
 */
export async function signInAtProvider(url: string, login: string, issuer: string): Promise<URL> {
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
    res = await fetch(new URL(action!.replace(/&amp;/g, '&'), issuer), {
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
