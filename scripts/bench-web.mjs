#!/usr/bin/env node
// `npm run bench:web`: what a phone downloads and how fast the public site feels, checked against
// budgets (issue 28: scripts/lib/benchWebBudgets.mjs). Builds what changed and starts the built app
// on a throw-away PostgreSQL with the demo salon (or measures BENCH_WEB_URL), then reports:
//   (a) HTML, JS and CSS of the first load of `/` and `/reserve` (what Chromium fetched until the
//       load event and the hydration: the page — with the stylesheet inlined on prerendered pages —,
//       module scripts, modulepreloads, the route's lazy chunks), raw, gzip and brotli as served;
//   (b) Lighthouse 12 mobile scores on `/`, `/reserve?services=<id>`, `/reserve`, `/login` (median
//       of BENCH_LH_RUNS, default 3);
//   (a') the same for the dashboard's first loads (logged in as the demo admin), per route;
//   (c) time from opening `/reserve?services=<id>` to the first free time on screen
//       (`[data-testid="time-slot"]`), unthrottled and with Lighthouse's mobile throttling.
// Then prints every budget with its figure, PASS/MISS and `BUDGETS: N passed, M missed`, and exits 1
// when one is missed (BENCH_NO_BUDGETS=1: measure without failing). Writes .data/bench-web/report.md
// and results.json (with the budget table); paste the report into docs/benchmarks.md.
/* global document, window, MutationObserver -- callbacks passed to page.evaluate/addInitScript run in the browser */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ensureChromium, log, root } from './lib/workspace.mjs'
import { startBenchApp } from './lib/benchApp.mjs'
import { budgetExitCode, budgetResults, budgetTable, checkBudgets } from './lib/benchBudgets.mjs'
import { sharedVendorChunks, webBudgetRows } from './lib/benchWebBudgets.mjs'

const LIGHTHOUSE = 'lighthouse@12.8.2'
const CHROMIUM = '/usr/bin/chromium'
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage'
const LH_RUNS = Number(process.env.BENCH_LH_RUNS || 3)
const SLOT_RUNS = Number(process.env.BENCH_SLOT_RUNS || 3)
const SLOT_SELECTOR = '[data-testid="time-slot"]'
/** The dashboard's first loads: its home, a list, and the heaviest screens (editors, uploader). */
const DASHBOARD_PATHS = [
  '/dashboard',
  '/dashboard/booking',
  '/dashboard/booking/create',
  '/dashboard/config/business-closure/create',
  '/dashboard/carousel',
  '/dashboard/file',
]
/** Lighthouse's mobile preset (slow 4G, 4× CPU) as DevTools applies it (lighthouse constants.js). */
const MOBILE = { latency: 150 * 3.75, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9, cpu: 4 }

const dir = path.join(root, '.data', 'bench-web')
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })

const children = []
let app = null
async function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  await app?.stop()
}
process.on('SIGINT', () => stopAll().then(() => process.exit(130)))

async function startApp() {
  app = await startBenchApp({ dir, database: 'salon_bench_web' })
  return app.url
}

/** Bytes of one file as the server sends it for an Accept-Encoding (raw socket: no decoding). */
function sentBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        let n = 0
        res.on('data', (c) => (n += c.length))
        res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity' }))
      })
      .on('error', reject)
  })
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b)
  if (!s.length) return null
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const kb = (n) => (n / 1024).toFixed(1)

async function firstLoadBytes(browser, devices, base, pagePath, { asAdmin = false, includeLate = false } = {}) {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' })
  const page = await context.newPage()
  if (asAdmin) {
    // The dashboard needs the admin's session cookie (set in this context by the API login).
    const res = await page.request.post(`${base}/api/auth/login`, {
      data: { email: 'admin@demo.salon', password: 'demo1234' },
    })
    if (!res.ok()) throw new Error(`admin login ${res.status()}`)
  }
  // When React took the page over (`<html data-hydrated>`, app/App.tsx): a server-rendered page's
  // scripts start after its first paint (web/src/boot.ts), often after the load event.
  // (Observed on the document: an init script runs before `<html>` exists.)
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute('data-hydrated')) return
      window.__hydratedAt = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  })
  const files = new Map()
  page.on('requestfinished', async (request) => {
    const type = request.resourceType()
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return
    const sizes = await request.sizes().catch(() => null)
    files.set(request.url(), { type, transferred: sizes?.responseBodySize ?? 0 })
  })
  await page.goto(base + pagePath, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500) // a lazy chunk requested right at idle
  // What started after both the load event and the hydration (the service worker's registration
  // code, on idle after both) is not first load. The app's own scripts, which a server-rendered
  // page starts only after its first paint (web/src/boot.ts), are: they come before the hydration.
  const afterLoad = await page.evaluate(() => {
    const loadEnd = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? Infinity
    const end = Math.max(loadEnd, window.__hydratedAt ?? 0)
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime > end)
      .map((e) => e.name)
  })
  await context.close()
  const rows = []
  for (const [url, f] of files) {
    if (new URL(url).origin !== new URL(base).origin) continue
    const [raw, gzip, br] = await Promise.all([sentBytes(url), sentBytes(url, 'gzip'), sentBytes(url, 'br')])
    const row = { path: new URL(url).pathname, ...f, raw: raw.bytes, gzip: gzip.bytes, br: br.bytes }
    // The dashboard's route chunks load after the load event (React.lazy) but are part of what the
    // first screen needs: counted there. The public site's late files are the service worker's.
    rows.push({ ...row, afterLoad: !includeLate && afterLoad.includes(url) })
  }
  const later = rows.filter((r) => r.afterLoad)
  const sum = (type, k) => rows.filter((r) => r.type === type && !r.afterLoad).reduce((s, r) => s + r[k], 0)
  const total = (type) => ({
    files: rows.filter((r) => r.type === type && !r.afterLoad).length,
    raw: sum(type, 'raw'),
    gzip: sum(type, 'gzip'),
    br: sum(type, 'br'),
    transferred: sum(type, 'transferred'),
  })
  return {
    page: pagePath,
    html: total('document'),
    js: total('script'),
    css: total('stylesheet'),
    afterLoad: { files: later.map((r) => r.path), gzip: later.reduce((s, r) => s + r.gzip, 0) },
    files: rows,
  }
}

function lighthouse(url, out) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${LIGHTHOUSE}`,
        '--',
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, CHROME_PATH: CHROMIUM, npm_config_loglevel: 'error' },
      },
    )
    children.push(child)
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(fs.readFileSync(out, 'utf8'))) : reject(new Error(`lighthouse ${code}`)),
    )
  })
}

async function lighthouseScores(base, paths) {
  const results = []
  for (const p of paths) {
    const runs = []
    for (let i = 1; i <= LH_RUNS; i++) {
      log(`Lighthouse ${p} (${i}/${LH_RUNS})…`)
      const r = await lighthouse(
        base + p,
        path.join(dir, `lh-${p === '/' ? 'home' : p.slice(1).replace(/\W/g, '-')}-${i}.json`),
      )
      const a = (id) => r.audits[id]?.numericValue
      runs.push({
        performance: r.categories.performance.score * 100,
        accessibility: r.categories.accessibility.score * 100,
        bestPractices: r.categories['best-practices'].score * 100,
        seo: r.categories.seo.score * 100,
        fcp: a('first-contentful-paint'),
        lcp: a('largest-contentful-paint'),
        tbt: a('total-blocking-time'),
        cls: a('cumulative-layout-shift'),
        lcpElement: r.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector
          ?.split(' > ')
          .slice(-2)
          .join(' > '),
      })
    }
    const m = (k) => median(runs.map((r) => r[k]))
    results.push({
      page: p,
      runs,
      median: Object.fromEntries(
        ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls'].map((k) => [k, m(k)]),
      ),
      version: LIGHTHOUSE,
    })
  }
  return results
}

/** ms from navigation start to the first time slot on screen, per run; null when none appears. */
async function timeToSlots(browser, devices, base, serviceId, throttled) {
  const times = []
  for (let i = 0; i < SLOT_RUNS; i++) {
    const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' })
    const page = await context.newPage()
    if (throttled) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.latency,
        downloadThroughput: (MOBILE.downloadKbps * 1024) / 8,
        uploadThroughput: (MOBILE.uploadKbps * 1024) / 8,
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu })
    }
    // Timestamp the first slot from inside the page, relative to navigation start.
    await page.addInitScript((selector) => {
      const seen = () => [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0)
      const observer = new MutationObserver(() => {
        if (window.__firstSlotAt === undefined && seen()) {
          window.__firstSlotAt = performance.now()
          observer.disconnect()
        }
      })
      observer.observe(document, { childList: true, subtree: true, attributes: true })
    }, SLOT_SELECTOR)
    let at = null
    try {
      await page.goto(`${base}/reserve?services=${serviceId}`)
      await page.waitForSelector(SLOT_SELECTOR, { state: 'visible', timeout: throttled ? 60_000 : 20_000 })
      at = await page.evaluate(() => window.__firstSlotAt ?? null)
    } catch {
      at = null
    }
    await context.close()
    times.push(at)
    if (at === null) break // no wizard (yet): one timeout says it all
  }
  return { throttled, runs: times, median: times.includes(null) ? null : median(times) }
}

ensureChromium()
let base = process.env.BENCH_WEB_URL?.replace(/\/$/, '')
try {
  base ??= await startApp()
  log(`Measuring ${base}`)
  const services = await fetch(`${base}/api/services?limit=100&depth=0`).then((r) => r.json())
  const serviceId = (services.docs.find((s) => s.title === 'Piega') ?? services.docs[0]).id
  const { chromium, devices } = await import('@playwright/test')
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  })
  let bytes, slots, chromiumVersion
  const dashboardBytes = []
  try {
    chromiumVersion = browser.version()
    log('First-load bytes…')
    bytes = [
      await firstLoadBytes(browser, devices, base, '/'),
      await firstLoadBytes(browser, devices, base, `/reserve?services=${serviceId}`),
    ]
    log('Dashboard first-load bytes (logged in as the demo admin)…')
    for (const p of DASHBOARD_PATHS)
      dashboardBytes.push(await firstLoadBytes(browser, devices, base, p, { asAdmin: true, includeLate: true }))
    log('Time to the first free time (unthrottled, then mobile throttling)…')
    slots = [
      await timeToSlots(browser, devices, base, serviceId, false),
      await timeToSlots(browser, devices, base, serviceId, true),
    ]
  } finally {
    await browser.close()
  }
  // `/reserve?services=<id>` is where the home's "Prenota" leads; plain `/reserve` the menu's link.
  const lhPaths = ['/', `/reserve?services=${serviceId}`, '/reserve', '/login']
  const scores = LH_RUNS > 0 ? await lighthouseScores(base, lhPaths) : []

  // The budgets (issue 28), against the web build's manifest for the shared vendor chunk.
  const manifestFile = path.join(root, 'web', 'dist', '.vite', 'manifest.json')
  const vendorPaths = fs.existsSync(manifestFile)
    ? sharedVendorChunks(JSON.parse(fs.readFileSync(manifestFile, 'utf8')))
    : []
  const budgets = webBudgetRows({
    home: bytes[0],
    reserve: bytes[1],
    dashboardBytes,
    scores,
    slots,
    vendorPaths,
    lhRuns: LH_RUNS,
    slotRuns: SLOT_RUNS,
  })

  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU'
  const nodeVersion = process.version
  const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${nodeVersion}, Chromium ${chromiumVersion}, ${LIGHTHOUSE}`
  const ms = (v) => (v === null || v === undefined ? 'n/a' : `${Math.round(v)} ms`)
  const report = [
    `### ${new Date().toISOString().slice(0, 10)} — ${machine}`,
    '',
    'First load (until the load event and the hydration), HTML, JS and CSS as the server sends them, KiB (prerendered pages carry their CSS inline in the HTML); "sent to Chromium" is what the browser received:',
    '',
    '| page | HTML raw | HTML brotli | JS files | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli | HTML+JS+CSS sent to Chromium |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...bytes.map(
      (b) =>
        `| \`${b.page}\` | ${kb(b.html.raw)} | ${kb(b.html.br)} | ${b.js.files} | ${kb(b.js.raw)} | ${kb(b.js.gzip)} | ${kb(b.js.br)} | ${kb(b.css.raw)} | ${kb(b.css.gzip)} | ${kb(b.css.br)} | ${kb(b.html.transferred + b.js.transferred + b.css.transferred)} |`,
    ),
    '',
    '',
    "Dashboard first load until the network is idle (logged in as the admin; the shell and the route's lazy chunks), KiB:",
    '',
    '| route | JS files | JS raw | JS gzip | JS brotli | CSS gzip | JS+CSS gzip |',
    '|---|---|---|---|---|---|---|',
    ...dashboardBytes.map(
      (b) =>
        `| \`${b.page}\` | ${b.js.files} | ${kb(b.js.raw)} | ${kb(b.js.gzip)} | ${kb(b.js.br)} | ${kb(b.css.gzip)} | ${kb(b.js.gzip + b.css.gzip)} |`,
    ),
    '',
    ...bytes
      .filter((b) => b.afterLoad.files.length)
      .map(
        (b) =>
          `After the load event \`${b.page}\` also fetched ${b.afterLoad.files.join(', ')} (${kb(b.afterLoad.gzip)} KiB gzip).`,
      ),
    '',
    ...(scores.length
      ? [
          `Lighthouse mobile (median of ${LH_RUNS}; scores swing 10–15 points between runs on shared cores):`,
          '',
          '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | performance per run | LCP per run | LCP element |',
          '|---|---|---|---|---|---|---|---|---|---|---|---|',
          ...scores.map(
            ({ page, median: m, runs }) =>
              `| \`${page}\` | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls?.toFixed(3)} | ${runs.map((r) => r.performance).join(', ')} | ${runs.map((r) => ms(r.lcp)).join(', ')} | ${[...new Set(runs.map((r) => r.lcpElement ?? '?'))].join(', ')} |`,
          ),
          '',
        ]
      : []),
    `Time from opening \`/reserve?services=<id>\` to the first free time on screen (\`${SLOT_SELECTOR}\`, cold cache, median of ${SLOT_RUNS}):`,
    '',
    '| profile | time to first slot | runs |',
    '|---|---|---|',
    ...slots.map(
      (s) =>
        `| ${s.throttled ? `mobile (${MOBILE.latency} ms RTT, ${Math.round(MOBILE.downloadKbps)} kbit/s, CPU ×${MOBILE.cpu})` : 'unthrottled'} | ${s.median === null ? 'n/a (no wizard yet)' : ms(s.median)} | ${s.runs.map(ms).join(', ')} |`,
    ),
    '',
    `Budgets (issue 28; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}):`,
    '',
    ...budgetTable(budgets),
  ].join('\n')
  console.log('\n' + report + '\n')
  fs.writeFileSync(path.join(dir, 'report.md'), report + '\n')
  fs.writeFileSync(
    path.join(dir, 'results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        loadAverage: os.loadavg(),
        bytes,
        dashboardBytes,
        scores,
        slots,
        vendorPaths,
        budgets: budgetResults(budgets),
      },
      null,
      2,
    ),
  )
  const missed = checkBudgets(budgets)
  process.exitCode = budgetExitCode(missed)
  if (missed && process.exitCode === 0) log('BENCH_NO_BUDGETS=1: the misses above do not fail this run.')
} finally {
  await stopAll()
}
