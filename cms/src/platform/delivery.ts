/**
 * Precompressed delivery for cms/server.ts. The builds write `<file>.br` and `<file>.gz` beside
 * each text file as their last step (scripts/precompress.mjs); here we choose which one a request
 * gets, check at boot that every variant still matches its file, and answer the SPA shell.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export type Encoding = 'br' | 'gzip'
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
/** Our preference when the client likes both equally: brotli is ~13 % smaller on our bundles. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip']

/**
 * The encoding to answer with, from an `Accept-Encoding` header (RFC 9110 §12.5.3): q-values
 * count (`br;q=0` refuses brotli), `*` stands for codings not named, the highest q wins and brotli
 * wins a tie. `null` means identity.
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
  available: readonly Encoding[] = PREFERENCE,
): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  const q = new Map<string, number>()
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0)
  }
  let best: Encoding | null = null
  let bestQ = 0
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue
    const value = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0
    if (value > bestQ) [best, bestQ] = [encoding, value]
  }
  return best
}

const decompress = (encoding: Encoding, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)

/** A variant is usable only if it decompresses to exactly the file beside it. */
function variantMatches(file: string, encoding: Encoding): boolean {
  try {
    return decompress(encoding, fs.readFileSync(file + EXTENSION[encoding])).equals(fs.readFileSync(file))
  } catch {
    return false
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(p)
    else if (entry.isFile()) yield p
  }
}

/**
 * URL paths (`/sw.js`) whose `.br` or `.gz` does not decompress to the file — something wrote
 * into dist/ after the precompression step. Those are served uncompressed (and logged) rather
 * than as a stale copy. Reads every variant once at boot: a few milliseconds for our builds.
 */
export function staleVariants(dir: string): Set<string> {
  const stale = new Set<string>()
  if (!fs.existsSync(dir)) return stale
  for (const file of walk(dir)) {
    const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : null
    if (!encoding) continue
    const source = file.slice(0, -3)
    if (fs.existsSync(source) && !variantMatches(source, encoding))
      stale.add('/' + path.relative(dir, source).split(path.sep).join('/'))
  }
  return stale
}

export interface ShellVariant {
  body: Buffer
  etag: string
}

/** The SPA's index.html as server.ts answers it for routed paths: identity plus its variants. */
export interface SpaShell {
  identity: ShellVariant
  encoded: Partial<Record<Encoding, ShellVariant>>
}

/** Reads `dir/index.html` and the variants that match it; `null` when the app is not built. */
export function loadShell(dir: string): SpaShell | null {
  const file = path.join(dir, 'index.html')
  if (!fs.existsSync(file)) return null
  const body = fs.readFileSync(file)
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)
  const shell: SpaShell = { identity: { body, etag: `"${hash}"` }, encoded: {} }
  for (const encoding of PREFERENCE) {
    if (!fs.existsSync(file + EXTENSION[encoding])) continue
    if (variantMatches(file, encoding))
      shell.encoded[encoding] = { body: fs.readFileSync(file + EXTENSION[encoding]), etag: `"${hash}-${encoding}"` }
    else console.warn(`${file}${EXTENSION[encoding]} does not match index.html: serving it uncompressed. Rebuild.`)
  }
  return shell
}

/** `If-None-Match` against one entity tag, with the weak comparison RFC 9110 §13.1.2 asks for. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}
