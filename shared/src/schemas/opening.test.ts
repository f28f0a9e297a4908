import { describe, expect, it } from 'vitest'
import { DAYS_OF_WEEK } from '../enums/index'
import { openingWeekBody, overlapMessage, overlappingInterval } from './opening'

const week = (over: Record<string, unknown> = {}) => ({
  days: DAYS_OF_WEEK.map((d) => ({
    day_of_week: d,
    is_closed: d === 'SUNDAY',
    intervals: d === 'SUNDAY' ? [] : [{ opening_time: '09:00', closing_time: '13:00' }],
    ...(over[d] as object),
  })),
})
const paths = (input: unknown) => openingWeekBody.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? []

describe('openingWeekBody', () => {
  it('accepts a week with split days and a closed Sunday', () => {
    const ok = week({
      TUESDAY: {
        intervals: [
          { opening_time: '09:00', closing_time: '13:00' },
          { opening_time: '14:00', closing_time: '24:00' },
        ],
      },
    })
    expect(openingWeekBody.safeParse(ok).success).toBe(true)
  })
  it('a closing time not after the opening names that closing time', () => {
    expect(paths(week({ MONDAY: { intervals: [{ opening_time: '13:00', closing_time: '13:00' }] } }))).toEqual([
      'days.0.intervals.0.closing_time',
    ])
  })
  it('overlapping intervals name the later one; touching ones are fine', () => {
    const overlap = [
      { opening_time: '09:00', closing_time: '13:00' },
      { opening_time: '12:30', closing_time: '18:00' },
    ]
    expect(paths(week({ WEDNESDAY: { intervals: overlap } }))).toEqual(['days.2.intervals.1.opening_time'])
    const touching = [
      { opening_time: '09:00', closing_time: '13:00' },
      { opening_time: '13:00', closing_time: '18:00' },
    ]
    expect(paths(week({ WEDNESDAY: { intervals: touching } }))).toEqual([])
  })
  it('an open day needs an interval; bad times and a short week are refused', () => {
    expect(paths(week({ FRIDAY: { intervals: [] } }))).toEqual(['days.4.intervals'])
    expect(paths(week({ FRIDAY: { intervals: [{ opening_time: '9', closing_time: '25:00' }] } }))).toEqual([
      'days.4.intervals.0.opening_time',
      'days.4.intervals.0.closing_time',
    ])
    expect(paths({ days: week().days.slice(1) })).toEqual(['days'])
  })
})

describe('overlappingInterval (the week endpoint and single REST writes)', () => {
  const morning = { opening_time: '09:00', closing_time: '13:00' }
  const afternoon = { opening_time: '14:30', closing_time: '19:30' }
  it('finds the interval of the same day that shares a minute', () => {
    expect(overlappingInterval({ opening_time: '10:00', closing_time: '11:00' }, [morning, afternoon])).toBe(morning)
    expect(overlappingInterval({ opening_time: '12:59', closing_time: '14:31' }, [morning, afternoon])).toBe(morning)
    expect(overlappingInterval({ opening_time: '08:00', closing_time: '20:00' }, [afternoon])).toBe(afternoon)
    expect(overlapMessage(morning)).toBe('Si sovrappone a 09:00–13:00')
  })
  it('touching is not overlapping; times that are not HH:mm never overlap (they have their own error)', () => {
    expect(overlappingInterval({ opening_time: '13:00', closing_time: '14:30' }, [morning, afternoon])).toBeUndefined()
    expect(overlappingInterval({ opening_time: '9:00', closing_time: '11:00' }, [morning])).toBeUndefined()
    expect(
      overlappingInterval({ opening_time: '10:00', closing_time: '11:00' }, [{ opening_time: 'x', closing_time: 'y' }]),
    ).toBeUndefined()
    expect(overlappingInterval({ opening_time: '10:00', closing_time: '11:00' }, [])).toBeUndefined()
  })
})
