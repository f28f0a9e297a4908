#!/usr/bin/env node
// `npm run bench`: every server benchmark, one after the other (2 cores: never at once) — the API
// (`bench.mjs`: day availability against the raw floor, the month, confirm), the mail queue, the
// dashboard index at 100,000 bookings and the agenda. Each prints its budgets with PASS/MISS
// (scripts/lib/benchBudgets.mjs); a missed budget no longer stops the others: all of them run, and
// this exits 1 at the end when any of them failed, naming which.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const STEPS = ['bench.mjs', 'bench-queue.mjs', 'bench-dashboard.mjs', 'bench-agenda.mjs']
const failed = []
for (const step of STEPS) {
  const run = spawnSync(process.execPath, [path.join(here, step)], { stdio: 'inherit', env: process.env })
  if (run.status !== 0) failed.push(`${step} (exit ${run.status ?? run.signal})`)
}
if (failed.length) {
  console.error(
    `\x1b[31mnpm run bench: ${failed.length} of ${STEPS.length} benchmarks failed: ${failed.join(', ')}\x1b[0m`,
  )
  process.exit(1)
}
console.log(`npm run bench: all ${STEPS.length} benchmarks passed their budgets`)
