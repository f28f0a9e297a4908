import { describe, expect, it } from 'vitest'
import { closurePreview, defaultRecurrence, fromRRule, toRRule } from './recurrenceChoice'

describe('toRRule / fromRRule', () => {
  it('writes what the builder offers, and reads it back', () => {
    const weekly = { ...defaultRecurrence('WEEKLY'), interval: 2, byDay: ['TH', 'MO'] as ('MO' | 'TH')[] }
    const text = toRRule({ ...weekly, end: { kind: 'until', date: '2027-06-30' } })
    expect(text).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630')
    expect(fromRRule(text)).toEqual({
      freq: 'WEEKLY',
      interval: 2,
      byDay: ['MO', 'TH'],
      byMonthDay: [],
      end: { kind: 'until', date: '2027-06-30' },
    })
    expect(toRRule({ ...defaultRecurrence('MONTHLY'), byMonthDay: [15, 1], end: { kind: 'count', count: 6 } })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=6',
    )
  })
  it('rules the builder cannot show are left to the text field (null), invalid ones too', () => {
    expect(fromRRule('FREQ=MONTHLY;BYDAY=1MO')).toBeNull()
    expect(fromRRule('FREQ=DAILY')).toBeNull()
    expect(fromRRule('FREQ=WEEKLY;INTERVAL=abc')).toBeNull()
    expect(fromRRule('')).toBeNull()
  })
})

describe('closurePreview', () => {
  it('a weekly closure every Monday and Thursday afternoon: the next ones, in the salon zone', () => {
    const preview = closurePreview(
      {
        closure_type: 'RECURRING_WEEKLY',
        start_date: '2026-11-23T13:00:00.000Z', // Monday 14:00 in Rome
        end_date: '2026-11-23T15:00:00.000Z',
        recurring_rule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      },
      'Europe/Rome',
      '2026-11-23',
      4,
    )
    expect(preview.map((p) => p.day)).toEqual(['2026-11-23', '2026-11-26', '2026-11-30', '2026-12-03'])
    expect(preview[1]).toEqual({
      day: '2026-11-26',
      allDay: false,
      ranges: [{ start: '2026-11-26T13:00:00.000Z', end: '2026-11-26T15:00:00.000Z' }],
    })
  })
  it('a full-day closure lists its days as closed all day; a past one lists nothing', () => {
    const days = closurePreview(
      { closure_type: 'FULL_DAY', start_date: '2026-12-24T12:00:00.000Z', end_date: '2026-12-26T12:00:00.000Z' },
      'Europe/Rome',
      '2026-11-23',
    )
    expect(days.map((d) => [d.day, d.allDay])).toEqual([
      ['2026-12-24', true],
      ['2026-12-25', true],
      ['2026-12-26', true],
    ])
    expect(
      closurePreview(
        { closure_type: 'FULL_DAY', start_date: '2025-01-01T12:00:00.000Z', end_date: '2025-01-01T12:00:00.000Z' },
        'Europe/Rome',
        '2026-11-23',
      ),
    ).toEqual([])
  })
})
