import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { childPids, cpuSeconds, postgresCpuSeconds } from './procCpu.mjs'

describe.runIf(process.platform === 'linux')('CPU seconds from /proc', () => {
  it('reads this process’s CPU, grows with work, and is null for a process that is not there', () => {
    const before = cpuSeconds(process.pid)!
    const until = Date.now() + 150
    let x = 0
    while (Date.now() < until) x += Math.sqrt(x + 1)
    expect(x).toBeGreaterThan(0)
    expect(cpuSeconds(process.pid)!).toBeGreaterThan(before)
    expect(cpuSeconds(2 ** 30)).toBeNull()
  })

  it('finds a child by its parent and counts it with its parent', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'])
    try {
      await new Promise((r) => child.once('spawn', r))
      expect(childPids(process.pid)).toContain(String(child.pid))
      // This process's own CPU read first: it only grows, so the sum read after it is never less.
      const own = cpuSeconds(process.pid)!
      expect(postgresCpuSeconds(process.pid)).toBeGreaterThanOrEqual(own)
    } finally {
      child.kill()
    }
  })
})
