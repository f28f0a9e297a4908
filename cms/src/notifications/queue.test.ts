import { describe, expect, it } from 'vitest'
import { mayJudgeOthers } from './queue'

/**
 * The stuck-job sweeper judges its peers only while it has been beating itself: after an outage
 * (or a pause of its own) longer than three beats, every live process looks dead.
 */
describe('mayJudgeOthers', () => {
  const beat = 10_000
  it('judges when its own previous beat reached PostgreSQL less than two beats ago', () => {
    expect(mayJudgeOthers(100_000, 110_000, beat)).toBe(true)
    expect(mayJudgeOthers(100_000, 119_999, beat)).toBe(true)
  })
  it('only beats on its first beat, and on the first beat after an outage or a pause', () => {
    expect(mayJudgeOthers(null, 110_000, beat)).toBe(false)
    expect(mayJudgeOthers(100_000, 120_000, beat)).toBe(false)
    // A 2-minute outage: the beats in between never reached PostgreSQL.
    expect(mayJudgeOthers(100_000, 230_000, beat)).toBe(false)
  })
})
