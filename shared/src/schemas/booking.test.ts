import { describe, expect, it } from 'vitest'
import { agendaQuery, mineQuery, moveBody } from './booking'

const paths = (r: { error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => i.path.join('.'))

describe('moveBody', () => {
  it('takes a start and an optional operator (id or any)', () => {
    expect(moveBody.parse({ date_start: '2026-05-01T09:00:00Z' })).toEqual({ date_start: '2026-05-01T09:00:00Z' })
    expect(moveBody.parse({ date_start: '2026-05-01T09:00:00+02:00', operator: 'any' }).operator).toBe('any')
    expect(moveBody.parse({ date_start: '2026-05-01T09:00:00Z', operator: '3' }).operator).toBe(3)
  })
  it.each([
    [{}, ['date_start']],
    [{ date_start: 'domani' }, ['date_start']],
    [{ date_start: '2026-05-01T09:00:00' }, ['date_start']],
    [{ date_start: '2026-05-01T09:00:00Z', operator: 'nobody' }, ['operator']],
    [{ date_start: '2026-05-01T09:00:00Z', operator: -1 }, ['operator']],
  ])('%j → names %j', (body, expected) => {
    expect(paths(moveBody.safeParse(body))).toEqual(expect.arrayContaining(expected))
  })
  it('is strict: price, end, status or services are refused', () => {
    for (const extra of [
      { total_price: 1 },
      { date_end: '2026-05-01T10:00:00Z' },
      { status: 'CONFIRMED' },
      { services: [1] },
    ])
      expect(moveBody.safeParse({ date_start: '2026-05-01T09:00:00Z', ...extra }).success).toBe(false)
  })
})

describe('mineQuery', () => {
  it('defaults to the first page of 20', () => {
    expect(mineQuery.parse({})).toEqual({ pastPage: 1, pastLimit: 20 })
    expect(mineQuery.parse({ pastPage: '3', pastLimit: '50' })).toEqual({ pastPage: 3, pastLimit: 50 })
  })
  it.each([{ pastPage: '0' }, { pastPage: 'x' }, { pastLimit: '51' }, { pastLimit: '1.5' }, { page: '2' }])(
    '%j is refused',
    (q) => expect(mineQuery.safeParse(q).success).toBe(false),
  )
})

describe('agendaQuery', () => {
  it('one day by default; up to 31 days', () => {
    expect(agendaQuery.parse({ from: '2026-05-01' })).toEqual({ from: '2026-05-01', to: '2026-05-01' })
    expect(agendaQuery.parse({ from: '2026-05-01', to: '2026-05-31', operator: '2' })).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      operator: 2,
    })
  })
  it.each([
    [{ from: '2026-05-01', to: '2026-06-01' }, 'to'],
    [{ from: '2026-05-02', to: '2026-05-01' }, 'to'],
    [{ from: '2026-02-30' }, 'from'],
    [{}, 'from'],
    [{ from: '2026-05-01', to: 'domani' }, 'to'],
    [{ from: '2026-05-01', operator: 'x' }, 'operator'],
  ])('%j names %s', (q, field) => {
    expect(paths(agendaQuery.safeParse(q))).toContain(field)
  })
})
