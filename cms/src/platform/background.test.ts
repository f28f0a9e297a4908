import { describe, expect, it, vi } from 'vitest'
import { inBackground } from './background'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('inBackground', () => {
  it('logs a failure instead of leaving an unhandled rejection', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    const logger = { error: vi.fn() }
    inBackground({ logger } as never, 'Mail to a@b.it', () => Promise.reject(new Error('SMTP down')))
    inBackground({ logger } as never, 'Notice', () => {
      throw new Error('thrown before any await')
    })
    await flush()
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
    expect(logger.error).toHaveBeenCalledTimes(2)
    const logged = logger.error.mock.calls.map(([entry]) => `${entry.msg}: ${entry.err.message}`).sort()
    expect(logged).toEqual(['Mail to a@b.it failed: SMTP down', 'Notice failed: thrown before any await'])
  })

  it('runs the work without making the caller wait, and logs nothing when it succeeds', async () => {
    const logger = { error: vi.fn() }
    let done = false
    inBackground({ logger } as never, 'Mail', async () => {
      done = true
    })
    expect(done).toBe(false)
    await flush()
    expect(done).toBe(true)
    expect(logger.error).not.toHaveBeenCalled()
  })
})
