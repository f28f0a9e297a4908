// Budgets for the benchmarks (issue 28): every bench script hands its measured figures with their
// budget to `checkBudgets(rows)`, which prints each one with PASS/MISS, a final
// `BUDGETS: N passed, M missed` line and the misses, and returns how many were missed; the script
// then exits with `budgetExitCode(missed)` so a regression fails the run.
//
// A row: { name, figure, max } (the figure must be ≤ max) or { name, figure, min } (≥ min), with an
// optional `unit` ('ms', 'KiB', '%', …) and `note` (how it was measured). A figure that was not
// measured (null, undefined, NaN) is a MISS: a budget nobody measured has not been kept.
// Node built-ins only.

const measured = (x) => typeof x === 'number' && Number.isFinite(x)

/** The same row with `pass` (boolean), `reason` (one line) and `limit` ('≤ 1500 ms'). */
export function judgeBudget(row) {
  const { name, figure, min, max, unit = '' } = row
  if (typeof name !== 'string' || !name) throw new Error('a budget needs a name')
  if (measured(min) === measured(max)) throw new Error(`budget "${name}": give exactly one of min and max`)
  const u = unit ? (unit === '%' ? '%' : ` ${unit}`) : ''
  const limit = measured(max) ? `≤ ${max}${u}` : `≥ ${min}${u}`
  if (!measured(figure)) return { ...row, pass: false, limit, reason: `not measured (budget ${limit})` }
  const pass = measured(max) ? figure <= max : figure >= min
  const shown = formatFigure(figure)
  const op = pass ? (measured(max) ? '≤' : '≥') : measured(max) ? '>' : '<'
  return { ...row, pass, limit, reason: `${shown}${u} ${op} ${measured(max) ? max : min}${u}` }
}

/** A figure as printed: integers as they are, others with one decimal. */
export function formatFigure(x) {
  if (!measured(x)) return 'n/a'
  return Number.isInteger(x) ? String(x) : x.toFixed(1)
}

/**
 * Prints every budget with its figure and PASS/MISS, then `BUDGETS: N passed, M missed` and the
 * misses; returns the number missed. `print` defaults to console.log (console.error for misses).
 */
export function checkBudgets(rows, { print = console.log, printMiss = console.error } = {}) {
  const judged = rows.map(judgeBudget)
  for (const r of judged) print(`${r.pass ? 'PASS' : 'MISS'}  ${r.name}: ${r.reason}`)
  const missed = judged.filter((r) => !r.pass)
  const line = `BUDGETS: ${judged.length - missed.length} passed, ${missed.length} missed`
  if (missed.length) {
    printMiss(`\x1b[31m${line}\x1b[0m`)
    for (const r of missed) printMiss(`\x1b[31m  MISSED ${r.name}: ${r.reason}\x1b[0m`)
  } else print(line)
  return missed.length
}

/** The budget table in Markdown (for report.md). */
export function budgetTable(rows) {
  const judged = rows.map(judgeBudget)
  const missed = judged.filter((r) => !r.pass).length
  return [
    '| budget | figure | limit | result |',
    '|---|---|---|---|',
    ...judged.map(
      (r) =>
        `| ${r.name}${r.note ? ` (${r.note})` : ''} | ${formatFigure(r.figure)}${r.unit && measured(r.figure) ? (r.unit === '%' ? '%' : ` ${r.unit}`) : ''} | ${r.limit} | ${r.pass ? 'PASS' : '**MISS**'} |`,
    ),
    '',
    `BUDGETS: ${judged.length - missed} passed, ${missed} missed`,
  ]
}

/** The rows as plain JSON for results.json: each with its pass and limit. */
export const budgetResults = (rows) =>
  rows.map(judgeBudget).map(({ name, figure, min, max, unit, note, pass, limit }) => ({
    name,
    figure: measured(figure) ? figure : null,
    ...(measured(min) ? { min } : { max }),
    unit: unit ?? '',
    ...(note ? { note } : {}),
    limit,
    pass,
  }))

/** 1 when a budget was missed, unless BENCH_NO_BUDGETS=1 (measure without failing). */
export function budgetExitCode(missed, env = process.env) {
  if (env.BENCH_NO_BUDGETS === '1') return 0
  return missed > 0 ? 1 : 0
}
