import { describe, expect, it } from 'vitest'
import {
  agendaQuery,
  agendaResponse,
  editBody,
  mineQuery,
  moveBody,
  operatorBlockBody,
  operatorBlockPatch,
} from './booking'

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

describe('operator blocks', () => {
  const body = { operator: 3, date_start: '2026-12-15T13:00:00.000Z', date_end: '2026-12-15T17:00:00.000Z' }
  const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => [
    ...new Set(r.error?.issues.map((i) => i.path.join('.')) ?? []),
  ]
  it('a start, a later end within 31 days, an optional short reason', () => {
    expect(operatorBlockBody.parse({ ...body, reason: ' Corso ' })).toEqual({ ...body, reason: 'Corso' })
    expect(operatorBlockBody.parse(body)).toEqual(body)
    expect(paths(operatorBlockBody.safeParse({ ...body, date_end: body.date_start }))).toEqual(['date_end'])
    expect(paths(operatorBlockBody.safeParse({ ...body, date_end: '2027-01-20T00:00:00.000Z' }))).toEqual(['date_end'])
    expect(paths(operatorBlockBody.safeParse({ ...body, reason: 'x'.repeat(121) }))).toEqual(['reason'])
    // A broken start is said once, on its own field (no "end before start" on top).
    expect(paths(operatorBlockBody.safeParse({ ...body, date_start: 'domani' }))).toEqual(['date_start'])
    expect(paths(operatorBlockBody.safeParse({ ...body, operator: 0 }))).toEqual(['operator'])
  })
  it('a patch changes at least one thing; "" clears the reason', () => {
    expect(paths(operatorBlockPatch.safeParse({}))).toEqual(['body'])
    expect(operatorBlockPatch.parse({ reason: '' })).toEqual({ reason: '' })
    expect(operatorBlockPatch.parse({ date_end: body.date_end })).toEqual({ date_end: body.date_end })
  })
})

describe('editBody duration (a resize)', () => {
  it('whole minutes from 5 to 12 hours', () => {
    expect(editBody.parse({ duration: 75 })).toEqual({ duration: 75 })
    for (const bad of [4, 2.5, 721, '60'])
      expect(editBody.safeParse({ duration: bad }).error?.issues[0]?.path).toEqual(['duration'])
  })
})

describe('agendaResponse offShift (issue 23)', () => {
  const base = {
    from: '2026-12-15',
    to: '2026-12-15',
    timezone: 'Europe/Rome',
    reservations: [],
    blocks: [],
    closed: [],
  }
  it('an answer without offShift (a server before the rota) still parses, meaning none', () => {
    expect(agendaResponse.parse(base).offShift).toBeUndefined()
  })
  it('takes off-shift and leave ranges per operator; a leave names its kind', () => {
    const offShift = [
      {
        operator: 2,
        start: '2026-12-15T12:00:00.000Z',
        end: '2026-12-15T18:30:00.000Z',
        kind: 'OFF_SHIFT',
        day: '2026-12-15',
      },
      {
        operator: 3,
        start: '2026-12-15T08:00:00.000Z',
        end: '2026-12-15T12:00:00.000Z',
        kind: 'LEAVE',
        leaveKind: 'SICK',
        day: '2026-12-15',
      },
    ]
    expect(agendaResponse.parse({ ...base, offShift }).offShift).toEqual(offShift)
  })
  it('refuses an unknown kind or leave kind', () => {
    const item = { operator: 2, start: '2026-12-15T12:00:00.000Z', end: '2026-12-15T13:00:00.000Z', day: '2026-12-15' }
    expect(agendaResponse.safeParse({ ...base, offShift: [{ ...item, kind: 'AWAY' }] }).success).toBe(false)
    expect(
      agendaResponse.safeParse({ ...base, offShift: [{ ...item, kind: 'LEAVE', leaveKind: 'HOLIDAY' }] }).success,
    ).toBe(false)
  })
})
