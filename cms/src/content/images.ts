/**
 * GET /api/img/<modifiers>/<filename>?v=<version> (docs/api.md "GET /api/img"): an uploaded image
 * resized and re-encoded with sharp, served by server.ts before Next.js (no database, no Payload).
 *
 * - The modifiers come from fixed sets (shared/src/images.ts), so each stored image has a bounded
 *   number of variants; anything else is a 400 naming the modifier, an unknown file a 404.
 * - Results are cached on disk under `$DATA_DIR/img-cache` (key: file name, its mtime and size,
 *   the canonical modifiers); a replaced file gets new keys. `X-Cache: HIT|MISS` says which.
 *   The cache is kept under IMG_CACHE_MAX_MB (default 512): the oldest entries go first.
 * - At most IMAGE_WORKERS (2: this machine's cores) encodings run at once, libvips with one thread
 *   each; identical requests share one encoding; beyond IMAGE_QUEUE_MAX waiting, 503 + Retry-After;
 *   one client address at most IMAGE_CLIENT_COLD_MAX new encodings at once, else 429 + Retry-After.
 *   Sources over IMAGE_MAX_INPUT_PIXELS, or that libvips cannot read, are a 422 (the stored file
 *   is at fault, not the request): never a 500.
 * - Customers' profile photos (files named `avatar-<user>-…`) are a 404 here: they are read only
 *   through /api/upload/file/<name>, which checks who is asking (issue 22 §5).
 * - With `?v=` the answer is immutable for a year (the version is the upload's updatedAt, so a new
 *   file means a new URL); without it, a day. ETag + 304.
 */
import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import type http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_DEFAULTS,
  IMAGE_FILE_NAME,
  IMAGE_MAX_PIXELS,
  isPersonalPhotoName,
  IMAGE_PATH_PREFIX,
  IMAGE_VERSION,
  canonicalModifiers,
  parseImageModifiers,
  type ImageFormat,
  type ImageModifiers,
} from '@salon/shared'
import { env } from '../env'
import { codedBody } from '../platform/edge'

export { IMAGE_PATH_PREFIX }

export const IMAGE_WORKERS = 2
export const IMAGE_QUEUE_MAX = 50
/**
 * New encodings one client address may have under way at once (running or queued). The variants
 * are bounded per image, but still many (sizes × formats × qualities × fits × 2 backgrounds): one
 * client asking for a burst of cold ones could fill the whole queue and turn everyone else's images
 * into 503s (issue 22 §5.10). Beyond this: 429 + Retry-After; cached variants and requests joining
 * an encoding already under way are not counted. About half the queue: no one client fills it
 * alone, while a page's images (one size each, chosen by the browser) stay well under it.
 */
export const IMAGE_CLIENT_COLD_MAX = 24
/** The uploads' own cap (shared IMAGE_MAX_PIXELS): a stored image can always be resized. */
export const IMAGE_MAX_INPUT_PIXELS = IMAGE_MAX_PIXELS
const IMMUTABLE = 'public, max-age=31536000, immutable'
const UNVERSIONED = 'public, max-age=86400'

sharp.concurrency(1)
sharp.cache({ memory: 50, files: 0, items: 20 })

const cacheDir = () => path.join(env.dataDir, 'img-cache')
const cacheMaxBytes = () => env.imageCacheMaxBytes

type Problem = { status: number; path: string; message: string; headers?: Record<string, string> }

function sendProblem(res: http.ServerResponse, p: Problem) {
  const name =
    p.status === 404
      ? 'NotFound'
      : p.status === 503
        ? 'ServiceUnavailable'
        : p.status === 422
          ? 'UnprocessableEntity'
          : p.status === 405
            ? 'MethodNotAllowed'
            : p.status === 429
              ? 'TooManyRequests'
              : 'BadRequest'
  const body = JSON.stringify(
    codedBody(
      { errors: [{ name, message: p.message, data: { errors: [{ path: p.path, message: p.message }] } }] },
      p.status,
    ),
  )
  res.writeHead(p.status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    ...p.headers,
  })
  res.end(body)
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/** The request as a source file and its modifiers, or the problem with it. */
export function parseImageRequest(
  url: URL,
): { ok: true; file: string; mods: ImageModifiers; version: string | null } | { ok: false; problem: Problem } {
  const bad = (p: string, message: string) => ({ ok: false as const, problem: { status: 400, path: p, message } })
  const rest = url.pathname.slice(IMAGE_PATH_PREFIX.length)
  const slash = rest.indexOf('/')
  if (slash < 0) return bad('filename', 'expected /api/img/<modifiers>/<filename>')
  const parsed = parseImageModifiers(rest.slice(0, slash))
  if (!parsed.ok) return bad(parsed.error.path, parsed.error.message)
  const file = safeDecode(rest.slice(slash + 1))
  if (file === null || !IMAGE_FILE_NAME.test(file) || file.includes('..'))
    return bad('filename', 'not a valid file name')
  const v = url.searchParams.get('v')
  if (v !== null && !IMAGE_VERSION.test(v))
    return bad('v', 'v must be 1 to 64 letters, digits, dots, dashes or underscores')
  for (const key of url.searchParams.keys())
    if (key !== 'v') return bad(key, `unknown query parameter "${key}" (only v)`)
  return { ok: true, file, mods: parsed.value, version: v }
}

// ——— concurrency: a semaphore of IMAGE_WORKERS, a bounded queue, identical requests shared ———
let running = 0
/** New encodings under way per client address (IMAGE_CLIENT_COLD_MAX). */
const coldByClient = new Map<string, number>()

/** The client's address as the rest of the API reads it: the proxy's only with TRUST_PROXY. */
function clientOf(req: http.IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')[0]
    ?.trim()
  return (env.trustProxy && forwarded) || req.socket?.remoteAddress || 'unknown'
}
const waiting: (() => void)[] = []
const inFlight = new Map<string, Promise<Buffer>>()

class Busy extends Error {}

async function withWorker<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORKERS) {
    if (waiting.length >= IMAGE_QUEUE_MAX) throw new Busy()
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

async function encode(source: string, mods: ImageModifiers): Promise<Buffer> {
  const format: ImageFormat = mods.format ?? IMAGE_DEFAULTS.format
  const quality = mods.quality ?? IMAGE_DEFAULTS.quality
  const bg = mods.background ? `#${mods.background}` : undefined
  let img = sharp(source, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
    .rotate()
    .resize({
      width: mods.width,
      height: mods.height,
      fit: mods.fit ?? 'cover',
      withoutEnlargement: true,
      background: bg ?? (format === 'jpeg' ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 }),
    })
  if (format === 'jpeg') img = img.flatten({ background: bg ?? '#ffffff' }).jpeg({ quality, mozjpeg: true })
  else if (format === 'webp') img = img.webp({ quality })
  else if (format === 'avif') img = img.avif({ quality, effort: 2 })
  else img = img.png({ quality, palette: quality < 90 })
  return img.toBuffer()
}

// ——— the disk cache's bound ———
let cacheBytes: number | null = null
let sweeping = false

async function listCache(): Promise<{ file: string; size: number; mtime: number }[]> {
  const out: { file: string; size: number; mtime: number }[] = []
  const dirs = await fsp.readdir(cacheDir()).catch(() => [] as string[])
  for (const d of dirs) {
    const files = await fsp.readdir(path.join(cacheDir(), d)).catch(() => [] as string[])
    for (const f of files) {
      const file = path.join(cacheDir(), d, f)
      const st = await fsp.stat(file).catch(() => null)
      if (st?.isFile()) out.push({ file, size: st.size, mtime: st.mtimeMs })
    }
  }
  return out
}

async function noteCached(bytes: number) {
  if (cacheBytes === null) cacheBytes = (await listCache()).reduce((a, f) => a + f.size, 0)
  else cacheBytes += bytes
  if (cacheBytes <= cacheMaxBytes() || sweeping) return
  sweeping = true
  try {
    const files = (await listCache()).sort((a, b) => a.mtime - b.mtime)
    let total = files.reduce((a, f) => a + f.size, 0)
    for (const f of files) {
      if (total <= cacheMaxBytes() * 0.8) break
      await fsp.rm(f.file, { force: true })
      total -= f.size
    }
    cacheBytes = total
  } finally {
    sweeping = false
  }
}

function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  meta: { etag: string; type: string; cache: 'HIT' | 'MISS'; versioned: boolean },
) {
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': meta.type,
    'Cache-Control': meta.versioned ? IMMUTABLE : UNVERSIONED,
    ETag: meta.etag,
    'X-Cache': meta.cache,
  }
  const inm = req.headers['if-none-match']
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === meta.etag)) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  headers['Content-Length'] = body.length
  res.writeHead(200, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Answers one /api/img/ request; never throws. */
export async function serveImage(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendProblem(res, {
        status: 405,
        path: 'method',
        message: 'Only GET and HEAD',
        headers: { Allow: 'GET, HEAD' },
      })
    const parsed = parseImageRequest(url)
    if (!parsed.ok) return sendProblem(res, parsed.problem)
    const { file, mods, version } = parsed
    const root = path.resolve(env.uploadDir)
    const source = path.resolve(root, file)
    const notFound = { status: 404, path: 'filename', message: `No image named "${file}"` }
    if (!source.startsWith(root + path.sep)) return sendProblem(res, notFound)
    // A customer's profile photo (issue 22 §5) is theirs and the staff's: served only through
    // /api/upload/file/<name>, which checks who is asking. This server path has no session.
    if (isPersonalPhotoName(file)) return sendProblem(res, notFound)
    const st = await fsp.stat(source).catch(() => null)
    if (!st?.isFile()) return sendProblem(res, notFound)

    const format: ImageFormat = mods.format ?? IMAGE_DEFAULTS.format
    const canonical = canonicalModifiers(mods)
    const key = crypto
      .createHash('sha256')
      .update(`${file}\0${st.mtimeMs}\0${st.size}\0${canonical}`)
      .digest('hex')
      .slice(0, 40)
    const cached = path.join(cacheDir(), key.slice(0, 2), `${key}.${format}`)
    const meta = { etag: `"${key}"`, type: IMAGE_CONTENT_TYPES[format], versioned: version !== null }

    const hit = await fsp.readFile(cached).catch(() => null)
    if (hit) return send(req, res, hit, { ...meta, cache: 'HIT' })

    let job = inFlight.get(key)
    if (!job) {
      const client = clientOf(req)
      const cold = coldByClient.get(client) ?? 0
      if (cold >= IMAGE_CLIENT_COLD_MAX)
        return sendProblem(res, {
          status: 429,
          path: 'filename',
          message: 'Too many new image sizes asked for at once; try again shortly',
          headers: { 'Retry-After': '1' },
        })
      coldByClient.set(client, cold + 1)
      const release = () => {
        const n = (coldByClient.get(client) ?? 1) - 1
        if (n > 0) coldByClient.set(client, n)
        else coldByClient.delete(client)
      }
      job = withWorker(() => encode(source, mods)).then(async (out) => {
        await fsp.mkdir(path.dirname(cached), { recursive: true })
        const tmp = `${cached}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`
        await fsp.writeFile(tmp, out)
        await fsp.rename(tmp, cached)
        void noteCached(out.length).catch((err: unknown) => console.error('img-cache sweep', err))
        return out
      })
      inFlight.set(key, job)
      const clear = () => {
        inFlight.delete(key)
        release()
      }
      job.then(clear, clear)
    }
    let out: Buffer
    try {
      out = await job
    } catch (err) {
      if (err instanceof Busy)
        return sendProblem(res, {
          status: 503,
          path: 'filename',
          message: 'Too many images being prepared; try again shortly',
          headers: { 'Retry-After': '1' },
        })
      // libvips refused the stored file (corrupt, not an image, over the pixel limit).
      console.warn(`image ${file} (${canonical}): ${(err as Error).message}`)
      return sendProblem(res, { status: 422, path: 'filename', message: `"${file}" cannot be processed as an image` })
    }
    return send(req, res, out, { ...meta, cache: 'MISS' })
  } catch (err) {
    console.error(err)
    if (!res.headersSent) sendProblem(res, { status: 500, path: 'filename', message: 'Something went wrong.' })
    else res.end()
  }
}
