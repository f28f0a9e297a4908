// The e2e stage's counts from e2e/progress-reporter.ts's lines: every test of the run is counted,
// also when the run was cut short (the stage's watchdog killed it, Playwright crashed): what ended
// is counted as it ended, the test that was running and the tests that never ran as failed.

/**
 * @param {string} text the progress file (one JSON object a line; a last line cut in half is ignored)
 * @returns {{ passed: number, failed: number, total: number, complete: boolean,
 *   failures: { title: string, error: string }[] } | null} null when the run never began
 */
export function e2eCounts(text) {
  const lines = []
  for (const line of String(text ?? '').split('\n')) {
    if (!line.trim()) continue
    try {
      lines.push(JSON.parse(line))
    } catch {
      /* the line being written when the process was killed */
    }
  }
  const begin = lines.find((l) => l.type === 'begin')
  if (!begin) return null
  const complete = lines.some((l) => l.type === 'end')
  /** The last word on each test: its latest end (over retries), or its start if it never ended. */
  const tests = new Map()
  for (const l of lines) {
    if (l.type === 'test-begin' && !tests.get(l.id)?.ended) tests.set(l.id, { title: l.title, ended: false })
    if (l.type === 'test-begin' && tests.get(l.id)?.ended) tests.get(l.id).retrying = true
    if (l.type === 'test-end') tests.set(l.id, { title: l.title, ended: true, outcome: l.outcome, error: l.error })
  }
  let passed = 0
  let failed = 0
  const failures = []
  for (const t of tests.values()) {
    if (t.ended && !t.retrying && (t.outcome === 'expected' || t.outcome === 'flaky')) passed++
    else if (t.ended && !t.retrying && t.outcome === 'skipped') continue
    else {
      failed++
      failures.push({
        title: t.title,
        error: t.ended && !t.retrying ? t.error || '(no message)' : 'cut short: the run was stopped while it ran',
      })
    }
  }
  const notRun = Math.max(0, begin.total - tests.size)
  if (notRun) {
    failed += notRun
    failures.push({ title: `${notRun} test(s) never ran`, error: 'the run was stopped before them' })
  }
  return { passed, failed, total: begin.total, complete, failures }
}
