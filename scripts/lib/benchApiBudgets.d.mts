import type { BudgetRow, JudgedBudget } from './benchBudgets.d.mts'

export type { BudgetRow }
export type JudgedRow = JudgedBudget
interface Measured {
  p95: number | null
  result?: unknown
}
export function apiBudgetRows(o: {
  day?: { share: number; app: { p95: number | null } } | null
  month?: Measured | null
  confirmOne?: Measured | null
  confirmRace?: Measured | null
  raceNote?: string
  phases?: { ratioPercent: number; budgetPercent: number } | null
  clients?: { p95One: number | null } | null
  all: { result: { errors: number; timeouts: number; '5xx'?: number } }[]
}): BudgetRow[]
export function judge(row: BudgetRow): JudgedRow
export function checkBudgets(
  rows: BudgetRow[],
  out?: { print?: (line: string) => void; printMiss?: (line: string) => void },
): number
export function budgetTable(rows: BudgetRow[]): string[]
