import fs from 'node:fs'
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * One JSON line per event to SALON_E2E_PROGRESS (scripts/test.mjs sets it): how many tests the run
 * holds, each test as it starts and as it ends. Written at once, line by line, so that a run cut
 * short (the stage's watchdog kills it, a crash) still says what passed, what failed, what was
 * running and what never ran — Playwright's own JSON report is written only at the very end.
 */
export default class ProgressReporter implements Reporter {
  private readonly file = process.env.SALON_E2E_PROGRESS ?? ''

  private write(line: Record<string, unknown>) {
    if (this.file) fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`)
  }

  private static describe(test: TestCase) {
    // [project] file › describe › title, as the list reporter names it.
    const [, project, file, ...titles] = test.titlePath()
    return { id: test.id, title: `${file} › [${project}] ${titles.join(' › ')}` }
  }

  onBegin(_config: FullConfig, suite: Suite) {
    this.write({ type: 'begin', total: suite.allTests().length })
  }

  onTestBegin(test: TestCase, result: TestResult) {
    this.write({ type: 'test-begin', ...ProgressReporter.describe(test), retry: result.retry })
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this.write({
      type: 'test-end',
      ...ProgressReporter.describe(test),
      retry: result.retry,
      status: result.status,
      // expected | unexpected | flaky | skipped, over every try so far.
      outcome: test.outcome(),
      error: result.error?.message ?? '',
    })
  }

  onEnd(result: FullResult) {
    this.write({ type: 'end', status: result.status })
  }

  printsToStdio() {
    return false
  }
}
