/**
 * Precompressed delivery over HTTP: the builds' .br/.gz variants (scripts/precompress.mjs) are
 * what the server answers, they decompress to the very bytes of the file, and caches are told
 * (`Vary`, ETags, Cache-Control). Raw node:http, because fetch would decompress for us.
 */
import http from 'node:http'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL } from './helpers'

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, BASE_URL), { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body

const varies = (r: Raw) =>
  String(r.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding')

let html: string
let script: string
let stylesheet: string

beforeAll(async () => {
  // The plain shell (every route but the four prerendered pages, which inline the stylesheet).
  const shell = await get('/register')
  expect(shell.status).toBe(200)
  html = shell.body.toString('utf8')
  script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
  stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? ''
  expect(script, 'the shell names its entry script').not.toBe('')
  expect(stylesheet, 'the shell names its stylesheet').not.toBe('')
})

describe('hashed assets', () => {
  for (const kind of ['script', 'stylesheet'] as const) {
    it(`${kind}: brotli and gzip decompress to the uncompressed file, identity without Accept-Encoding`, async () => {
      const path = kind === 'script' ? script : stylesheet
      const plain = await get(path)
      expect(plain.status).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.length).toBeGreaterThan(1024)
      expect(varies(plain)).toBe(true)
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')

      const br = await get(path, { 'accept-encoding': 'br' })
      expect(br.status).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['content-type']).toMatch(kind === 'script' ? /javascript/ : /text\/css/)
      expect(Number(br.headers['content-length'])).toBe(br.body.length)
      expect(br.body.length).toBeLessThan(plain.body.length / 2)
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      expect(varies(br)).toBe(true)
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')

      const gz = await get(path, { 'accept-encoding': 'gzip' })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true)
      expect(varies(gz)).toBe(true)

      // One entity tag per representation: a cache must not mix them up.
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3)
    })
  }

  it('what a browser sends picks brotli; q=0 refuses it', async () => {
    const chromium = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(chromium.headers['content-encoding']).toBe('br')
    const noBrotli = await get(script, { 'accept-encoding': 'br;q=0, gzip' })
    expect(noBrotli.headers['content-encoding']).toBe('gzip')
    const nothing = await get(script, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(nothing.headers['content-encoding']).toBeUndefined()
  })

  it('revalidation answers 304 with the cache headers of the variant', async () => {
    const br = await get(script, { 'accept-encoding': 'br' })
    const again = await get(script, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(varies(again)).toBe(true)
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // The brotli tag does not validate the gzip representation.
    const gz = await get(script, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })
    expect(gz.status).toBe(200)
    expect(gz.headers['content-encoding']).toBe('gzip')
  })

  it('a missing hashed asset is a 404 that nobody caches as immutable', async () => {
    const missing = await get('/assets/not-there-0000.js', { 'accept-encoding': 'br' })
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-cache')
  })
})

describe('the PWA files', () => {
  it('sw.js is compressed and revalidated on every load', async () => {
    const plain = await get('/sw.js')
    const br = await get('/sw.js', { 'accept-encoding': 'br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('no-cache')
    expect(br.headers.etag).toBeTruthy()
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(varies(br)).toBe(true)
  })
})

describe('the SPA shell on routed paths', () => {
  it('a routed path answers the same shell, compressed, with Vary and an ETag per encoding', async () => {
    const plain = await get('/register')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString('utf8')).toBe(html)
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/register', { 'accept-encoding': encoding })
      expect(res.status).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(varies(res)).toBe(true)
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
      expect(decode(res).equals(plain.body)).toBe(true)
      expect(res.headers.etag).toBeTruthy()
      expect(res.headers.etag).not.toBe(plain.headers.etag)
    }
  })

  it('revalidates the shell with 304 and answers HEAD without a body', async () => {
    const br = await get('/reserve', { 'accept-encoding': 'br' })
    const again = await get('/reserve', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })
    expect(again.status).toBe(304)
    expect(varies(again)).toBe(true)
    expect(again.headers['cache-control']).toBe('no-cache')
    const head = await get('/reserve', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.body.length).toBe(0)
  })

  it('an unknown path keeps the route table 404, compressed, and is never revalidated to a 304', async () => {
    const res = await get('/no/such/page', { 'accept-encoding': 'br' })
    expect(res.status).toBe(404)
    expect(res.headers['content-encoding']).toBe('br')
    expect(varies(res)).toBe(true)
    expect(res.headers.etag).toBeUndefined()
    expect(decode(res).toString('utf8')).toBe(html)
    const conditional = await get('/no/such/page', { 'accept-encoding': 'br', 'if-none-match': '*' })
    expect(conditional.status).toBe(404)
  })

  it('the dashboard shell is compressed too', async () => {
    const plain = await get('/dashboard/service')
    const gz = await get('/dashboard/service', { 'accept-encoding': 'gzip' })
    expect(gz.status).toBe(200)
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true)
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(plain.body.toString('utf8'))?.[1]
    expect(script).toBeTruthy()
    const js = await get(script!, { 'accept-encoding': 'br' })
    expect(js.headers['content-encoding']).toBe('br')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})

/** The prerendered public pages (cms/src/content/homeHtml.ts): rendered by the server, compressed once per version. */
describe('the prerendered pages', () => {
  it('/ is the server render with the current data, brotli and gzip of the same bytes, a 304 when unchanged', async () => {
    const plain = await get('/')
    expect(plain.status).toBe(200)
    const page = plain.body.toString('utf8')
    expect(page).toContain('id="__rr_data"')
    expect(page).toContain('<link rel="canonical"')
    expect(page).not.toMatch(/<link rel="stylesheet"/) // inlined
    expect(page).not.toBe(html)
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/', { 'accept-encoding': encoding })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(varies(res)).toBe(true)
      expect(decode(res).equals(plain.body)).toBe(true)
      const again = await get('/', { 'accept-encoding': encoding, 'if-none-match': String(res.headers.etag) })
      expect(again.status).toBe(304)
    }
  })

  it('/terms, /privacy, /map-site are their own pages, not the shell; HEAD has no body', async () => {
    for (const path of ['/terms', '/privacy', '/map-site']) {
      const res = await get(path, { 'accept-encoding': 'br' })
      expect(res.status, path).toBe(200)
      const page = decode(res).toString('utf8')
      expect(page, path).not.toContain('<div id="root"></div>')
      expect(page, path).toContain(`<link rel="canonical" href="${BASE_URL}${path}" />`)
      const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
    }
  })
})
