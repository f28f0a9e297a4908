/**
 * The one origin (PRODUCT.md): `/api/*` is Payload (Next.js), `/dashboard/*` the admin build,
 * everything else the public build. Navigations get HTTP 200 or 404 from the route table in
 * `shared/`, crawlers a plain error for unknown paths.
 */
// First: platform/edge keeps Node's own Date before `next` replaces it (platform/nativeDate.ts).
import {
  errorResponse,
  SERVER_ERROR,
  DATABASE_UNAVAILABLE,
  RETRY_AFTER_SECONDS,
  databaseDown,
  databaseDownSince,
  noteDatabaseError,
  fastWriteFor,
  publishedPool,
  type FastWrite,
  stopPublishedRunner,
  etagMatches,
  loadShell,
  negotiateEncoding,
  staleVariants,
  type Encoding,
  type SpaShell,
  logUnhandledRejections,
  restoreNativeDate,
  refuseOversizedBody,
  closeReadPool,
} from './src/platform/edge'
import http from 'node:http'
import path from 'node:path'
import next from 'next'
import sirv from 'sirv'
import type { Pool } from 'pg'
import { isCrawler, isDashboardPath, notFoundMessage, statusForPath } from '@salon/shared'
import { AVAILABILITY_PREFIX, AVAILABILITY_ROUTES } from './src/reservations/edge'
import { env } from './src/env'
import {
  createPublicPages,
  IMAGE_PATH_PREFIX,
  serveImage,
  publicOrigin,
  SEO_FILES,
  serveSeoFile,
} from './src/content/edge'
import { stopCalendarListener } from './src/calendar/edge'

const root = path.resolve(import.meta.dirname, '..')
const port = env.port
const host = env.host
const webDist = path.join(root, 'web', 'dist')
const adminDist = path.join(root, 'admin', 'dist')

/**
 * Both builds load only same-origin scripts (no inline ones); Mantine (emotion) injects <style>
 * tags at run time, hence 'unsafe-inline' for styles only. Nothing may frame the site.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}

const SECURITY_HEADERS = Object.entries(securityHeaders)
const HSTS = 'max-age=31536000; includeSubDomains'
/**
 * The availability fast path's headers as one flat list, written by a single `writeHead`: no
 * per-request header object (`setHeader` × 7 was ≈ 17 µs a request in the profile), and a
 * Content-Length so the answer goes out as one write instead of chunks.
 */
const FAST_JSON_HEADERS = [...SECURITY_HEADERS.flat(), 'Content-Type', 'application/json', 'Cache-Control', 'no-store']
const FAST_JSON_HEADERS_HTTPS = [...FAST_JSON_HEADERS, 'Strict-Transport-Security', HSTS]

/**
 * HSTS only where the site is served over https (directly or behind a TLS proxy). The setting is
 * read once: `env` reads process.env on every access, which is slow (≈ 7 µs a request in the profile).
 */
const secureCookies = env.secureCookies
const isHttps = (req: http.IncomingMessage) => req.headers['x-forwarded-proto'] === 'https' || secureCookies

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Bodies the write fast path reads itself; anything larger, chunked or unannounced goes through Next. */
const FAST_WRITE_MAX_BODY = 64 * 1024
/**
 * SIGTERM: requests in flight are answered and running jobs finish, then the process exits — at
 * the latest after this long (scripts/start.mjs waits a little longer before it kills).
 */
const SHUTDOWN_TIMEOUT_MS = 10_000

/** Not forwarded into the web Request (connection-level, or carried by the URL and the body). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade'])

/**
 * Files of a build, precompressed by its last step (scripts/precompress.mjs): sirv answers
 * `<file>.br`/`.gz` with `Content-Encoding` and a per-variant ETag. We decide the encoding
 * (sirv only looks for the substring "br"/"gzip" and would ignore `br;q=0`) and set `Vary` and
 * `Cache-Control` before sirv runs, so its 304 answers carry them too.
 */
const staticFiles = (dir: string) => {
  const files = sirv(dir, { dev: false, etag: true, extensions: [], gzip: true, brotli: true })
  const stale = staleVariants(dir)
  for (const p of stale) console.warn(`${dir}${p}: compressed copy does not match the file; serving it uncompressed.`)
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    const pathname = new URL(req.url || '/', 'http://localhost').pathname
    req.headers['accept-encoding'] =
      (!stale.has(pathname) && negotiateEncoding(req.headers['accept-encoding'])) || 'identity'
    res.setHeader('Vary', 'Accept-Encoding')
    // Vite's hashed assets never change; everything else (index.html, sw.js, the manifest) is revalidated.
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
    files(req, res, next)
  }
}

/** Every 503 of the API says when to try again (a database outage: platform/databaseHealth.ts). */
function retryAfterOn503(res: http.ServerResponse) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    if (args[0] === 503 && !res.hasHeader('retry-after')) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
    return writeHead(...args)
  }) as typeof res.writeHead
}

/** A JSON answer that may come before the request's body was read: the connection is then closed. */
function sendJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body)
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  }
  if (!req.complete) headers.Connection = 'close'
  res.writeHead(status, headers)
  res.end(req.method === 'HEAD' ? undefined : text)
  if (!req.complete) res.on('finish', () => req.socket.destroy())
}

async function main() {
  const app = next({ dev: false, dir: import.meta.dirname, hostname: 'localhost', port })
  const handle = app.getRequestHandler()
  const fastPath = env.fastPath
  const fastWrites = env.fastWrites
  await app.prepare()
  restoreNativeDate()

  const web = staticFiles(webDist)
  const admin = staticFiles(adminDist)
  const webShell = loadShell(webDist)
  const adminShell = loadShell(adminDist)
  // `/`, `/terms`, `/privacy`, `/map-site`: prerendered pages, `/` with the current home data (content/homeHtml.ts).
  const publicPages = createPublicPages({
    webRoot: path.join(root, 'web'),
    homeUrl: `http://127.0.0.1:${port}/api/pages/home`,
    // `/reserve` rendered with the first free times: the fast path's own reads, in process (over
    // loopback until Payload has published its pool).
    availability: async (route, query) => {
      const db = publishedPool()
      if (db) return AVAILABILITY_ROUTES[route]!(db, query)
      const res = await fetch(`http://127.0.0.1:${port}${AVAILABILITY_PREFIX}${route}?${new URLSearchParams(query)}`)
      if (!res.ok) throw new Error(`${route}: ${res.status}`)
      return res.json()
    },
  })
  await publicPages.init()

  /** A public path: its prerendered page when it has one (`/reserve`: rendered with its times; `/login`: with its query), else the SPA shell. */
  const sendWebPage = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const pathname = url.pathname
    const origin = () => publicOrigin(req, isHttps(req))
    const page = publicPages.isPrerendered(pathname)
      ? await publicPages.page(pathname, origin()).catch((err: unknown) => {
          console.error(err)
          return null
        })
      : pathname === '/reserve' && (req.method === 'GET' || req.method === 'HEAD')
        ? await publicPages.reserve(url.searchParams, origin())
        : pathname === '/login' && (req.method === 'GET' || req.method === 'HEAD')
          ? await publicPages.login(url.searchParams, origin())
          : null
    sendIndex(req, res, pathname, page ?? webShell)
  }

  /**
   * An API request while PostgreSQL is unreachable: answered at once, without waiting for a
   * connection — 503 + Retry-After, `/api/health` says which part is down, and the home's data is
   * the last copy the server read (the prerendered home keeps being served from it too).
   */
  const answerWhileDown = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    if (pathname === '/api/health') {
      const since = databaseDownSince() ?? Date.now()
      return sendJson(req, res, 503, {
        status: 'degraded',
        app: { status: 'ok' },
        database: {
          status: 'error',
          error: 'Database unreachable',
          unreachableForSeconds: Math.round((Date.now() - since) / 1000),
        },
      })
    }
    const home = pathname === '/api/pages/home' && (req.method === 'GET' || req.method === 'HEAD')
    const last = home ? publicPages.lastHome() : null
    if (last) {
      if (etagMatches(req.headers['if-none-match'], last.etag)) {
        res.writeHead(304, { ETag: last.etag, 'Cache-Control': 'no-cache' })
        return res.end()
      }
      const text = JSON.stringify(last.data)
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache',
        ETag: last.etag,
        'Content-Length': Buffer.byteLength(text),
      })
      return res.end(req.method === 'HEAD' ? undefined : text)
    }
    sendJson(req, res, DATABASE_UNAVAILABLE.status, DATABASE_UNAVAILABLE.body)
  }

  /** A routed path: the SPA shell (precompressed like the files) with the route table's status. */
  const sendIndex = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string, shell: SpaShell | null) => {
    const status = statusForPath(pathname)
    if (status === 404 && isCrawler(req.headers['user-agent'])) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
      return res.end(`404 error\n${notFoundMessage(pathname)}\n`)
    }
    if (!shell) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      return res.end('The app has not been built: run `npm start`.\n')
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding'], Object.keys(shell.encoded) as Encoding[])
    const variant = (encoding && shell.encoded[encoding]) || shell.identity
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Length': variant.body.length,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    }
    // Only a 200 is a representation worth revalidating; a 404 page stays a plain answer.
    if (status === 200) {
      headers.ETag = variant.etag
      if (etagMatches(req.headers['if-none-match'], variant.etag)) {
        res.writeHead(304, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', ETag: variant.etag })
        return res.end()
      }
    }
    res.writeHead(status, headers)
    res.end(req.method === 'HEAD' ? undefined : variant.body)
  }

  // Availability fast path: the busiest public reads skip Next.js and Payload (same code, same
  // answers as the Payload endpoints; docs/benchmarks.md). It uses what Payload's side uses: the
  // process's one pool (Payload's, published in platform/runtime.ts once Payload has initialised),
  // the one calendar copy (calendar/calendar.ts) and the one error mapping (platform/errorResponse.ts).
  // Its headers are the same as every other answer's (security headers, HSTS over https, Retry-After
  // on a 503, Connection: close while stopping), written at once (FAST_JSON_HEADERS).
  const serveAvailability = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    run: (typeof AVAILABILITY_ROUTES)[string],
    db: Pool,
    url: URL,
  ) => {
    let status = 200
    let body: unknown
    try {
      body = await run(db, Object.fromEntries(url.searchParams))
    } catch (err) {
      const mapped = errorResponse(err, url.pathname, false)
      if (!mapped) console.error(err)
      ;({ status, body } = mapped ?? SERVER_ERROR)
    }
    const text = JSON.stringify(body)
    const headers: (string | number)[] = (isHttps(req) ? FAST_JSON_HEADERS_HTTPS : FAST_JSON_HEADERS).slice()
    headers.push('Content-Length', Buffer.byteLength(text))
    if (status === 503) headers.push('Retry-After', RETRY_AFTER_SECONDS)
    if (stopping) headers.push('Connection', 'close')
    res.writeHead(status, headers as unknown as http.OutgoingHttpHeaders)
    res.end(text)
  }

  // Write fast path: the confirm skips Next.js; Payload's own `handleEndpoints` authenticates the
  // request and runs the endpoint (reservations/endpoints/fastWrites.ts, published in platform/runtime.ts). This
  // is only the translation between node:http and the web Request/Response it takes.
  const serveWrite = async (req: http.IncomingMessage, res: http.ServerResponse, write: FastWrite) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
    }
    const request = new Request(`http://${req.headers.host || 'localhost'}${req.url}`, {
      method: 'POST',
      headers,
      body,
    })
    const response = await write(request, body)
    const out = Buffer.from(await response.arrayBuffer())
    const outHeaders: http.OutgoingHttpHeaders = {}
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') outHeaders[name] = value
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length) outHeaders['set-cookie'] = cookies
    outHeaders['content-length'] = out.length
    res.writeHead(response.status, outHeaders)
    res.end(out)
  }

  let stopping = false
  const inFlight = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    inFlight.add(res)
    res.on('close', () => {
      inFlight.delete(res)
      if (stopping) server.closeIdleConnections()
    })
    const url = new URL(req.url || '/', 'http://localhost')
    const pathname = url.pathname
    if (fastPath && req.method === 'GET' && pathname.startsWith(AVAILABILITY_PREFIX + '/') && !databaseDown()) {
      const run = AVAILABILITY_ROUTES[pathname.slice(AVAILABILITY_PREFIX.length)]
      // Before Payload has initialised there is no pool yet: Next serves the same routes.
      const db = publishedPool()
      if (run && db) return void serveAvailability(req, res, run, db, url).catch((err) => console.error(err))
    }
    if (stopping) res.setHeader('Connection', 'close')
    for (const [k, v] of SECURITY_HEADERS) res.setHeader(k, v)
    if (isHttps(req)) res.setHeader('Strict-Transport-Security', HSTS)
    const isApi = pathname === '/api' || pathname.startsWith('/api/')
    // Resized uploads need no database; every other API answer does (or says why not, at once).
    if (isApi && !pathname.startsWith(IMAGE_PATH_PREFIX)) {
      retryAfterOn503(res)
      if (databaseDown()) return answerWhileDown(req, res, pathname)
    }
    // Resized uploads (content/images.ts): sharp, a disk cache, no database; the same answer with or without FAST_PATH.
    if (pathname.startsWith(IMAGE_PATH_PREFIX)) return void serveImage(req, res, url)
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      // One origin: a same-origin Origin header is dropped so that Payload's CSRF check relies on
      // Sec-Fetch-Site; a cross-site Origin stays and the auth cookie is then ignored.
      const origin = req.headers.origin
      if (origin && origin !== 'null') {
        try {
          if (new URL(origin).host === req.headers.host) {
            delete req.headers.origin
            req.headers['sec-fetch-site'] = 'same-origin'
          }
        } catch {
          /* malformed Origin: leave it, Payload refuses it */
        }
      }
      // The client address for brute-force limits: the proxy's X-Forwarded-For only when told to
      // trust it (TRUST_PROXY=true behind a load balancer), else the socket. Never the client's say.
      const forwarded = String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
      req.headers['x-salon-client-ip'] = (env.trustProxy && forwarded) || req.socket.remoteAddress || 'unknown'
      // Body caps before anything reads the body (platform/bodyLimit.ts): 413 over 256 KB of JSON
      // or the upload limit of a multipart form, 411 without a Content-Length.
      if (refuseOversizedBody(req, res)) return
      if (fastWrites && req.method === 'POST') {
        // Before Payload has initialised nothing is published: Next serves the same route.
        const write = fastWriteFor(pathname)
        const length = Number(req.headers['content-length'])
        const plain =
          !req.headers['transfer-encoding'] &&
          !req.headers['x-http-method-override'] &&
          !req.headers['x-payload-http-method-override']
        if (write && plain && Number.isInteger(length) && length <= FAST_WRITE_MAX_BODY) {
          return void serveWrite(req, res, write).catch((err) => {
            const { status, body } = noteDatabaseError(err) ? DATABASE_UNAVAILABLE : SERVER_ERROR
            if (status === 500) console.error(err)
            if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'application/json' })
            res.end(JSON.stringify(body))
          })
        }
      }
      // An answer sent before the body was read (e.g. 413 for a too large upload) must not leave
      // unread bytes on a keep-alive socket: the next request on it would hang. Close it instead.
      const socket = req.socket
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse
      res.writeHead = ((...args: unknown[]) => {
        if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close')
        return writeHead(...args)
      }) as typeof res.writeHead
      res.on('finish', () => {
        if (!req.complete) socket?.destroy()
      })
      return void handle(req, res).catch((err) => {
        const down = noteDatabaseError(err)
        if (!down) console.error(err)
        if (!res.headersSent) res.writeHead(down ? 503 : 500, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(down ? DATABASE_UNAVAILABLE.body : { errors: [{ message: 'Something went wrong.' }] }))
      })
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' })
      return res.end('Method Not Allowed\n')
    }
    // Generated from the route table with the public origin (content/seo.ts), not files of the build.
    const seoFile = SEO_FILES[pathname]
    if (seoFile) return serveSeoFile(req, res, seoFile, isHttps(req))
    if (isDashboardPath(pathname)) {
      const original = req.url
      req.url = original!.slice('/dashboard'.length) || '/'
      return admin(req, res, () => {
        req.url = original
        void sendIndex(req, res, pathname, adminShell)
      })
    }
    return web(req, res, () => {
      sendWebPage(req, res, url).catch((err: unknown) => {
        console.error(err)
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
        res.end()
      })
    })
  })
  server.keepAliveTimeout = 65_000

  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  // Initialise Payload now (migrations, seed), not on the first visitor's request.
  const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json())
  if (health.database?.status !== 'ok') throw new Error(`Database not ready: ${JSON.stringify(health)}`)
  restoreNativeDate() // again, should Payload's first request have loaded Next's extensions anew
  if (env.processRole === 'jobs') {
    console.log(`Job process ready (pid ${process.pid}): mails, reminders and cleanups`)
  } else {
    await publicPages.warm()
    console.log(`Salon ready on http://localhost:${port}`)
  }
  process.send?.({ type: 'ready', port })

  /**
   * Graceful stop: no new connections; requests in flight are answered (with `Connection: close`),
   * idle keep-alive connections closed; the job worker stops claiming and lets its running jobs
   * finish (graphile-worker; it releases what is left after 5 s); then the calendar listener and
   * the pools close and the process exits — at the latest after SHUTDOWN_TIMEOUT_MS.
   */
  const shutdown = () => {
    if (stopping) return
    stopping = true
    const started = Date.now()
    setTimeout(() => {
      console.error(
        `Stopping: ${inFlight.size} request(s) still unanswered after ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`,
      )
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    for (const r of inFlight) if (!r.headersSent) r.setHeader('Connection', 'close')
    const drained = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    const jobsDone = stopPublishedRunner().catch((err: unknown) => console.error(err))
    void Promise.all([drained, jobsDone])
      .then(async () => {
        await stopCalendarListener()
        // Payload's adapter keeps one client checked out for good: end() would wait for it forever.
        const pool = publishedPool()
        const ended = Promise.all([pool?.end(), closeReadPool()]).catch(() => {})
        await Promise.race([ended, new Promise((r) => setTimeout(r, 1000))])
      })
      .catch((err: unknown) => console.error(err))
      .finally(() => {
        console.log(`Stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`)
        process.exit(0)
      })
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
  // scripts/start.mjs restarted its embedded PostgreSQL after a crash: this is its new pid.
  let ownedPgPid = env.ownedPostgresPid
  process.on('message', (msg: { type?: string; pid?: number }) => {
    if (msg?.type === 'postgres-pid' && msg.pid) ownedPgPid = msg.pid
  })
  // Started by scripts/start.mjs: go when the parent goes, whatever killed it, and take the
  // embedded PostgreSQL along if the parent could not stop it itself.
  process.on('disconnect', () => {
    const pgPid = ownedPgPid
    if (pgPid) {
      try {
        process.kill(pgPid, 'SIGINT')
      } catch {
        /* already gone */
      }
    }
    shutdown()
  })
}

// A rejection nobody handled is a bug: logged (the test run fails on it), the process serves on.
logUnhandledRejections()

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
