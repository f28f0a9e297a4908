import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { UNHANDLED_REJECTION_MARK, onUnhandledRejection } from './unhandled'

describe('unhandled rejections', () => {
  it('logs the reason with the marker the test run looks for', () => {
    const log = vi.fn()
    onUnhandledRejection(log)(new Error('SMTP down'))
    onUnhandledRejection(log)('a plain string')
    expect(log).toHaveBeenCalledTimes(2)
    expect(log.mock.calls[0][0]).toMatch(new RegExp(`^${UNHANDLED_REJECTION_MARK}: Error: SMTP down\\n\\s+at `))
    expect(log.mock.calls[1][0]).toBe(`${UNHANDLED_REJECTION_MARK}: a plain string`)
  })

  it('keeps a process with the handler alive and logging after a rejection nobody handled', () => {
    const script = [
      `import { logUnhandledRejections } from ${JSON.stringify(path.join(import.meta.dirname, 'unhandled.ts'))}`,
      'logUnhandledRejections()',
      "Promise.reject(new Error('nobody waited for me'))",
      "setTimeout(() => console.log('still serving'), 50)",
    ].join('\n')
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.join(import.meta.dirname, '..', '..'),
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.stderr).toContain(`${UNHANDLED_REJECTION_MARK}: Error: nobody waited for me`)
    expect(run.stdout).toContain('still serving')
    expect(run.status).toBe(0)
  })
})
