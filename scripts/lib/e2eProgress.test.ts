import { describe, expect, it } from 'vitest'
import { e2eCounts } from './e2eProgress.mjs'

const lines = (...objects: object[]) => objects.map((o) => JSON.stringify(o)).join('\n')
const begin = (id: string) => ({ type: 'test-begin', id, title: `a.spec.ts › ${id}`, retry: 0 })
const end = (id: string, outcome: string, error = '') => ({
  type: 'test-end',
  id,
  title: `a.spec.ts › ${id}`,
  retry: 0,
  status: outcome === 'expected' ? 'passed' : 'failed',
  outcome,
  error,
})

describe('e2e counts of the test run', () => {
  it('counts every test of a finished run', () => {
    const r = e2eCounts(
      lines(
        { type: 'begin', total: 3 },
        begin('a'),
        end('a', 'expected'),
        begin('b'),
        end('b', 'unexpected', 'Timeout 30000ms exceeded'),
        begin('c'),
        end('c', 'skipped'),
        { type: 'end', status: 'failed' },
      ),
    )
    expect(r).toEqual({
      passed: 1,
      failed: 1,
      total: 3,
      complete: true,
      failures: [{ title: 'a.spec.ts › b', error: 'Timeout 30000ms exceeded' }],
    })
  })

  it('a run killed in the middle: what ended as it ended, the running test and the rest as failed', () => {
    const text =
      lines(
        { type: 'begin', total: 40 },
        begin('a'),
        end('a', 'expected'),
        begin('b'),
        end('b', 'expected'),
        begin('c'),
      ) + '\n{"type":"test-end","id":"c","ti' // the line being written when the process died
    const r = e2eCounts(text)!
    expect(r.passed).toBe(2)
    expect(r.failed).toBe(38) // c, cut short, and the 37 that never ran
    expect(r.complete).toBe(false)
    expect(r.failures).toEqual([
      { title: 'a.spec.ts › c', error: 'cut short: the run was stopped while it ran' },
      { title: '37 test(s) never ran', error: 'the run was stopped before them' },
    ])
  })

  it('a test retried and still running when killed is not counted as passed', () => {
    const r = e2eCounts(lines({ type: 'begin', total: 1 }, begin('a'), end('a', 'unexpected', 'x'), begin('a')))!
    expect(r).toMatchObject({ passed: 0, failed: 1 })
  })

  it('a run that never began says so (null)', () => {
    expect(e2eCounts('')).toBeNull()
  })
})
