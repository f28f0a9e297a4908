import { describe, expect, it } from 'vitest'
import type { LeaveItem, PatternItem, RotaResponse } from '@salon/shared/schemas/rota'
import { setLocale } from '../../i18n/locale'
import {
  cellId,
  closedReason,
  emptyLeave,
  hoursText,
  leaveDraftOf,
  leaveErrorsOf,
  leaveFieldsOf,
  leaveOnDay,
  leaveWhenText,
  mondayOf,
  parseCellId,
  patternBodyOf,
  patternFieldsOf,
  patternInForce,
  rotaRows,
  shiftText,
  splitLeave,
  validateLeave,
  validatePattern,
  weekDays,
  weekOfParam,
  weekRangeText,
  type OpeningDay,
} from './model'

const ROME = 'Europe/Rome'
const WORDS = { chooseOperator: 'Choose the person', chooseDay: 'Choose a day', chooseTime: 'Enter a time' }
const leave = (over: Partial<LeaveItem>): LeaveItem => ({
  id: 1,
  operator: 2,
  kind: 'ANNUAL',
  start: '2026-12-01T23:00:00.000Z',
  end: '2026-12-03T23:00:00.000Z',
  note: null,
  ...over,
})
const MORNING = { opening_time: '09:00', closing_time: '13:00' }
const AFTERNOON = { opening_time: '14:30', closing_time: '19:30' }
const OPENING: OpeningDay[] = [
  { day_of_week: 'MONDAY', is_closed: true, intervals: [] },
  ...(['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const).map((d) => ({
    day_of_week: d,
    is_closed: false,
    intervals: [MORNING, AFTERNOON],
  })),
  { day_of_week: 'SUNDAY', is_closed: true, intervals: [] },
]

describe('weeks', () => {
  it('start on Monday; ?week= of any of its days shows that week, anything else this week', () => {
    expect(mondayOf('2026-12-03')).toBe('2026-11-30')
    expect(mondayOf('2026-11-30')).toBe('2026-11-30')
    expect(mondayOf('2026-12-06')).toBe('2026-11-30')
    expect(weekOfParam('2026-12-05', '2026-01-10')).toBe('2026-11-30')
    expect(weekOfParam('2026-02-30', '2026-12-10')).toBe('2026-12-07')
    expect(weekOfParam(null, '2026-12-10')).toBe('2026-12-07')
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
  })

  it('read as a range in each language', () => {
    expect(weekRangeText('2026-11-30', 'en-GB')).toBe('30 Nov – 6 Dec 2026')
    expect(weekRangeText('2026-11-30', 'it-IT')).toBe('30 nov – 6 dic 2026')
  })
})

describe('cells', () => {
  it('write a shift as its intervals, and hours of a week in words', () => {
    expect(shiftText([MORNING, AFTERNOON])).toBe('09:00–13:00 · 14:30–19:30')
    expect(shiftText([])).toBe('')
    expect(hoursText(0)).toBe('0 h')
    expect(hoursText(45)).toBe('45 min')
    expect(hoursText(480)).toBe('8 h')
    expect(hoursText(36 * 60 + 30)).toBe('36 h 30 min')
  })

  it('know the leave of a local day: whole, or from / until a time, on the salon clock (also across a DST change)', () => {
    const whole = leave({})
    expect(leaveOnDay([whole], 2, '2026-12-02', ROME)).toMatchObject([
      { kind: 'ANNUAL', whole: true, from: null, to: null },
    ])
    expect(leaveOnDay([whole], 2, '2026-12-01', ROME)).toEqual([])
    expect(leaveOnDay([whole], 2, '2026-12-04', ROME)).toEqual([])
    expect(leaveOnDay([whole], 3, '2026-12-02', ROME)).toEqual([])
    const part = leave({ kind: 'PERMIT', start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T11:00:00.000Z' })
    expect(leaveOnDay([part], 2, '2026-12-02', ROME)).toMatchObject([{ whole: false, from: '10:00', to: '12:00' }])
    // 25 October 2026: Rome goes from +02:00 to +01:00; a leave from midnight to midnight is still the whole day.
    const dst = leave({ start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z' })
    expect(leaveOnDay([dst], 2, '2026-10-25', ROME)).toMatchObject([{ whole: true }])
  })

  it('make one row per active operator with its seven cells: shift, leave, exception, closed day', () => {
    const rota: RotaResponse = {
      from: '2026-11-30',
      to: '2026-12-06',
      timezone: ROME,
      closedDays: ['2026-11-30', '2026-12-06'],
      operators: [
        {
          id: 2,
          name: 'Giulia',
          active: true,
          days: weekDays('2026-11-30').map((date, i) => ({
            date,
            source: i === 2 ? 'EXCEPTION' : 'PATTERN',
            shift: i === 0 || i === 6 ? [] : [MORNING],
            intervals: [],
            minutes: i === 0 || i === 6 ? 0 : 240,
          })),
        },
        { id: 9, name: 'Old', active: false, days: [] },
      ],
      leave: [leave({ start: '2026-12-03T23:00:00.000Z', end: '2026-12-04T23:00:00.000Z' })],
      exceptions: [{ id: 5, operator: 2, date: '2026-12-02', intervals: [MORNING], note: 'Corso' }],
    }
    const rows = rotaRows(rota, weekDays('2026-11-30'), ROME)
    expect(rows.map((r) => r.operator.name)).toEqual(['Giulia'])
    expect(rows[0]!.minutes).toBe(5 * 240)
    const cells = rows[0]!.cells
    expect(cells[0]).toMatchObject({ closed: true, editable: false })
    expect(cells[1]).toMatchObject({ closed: false, editable: true, shift: [MORNING], exception: undefined })
    expect(cells[2]!.exception?.note).toBe('Corso')
    expect(cells[4]!.leave).toMatchObject([{ kind: 'ANNUAL', whole: true }])
    expect(cells[3]!.leave).toEqual([])
  })

  it('name a cell for drag and drop and read the name back', () => {
    expect(parseCellId(cellId(2, '2026-12-01'))).toEqual({ operator: 2, date: '2026-12-01' })
    expect(parseCellId('x|2026-12-01')).toBeNull()
    expect(parseCellId('2|2026-02-30')).toBeNull()
    expect(parseCellId(4)).toBeNull()
  })

  it('say why a day is closed: a holiday or closure by name, a closed weekday, else a closure', () => {
    const facts = {
      opening: OPENING,
      holidays: [
        { name: 'Natale', date: '2025-12-25T12:00:00.000Z', recurring_yearly: true, is_active: true },
        { name: 'Spenta', date: '2026-12-08T12:00:00.000Z', recurring_yearly: false, is_active: false },
      ],
      closures: [
        {
          name: 'Inventario',
          closure_type: 'FULL_DAY',
          start_date: '2026-12-09T12:00:00.000Z',
          end_date: '2026-12-10T12:00:00.000Z',
        },
      ],
    }
    expect(closedReason('2026-12-25', facts)).toEqual({ kind: 'HOLIDAY', name: 'Natale' })
    expect(closedReason('2026-12-10', facts)).toEqual({ kind: 'CLOSURE', name: 'Inventario' })
    expect(closedReason('2026-12-07', facts)).toEqual({ kind: 'CLOSED_DAY' })
    expect(closedReason('2026-12-08', facts)).toEqual({ kind: 'CLOSURE', name: null })
    expect(closedReason('2026-12-08', {})).toEqual({ kind: 'CLOSURE', name: null })
  })
})

describe('the leave form', () => {
  it('turns whole days into local midnight to the midnight after the last day', () => {
    const f = { ...emptyLeave('2026-12-01', 2), kind: 'ANNUAL' as const, fromDay: '2026-12-02', toDay: '2026-12-03' }
    expect(leaveDraftOf(f, ROME)).toEqual({
      operator: 2,
      kind: 'ANNUAL',
      start: '2026-12-01T23:00:00.000Z',
      end: '2026-12-03T23:00:00.000Z',
      note: null,
    })
    const { body, errors } = validateLeave(f, ROME, WORDS)
    expect(errors).toEqual({})
    expect(body).toMatchObject({ operator: 2, kind: 'ANNUAL' })
  })

  it('turns part of a day into its two instants; an end before the start is an error on "To"', () => {
    const f = {
      ...emptyLeave('2026-12-02', 2),
      kind: 'PERMIT' as const,
      mode: 'hours' as const,
      from: '10:00',
      to: '12:00',
    }
    expect(leaveDraftOf(f, ROME)).toMatchObject({ start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T11:00:00.000Z' })
    setLocale('en')
    const wrong = validateLeave({ ...f, to: '09:00' }, ROME, WORDS)
    expect(wrong.body).toBeNull()
    expect(wrong.errors).toEqual({ to: 'The end must come after the start' })
  })

  it('asks for the person, the kind and the days', () => {
    setLocale('en')
    const { errors, body } = validateLeave({ ...emptyLeave(''), fromDay: '', toDay: '' }, ROME, WORDS)
    expect(body).toBeNull()
    expect(errors.operator).toBe('Choose the person')
    expect(errors.fromDay).toBe('Choose a day')
    expect(errors.kind).toMatch(/annual leave, time off, sick leave or training/)
  })

  it('reads a saved leave back: whole days, part of a day, times over several days as the days they touch', () => {
    expect(leaveFieldsOf(leave({}), ROME)).toMatchObject({ mode: 'days', fromDay: '2026-12-02', toDay: '2026-12-03' })
    expect(
      leaveFieldsOf(
        leave({ start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T11:30:00.000Z', note: 'Visita' }),
        ROME,
      ),
    ).toMatchObject({ mode: 'hours', day: '2026-12-02', from: '10:00', to: '12:30', note: 'Visita' })
    expect(
      leaveFieldsOf(leave({ start: '2026-12-02T09:00:00.000Z', end: '2026-12-04T11:00:00.000Z' }), ROME),
    ).toMatchObject({ mode: 'days', fromDay: '2026-12-02', toDay: '2026-12-04' })
  })

  it('puts the server’s field errors next to the field they are about', () => {
    expect(leaveErrorsOf({ end: 'The end must come after the start', note: ['a', 'b'] }, 'hours')).toEqual({
      to: 'The end must come after the start',
      note: 'a b',
    })
    expect(leaveErrorsOf({ start: 'x', end: 'y', other: 'z' }, 'days')).toEqual({ fromDay: 'x', toDay: 'y', form: 'z' })
  })

  it('writes a leave in words and lists the upcoming first', () => {
    expect(leaveWhenText(leave({}), 'it-IT', ROME)).toBe('2 dic – 3 dic 2026')
    expect(leaveWhenText(leave({ end: '2026-12-02T23:00:00.000Z' }), 'en-GB', ROME)).toBe('2 Dec 2026')
    expect(
      leaveWhenText(leave({ start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T11:00:00.000Z' }), 'en-GB', ROME),
    ).toBe('2 Dec 2026, 10:00–12:00')
    const a = leave({ id: 1, start: '2026-12-10T00:00:00Z', end: '2026-12-11T00:00:00Z' })
    const b = leave({ id: 2, start: '2026-12-05T00:00:00Z', end: '2026-12-06T00:00:00Z' })
    const c = leave({ id: 3, start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' })
    const d = leave({ id: 4, start: '2026-11-20T00:00:00Z', end: '2026-11-21T00:00:00Z' })
    const { upcoming, past } = splitLeave([a, b, c, d], new Date('2026-12-01T00:00:00Z'))
    expect(upcoming.map((l) => l.id)).toEqual([2, 1])
    expect(past.map((l) => l.id)).toEqual([4, 3])
  })
})

describe('the working-pattern form', () => {
  const pattern: PatternItem = {
    id: 4,
    operator: 2,
    from: '2026-11-02',
    to: null,
    cycleWeeks: 2,
    days: [
      { week: 1, day_of_week: 'TUESDAY', intervals: [MORNING] },
      { week: 2, day_of_week: 'TUESDAY', intervals: [AFTERNOON] },
      { week: 2, day_of_week: 'SATURDAY', intervals: [] },
    ],
  }

  it('starts from the pattern in force, its weeks counted from the new "valid from" (nothing changes by saving it as it is)', () => {
    // 2026-11-09 is in week 2 of a cycle that began on 2026-11-02.
    const f = patternFieldsOf('2026-11-10', { pattern, opening: OPENING })
    expect(f.cycleWeeks).toBe(2)
    expect(f.days).toHaveLength(28)
    expect(f.days[1]).toEqual({ week: 1, day_of_week: 'TUESDAY', off: false, intervals: [AFTERNOON] })
    expect(f.days[8]).toEqual({ week: 2, day_of_week: 'TUESDAY', off: false, intervals: [MORNING] })
    expect(f.days[5]).toMatchObject({ day_of_week: 'SATURDAY', off: true })
    const body = patternBodyOf(f)
    expect(body.days).toHaveLength(14)
    expect(body.days[1]).toEqual({ week: 1, day_of_week: 'TUESDAY', intervals: [AFTERNOON] })
    expect(body.days[0]).toEqual({ week: 1, day_of_week: 'MONDAY', intervals: [] })
  })

  it('starts from the salon’s opening hours when the person has no pattern', () => {
    const f = patternFieldsOf('2026-12-01', { pattern: null, opening: OPENING })
    expect(f.cycleWeeks).toBe(1)
    expect(f.days[0]).toMatchObject({ day_of_week: 'MONDAY', off: true, intervals: [] })
    expect(f.days[1]).toMatchObject({ day_of_week: 'TUESDAY', off: false, intervals: [MORNING, AFTERNOON] })
    // Weeks beyond the cycle start as copies: lengthening the cycle starts from the same week.
    expect(f.days[8]).toEqual({ ...f.days[1], week: 2 })
    expect(patternBodyOf(f).days).toHaveLength(7)
  })

  it('picks the pattern in force: the last one begun by today', () => {
    const later = { ...pattern, id: 5, from: '2027-01-04' }
    const earlier = { ...pattern, id: 3, from: '2026-01-05' }
    expect(patternInForce([earlier, pattern, later], '2026-12-01')?.id).toBe(4)
    expect(patternInForce([later], '2026-12-01')).toBeNull()
  })

  it('is checked by the shared schema, errors at the form’s own paths (a day off sends no hours)', () => {
    setLocale('en')
    const f = patternFieldsOf('2026-12-01', { pattern: null, opening: OPENING })
    f.days[2] = { ...f.days[2]!, intervals: [{ opening_time: '13:00', closing_time: '09:00' }] }
    f.days[3] = { ...f.days[3]!, intervals: [MORNING, { opening_time: '12:00', closing_time: '15:00' }] }
    const errors = validatePattern(f)
    expect(errors['days.2.intervals.0.closing_time']).toBe('Closing must come after opening')
    expect(errors['days.3.intervals.1.opening_time']).toMatch(/^Overlaps 09:00–13:00/)
    f.days[2] = { ...f.days[2]!, off: true }
    f.days[3] = { ...f.days[3]!, off: true }
    expect(validatePattern(f)).toEqual({})
  })
})
