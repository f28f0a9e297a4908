import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPublicPages, HOME_TTL_MS, htmlVariants } from './homeHtml'
import { markHomeDirty } from '../platform'

/**
 * The server's public pages against a stand-in web build (the build's pages and an SSR bundle that
 * writes what it was given) and a stand-in `/api/pages/home` that honours ETags, with a fake clock.
 */
let webRoot: string
let server: http.Server
let homeUrl: string
let homeBody = { name: 'Salone Uno' }
let up = true
const requests: { conditional: boolean; status: number }[] = []

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

const BUNDLE = `
export const PRERENDERED = ['home', 'terms']
export function createPageRenderer(dist) {
  return {
    async render(route, { home, origin, url }) {
      return 'RENDER ' + route + ' ' + origin + ' ' + JSON.stringify(home) + (url ? ' ' + url : '')
    },
    withHead(page, route, { home, origin }) {
      return page.replace(/<!--salon:head-->[\\s\\S]*<!--salon:\\/head-->/, 'HEAD ' + origin + ' ' + (home ? home.name : 'none'))
    },
  }
}
`

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-pages-'))
  write(path.join(webRoot, 'dist-pages/home.html'), 'BUILD home <!--salon:head-->h<!--salon:/head-->')
  write(path.join(webRoot, 'dist-pages/terms.html'), 'BUILD terms <!--salon:head-->h<!--salon:/head-->')
  write(path.join(webRoot, 'dist-server/entry-server.js'), BUNDLE)
  server = http.createServer((req, res) => {
    const body = JSON.stringify(homeBody)
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`
    const conditional = req.headers['if-none-match'] === etag
    const status = !up ? 503 : conditional ? 304 : 200
    requests.push({ conditional: !!req.headers['if-none-match'], status })
    res.writeHead(status, { 'Content-Type': 'application/json', ETag: etag })
    res.end(status === 200 ? body : undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  homeUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/pages/home`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(webRoot, { recursive: true, force: true })
})

beforeEach(() => {
  requests.length = 0
  homeBody = { name: 'Salone Uno' }
  up = true
})

const text = async (shell: Awaited<ReturnType<ReturnType<typeof createPublicPages>['page']>>) =>
  shell!.identity.body.toString()

function pages(clock = { t: 1_000_000 }) {
  const logged: string[] = []
  const p = createPublicPages({ webRoot, homeUrl, now: () => clock.t, log: (m) => void logged.push(m) })
  return { p, clock, logged }
}

describe('createPublicPages', () => {
  it('renders / with the current home data and the origin; other routes of the table are not its business', async () => {
    const { p } = pages()
    await p.init()
    expect(await text(await p.page('/', 'https://salone.example'))).toBe(
      'RENDER home https://salone.example {"name":"Salone Uno"}',
    )
    expect(p.isPrerendered('/login')).toBe(false)
    expect(await p.page('/login', 'https://salone.example')).toBeNull()
  })

  it('asks for the data again only after the TTL (with If-None-Match), or at once after a change', async () => {
    const { p, clock } = pages()
    await p.init()
    const first = await p.page('/', 'http://a')
    expect(requests).toEqual([{ conditional: false, status: 200 }])

    clock.t += HOME_TTL_MS - 1
    expect(await p.page('/', 'http://a')).toBe(first)
    expect(requests).toHaveLength(1)

    clock.t += 1
    expect(await p.page('/', 'http://a')).toBe(first)
    expect(requests[1]).toEqual({ conditional: true, status: 304 })

    // The owner hides a banner: the hook marks the home; the next load is rendered anew.
    homeBody = { name: 'Salone Due' }
    markHomeDirty()
    const after = await p.page('/', 'http://a')
    expect(await text(after)).toBe('RENDER home http://a {"name":"Salone Due"}')
    expect(after!.identity.etag).not.toBe(first!.identity.etag)
    expect(requests).toHaveLength(3)
  })

  it('the other prerendered pages keep the build’s body with a head for the origin and the salon', async () => {
    const { p } = pages()
    await p.init()
    expect(await text(await p.page('/terms', 'https://salone.example'))).toBe(
      'BUILD terms HEAD https://salone.example Salone Uno',
    )
  })

  it('when the data cannot be read: the last good render, else the build-time page (its head for the origin)', async () => {
    up = false
    const cold = pages()
    await cold.p.init()
    expect(await text(await cold.p.page('/', 'http://a'))).toBe('BUILD home HEAD http://a none')
    expect(await text(await cold.p.page('/terms', 'http://a'))).toBe('BUILD terms HEAD http://a none')
    expect(cold.logged[0]).toMatch(/could not be read/)

    up = true
    const warm = pages()
    await warm.p.init()
    await warm.p.page('/', 'http://a')
    up = false
    warm.clock.t += HOME_TTL_MS
    expect(await text(await warm.p.page('/', 'http://a'))).toBe('RENDER home http://a {"name":"Salone Uno"}')
  })

  it('renders /login with its query (per origin and query, reused), and the shell without the bundle', async () => {
    const { p } = pages()
    await p.init()
    const plain = await p.login(new URLSearchParams(), 'https://salone.example')
    expect(await text(plain)).toBe('RENDER login https://salone.example {"name":"Salone Uno"} /login')
    expect(await p.login(new URLSearchParams(), 'https://salone.example')).toBe(plain)
    const back = await p.login(new URLSearchParams({ redirectTo: '/reserve?services=4' }), 'https://salone.example')
    expect(await text(back)).toBe(
      'RENDER login https://salone.example {"name":"Salone Uno"} /login?redirectTo=%2Freserve%3Fservices%3D4',
    )
    const bare = createPublicPages({ webRoot: fs.mkdtempSync(path.join(os.tmpdir(), 'salon-pages-')), homeUrl })
    await bare.init()
    expect(await bare.login(new URLSearchParams(), 'http://a')).toBeNull()
  })

  it('without the SSR bundle every prerendered path is its build-time page', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-pages-'))
    try {
      write(path.join(root, 'dist-pages/home.html'), 'BUILD only')
      const p = createPublicPages({ webRoot: root, homeUrl })
      await p.init()
      expect(await text(await p.page('/', 'http://a'))).toBe('BUILD only')
      expect(requests).toHaveLength(0)
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('htmlVariants', () => {
  it('brotli and gzip decompress to the page; each variant has its own ETag', async () => {
    const html = '<!doctype html><p>' + 'Ciao '.repeat(500)
    const v = await htmlVariants(html)
    expect(zlib.brotliDecompressSync(v.encoded.br!.body).toString()).toBe(html)
    expect(zlib.gunzipSync(v.encoded.gzip!.body).toString()).toBe(html)
    expect(new Set([v.identity.etag, v.encoded.br!.etag, v.encoded.gzip!.etag]).size).toBe(3)
  })
})
