#!/usr/bin/env node
// Precompression, the LAST step of the web and admin builds (`vite build && node
// ../scripts/precompress.mjs dist`): writes `<file>.br` (brotli q11) and `<file>.gz` (gzip -9)
// beside every compressible file, so cms/server.ts serves them without compressing per request.
// It runs after everything that writes into dist/ (index.html, sw.js, a future prerender step):
// a variant made earlier would be a stale copy of the file (docs/architecture.md "Delivery").
// Node built-ins only.
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i
/**
 * Below this a compressed answer saves less than a packet's worth. HTML is exempt: the SPA shell
 * answers every navigation and sits on the critical path, so every byte off it counts.
 */
export const MIN_BYTES = 1024
const VARIANT = /\.(?:br|gz)$/

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(p)
    else if (entry.isFile()) yield p
  }
}

/**
 * Compresses every eligible file under `dir` and removes variants whose source is gone, too
 * small, or no longer compressible — so no variant can outlive or contradict its file.
 * Returns one row per source file that has variants.
 */
export async function precompress(dir) {
  const files = []
  for await (const file of walk(dir)) files.push(file)
  const sources = new Set(files.filter((f) => !VARIANT.test(f)))
  const rows = []
  // Old variants first: a rebuild into a kept dist/ must not leave one behind.
  await Promise.all(files.filter((f) => VARIANT.test(f)).map((f) => fs.rm(f, { force: true })))
  for (const file of sources) {
    if (!COMPRESSIBLE.test(file)) continue
    const raw = await fs.readFile(file)
    if (raw.length < MIN_BYTES && !file.endsWith('.html')) continue
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ])
    const row = { file: path.relative(dir, file), raw: raw.length, br: null, gzip: null }
    // A variant that is not smaller is not worth a Content-Encoding.
    if (br.length < raw.length) await fs.writeFile(file + '.br', br).then(() => (row.br = br.length))
    if (gz.length < raw.length) await fs.writeFile(file + '.gz', gz).then(() => (row.gzip = gz.length))
    if (row.br || row.gzip) rows.push(row)
  }
  return rows.sort((a, b) => b.raw - a.raw)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.slice(2)
  if (!dirs.length) {
    console.error('usage: node scripts/precompress.mjs <dist dir>…')
    process.exit(2)
  }
  for (const dir of dirs) {
    const started = Date.now()
    const rows = await precompress(path.resolve(dir))
    const sum = (k) => rows.reduce((s, r) => s + (r[k] ?? r.raw), 0)
    console.log(
      `precompress ${dir}: ${rows.length} files, ${sum('raw')} B → brotli ${sum('br')} B, gzip ${sum('gzip')} B ` +
        `(${Date.now() - started} ms)`,
    )
  }
}
