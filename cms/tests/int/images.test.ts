/**
 * GET /api/img/<modifiers>/<filename> (content/images.ts): fixed sizes, 400 naming the modifier, 404 for
 * an unknown file, 422 for a stored file that is not an image, the disk cache (X-Cache), formats.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, api, unique, uploadForm } from './helpers'

let file = ''
let id = 0
const DATA_DIR = process.env.SALON_APP_ENV ? (JSON.parse(process.env.SALON_APP_ENV).DATA_DIR as string) : ''
const strays: string[] = []

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${BASE_URL}${p}`, { headers })
const errorOf = async (res: Response) => {
  const body = (await res.json()) as { errors: { message: string; data?: { errors: { path: string }[] } }[] }
  return { path: body.errors[0]!.data!.errors[0]!.path, message: body.errors[0]!.message }
}

beforeAll(async () => {
  // A 1000 × 600 photo-like JPEG of our own: a name no other test file asks for, so its first request is a miss.
  const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c0607a' } })
    .composite([
      {
        input: Buffer.from('<svg width="400" height="300"><circle cx="200" cy="150" r="120" fill="#204060"/></svg>'),
        top: 100,
        left: 300,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer()
  const res = await api('PATCH', '/api/upload/upsert', {
    as: 'ADMIN',
    rawBody: uploadForm(
      { name: unique('img'), label: 'IMAGES' },
      { name: `${unique('img')}.jpg`, data: jpeg, type: 'image/jpeg' },
    ),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  id = res.body.doc.id
  file = res.body.doc.filename
  expect(file).toMatch(/\.jpg$/)
})

afterAll(async () => {
  if (id) await api('DELETE', `/api/upload/${id}`, { as: 'ADMIN' })
  for (const f of strays) fs.rmSync(f, { force: true })
})

describe('GET /api/img: what it refuses', () => {
  it.each([
    ['w_481', 'width'],
    ['w_99999', 'width'],
    ['w_99999999999999999999', 'width'],
    ['h_7', 'height'],
    ['w_480,q_81', 'quality'],
    ['w_480,f_gif', 'format'],
    ['w_480,fit_x', 'fit'],
    ['w_480,b_red', 'background'],
    ['w_480,b_ffffff', 'background'],
    ['w_480,w_640', 'width'],
    ['w_480,blur_5', 'blur'],
    ['f_webp', 'width'],
    ['w_', 'width'],
  ])('%s → 400 naming %s', async (mods, field) => {
    const res = await get(`/api/img/${mods}/${file}`)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect((await errorOf(res)).path).toBe(field)
  })

  it('a bad file name, a path out of the upload folder or a bad version → 400', async () => {
    for (const p of [
      '/api/img/w_480/..%2F..%2Fetc%2Fpasswd',
      '/api/img/w_480/.env',
      '/api/img/w_480/a%2Fb.jpg',
      '/api/img/w_480',
      '/api/img/w_480/%E0%A4%A',
    ]) {
      const res = await get(p)
      expect(res.status, p).toBe(400)
      expect((await errorOf(res)).path, p).toBe('filename')
    }
    const bad = await get(`/api/img/w_480/${file}?v=<script>`)
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).path).toBe('v')
    const extra = await get(`/api/img/w_480/${file}?width=9000`)
    expect(extra.status).toBe(400)
    expect((await errorOf(extra)).path).toBe('width')
  })

  it('an unknown file → 404; a write method → 405', async () => {
    const res = await get(`/api/img/w_480/${unique('missing')}.jpg`)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).path).toBe('filename')
    const post = await fetch(`${BASE_URL}/api/img/w_480/${file}`, { method: 'POST' })
    expect(post.status).toBe(405)
  })

  it('a stored file that is not an image → 422, not a 500', async () => {
    expect(DATA_DIR).not.toBe('')
    const name = `${unique('broken')}.jpg`
    const p = path.join(DATA_DIR, 'uploads', name)
    fs.writeFileSync(p, 'not an image at all')
    strays.push(p)
    const res = await get(`/api/img/w_480/${name}`)
    expect(res.status).toBe(422)
    expect((await errorOf(res)).path).toBe('filename')
  })
})

describe('GET /api/img: what it makes', () => {
  it('webp q80 at the width asked; the second request comes from the disk cache', async () => {
    const first = await get(`/api/img/w_480/${file}?v=1`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/webp')
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const a = Buffer.from(await first.arrayBuffer())
    const meta = await sharp(a).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 288])

    // The same variant written another way (long keys, defaults spelled out) is the same cache entry.
    const second = await get(`/api/img/width_480,quality_80,format_webp/${file}?v=1`)
    expect(second.status).toBe(200)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(Buffer.from(await second.arrayBuffer()).equals(a)).toBe(true)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))

    const revalidated = await get(`/api/img/w_480/${file}`, { 'if-none-match': first.headers.get('etag')! })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=86400')
  })

  it.each([
    ['w_320,f_jpeg,q_60', 'image/jpeg', 'jpeg', 320, 192],
    ['w_256,h_256,fit_cover,f_png', 'image/png', 'png', 256, 256],
    ['w_320,h_320,fit_contain,b_ffffff,f_avif', 'image/avif', 'heif', 320, 320],
    ['h_192,f_webp,q_90', 'image/webp', 'webp', 320, 192],
    ['w_1920', 'image/webp', 'webp', 1000, 600], // never enlarged
  ])('%s → %s', async (mods, type, format, width, height) => {
    const res = await get(`/api/img/${mods}/${file}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual([format, width, height])
  })

  it('identical requests at once share one encoding and all succeed', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => get(`/api/img/w_640,f_jpeg,q_70/${file}`)))
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    const bodies = await Promise.all(all.map(async (r) => Buffer.from(await r.arrayBuffer())))
    for (const b of bodies) expect(b.equals(bodies[0]!)).toBe(true)
  })
})
