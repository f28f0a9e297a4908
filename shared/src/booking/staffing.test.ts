import { describe, expect, it } from 'vitest'
import { performs, planStaffing, servicesPerformedBy } from './staffing'

const ALL = [1, 2, 3]

describe('who performs a service', () => {
  it('a listed operator, or anyone when the list is empty', () => {
    expect(performs({ id: 10, operators: [1, 2] }, 1)).toBe(true)
    expect(performs({ id: 10, operators: [1, 2] }, 3)).toBe(false)
    expect(performs({ id: 11, operators: [] }, 3)).toBe(true)
    expect(
      servicesPerformedBy(
        [
          { id: 10, operators: [2] },
          { id: 11, operators: [] },
          { id: 12, operators: [1] },
        ],
        1,
      ),
    ).toEqual([11, 12])
  })
})

describe('planStaffing: operator 1 performs exactly the wanted services', () => {
  it('adds them to a listed service they did not perform', () => {
    expect(planStaffing([{ id: 10, operators: [2] }], ALL, 1, [10])).toEqual({
      ok: true,
      changes: [{ id: 10, operators: [2, 1] }],
    })
  })

  it('takes them off a listed service, the others staying', () => {
    expect(planStaffing([{ id: 10, operators: [1, 2] }], ALL, 1, [])).toEqual({
      ok: true,
      changes: [{ id: 10, operators: [2] }],
    })
  })

  it('taking them off an "everyone" service lists everybody else (the others keep it)', () => {
    expect(planStaffing([{ id: 11, operators: [] }], ALL, 1, [])).toEqual({
      ok: true,
      changes: [{ id: 11, operators: [2, 3] }],
    })
  })

  it('keeping an "everyone" service changes nothing (new hires still get it)', () => {
    expect(planStaffing([{ id: 11, operators: [] }], ALL, 1, [11])).toEqual({ ok: true, changes: [] })
  })

  it('never leaves a service with nobody: refused, nothing changed', () => {
    const plan = planStaffing(
      [
        { id: 10, operators: [1] },
        { id: 12, operators: [2] },
      ],
      ALL,
      1,
      [12],
    )
    expect(plan).toEqual({ ok: false, orphaned: [10] })
    expect(planStaffing([{ id: 11, operators: [] }], [1], 1, [])).toEqual({ ok: false, orphaned: [11] })
  })

  it('leaves services it does not touch alone', () => {
    expect(
      planStaffing(
        [
          { id: 10, operators: [2, 3] },
          { id: 11, operators: [] },
          { id: 12, operators: [1] },
        ],
        ALL,
        1,
        [11, 12],
      ),
    ).toEqual({ ok: true, changes: [] })
  })
})
