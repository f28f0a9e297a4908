import { describe, expect, it } from 'vitest'
import { moveBody, statusBody } from './booking'
import { seriesBody } from './series'

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.'))

describe('seriesBody', () => {
  const ok = { services: [3], date_start: '2027-04-13T08:00:00Z', every_weeks: 4, count: 6 }
  it('takes count or until, the operator defaulting to any', () => {
    expect(seriesBody.parse(ok)).toMatchObject({ operator: 'any', count: 6 })
    expect(seriesBody.parse({ ...ok, count: undefined, until: '2027-09-30' }).until).toBe('2027-09-30')
  })
  it.each([
    [{ ...ok, until: '2027-09-30' }, 'count'],
    [{ ...ok, count: undefined }, 'count'],
    [{ ...ok, every_weeks: 0 }, 'every_weeks'],
    [{ ...ok, every_weeks: 13 }, 'every_weeks'],
    [{ ...ok, count: 27 }, 'count'],
    [{ ...ok, count: 1 }, 'count'],
    [{ ...ok, replace: [{ index: 1, date_start: 'tomorrow' }] }, 'replace.0.date_start'],
  ])('refuses %j naming %s', (body, path) => {
    expect(paths(seriesBody.safeParse(body))).toEqual([path])
  })
})

describe('scope of a status change or a move', () => {
  it("is 'one' or 'following', optional", () => {
    expect(statusBody.parse({ status: 'CANCELLED', scope: 'following' }).scope).toBe('following')
    expect(statusBody.parse({ status: 'CANCELLED' }).scope).toBeUndefined()
    expect(moveBody.parse({ date_start: '2027-04-13T08:00:00Z', scope: 'one' }).scope).toBe('one')
    expect(paths(statusBody.safeParse({ status: 'CANCELLED', scope: 'all' }))).toEqual(['scope'])
  })
})
