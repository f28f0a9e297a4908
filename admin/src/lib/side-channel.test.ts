import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// The browser build's stand-in for `side-channel` (vite.config.ts), loaded as qs loads it: require().
const getSideChannel = createRequire(import.meta.url)('./side-channel.cjs') as () => {
  assert: (key: unknown) => void
  delete: (key: unknown) => boolean
  get: (key: unknown) => unknown
  has: (key: unknown) => boolean
  set: (key: unknown, value: unknown) => void
}

describe('side-channel stand-in', () => {
  it('keeps a value per object key, apart for each channel', () => {
    const a = getSideChannel()
    const b = getSideChannel()
    const key = {}
    const fn = () => {}
    expect(a.has(key)).toBe(false)
    expect(a.get(key)).toBeUndefined()
    a.set(key, 1)
    a.set(fn, 2)
    expect(a.get(key)).toBe(1)
    expect(a.get(fn)).toBe(2)
    expect(a.get({})).toBeUndefined()
    expect(b.has(key)).toBe(false)
    expect(a.delete(key)).toBe(true)
    expect(a.has(key)).toBe(false)
    expect(a.delete(key)).toBe(false)
  })

  it('takes primitive keys too, and assert throws for a key it does not hold', () => {
    const c = getSideChannel()
    c.set('sentinel', 'x')
    c.set(null, 'n')
    expect(c.get('sentinel')).toBe('x')
    expect(c.get(null)).toBe('n')
    expect(() => c.assert('sentinel')).not.toThrow()
    expect(() => c.assert('other')).toThrow(TypeError)
  })

  it('the nested channels qs builds for cycle detection', () => {
    const sentinel = {}
    const outer = getSideChannel()
    const obj = { a: 1 }
    outer.set(obj, 0)
    const inner = getSideChannel()
    inner.set(sentinel, outer)
    expect((inner.get(sentinel) as ReturnType<typeof getSideChannel>).get(obj)).toBe(0)
  })
})
