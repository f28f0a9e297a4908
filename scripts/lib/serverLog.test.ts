import { describe, expect, it } from 'vitest'
import { onUnhandledRejection } from '../../cms/src/platform'
import { unhandledRejections } from './serverLog.mjs'

describe('server log check of the test run', () => {
  it('finds what the server’s handler logs, and nothing in a clean log', () => {
    const lines: string[] = []
    onUnhandledRejection((line) => lines.push(line))(new Error('SMTP down'))
    const log = ['Salon ready on http://localhost:3000', ...lines, 'GET /api/health 200'].join('\n')
    expect(unhandledRejections(log)).toEqual([expect.stringContaining('Error: SMTP down')])
    expect(unhandledRejections('Salon ready on http://localhost:3000\nE-mail to a@b.it failed')).toEqual([])
  })
  it('also finds pg queries queued on a busy client (a transaction’s client under Promise.all)', () => {
    const line =
      '(node:1) DeprecationWarning: Calling client.query() when the client is already executing a query is deprecated'
    expect(unhandledRejections(`Salon ready\n${line}`)).toEqual([line])
  })
})
