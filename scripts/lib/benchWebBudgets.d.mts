/** Types of benchWebBudgets.mjs (a plain Node module run by scripts/bench-web.mjs). */
import type { BudgetRow } from './benchBudgets.mjs'

export interface ManifestChunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
}
export interface LoadedFile {
  path: string
  type: string
  gzip: number
  afterLoad: boolean
}
export interface FirstLoad {
  page: string
  files: LoadedFile[]
  js: { gzip: number }
  css: { gzip: number }
}
export declare const WEB_BUDGETS: {
  firstSlotThrottledMs: number
  lighthousePerformance: number
  reserveJsBeyondVendorKiB: number
  dashboardFirstLoadKiB: number
}
export declare const DASHBOARD_BUDGET_ROUTES: string[]
export declare function sharedVendorChunks(manifest: Record<string, ManifestChunk>): string[]
export declare function jsBeyondVendorKiB(page: FirstLoad, home: FirstLoad, vendorPaths: string[]): number | null
export declare function webBudgetRows(input: {
  home: FirstLoad
  reserve: FirstLoad
  dashboardBytes: FirstLoad[]
  scores: Array<{ page: string; median: { performance: number | null } }>
  slots: Array<{ throttled: boolean; median: number | null }>
  vendorPaths: string[]
  lhRuns: number
  slotRuns: number
}): BudgetRow[]
