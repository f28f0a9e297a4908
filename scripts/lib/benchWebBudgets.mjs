// The budgets of `npm run bench:web` (issue 28 §2) and the figures they are checked against, from
// what scripts/bench-web.mjs measured. Node built-ins only.

/** The budgets, in one place (docs/benchmarks.md "Web delivery" says them in words). */
export const WEB_BUDGETS = {
  /** ms from opening `/reserve?services=<id>` to the first free time, Lighthouse's mobile throttling. */
  firstSlotThrottledMs: 1500,
  /** Lighthouse mobile performance, median of the runs, on each of these pages. */
  lighthousePerformance: 98,
  /** KiB gzip of `/reserve`'s first-load JS beyond the shared vendor chunk. */
  reserveJsBeyondVendorKiB: 60,
  /** KiB gzip (JS + CSS) of the dashboard's first load, on these routes. */
  dashboardFirstLoadKiB: 200,
}
/** The dashboard routes the first-load budget applies to (the others are measured and reported). */
export const DASHBOARD_BUDGET_ROUTES = ['/dashboard']

/**
 * The shared vendor chunk(s), from the web build's manifest (web/dist/.vite/manifest.json): the
 * chunks that `/`'s entry (`index.html`) imports statically, directly or through another chunk —
 * so `/` loads them too — that are not entries and are a vendor group of node_modules code (their
 * manifest `name` is `vendor…`: web/vite.config.ts's codeSplitting group of react, react-dom,
 * react-router and scheduler). Returns their URL paths (`/assets/vendor-….js`).
 */
export function sharedVendorChunks(manifest) {
  const entry = Object.values(manifest).find((c) => c.isEntry && c.src === 'index.html')
  if (!entry) return []
  const seen = new Set()
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const k of manifest[key].imports ?? []) walk(k)
  }
  for (const k of entry.imports ?? []) walk(k)
  return [...seen]
    .map((k) => manifest[k])
    .filter((c) => !c.isEntry && !c.isDynamicEntry && /^vendor\b/.test(c.name ?? ''))
    .map((c) => `/${c.file}`)
}

/**
 * KiB gzip of a page's first-load JS (module scripts, modulepreloads and lazy chunks before the
 * load event, as firstLoadBytes counts them) without the shared vendor chunk(s). null when a shared
 * vendor chunk is not among what both `/` and the page loaded: then "beyond the vendor chunk" means
 * nothing and the budget is not measured (a MISS).
 */
export function jsBeyondVendorKiB(page, home, vendorPaths) {
  const js = (b) => b.files.filter((f) => f.type === 'script' && !f.afterLoad)
  const shared = vendorPaths.filter((p) => js(page).some((f) => f.path === p) && js(home).some((f) => f.path === p))
  if (!shared.length) return null
  return (
    js(page)
      .filter((f) => !shared.includes(f.path))
      .reduce((s, f) => s + f.gzip, 0) / 1024
  )
}

const kib = (n) => Math.round((n / 1024) * 10) / 10

/**
 * The budget rows (scripts/lib/benchBudgets.mjs) from bench-web's results: `reserve` is the
 * first-load row of `/reserve?services=<id>`, `home` the one of `/`.
 */
export function webBudgetRows({ home, reserve, dashboardBytes, scores, slots, vendorPaths, lhRuns, slotRuns }) {
  const throttled = slots.find((s) => s.throttled)
  const score = (page) => scores.find((s) => s.page === page)?.median?.performance ?? null
  const lhPages = [reserve.page, '/reserve', '/login']
  const beyond = jsBeyondVendorKiB(reserve, home, vendorPaths)
  return [
    {
      name: `First free time on a throttled phone (\`${reserve.page}\`)`,
      figure: throttled?.median ?? null,
      max: WEB_BUDGETS.firstSlotThrottledMs,
      unit: 'ms',
      note: `median of ${slotRuns}`,
    },
    ...lhPages.map((page) => ({
      name: `Lighthouse mobile performance \`${page}\``,
      figure: score(page),
      min: WEB_BUDGETS.lighthousePerformance,
      note: `median of ${lhRuns}`,
    })),
    {
      name: `\`${reserve.page}\` first-load JS beyond the shared vendor chunk`,
      figure: beyond === null ? null : Math.round(beyond * 10) / 10,
      max: WEB_BUDGETS.reserveJsBeyondVendorKiB,
      unit: 'KiB',
      note: `gzip; vendor: ${vendorPaths.join(', ') || 'none in the manifest'}`,
    },
    ...DASHBOARD_BUDGET_ROUTES.map((route) => {
      const b = dashboardBytes.find((d) => d.page === route)
      return {
        name: `Dashboard first load \`${route}\``,
        figure: b ? kib(b.js.gzip + b.css.gzip) : null,
        max: WEB_BUDGETS.dashboardFirstLoadKiB,
        unit: 'KiB',
        note: 'JS + CSS gzip, until the network is idle',
      }
    }),
  ]
}
