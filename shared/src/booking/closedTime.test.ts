import { describe, expect, it } from 'vitest'
import { closedTime } from './closedTime'
import { everyDay, iso, ROME } from './test-fixtures'
import type { ClosureRule, OpeningDay } from './types'

const show = (rs: ReturnType<typeof closedTime>) => rs.map((r) => [r.kind, iso(r.start), iso(r.end)])

/** Monday to Saturday 09:00–13:00 and 14:30–19:30, Sunday closed (the demo salon). */
const demoWeek: OpeningDay[] = everyDay(['09:00', '13:00'], ['14:30', '19:30']).map((d) =>
  d.day_of_week === 'SUNDAY' ? { ...d, is_closed: true } : d,
)

describe('closedTime', () => {
  it('an open day: before opening, the lunch break and after closing, in the salon zone', () => {
    // 2026-11-24 is a Tuesday; Rome is UTC+1 in November.
    expect(
      show(closedTime('2026-11-24', '2026-11-24', { opening: demoWeek, closures: [], holidays: [] }, ROME)),
    ).toEqual([
      ['HOURS', '2026-11-23T23:00:00.000Z', '2026-11-24T08:00:00.000Z'],
      ['HOURS', '2026-11-24T12:00:00.000Z', '2026-11-24T13:30:00.000Z'],
      ['HOURS', '2026-11-24T18:30:00.000Z', '2026-11-24T23:00:00.000Z'],
    ])
  })

  it('a weekday the salon never opens is one CLOSED_DAY range, 23 hours on the spring-forward Sunday', () => {
    const out = closedTime('2026-03-29', '2026-03-29', { opening: demoWeek, closures: [], holidays: [] }, ROME)
    expect(out).toHaveLength(1)
    expect(out[0]).toMatchObject({ kind: 'CLOSED_DAY', day: '2026-03-29' })
    expect((out[0]!.end - out[0]!.start) / 3_600_000).toBe(23)
  })

  it('a holiday wins over the hours: the whole day, one HOLIDAY range', () => {
    const holidays = [{ date: '2025-12-08T12:00:00.000Z', recurring_yearly: true, is_active: true }]
    expect(show(closedTime('2026-12-08', '2026-12-08', { opening: demoWeek, closures: [], holidays }, ROME))).toEqual([
      ['HOLIDAY', '2026-12-07T23:00:00.000Z', '2026-12-08T23:00:00.000Z'],
    ])
  })

  it('closures of every type, a weekly RRULE one included, cut the hours and never overlap them', () => {
    const closures: ClosureRule[] = [
      // Every Wednesday 16:00–18:00 local (RRULE read on the local start).
      {
        closure_type: 'RECURRING_WEEKLY',
        start_date: '2026-11-04T15:00:00.000Z',
        end_date: '2026-11-04T17:00:00.000Z',
        recurring_rule: 'FREQ=WEEKLY;BYDAY=WE',
        is_active: true,
      },
      // A full day on Thursday 26.
      {
        closure_type: 'FULL_DAY',
        start_date: '2026-11-26T12:00:00.000Z',
        end_date: '2026-11-26T12:00:00.000Z',
        is_active: true,
      },
      // An inactive one changes nothing.
      {
        closure_type: 'PARTIAL_DAY',
        start_date: '2026-11-25T09:00:00.000Z',
        end_date: '2026-11-25T10:00:00.000Z',
        is_active: false,
      },
    ]
    const out = closedTime('2026-11-25', '2026-11-26', { opening: demoWeek, closures, holidays: [] }, ROME)
    expect(show(out)).toEqual([
      ['HOURS', '2026-11-24T23:00:00.000Z', '2026-11-25T08:00:00.000Z'],
      ['HOURS', '2026-11-25T12:00:00.000Z', '2026-11-25T13:30:00.000Z'],
      ['CLOSURE', '2026-11-25T15:00:00.000Z', '2026-11-25T17:00:00.000Z'],
      ['HOURS', '2026-11-25T18:30:00.000Z', '2026-11-25T23:00:00.000Z'],
      ['CLOSURE', '2026-11-25T23:00:00.000Z', '2026-11-26T23:00:00.000Z'],
    ])
    for (let i = 1; i < out.length; i++) expect(out[i]!.start).toBeGreaterThanOrEqual(out[i - 1]!.end)
  })

  it('every range lies in its own local day', () => {
    const out = closedTime('2026-11-23', '2026-11-29', { opening: demoWeek, closures: [], holidays: [] }, ROME)
    expect(new Set(out.map((r) => r.day))).toEqual(
      new Set(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']),
    )
    expect(out.filter((r) => r.kind === 'CLOSED_DAY').map((r) => r.day)).toEqual(['2026-11-29'])
  })
})
