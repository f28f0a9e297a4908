// The budgets of `npm run bench` (issues 10 and 28 §4), each judged on a figure measured in this
// run: day availability ≥ 90 % of the raw floor's throughput (same run, interleaved) and p95 ≤ 20 ms
// at 20 connections; month overview p95 ≤ 50 ms (10 connections); with phases and stations ≥ 80 %
// of without (issue 25); client search p95 ≤ 30 ms (issue 24); confirm p95 ≤ 60 ms for one
// client and under contention (20 clients racing, the job process sending mail unless
// BENCH_JOBS says otherwise); no errors, no timeouts, no 5xx.
//
// A row has the shape of scripts/lib/benchBudgets.mjs (issue 28, the web bench): { name, figure,
// max } or { name, figure, min }, with `unit` and `note`; a figure that was not measured is a MISS.
// `checkBudgets`, `budgetTable` and `judge` are that module's.

/**
 * The budget rows from the bench's figures: `day` ({ share, app }) from lib/benchDay.mjs, `month`,
 * `confirmOne`, `confirmRace` rows ({ p95, result }) as scripts/bench.mjs keeps them, `phases` and
 * `clients` the summaries of lib/benchPhases.mjs and lib/benchClients.mjs, `all` every row of the
 * run (for errors). A scenario the run did not include (`node scripts/bench.mjs
 * confirm`) is left out, not missed.
 */
export function apiBudgetRows({ day, month, confirmOne, confirmRace, raceNote, phases, clients, all }) {
  const rows = []
  if (day) {
    rows.push({
      name: 'Day availability throughput, share of the raw floor (same run, interleaved)',
      figure: day.share,
      min: 90,
      unit: '%',
    })
    rows.push({ name: 'Day availability p95, 20 connections', figure: day.app.p95, max: 20, unit: 'ms' })
  }
  if (month) rows.push({ name: 'Month overview p95, 10 connections', figure: month.p95, max: 50, unit: 'ms' })
  // Issue 25: phases and stations on every service cost at most a fifth of the throughput.
  if (phases)
    rows.push({
      name: 'Day availability with phases and stations, share of without (same run)',
      figure: phases.ratioPercent,
      min: phases.budgetPercent,
      unit: '%',
    })
  // Issue 24: one desk typing in the client search, 50,000 cards.
  if (clients) rows.push({ name: 'Client search p95, one connection', figure: clients.p95One, max: 30, unit: 'ms' })
  if (confirmOne) rows.push({ name: 'Confirm p95, one client', figure: confirmOne.p95, max: 60, unit: 'ms' })
  if (confirmRace)
    rows.push({
      name: 'Confirm p95 under contention (1,000 confirms, 20 clients, 40 times)',
      figure: confirmRace.p95,
      max: 60,
      unit: 'ms',
      note: raceNote,
    })
  const failures = all.reduce((n, r) => n + r.result.errors + r.result.timeouts + (r.result['5xx'] ?? 0), 0)
  rows.push({ name: 'Errors, timeouts and 5xx, every row', figure: failures, max: 0 })
  return rows
}

// Judged, printed and tabled by the one budget module every bench shares.
export { budgetTable, checkBudgets, judgeBudget as judge } from './benchBudgets.mjs'
