#!/usr/bin/env node
// Where the CPU went: reads the V8 CPU profiles that `BENCH_CPU_PROF=1 node scripts/bench.mjs`
// writes to .data/bench-prof/ (`--cpu-prof`, one per process and thread) and prints, for each
// measured window the bench recorded in windows.json (a load run: its process, start and end, and
// how many requests it answered), the self time per package and the functions with the most self
// time, in ms and in µs per request. Without windows.json (or with `--whole`), each profile whole.
//
//   node scripts/lib/benchProfile.mjs [dir] [--top=25] [--whole]
//
// Self time of a sample = the time until the next sample, charged to the function on top of the
// stack. Packages: `node` (node:internal …), a node_modules package by name, `cms/src`, `cms/server.ts`,
// `cms/bench`, `shared`, `next-bundle` (Payload's graph as Next bundled it), `(gc)`, `(program)`, `(idle)`.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The package a call frame's URL belongs to. */
export function packageOf(url, functionName) {
  if (!url) {
    if (functionName === '(garbage collector)') return '(gc)'
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') return functionName
    return '(native)'
  }
  if (url.startsWith('node:')) return 'node'
  const nm = url.lastIndexOf('/node_modules/')
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (url.includes('/cms/.next/')) return 'next-bundle'
  if (url.includes('/cms/src/')) return 'cms/src'
  if (url.includes('/cms/bench/')) return 'cms/bench'
  if (url.endsWith('/cms/server.ts')) return 'cms/server.ts'
  if (url.includes('/shared/src/')) return 'shared'
  return 'other'
}

/**
 * Self time (µs) per node id of `profile`, of the samples taken between `fromMs` and `toMs` after
 * the profile started (all of them when not given).
 */
export function selfTimes(profile, fromMs = -Infinity, toMs = Infinity) {
  const self = new Map()
  const { samples, timeDeltas } = profile
  let t = 0
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i]
    const next = i + 1 < samples.length ? timeDeltas[i + 1] : 0
    const ms = t / 1000
    if (ms < fromMs || ms > toMs) continue
    self.set(samples[i], (self.get(samples[i]) ?? 0) + next)
  }
  return self
}

/** `{ total, byPackage, byFunction }` in µs, from the self times of `selfTimes`. */
export function summarise(profile, self) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const byPackage = new Map()
  const byFunction = new Map()
  let total = 0
  for (const [id, us] of self) {
    const { callFrame } = nodes.get(id)
    const pkg = packageOf(callFrame.url, callFrame.functionName)
    total += us
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us)
    const file = callFrame.url ? callFrame.url.split('/').slice(-1)[0] : ''
    const key = `${callFrame.functionName || '(anonymous)'} ${pkg === file ? '' : `[${pkg}] `}${file}:${callFrame.lineNumber + 1}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + us)
  }
  return { total, byPackage, byFunction }
}

const fmt = (us, requests) =>
  `${(us / 1000).toFixed(0).padStart(7)} ms${requests ? `  ${(us / requests).toFixed(1).padStart(7)} µs/req` : ''}`

function printSummary(title, { total, byPackage, byFunction }, { top, requests }) {
  const busy = total - (byPackage.get('(idle)') ?? 0)
  console.log(`\n## ${title}`)
  console.log(`busy (not idle): ${fmt(busy, requests)}${requests ? ` — ${requests} requests` : ''}`)
  console.log('\nself time by package:')
  for (const [pkg, us] of [...byPackage].sort((a, b) => b[1] - a[1]))
    if (pkg !== '(idle)') console.log(`  ${fmt(us, requests)}  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${pkg}`)
  console.log(`\ntop ${top} functions by self time:`)
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    if (!fn.startsWith('(idle)'))
      console.log(`  ${fmt(us, requests)}  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${fn}`)
}

/** Profile files of `dir` by process id (from `CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`). */
function profilesOf(dir) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => ({ file: path.join(dir, f), pid: Number(f.split('.')[3]), thread: Number(f.split('.')[4]) }))
}

export function main(argv = process.argv.slice(2)) {
  const dir = argv.find((a) => !a.startsWith('--')) ?? path.join(root, '.data', 'bench-prof')
  const top = Number(argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25)
  const whole = argv.includes('--whole')
  const windowsFile = path.join(dir, 'windows.json')
  const windows = !whole && fs.existsSync(windowsFile) ? JSON.parse(fs.readFileSync(windowsFile, 'utf8')) : null
  const profiles = profilesOf(dir)
  if (!profiles.length) throw new Error(`No .cpuprofile in ${dir}: run BENCH_CPU_PROF=1 node scripts/bench.mjs`)
  if (!windows) {
    for (const p of profiles) {
      const profile = JSON.parse(fs.readFileSync(p.file, 'utf8'))
      printSummary(`${path.basename(p.file)} (whole)`, summarise(profile, selfTimes(profile)), { top })
    }
    return
  }
  // windows.json: { processes: { [pid]: { name, forkedAt } }, windows: [{ title, pid, from, to, requests }] }
  // (epoch ms); a profile starts when its process does, so a window is [from − forkedAt, to − forkedAt].
  const loaded = new Map()
  for (const w of windows.windows) {
    const proc = windows.processes[w.pid]
    for (const p of profiles.filter((x) => x.pid === w.pid && x.thread === 0)) {
      if (!loaded.has(p.file)) loaded.set(p.file, JSON.parse(fs.readFileSync(p.file, 'utf8')))
      const profile = loaded.get(p.file)
      const self = selfTimes(profile, w.from - proc.forkedAt, w.to - proc.forkedAt)
      printSummary(`${w.title} — ${proc.name} (pid ${w.pid})`, summarise(profile, self), { top, requests: w.requests })
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
