/** Types of benchBudgets.mjs (a plain Node module: the bench scripts run it without a build). */
export interface BudgetRow {
  name: string
  figure: number | null | undefined
  min?: number
  max?: number
  unit?: string
  note?: string
}
export interface JudgedBudget extends BudgetRow {
  pass: boolean
  limit: string
  reason: string
}
export declare function judgeBudget(row: BudgetRow): JudgedBudget
export declare function formatFigure(x: number | null | undefined): string
export declare function checkBudgets(
  rows: BudgetRow[],
  out?: { print?: (line: string) => void; printMiss?: (line: string) => void },
): number
export declare function budgetTable(rows: BudgetRow[]): string[]
export declare function budgetResults(rows: BudgetRow[]): Array<{
  name: string
  figure: number | null
  min?: number
  max?: number
  unit: string
  note?: string
  limit: string
  pass: boolean
}>
export declare function budgetExitCode(missed: number, env?: Record<string, string | undefined>): number
