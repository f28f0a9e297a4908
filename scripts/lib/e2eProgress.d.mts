/** Types of e2eProgress.mjs (a plain Node module, read by scripts/test.mjs). */
export declare const e2eCounts: (text: string) => {
  passed: number
  failed: number
  total: number
  complete: boolean
  failures: { title: string; error: string }[]
} | null
