import { describe, expect, it, vi } from 'vitest'
import { REFRESH_RETRY_MS, createRefresher, type RefreshOutcome } from './refresher'
import { REFRESH_MARGIN_MS } from './session'

function setup(outcomes: RefreshOutcome[] = []) {
  let now = 1_000_000_000_000
  let visible = true
  const timers: { at: number; run: () => void; live: boolean }[] = []
  const listeners: (() => void)[] = []
  const call = vi.fn(async () => outcomes.shift() ?? { ok: true as const, exp: Math.floor(now / 1000) + 1800 })
  const onEnded = vi.fn()
  const r = createRefresher({
    call,
    onEnded,
    now: () => now,
    visible: () => visible,
    onVisible: (l) => {
      listeners.push(l)
      return () => listeners.splice(listeners.indexOf(l), 1)
    },
    schedule: (run, ms) => {
      const t = { at: now + ms, run, live: true }
      timers.push(t)
      return () => {
        t.live = false
      }
    },
  })
  r.start()
  const advance = async (ms: number) => {
    now += ms
    for (const t of timers.filter((t) => t.live && t.at <= now)) {
      t.live = false
      t.run()
    }
    await new Promise((res) => setTimeout(res, 0))
  }
  const show = async (v: boolean) => {
    visible = v
    if (v) listeners.forEach((l) => l())
    await new Promise((res) => setTimeout(res, 0))
  }
  return { r, call, onEnded, advance, show, exp: () => Math.floor(now / 1000) + 1800 }
}

describe('createRefresher', () => {
  it('refreshes when close to expiry and visible, then plans the next one', async () => {
    const s = setup()
    s.r.setExp(s.exp())
    await s.advance(1800_000 - REFRESH_MARGIN_MS - 1000)
    expect(s.call).not.toHaveBeenCalled()
    await s.advance(1000)
    expect(s.call).toHaveBeenCalledTimes(1)
    await s.advance(1800_000 - REFRESH_MARGIN_MS)
    expect(s.call).toHaveBeenCalledTimes(2)
  })

  it('waits while hidden and refreshes when the page becomes visible, if due', async () => {
    const s = setup()
    s.r.setExp(s.exp())
    await s.show(false)
    await s.advance(1800_000)
    expect(s.call).not.toHaveBeenCalled()
    await s.show(true)
    expect(s.call).toHaveBeenCalledTimes(1)
  })

  it('a visible page that is not due does not refresh', async () => {
    const s = setup()
    s.r.setExp(s.exp())
    await s.show(true)
    expect(s.call).not.toHaveBeenCalled()
  })

  it('a 401 ends the login state; a passing failure tries again later', async () => {
    const s = setup([
      { ok: false, ended: false },
      { ok: false, ended: true },
    ])
    s.r.setExp(s.exp())
    await s.advance(1800_000)
    expect(s.call).toHaveBeenCalledTimes(1)
    expect(s.onEnded).not.toHaveBeenCalled()
    await s.advance(REFRESH_RETRY_MS)
    expect(s.call).toHaveBeenCalledTimes(2)
    expect(s.onEnded).toHaveBeenCalledTimes(1)
    expect(s.r.exp).toBeNull()
  })

  it('concurrent callers share one refresh', async () => {
    const s = setup()
    const [a, b] = await Promise.all([s.r.refresh(), s.r.refresh()])
    expect(a && b).toBe(true)
    expect(s.call).toHaveBeenCalledTimes(1)
  })
})
