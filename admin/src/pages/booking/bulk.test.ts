import { describe, expect, it } from 'vitest'
import { runInBatches } from './bulk'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('runInBatches', () => {
  it('runs every item, a few at a time, and answers in the items’ order', async () => {
    let running = 0
    let most = 0
    const done: number[] = []
    const outcomes = await runInBatches(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running++
        most = Math.max(most, running)
        await tick()
        await tick()
        running--
        done.push(n)
      },
      3,
    )
    expect(most).toBe(3)
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(outcomes.map((o) => o.item)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(outcomes.every((o) => o.ok)).toBe(true)
  })

  it('a refusal is kept with its reason and status; the others still go through', async () => {
    const outcomes = await runInBatches(['a', 'b', 'c'], async (id) => {
      await tick()
      if (id === 'b') throw Object.assign(new Error('L’orario è già occupato'), { statusCode: 409 })
    })
    expect(outcomes).toEqual([
      { item: 'a', ok: true },
      { item: 'b', ok: false, error: 'L’orario è già occupato', statusCode: 409 },
      { item: 'c', ok: true },
    ])
  })

  it('nothing to do answers nothing', async () => {
    expect(await runInBatches([], async () => {})).toEqual([])
  })
})
