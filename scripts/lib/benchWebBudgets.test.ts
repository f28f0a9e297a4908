import { describe, expect, it } from 'vitest'
import { checkBudgets } from './benchBudgets.mjs'
import { jsBeyondVendorKiB, sharedVendorChunks, webBudgetRows, type FirstLoad } from './benchWebBudgets.mjs'

// The shape of web/dist/.vite/manifest.json (trimmed from a real build).
const manifest = {
  'index.html': {
    file: 'assets/index-D.js',
    name: 'index',
    src: 'index.html',
    isEntry: true,
    imports: ['_rolldown-runtime-W.js', '_title-C.js', '_auth-B.js'],
    dynamicImports: ['src/features/booking/ReservePage.tsx'],
  },
  '_rolldown-runtime-W.js': { file: 'assets/rolldown-runtime-W.js', name: 'rolldown-runtime' },
  // Reached only through another chunk: still loaded by `/`.
  '_title-C.js': { file: 'assets/title-C.js', name: 'title', imports: ['_rolldown-runtime-W.js', '_vendor-5.js'] },
  '_auth-B.js': { file: 'assets/auth-B.js', name: 'auth', imports: ['_vendor-5.js'] },
  '_vendor-5.js': { file: 'assets/vendor-5.js', name: 'vendor', imports: ['_rolldown-runtime-W.js'] },
  // node_modules code that `/` does not load: not the shared vendor chunk.
  '_zod-C.js': { file: 'assets/zod-C.js', name: 'zod' },
  '_vendor-lazy.js': { file: 'assets/vendor-lazy.js', name: 'vendor-dates' },
  'src/features/booking/ReservePage.tsx': {
    file: 'assets/ReservePage-D.js',
    name: 'ReservePage',
    src: 'src/features/booking/ReservePage.tsx',
    isDynamicEntry: true,
    imports: ['_vendor-5.js', '_zod-C.js', '_vendor-lazy.js'],
  },
}

const js = (path: string, kib: number, afterLoad = false) => ({ path, type: 'script', gzip: kib * 1024, afterLoad })
const load = (page: string, files: ReturnType<typeof js>[], cssKiB = 0): FirstLoad => ({
  page,
  files,
  js: { gzip: files.filter((f) => !f.afterLoad).reduce((s, f) => s + f.gzip, 0) },
  css: { gzip: cssKiB * 1024 },
})

describe("bench:web's budgets (issue 28)", () => {
  it('the shared vendor chunk: a vendor group that `/` loads statically, through other chunks too', () => {
    expect(sharedVendorChunks(manifest)).toEqual(['/assets/vendor-5.js'])
    expect(sharedVendorChunks({})).toEqual([])
  })

  it("/reserve's JS beyond the vendor chunk counts every other first-load script, not late ones", () => {
    const home = load('/', [js('/assets/index-D.js', 10), js('/assets/vendor-5.js', 60)])
    const reserve = load('/reserve?services=4', [
      js('/assets/index-D.js', 10),
      js('/assets/vendor-5.js', 60),
      js('/assets/ReservePage-D.js', 20),
      js('/assets/zod-C.js', 15),
      js('/assets/workbox-window.js', 2, true),
    ])
    expect(jsBeyondVendorKiB(reserve, home, ['/assets/vendor-5.js'])).toBe(45)
    // A vendor chunk `/` did not load is no shared one: not measured.
    expect(jsBeyondVendorKiB(reserve, load('/', [js('/assets/index-D.js', 10)]), ['/assets/vendor-5.js'])).toBe(null)
    expect(jsBeyondVendorKiB(reserve, home, [])).toBe(null)
  })

  it('every budget is a row, and a regression or a missing figure is a miss', () => {
    const home = load('/', [js('/assets/index-D.js', 10), js('/assets/vendor-5.js', 60)])
    const reserve = load('/reserve?services=4', [
      js('/assets/index-D.js', 10),
      js('/assets/vendor-5.js', 60),
      js('/assets/ReservePage-D.js', 55),
    ])
    const rows = webBudgetRows({
      home,
      reserve,
      dashboardBytes: [
        load('/dashboard', [js('/dashboard/assets/index.js', 190)], 5),
        load('/dashboard/file', [js('/x.js', 400)]),
      ],
      scores: [
        { page: '/reserve?services=4', median: { performance: 99 } },
        { page: '/reserve', median: { performance: 97 } },
      ],
      slots: [
        { throttled: false, median: 400 },
        { throttled: true, median: 1800 },
      ],
      vendorPaths: ['/assets/vendor-5.js'],
      lhRuns: 3,
      slotRuns: 3,
    })
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]))
    expect(rows.map((r) => [r.name, r.figure])).toEqual([
      ['First free time on a throttled phone (`/reserve?services=4`)', 1800],
      ['Lighthouse mobile performance `/reserve?services=4`', 99],
      ['Lighthouse mobile performance `/reserve`', 97],
      ['Lighthouse mobile performance `/login`', null],
      ['`/reserve?services=4` first-load JS beyond the shared vendor chunk', 65],
      ['Dashboard first load `/dashboard`', 195],
    ])
    expect(byName['Dashboard first load `/dashboard`']!.max).toBe(200)
    const out: string[] = []
    // Throttled slot 1800 > 1500, /reserve 97 < 98, /login not measured, 65 > 60 KiB: four misses.
    expect(checkBudgets(rows, { print: (l) => out.push(l), printMiss: (l) => out.push(l) })).toBe(4)
    expect(out).toContain('PASS  Dashboard first load `/dashboard`: 195 KiB ≤ 200 KiB')
  })
})
