import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultRecurrence } from '@salon/shared'
import { toClosure, toValues, type Values } from './form'

/**
 * The closure form reads and writes the salon's wall clock (the config's zone), whatever zone the
 * browser is on: an owner whose laptop says London who closes 24 December 14:00–19:00 closes the
 * salon's 14:00–19:00 (13:00Z–18:00Z in winter), not 15:00–20:00.
 */
const ROME = 'Europe/Rome'
const base: Values = {
  name: 'Vigilia',
  description: '',
  closure_type: 'PARTIAL_DAY',
  fromDay: '',
  toDay: '',
  startLocal: '2026-12-24T14:00',
  endLocal: '2026-12-24T19:00',
  fromTime: '09:00',
  toTime: '13:00',
  recurrence: defaultRecurrence('WEEKLY'),
  is_active: true,
}

describe('the closure form on a browser in another zone', () => {
  // The browser's zone: Node re-reads TZ when it changes.
  beforeEach(() => void vi.stubEnv('TZ', 'Europe/London'))
  afterEach(() => void vi.unstubAllEnvs())

  it('part of a day: the salon’s hours become the stored instants', () => {
    expect(new Date(2026, 11, 24, 14).toISOString()).toBe('2026-12-24T14:00:00.000Z') // the browser is on London
    const c = toClosure(base, ROME)
    expect([c.start_date, c.end_date]).toEqual(['2026-12-24T13:00:00.000Z', '2026-12-24T18:00:00.000Z'])
    // …and read back as the same salon hours.
    const v = toValues(c, ROME)
    expect([v.startLocal, v.endLocal]).toEqual(['2026-12-24T14:00', '2026-12-24T19:00'])
  })

  it('a recurring closure: its hours on its first day, in summer time too', () => {
    const c = toClosure(
      { ...base, closure_type: 'RECURRING_WEEKLY', fromDay: '2027-07-06', fromTime: '14:00', toTime: '16:00' },
      ROME,
    )
    expect([c.start_date, c.end_date]).toEqual(['2027-07-06T12:00:00.000Z', '2027-07-06T14:00:00.000Z'])
    const v = toValues(c, ROME)
    expect([v.fromDay, v.fromTime, v.toTime]).toEqual(['2027-07-06', '14:00', '16:00'])
  })
})
