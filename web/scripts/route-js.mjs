#!/usr/bin/env node
// `node web/scripts/route-js.mjs [distDir] [Screen]`: the JS a direct visit to a route loads before
// hydrating — the entry and the screen's chunk (default ReservePage) with their static imports,
// from the build's manifest — gzip -9 per file, the vendor chunk counted apart. A measure (bytes,
// not noisy), not a budget check: scripts/bench-web.mjs owns the budgets (web/README.md).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'))
const screen = process.argv[3] ?? 'ReservePage'
const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'))
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length
const walk = (key, files = new Set()) => {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const dep of chunk.imports ?? []) walk(dep, files)
  return files
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const screenKey = Object.keys(manifest).find((k) => k.endsWith(`/${screen}.tsx`))
if (!entryKey || !screenKey) throw new Error(`no entry or no ${screen} chunk in ${dir}/.vite/manifest.json`)
const entry = walk(entryKey)
let beyond = 0
let vendor = 0
for (const file of new Set([...entry, ...walk(screenKey)])) {
  const bytes = gzip(file)
  if (/\/vendor-/.test(file)) vendor += bytes
  else beyond += bytes
  console.log(`${entry.has(file) ? 'entry' : 'route'}  ${file}  ${bytes}`)
}
console.log(
  `${screen}: ${(beyond / 1024).toFixed(1)} KiB gzip beyond the vendor chunk (${(vendor / 1024).toFixed(1)} KiB)`,
)
