#!/usr/bin/env node
// What `/dashboard`'s first load is made of, module by module (issue 28). Builds the dashboard
// with its own vite.config.ts into a temporary directory (admin/dist is left alone), takes the
// chunks a browser fetches on `/dashboard` — the entry, its static imports, and the home's lazy
// chunk with its static imports (the route renders it at once) — and prints, per package (or per
// file of src/), the rendered bytes (after tree-shaking and minifying) and a gzip estimate (each
// chunk's gzip shared out by its modules' rendered bytes), largest first; then the chunks.
//   node admin/scripts/first-load-modules.mjs [--files]   (--files: one row per module)
// The bench (`npm run bench:web`) is the measure; this says where the bytes are.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const adminDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-first-load-'))
const perFile = process.argv.includes('--files')
/** The home's own module: its chunk is fetched on `/dashboard` right after the entry. */
const HOME = /[\\/]src[\\/]pages[\\/]home[\\/]index\.tsx$/

let bundle = null
const collect = {
  name: 'collect-bundle',
  generateBundle(_options, output) {
    bundle = output
  },
}

try {
  await build({
    root: adminDir,
    configFile: path.join(adminDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [collect],
  })
  const chunks = Object.values(bundle).filter((o) => o.type === 'chunk')
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const cssOf = (c) => [...(c.viteMetadata?.importedCss ?? [])]
  const wanted = new Set()
  const add = (c) => {
    if (!c || wanted.has(c.fileName)) return
    wanted.add(c.fileName)
    for (const f of c.imports) add(byFile.get(f))
  }
  for (const c of chunks) if (c.isEntry) add(c)
  for (const c of chunks) if (c.facadeModuleId && HOME.test(c.facadeModuleId)) add(c)

  const rows = new Map()
  const chunkRows = []
  let totalGzip = 0
  for (const name of wanted) {
    const c = byFile.get(name)
    const gz = gzipSync(c.code, { level: 9 }).length
    totalGzip += gz
    chunkRows.push({ name, raw: c.code.length, gz })
    const mods = Object.entries(c.modules)
    const rendered = mods.reduce((s, [, m]) => s + m.renderedLength, 0) || 1
    for (const [id, m] of mods) {
      if (!m.renderedLength) continue
      const key = perFile ? shortId(id) : groupOf(id)
      const row = rows.get(key) ?? { raw: 0, gz: 0 }
      row.raw += m.renderedLength
      row.gz += (gz * m.renderedLength) / rendered
      rows.set(key, row)
    }
    for (const css of cssOf(c)) {
      const asset = bundle[css]
      const code = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source)
      const cgz = gzipSync(code, { level: 9 }).length
      totalGzip += cgz
      chunkRows.push({ name: css, raw: code.length, gz: cgz })
    }
  }
  const kib = (n) => (n / 1024).toFixed(1).padStart(7)
  console.log('rendered KiB  gzip KiB  module group')
  for (const [key, r] of [...rows].sort((a, b) => b[1].gz - a[1].gz))
    console.log(`${kib(r.raw)}   ${kib(r.gz)}   ${key}`)
  console.log('\nchunks of the first load (raw KiB, gzip -9 KiB):')
  for (const r of chunkRows.sort((a, b) => b.gz - a.gz)) console.log(`${kib(r.raw)} ${kib(r.gz)}  ${r.name}`)
  console.log(`\ntotal gzip -9 of these chunks: ${(totalGzip / 1024).toFixed(1)} KiB`)
} finally {
  fs.rmSync(outDir, { recursive: true, force: true })
}

function shortId(id) {
  const clean = id.replace(/\?.*$/, '')
  const nm = clean.lastIndexOf('node_modules/')
  if (nm >= 0) return clean.slice(nm + 'node_modules/'.length)
  return path.relative(path.dirname(adminDir), clean)
}

/** A package's name (node_modules/.pnpm/… included), or the folder of src/ a file is in. */
function groupOf(id) {
  const s = shortId(id)
  if (!s.startsWith('admin/') && !s.startsWith('shared/')) {
    const parts = s.split('/')
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  return path.dirname(s)
}
