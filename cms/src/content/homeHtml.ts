/**
 * The public pages prerendered by the web build (`web/dist-pages/`, web/README.md "Prerender and
 * hydration"), as cms/server.ts answers them:
 *  - `/` is rendered again here, with the same SSR bundle as the build (`web/dist-server/`) and the
 *    current `GET /api/pages/home`, so the first paint shows the salon's real carousel, hours and
 *    services without waiting for JavaScript, and the data is embedded for hydration;
 *  - `/terms`, `/privacy`, `/map-site` are the build's pages with their head written for the public
 *    origin and the salon's current name.
 * Each answer is cached per (route, origin, content version) — the version is the ETag of
 * `/api/pages/home` — and compressed once. The data is looked at again after a few seconds, or at
 * once when a Payload hook marked the home as changed (platform/homeDirty.ts). Anything failing falls
 * back to the build's page (for `/`: the frame that fetches its data in the browser).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { PUBLIC_ROUTES } from '@salon/shared'
import type { SpaShell } from '../platform/edge'
import { homeChanges } from '../platform/edge'
import { createReservePages, type AvailabilityRead } from './reserveHtml'

/** How long a fetched `/api/pages/home` is trusted without asking (changes in this process count at once). */
export const HOME_TTL_MS = 5_000
/** Rendered variants kept (routes × origins × a version or two). */
const MAX_VARIANTS = 32

interface RenderInput {
  home: unknown
  origin: string
  /** The path and query rendered (`/login?redirectTo=…`); default: the route's path. */
  url?: string
}
interface PageRenderer {
  render(route: string, input: RenderInput): Promise<string>
  withHead(page: string, route: string, input: RenderInput): string
}
interface SsrBundle {
  PRERENDERED: readonly string[]
  createPageRenderer(distDir: string): PageRenderer
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** An HTML page as server.ts sends it: identity, brotli and gzip, each with its ETag. */
export async function htmlVariants(html: string): Promise<SpaShell> {
  const body = Buffer.from(html)
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ])
  return {
    identity: { body, etag: `"${hash}"` },
    encoded: { br: { body: br, etag: `"${hash}-br"` }, gzip: { body: gz, etag: `"${hash}-gzip"` } },
  }
}

interface HomeSnapshot {
  etag: string
  data: unknown
  /** When it was last confirmed (fetched or answered 304). */
  at: number
  /** homeChanges() when it was confirmed. */
  changes: number
}

export interface PublicPagesOptions {
  /** web/ (holds dist/, dist-pages/, dist-server/). */
  webRoot: string
  /** Where `/api/pages/home` answers (this server, over loopback). */
  homeUrl: string
  /** The availability reads for `/reserve` (reserveHtml.ts); without them `/reserve` is the shell. */
  availability?: AvailabilityRead
  now?: () => number
  log?: (message: string, error?: unknown) => void
}

export function createPublicPages({
  webRoot,
  homeUrl,
  availability,
  now = Date.now,
  log = (m, e) => console.error(m, e ?? ''),
}: PublicPagesOptions) {
  const reservePages = availability ? createReservePages({ availability, htmlVariants, now, log }) : null
  const pagesDir = path.join(webRoot, 'dist-pages')
  const bundleFile = path.join(webRoot, 'dist-server', 'entry-server.js')
  const routeOf = new Map<string, string>()
  const buildPages = new Map<string, string>()
  let renderer: PageRenderer | null = null

  /** Loads the build's pages and the SSR bundle; without them every page is the plain shell. */
  async function init() {
    for (const r of PUBLIC_ROUTES) {
      const file = path.join(pagesDir, `${r.name}.html`)
      if (fs.existsSync(file)) {
        buildPages.set(r.name, fs.readFileSync(file, 'utf8'))
        routeOf.set(r.path, r.name)
      }
    }
    if (!fs.existsSync(bundleFile)) return
    try {
      const ssr = (await import(pathToFileURL(bundleFile).href)) as SsrBundle
      renderer = ssr.createPageRenderer(path.join(webRoot, 'dist'))
    } catch (err) {
      log('The web SSR bundle could not be loaded: serving the build-time pages.', err)
    }
  }

  let snapshot: HomeSnapshot | null = null
  let inflight: Promise<HomeSnapshot | null> | null = null

  async function fetchHome(): Promise<HomeSnapshot | null> {
    const changes = homeChanges()
    const res = await fetch(homeUrl, {
      headers: snapshot ? { 'if-none-match': snapshot.etag } : {},
      signal: AbortSignal.timeout(10_000),
    })
    if (res.status === 304 && snapshot) return (snapshot = { ...snapshot, at: now(), changes })
    if (!res.ok) throw new Error(`GET ${homeUrl}: ${res.status}`)
    const data: unknown = await res.json()
    const etag = res.headers.get('etag') ?? crypto.createHash('sha1').update(JSON.stringify(data)).digest('base64url')
    return (snapshot = { etag, data, at: now(), changes })
  }

  /** The current home data: the last one while fresh and unchanged, else asked again (one request at a time). */
  async function currentHome(): Promise<HomeSnapshot | null> {
    if (snapshot && now() - snapshot.at < HOME_TTL_MS && snapshot.changes === homeChanges()) return snapshot
    inflight ??= fetchHome()
      .catch((err: unknown) => {
        // The last good data beats the empty frame (its browser fetch would fail the same way).
        log('The home data could not be read for the server render.', err)
        return snapshot
      })
      .finally(() => (inflight = null))
    return inflight
  }

  const variants = new Map<string, Promise<SpaShell>>()
  function cached(key: string, make: () => Promise<string>): Promise<SpaShell> {
    let hit = variants.get(key)
    if (hit) {
      variants.delete(key) // most recently used last
      variants.set(key, hit)
      return hit
    }
    hit = make().then(htmlVariants)
    hit.catch(() => variants.delete(key))
    variants.set(key, hit)
    while (variants.size > MAX_VARIANTS) variants.delete(variants.keys().next().value!)
    return hit
  }

  /**
   * The page for a prerendered path (`null`: not one of them, the shell answers). `origin` is the
   * public origin for the canonical URL and Open Graph.
   */
  async function page(pathname: string, origin: string): Promise<SpaShell | null> {
    const route = routeOf.get(pathname)
    if (!route) return null
    const buildPage = buildPages.get(route)!
    if (!renderer) return cached(`build|${route}`, async () => buildPage)
    const r = renderer
    const home = await currentHome()
    const input = { home: home?.data ?? null, origin }
    const key = `${route}|${origin}|${home?.etag ?? '-'}`
    try {
      return await cached(key, async () =>
        route === 'home' && home ? r.render('home', input) : r.withHead(buildPage, route, input),
      )
    } catch (err) {
      log(`Rendering ${pathname} failed: serving the build-time page.`, err)
      return cached(`build|${route}`, async () => buildPage)
    }
  }

  /** `/reserve?…` rendered with its data (reserveHtml.ts); `null`: send the shell. */
  async function reserve(search: URLSearchParams, origin: string): Promise<SpaShell | null> {
    if (!renderer || !reservePages) return null
    const home = await currentHome()
    if (!home) return null
    try {
      return await reservePages.page(renderer, home, search, origin)
    } catch (err) {
      log('Rendering /reserve failed: serving the shell.', err)
      return null
    }
  }

  /**
   * `/login` rendered with its query (`redirectTo`, `reason`, `link`…: the page's words depend on
   * them), so the form is in the first paint instead of after the entry and the login chunk (issue
   * 28). The session is not read on the server: a signed-in visitor's notice appears after
   * hydration, as before. `null`: send the shell.
   */
  async function login(search: URLSearchParams, origin: string): Promise<SpaShell | null> {
    if (!renderer) return null
    const r = renderer
    const home = await currentHome()
    const url = `/login${search.size ? `?${search}` : ''}`
    try {
      return await cached(`login|${origin}|${home?.etag ?? '-'}|${url}`, async () =>
        r.render('login', { home: home?.data ?? null, origin, url }),
      )
    } catch (err) {
      log('Rendering /login failed: serving the shell.', err)
      return null
    }
  }

  return {
    init,
    page,
    reserve,
    login,
    isPrerendered: (pathname: string) => routeOf.has(pathname),
    /** The last `/api/pages/home` data read (its ETag and body), for when the database is unreachable. */
    lastHome: (): { etag: string; data: unknown } | null =>
      snapshot ? { etag: snapshot.etag, data: snapshot.data } : null,
    /** Reads the home data once (after boot), so the first visitor does not wait for it. */
    warm: () => (renderer ? currentHome().then(() => undefined) : Promise.resolve()),
  }
}

export type PublicPages = ReturnType<typeof createPublicPages>
