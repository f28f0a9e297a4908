import { describe, expect, it } from 'vitest'
import { apiBudgetRows, budgetTable, checkBudgets, judge } from './benchApiBudgets.mjs'
import { pooled } from './benchDay.mjs'
import { packageOf } from './benchProfile.mjs'

// Issue 28 §4: `npm run bench` judges every budget on a figure of the same run and fails on a miss.
const load = (average: number, times: number[], extra: Record<string, number> = {}) => ({
  title: 'x',
  times,
  p95: null,
  result: { connections: 20, requests: { average, total: times.length }, non2xx: 0, errors: 0, timeouts: 0, ...extra },
})

describe('day availability against the floor, pooled over interleaved rounds', () => {
  it('averages the rounds’ throughput and takes the percentiles over every response', () => {
    const row = pooled('app', [load(1000, [1, 2, 3, 4]), load(800, [5, 6, 7, 100], { '5xx': 1 })])
    expect(row.result.requests.average).toBe(900)
    expect(row.result.requests.total).toBe(8)
    expect(row.p95).toBe(100)
    expect(row.result.latency.p50).toBe(4)
    expect(row.result['5xx']).toBe(1)
    expect(row.cpuMsPerRequest).toBeNull() // no CPU figure for the runs
    const withCpu = pooled('app', [
      { ...load(1000, [1, 2, 3, 4]), cpu: 0.004 },
      { ...load(800, [5, 6, 7, 8]), cpu: 0.002 },
    ])
    expect(withCpu.cpuMsPerRequest).toBe(0.75) // 6 ms of CPU for 8 responses
    expect(row.rounds).toEqual([
      { reqPerSec: 1000, p95: null },
      { reqPerSec: 800, p95: null },
    ])
  })
})

describe('the API budgets', () => {
  const day = { share: 91.2, app: { p95: 18.4 } }
  const rows = (over: Record<string, unknown> = {}) =>
    apiBudgetRows({
      day,
      month: { p95: 31 },
      confirmOne: { p95: 12 },
      confirmRace: { p95: 58 },
      raceNote: 'the job process sending mail',
      phases: { ratioPercent: 86, budgetPercent: 80 },
      clients: { p95One: 18.3 },
      all: [load(1, [1]), load(1, [1])],
      ...over,
    })

  it('passes when every figure is within its budget', () => {
    const printed: string[] = []
    expect(checkBudgets(rows(), { print: (l) => printed.push(l), printMiss: (l) => printed.push(l) })).toBe(0)
    expect(printed.at(-1)).toBe('BUDGETS: 8 passed, 0 missed')
    expect(printed[0]).toBe(
      'PASS  Day availability throughput, share of the raw floor (same run, interleaved): 91.2% ≥ 90%',
    )
  })

  it('misses a share below 90 %, a p95 over its limit, an unmeasured figure and any error', () => {
    const missed = rows({
      day: { share: 89.9, app: { p95: 20.1 } },
      confirmRace: { p95: null },
      phases: { ratioPercent: 79.9, budgetPercent: 80 },
      all: [load(1, [1], { errors: 1 })],
    }).map(judge)
    expect(missed.filter((r) => !r.pass).map((r) => r.reason)).toEqual([
      '89.9% < 90%',
      '20.1 ms > 20 ms',
      '79.9% < 80%',
      'not measured (budget ≤ 60 ms)',
      '1 > 0',
    ])
    expect(checkBudgets(missed, { print: () => {}, printMiss: () => {} })).toBe(5)
  })

  it('leaves out what the run did not measure (the confirm-only run has no floor nor month)', () => {
    const names = apiBudgetRows({ confirmOne: { p95: 9 }, confirmRace: { p95: 50 }, all: [] }).map((r) => r.name)
    expect(names).toEqual([
      'Confirm p95, one client',
      'Confirm p95 under contention (1,000 confirms, 20 clients, 40 times)',
      'Errors, timeouts and 5xx, every row',
    ])
  })

  it('writes the table with the figure and the result', () => {
    expect(budgetTable(rows())[2]).toBe(
      '| Day availability throughput, share of the raw floor (same run, interleaved) | 91.2% | ≥ 90% | PASS |',
    )
  })
})

describe('CPU profile packages', () => {
  it('names the package of a frame', () => {
    expect(packageOf('', '(garbage collector)')).toBe('(gc)')
    expect(packageOf('node:internal/streams/writable', 'x')).toBe('node')
    expect(packageOf('file:///w/node_modules/.pnpm/pg@8.16.3/node_modules/pg/lib/result.js', 'parseRow')).toBe('pg')
    expect(
      packageOf('file:///w/node_modules/.pnpm/@payloadcms+next@3/node_modules/@payloadcms/next/dist/x.js', 'f'),
    ).toBe('@payloadcms/next')
    expect(packageOf('file:///w/shared/src/booking/slots.ts', 'slotsOfDay')).toBe('shared')
    expect(packageOf('file:///w/cms/.next/server/chunks/a.js', 'is')).toBe('next-bundle')
  })
})

describe('the A/B bench’s statuses', () => {
  it('counts the answers’ statuses, so that a day run’s list of 200s is not read as server errors', async () => {
    const { countOf } = await import('./benchAb.mjs')
    expect(countOf([200, 200, 409, 503])).toEqual({ 200: 2, 409: 1, 503: 1 })
    expect(countOf([])).toEqual({})
  })
})
