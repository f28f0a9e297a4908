// The Node the benchmarks run their servers on (the app, the job process it forks with its own
// binary, and the raw floor): by default the production image's (the Dockerfile's `FROM node:<major>`),
// since the budgets are about the product as it is deployed; this machine's `node` may be older.
// BENCH_NODE=<major> chooses another, BENCH_NODE=host the Node running the benchmark. Fetched once
// into .data/node<major>/ from the npm registry, as the integration suite fetches it (node-runtime.mjs).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { nodeBinary, productionNodeMajor } from './node-runtime.mjs'
import { root } from './workspace.mjs'

/** The node binary for the servers (`choice`: a major, `host`, or unset for the production one), logged. */
export function benchNode(log, choice = process.env.BENCH_NODE) {
  const major = choice || String(productionNodeMajor(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')))
  if (major === 'host' || `v${major}` === process.version.split('.')[0]) {
    log(`Servers on this Node, ${process.version}`)
    return process.execPath
  }
  if (!/^\d+$/.test(major)) throw new Error(`BENCH_NODE=${major}: give a major version, such as 24, or host`)
  const binary = nodeBinary(Number(major), path.join(root, '.data', `node${major}`), log)
  log(
    `Servers on Node ${major}, the ${choice ? 'one asked for' : "production image's"} (${path.relative(root, binary)})`,
  )
  return binary
}

/** `v24.21.0`: the version a node binary reports (for the reports' headings). */
export function nodeVersion(binary) {
  return binary === process.execPath
    ? process.version
    : (spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '?')
}
