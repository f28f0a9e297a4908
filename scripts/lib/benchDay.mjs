// Issue 28 §4: day availability of the app against the raw floor (cms/bench/floor.ts: node:http +
// pg + the same statements and engine call), interleaved in one run — app, floor; floor, app; … —
// so that the neighbours' load and PostgreSQL's checkpoints fall on both alike and a slow drift
// cancels out. Each side's rounds are pooled: requests per second = the mean of the rounds' (equal
// lengths), percentiles over every response of the side. The share (app ÷ floor) is the budget's
// figure: both sides are measured in the same minutes.
import { percentile } from './benchLoad.mjs'
import { cpuSeconds } from './procCpu.mjs'

export { cpuSeconds }

/** One row of several autocannon runs of the same side (`runLoad` results). */
export function pooled(title, runs) {
  const times = runs.flatMap((r) => r.times)
  const sum = (f) => runs.reduce((acc, r) => acc + f(r.result), 0)
  return {
    title,
    times,
    p95: percentile(times, 95),
    rounds: runs.map((r) => ({ reqPerSec: Math.round(r.result.requests.average), p95: r.p95 })),
    // CPU of the serving process per response, ms (when the runs carry `cpu`, seconds): unlike
    // throughput and latency it barely stretches with the neighbours' load.
    cpuMsPerRequest: runs.every((r) => typeof r.cpu === 'number')
      ? Math.round((runs.reduce((a, r) => a + r.cpu, 0) / times.length) * 1e5) / 100
      : null,
    result: {
      connections: runs[0].result.connections,
      requests: { average: sum((r) => r.requests.average) / runs.length, total: sum((r) => r.requests.total) },
      latency: { p50: percentile(times, 50), p99: percentile(times, 99) },
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      '5xx': sum((r) => r['5xx'] ?? 0),
    },
  }
}

/**
 * `rounds` rounds of `seconds` each per side, 20 connections, the order swapped every round.
 * Resolves `{ app, floor, share }`: the pooled rows and the app's throughput in % of the floor's.
 */
export async function dayVsFloor({ run, app, floor, dayPath, floorPath, rounds = 3, seconds, pids = {} }) {
  const sides = { app: [], floor: [] }
  const target = {
    app: { url: app, pathFor: dayPath },
    floor: { url: floor, pathFor: floorPath },
  }
  const names = { app: 'app', floor: 'raw floor' }
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? ['app', 'floor'] : ['floor', 'app']) {
      const before = pids[side] ? cpuSeconds(pids[side]) : null
      const out = await run(`Day availability — ${names[side]} (round ${r + 1})`, {
        ...target[side],
        duration: seconds,
      })
      const after = pids[side] ? cpuSeconds(pids[side]) : null
      sides[side].push(before !== null && after !== null ? { ...out, cpu: after - before } : out)
    }
  }
  const appRow = pooled(`Day availability — app (${rounds} rounds, interleaved with the floor)`, sides.app)
  const floorRow = pooled(`Day availability — raw floor (node:http + pg + engine, ${rounds} rounds)`, sides.floor)
  const share = (appRow.result.requests.average / floorRow.result.requests.average) * 100
  // The same share in CPU: the floor's CPU per request over the app's (what the app could serve
  // of the floor's throughput when the CPU is the limit), robust to the neighbours' load.
  const cpuShare =
    appRow.cpuMsPerRequest && floorRow.cpuMsPerRequest
      ? Math.round((floorRow.cpuMsPerRequest / appRow.cpuMsPerRequest) * 1000) / 10
      : null
  return { app: appRow, floor: floorRow, share: Math.round(share * 10) / 10, cpuShare }
}

/** The summary line of `dayVsFloor`'s result, with each round's req/s. */
export const dayReport = ({ app, floor, share, cpuShare }) =>
  `Day availability, interleaved with the raw floor in this run: app **${Math.round(app.result.requests.average)} req/s vs floor ` +
  `${Math.round(floor.result.requests.average)} req/s = ${share} %** (rounds: app ${app.rounds.map((r) => r.reqPerSec).join(' / ')}, ` +
  `floor ${floor.rounds.map((r) => r.reqPerSec).join(' / ')}); p95 app ${app.p95} ms, floor ${floor.p95} ms` +
  (cpuShare === null
    ? '.'
    : `; CPU per request app ${app.cpuMsPerRequest} ms, floor ${floor.cpuMsPerRequest} ms: **${cpuShare} % in CPU**.`)
