// Issue 28 §4: day availability of the app against the raw floor (cms/bench/floor.ts: node:http +
// pg + the same statements and engine call), interleaved in one run — app, floor; floor, app; … —
// so that the neighbours' load and PostgreSQL's checkpoints fall on both alike and a slow drift
// cancels out. Each side's rounds are pooled: requests per second = the mean of the rounds' (equal
// lengths), percentiles over every response of the side. The share (app ÷ floor) is the budget's
// figure: both sides are measured in the same minutes.
import { percentile } from './benchLoad.mjs'

/** One row of several autocannon runs of the same side (`runLoad` results). */
export function pooled(title, runs) {
  const times = runs.flatMap((r) => r.times)
  const sum = (f) => runs.reduce((acc, r) => acc + f(r.result), 0)
  return {
    title,
    times,
    p95: percentile(times, 95),
    rounds: runs.map((r) => ({ reqPerSec: Math.round(r.result.requests.average), p95: r.p95 })),
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
export async function dayVsFloor({ run, app, floor, dayPath, floorPath, rounds = 3, seconds }) {
  const sides = { app: [], floor: [] }
  const target = {
    app: { url: app, pathFor: dayPath },
    floor: { url: floor, pathFor: floorPath },
  }
  const names = { app: 'app', floor: 'raw floor' }
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? ['app', 'floor'] : ['floor', 'app'])
      sides[side].push(
        await run(`Day availability — ${names[side]} (round ${r + 1})`, { ...target[side], duration: seconds }),
      )
  }
  const appRow = pooled(`Day availability — app (${rounds} rounds, interleaved with the floor)`, sides.app)
  const floorRow = pooled(`Day availability — raw floor (node:http + pg + engine, ${rounds} rounds)`, sides.floor)
  const share = (appRow.result.requests.average / floorRow.result.requests.average) * 100
  return { app: appRow, floor: floorRow, share: Math.round(share * 10) / 10 }
}

/** The summary line of `dayVsFloor`'s result, with each round's req/s. */
export const dayReport = ({ app, floor, share }) =>
  `Day availability, interleaved with the raw floor in this run: app **${Math.round(app.result.requests.average)} req/s vs floor ` +
  `${Math.round(floor.result.requests.average)} req/s = ${share} %** (rounds: app ${app.rounds.map((r) => r.reqPerSec).join(' / ')}, ` +
  `floor ${floor.rounds.map((r) => r.reqPerSec).join(' / ')}); p95 app ${app.p95} ms, floor ${floor.p95} ms.`
