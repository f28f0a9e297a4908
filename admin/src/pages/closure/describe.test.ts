import { describe, expect, it } from 'vitest'
import { describeClosureWhen, formatDayRange } from './describe'

const ROME = 'Europe/Rome'

describe('a closure’s dates as the list writes them', () => {
  it('whole days: one day, a range within a year, a range across two', () => {
    const fullDay = (from: string, to: string) => ({
      closure_type: 'FULL_DAY',
      start_date: `${from}T12:00:00.000Z`,
      end_date: `${to}T12:00:00.000Z`,
    })
    expect(describeClosureWhen(fullDay('2026-12-30', '2026-12-30'), 'it', ROME)).toBe('30 dic 2026')
    expect(describeClosureWhen(fullDay('2026-12-30', '2027-01-02'), 'it', ROME)).toBe('30 dic 2026 – 2 gen 2027')
    expect(describeClosureWhen(fullDay('2026-11-30', '2026-12-02'), 'en', ROME)).toBe('30 Nov – 2 Dec 2026')
    // The day is the stored calendar day, whatever the zone: never the instant's 13:00.
    expect(describeClosureWhen(fullDay('2026-12-30', '2026-12-30'), 'en', 'Pacific/Kiritimati')).toBe('30 Dec 2026')
    expect(formatDayRange('2026-08-10', '', 'it')).toBe('10 ago 2026')
  })

  it('part of a day: the day and the hours on the salon’s clock', () => {
    const partial = {
      closure_type: 'PARTIAL_DAY',
      start_date: '2026-12-30T12:00:00Z',
      end_date: '2026-12-30T18:30:00Z',
    }
    expect(describeClosureWhen(partial, 'it', ROME)).toBe('30 dic 2026, 13:00–19:30')
    expect(describeClosureWhen(partial, 'en', 'UTC')).toBe('30 Dec 2026, 12:00–18:30')
    // Over midnight: both ends written whole.
    expect(
      describeClosureWhen(
        { closure_type: 'PARTIAL_DAY', start_date: '2026-12-30T20:00:00Z', end_date: '2026-12-31T08:00:00Z' },
        'it',
        ROME,
      ),
    ).toBe('30 dic 2026, 21:00 – 31 dic 2026, 09:00')
  })

  it('recurring: the window, the repetition in words and since when', () => {
    const weekly = {
      closure_type: 'RECURRING_WEEKLY',
      start_date: '2027-01-04T12:00:00Z', // a Monday, 13:00 in Rome
      end_date: '2027-01-04T18:30:00Z',
    }
    expect(describeClosureWhen({ ...weekly, recurring_rule: 'FREQ=WEEKLY' }, 'it', ROME)).toBe(
      '13:00–19:30 · Ogni settimana: lunedì · Dal 4 gen 2027',
    )
    expect(
      describeClosureWhen(
        { ...weekly, recurring_rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO;UNTIL=20270630' },
        'en',
        ROME,
      ),
    ).toBe('13:00–19:30 · Every 2 weeks: Monday and Thursday, until 30 Jun 2027 · From 4 Jan 2027')
    expect(
      describeClosureWhen(
        { ...weekly, closure_type: 'RECURRING_MONTHLY', recurring_rule: 'FREQ=MONTHLY;BYMONTHDAY=15,1;COUNT=6' },
        'it',
        ROME,
      ),
    ).toBe('13:00–19:30 · Ogni mese: i giorni 1 e 15, per 6 volte · Dal 4 gen 2027')
    expect(
      describeClosureWhen({ ...weekly, closure_type: 'RECURRING_YEARLY', recurring_rule: 'FREQ=YEARLY' }, 'en', ROME),
    ).toBe('13:00–19:30 · Every year: 4 Jan · From 4 Jan 2027')
    // A rule the builder does not offer is shown as it is, never dropped.
    expect(describeClosureWhen({ ...weekly, recurring_rule: 'FREQ=WEEKLY;BYSETPOS=1' }, 'en', ROME)).toContain(
      'FREQ=WEEKLY;BYSETPOS=1',
    )
  })
})
