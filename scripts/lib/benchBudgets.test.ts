import { describe, expect, it } from 'vitest'
import { budgetExitCode, budgetResults, budgetTable, checkBudgets, judgeBudget } from './benchBudgets.mjs'

const capture = () => {
  const out: string[] = []
  const err: string[] = []
  return { out, err, print: (l: string) => out.push(l), printMiss: (l: string) => err.push(l) }
}

describe('benchmark budgets (issue 28)', () => {
  it('a ceiling passes at and under the limit and misses over it', () => {
    expect(judgeBudget({ name: 'first slot', figure: 1500, max: 1500, unit: 'ms' }).pass).toBe(true)
    expect(judgeBudget({ name: 'first slot', figure: 1499.6, max: 1500, unit: 'ms' }).pass).toBe(true)
    const over = judgeBudget({ name: 'first slot', figure: 1500.4, max: 1500, unit: 'ms' })
    expect(over.pass).toBe(false)
    expect(over.reason).toBe('1500.4 ms > 1500 ms')
    expect(over.limit).toBe('≤ 1500 ms')
  })

  it('a floor passes at and over the limit and misses under it', () => {
    expect(judgeBudget({ name: 'Lighthouse /login', figure: 98, min: 98 }).pass).toBe(true)
    expect(judgeBudget({ name: 'Lighthouse /login', figure: 100, min: 98 }).pass).toBe(true)
    const under = judgeBudget({ name: 'Lighthouse /login', figure: 97, min: 98 })
    expect(under.pass).toBe(false)
    expect(under.reason).toBe('97 < 98')
  })

  it('a figure that was not measured is a miss, never a pass', () => {
    for (const figure of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      const r = judgeBudget({ name: 'first slot', figure, max: 1500, unit: 'ms' })
      expect(r.pass).toBe(false)
      expect(r.reason).toContain('not measured')
    }
  })

  it('refuses a budget with both or neither limit, or without a name', () => {
    expect(() => judgeBudget({ name: 'x', figure: 1, min: 1, max: 2 })).toThrow(/exactly one/)
    expect(() => judgeBudget({ name: 'x', figure: 1 })).toThrow(/exactly one/)
    expect(() => judgeBudget({ name: '', figure: 1, max: 2 })).toThrow(/name/)
  })

  it('checkBudgets prints every budget and the misses, and returns how many were missed', () => {
    const c = capture()
    const missed = checkBudgets(
      [
        { name: 'dashboard /dashboard', figure: 268.1, max: 200, unit: 'KiB' },
        { name: 'Lighthouse /reserve', figure: 99, min: 98 },
        { name: 'first slot', figure: null, max: 1500, unit: 'ms' },
      ],
      c,
    )
    expect(missed).toBe(2)
    expect(c.out).toEqual([
      'MISS  dashboard /dashboard: 268.1 KiB > 200 KiB',
      'PASS  Lighthouse /reserve: 99 ≥ 98',
      'MISS  first slot: not measured (budget ≤ 1500 ms)',
    ])
    expect(c.err[0]).toContain('BUDGETS: 1 passed, 2 missed')
    expect(c.err.slice(1).join('\n')).toMatch(/MISSED dashboard \/dashboard[\s\S]*MISSED first slot/)
  })

  it('all kept: the final line says so on the normal output and 0 is returned', () => {
    const c = capture()
    expect(checkBudgets([{ name: 'a', figure: 1, max: 2 }], c)).toBe(0)
    expect(c.out.at(-1)).toBe('BUDGETS: 1 passed, 0 missed')
    expect(c.err).toEqual([])
  })

  it('the report table and the JSON carry each budget with its result', () => {
    const rows = [
      { name: 'a', figure: 3, max: 2, unit: 'KiB', note: 'gzip' },
      { name: 'b', figure: 99, min: 98 },
    ]
    const table = budgetTable(rows)
    expect(table).toContain('| a (gzip) | 3 KiB | ≤ 2 KiB | **MISS** |')
    expect(table).toContain('| b | 99 | ≥ 98 | PASS |')
    expect(table.at(-1)).toBe('BUDGETS: 1 passed, 1 missed')
    expect(budgetResults(rows)).toEqual([
      { name: 'a', figure: 3, max: 2, unit: 'KiB', note: 'gzip', limit: '≤ 2 KiB', pass: false },
      { name: 'b', figure: 99, min: 98, unit: '', limit: '≥ 98', pass: true },
    ])
  })

  it('exits non-zero on a miss unless BENCH_NO_BUDGETS=1', () => {
    expect(budgetExitCode(0, {})).toBe(0)
    expect(budgetExitCode(2, {})).toBe(1)
    expect(budgetExitCode(2, { BENCH_NO_BUDGETS: '1' })).toBe(0)
    expect(budgetExitCode(2, { BENCH_NO_BUDGETS: '0' })).toBe(1)
  })
})
