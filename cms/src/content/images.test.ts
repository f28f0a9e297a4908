import fs from 'node:fs'
import type http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseImageRequest, serveImage } from './images'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'img-test-'))

/** A node:http exchange without a socket: what serveImage wrote. */
async function call(url: string, headers: Record<string, string> = {}) {
  const req = { method: 'GET', headers } as unknown as http.IncomingMessage
  let status = 0
  let head: http.OutgoingHttpHeaders = {}
  let body: Buffer | undefined
  let sent = false
  const res = {
    get headersSent() {
      return sent
    },
    writeHead(s: number, h: http.OutgoingHttpHeaders) {
      status = s
      head = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]))
      sent = true
      return res
    },
    end(b?: Buffer | string) {
      body = b === undefined ? undefined : Buffer.from(b)
    },
  } as unknown as http.ServerResponse
  await serveImage(req, res, new URL(url, 'http://localhost'))
  return { status, head, body }
}

const cacheBytes = () => {
  const root = path.join(dir, 'img-cache')
  if (!fs.existsSync(root)) return 0
  let total = 0
  for (const d of fs.readdirSync(root))
    for (const f of fs.readdirSync(path.join(root, d))) total += fs.statSync(path.join(root, d, f)).size
  return total
}

beforeAll(async () => {
  const uploads = path.join(dir, 'uploads')
  vi.stubEnv('DATA_DIR', dir)
  vi.stubEnv('UPLOAD_DIR', uploads)
  fs.mkdirSync(uploads)
  // Noise, so that every variant weighs a few kilobytes.
  const raw = Buffer.alloc(600 * 400 * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  await sharp(raw, { raw: { width: 600, height: 400, channels: 3 } })
    .jpeg()
    .toFile(path.join(uploads, 'noise.jpg'))
})

afterAll(() => {
  vi.unstubAllEnvs()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('parseImageRequest', () => {
  it('splits modifiers, file and version', () => {
    const r = parseImageRequest(new URL('http://x/api/img/w_480,fit_cover/a%20b.jpg?v=3'))
    expect(r).toEqual({ ok: true, file: 'a b.jpg', mods: { width: 480, fit: 'cover' }, version: '3' })
  })
})

describe('serveImage', () => {
  it('identical requests at once make one encoding and one cache file', async () => {
    const all = await Promise.all([1, 2, 3, 4].map(() => call('/api/img/w_256,f_png/noise.jpg')))
    expect(all.map((r) => [r.status, r.head['x-cache']])).toEqual(Array(4).fill([200, 'MISS']))
    const files = fs
      .readdirSync(path.join(dir, 'img-cache'), { recursive: true })
      .filter((f) => String(f).endsWith('.png'))
    expect(files).toHaveLength(1)
    expect((await call('/api/img/w_256,f_png/noise.jpg')).head['x-cache']).toBe('HIT')
  })

  it('keeps the disk cache under IMG_CACHE_MAX_MB, the oldest entries going first', async () => {
    const one = (await call('/api/img/w_320,q_90/noise.jpg')).body!.length
    // Room for about three such variants.
    const max = (one * 3.5) / (1024 * 1024)
    vi.stubEnv('IMG_CACHE_MAX_MB', String(max))
    const widths = [384, 480, 512, 160, 192, 128, 96, 64]
    for (const w of widths) {
      const r = await call(`/api/img/w_${w},q_90/noise.jpg`)
      expect(r.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 20)) // distinct mtimes, and the sweep's turn
    }
    await expect.poll(cacheBytes, { timeout: 3000 }).toBeLessThanOrEqual(max * 1024 * 1024)
    // The newest variant is still there; the first ones were removed.
    expect((await call('/api/img/w_64,q_90/noise.jpg')).head['x-cache']).toBe('HIT')
    expect((await call('/api/img/w_256,f_png/noise.jpg')).head['x-cache']).toBe('MISS')
  })
})
