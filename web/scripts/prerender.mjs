#!/usr/bin/env node
// Build step after `vite build` (the browser's bundle, dist/) and `vite build --ssr` (the same
// components for Node, dist-server/): renders the public pages into dist-pages/<route>.html
// (web/README.md "Prerender and hydration"). dist/index.html stays the pristine shell that every
// other route gets; the pages live outside dist/ so the service worker never precaches them and
// the static file server never answers with them by accident.
//
// The home has no data here (there is no database at build time): its page is the frame the
// server falls back to; cms/server.ts renders `/` with the current data from the same bundle.
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const web = path.resolve(import.meta.dirname, '..')
const dist = path.join(web, 'dist')
const out = path.join(web, 'dist-pages')
const bundle = path.join(web, 'dist-server', 'entry-server.js')

const { createPageRenderer, PRERENDERED } = await import(pathToFileURL(bundle).href)
/** The canonical URLs of the build-time pages; the server rewrites the head with the real origin. */
const origin = (process.env.PUBLIC_URL || process.env.SERVER_URL || 'http://localhost:3000').replace(/\/+$/, '')

const renderer = createPageRenderer(dist)
await fs.rm(out, { recursive: true, force: true })
await fs.mkdir(out, { recursive: true })
const started = performance.now()
for (const route of PRERENDERED) {
  const html = await renderer.render(route, { home: null, origin })
  await fs.writeFile(path.join(out, `${route}.html`), html)
  console.log(`  dist-pages/${route}.html  ${(Buffer.byteLength(html) / 1024).toFixed(1)} kB`)
}
console.log(`Prerendered ${PRERENDERED.length} pages in ${Math.round(performance.now() - started)} ms`)
