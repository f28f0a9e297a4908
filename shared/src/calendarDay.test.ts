import { describe, expect, it } from 'vitest'
import { isCalendarDay, isHhmm } from './calendarDay'
import { daySchema } from './schemas/booking'
import { hhmm } from './schemas/index'

describe('calendarDay: the rules without zod agree with the schemas built on them', () => {
  it.each(['2026-12-15', '2028-02-29', '2027-02-29', '2026-13-01', '1999-12-31', '3000-01-01', '2026-1-5', '', 'x'])(
    'day %s',
    (v) => {
      expect(isCalendarDay(v)).toBe(daySchema.safeParse(v).success)
    },
  )
  it('the days themselves', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2027-02-29')).toBe(false)
    expect(isCalendarDay(null)).toBe(false)
  })
  it.each(['09:30', '23:59', '24:00', '24:01', '9:30', '12:60', ''])('time %s', (v) => {
    expect(isHhmm(v)).toBe(hhmm.safeParse(v).success)
  })
})
