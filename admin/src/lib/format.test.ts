import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import {
  EMPTY,
  dateFormat,
  formatCalendarDay,
  formatClock,
  formatBoolean,
  formatDate,
  formatDateTime,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatRelation,
  formatValue,
  humanize,
  inferColumns,
} from './format'

const spaces = (s: string) => s.replace(/\s/g, ' ')

describe('format', () => {
  it('writes euro prices the English way by default and the Italian way in Italian', () => {
    expect(formatMoney(25)).toBe('€25.00')
    expect(formatMoney(1234.5)).toBe('€1,234.50')
    expect(spaces(formatMoney(25, 'it'))).toBe('25,00 €')
    expect(spaces(formatMoney('12.5', 'it'))).toBe('12,50 €')
    expect(formatMoney(null)).toBe(EMPTY)
    expect(formatMoney('abc')).toBe(EMPTY)
  })

  it('writes numbers in the language’s way', () => {
    expect(formatNumber(12345)).toBe('12,345')
    expect(formatNumber(12345, 'it')).toBe('12.345')
  })

  it('writes durations in minutes', () => {
    expect(formatMinutes(45)).toBe('45 min')
    expect(formatMinutes(undefined)).toBe(EMPTY)
  })

  it('writes date-times as yyyy-MM-dd HH:mm:ss (spec §3)', () => {
    expect(formatDateTime(new Date(2026, 4, 1, 9, 30, 5))).toBe('2026-05-01 09:30:05')
    expect(formatDateTime('not a date')).toBe('not a date')
    expect(formatDateTime(null)).toBe(EMPTY)
  })

  it('reads dates as dayjs did (zone-less strings on the browser’s clock, instants through Date)', () => {
    const inputs = [
      '2026-05-01',
      '2026-05-01 09:30:05',
      '2026-05-01T09:30:05.123',
      '2026-12-31T23:30:00.000Z',
      '2026-03-29T01:30:00+02:00',
      '2026-05',
      '20260501',
      new Date(2026, 0, 2, 3, 4, 5),
      'not a date',
      '',
    ]
    for (const value of inputs) {
      const d = dayjs(value)
      expect(formatDateTime(value), String(value)).toBe(d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : String(value))
      expect(formatDate(value), String(value)).toBe(d.isValid() ? d.format('YYYY-MM-DD') : String(value))
    }
    expect(formatDate('2026-05-01')).toBe('2026-05-01')
  })

  it('writes yes/no in the dashboard’s language', () => {
    expect(formatBoolean(true)).toBe('Yes')
    expect(formatBoolean(true, 'it')).toBe('Sì')
    expect(formatBoolean(false)).toBe('No')
    expect(formatBoolean(undefined)).toBe(EMPTY)
  })

  it('shows relations as ids at depth 0 and by name when populated', () => {
    expect(formatRelation(3)).toBe('#3')
    expect(formatRelation({ id: 3, name: 'Marco', surname: 'Verdi' })).toBe('Marco Verdi')
    expect(formatRelation({ id: 4, title: 'Taglio' })).toBe('Taglio')
    expect(formatRelation([1, 2])).toBe('#1, #2')
    expect(formatRelation(null)).toBe(EMPTY)
  })

  it('formatValue dispatches on the column kind', () => {
    expect(formatValue(1234.5, 'money')).toBe('€1,234.50')
    expect(formatValue(1234, 'number')).toBe('1,234')
    expect(formatValue('', 'text')).toBe(EMPTY)
    expect(formatValue(true)).toBe('Yes')
  })

  it('humanizes field names', () => {
    expect(humanize('phone_number')).toBe('Phone number')
    expect(humanize('createdAt')).toBe('Created at')
    expect(humanize('business-closures')).toBe('Business closures')
  })
})

describe('inferColumns', () => {
  it('picks id and the first scalar fields, skipping bookkeeping and secrets', () => {
    const columns = inferColumns({
      id: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      resetPasswordToken: 'x',
      name: 'Natale',
      tags: ['a'],
      date: '2026-12-25T00:00:00.000Z',
      is_active: true,
      position: 2,
      extra: 'not shown',
    })
    expect(columns).toEqual([
      { field: 'id', label: 'ID', kind: 'number' },
      { field: 'name', label: 'Name', kind: 'text' },
      { field: 'date', label: 'Date', kind: 'datetime' },
      { field: 'is_active', label: 'Is active', kind: 'boolean' },
      { field: 'position', label: 'Position', kind: 'number' },
    ])
  })

  it('shows only the id column before any record is known', () => {
    expect(inferColumns(undefined)).toEqual([{ field: 'id', label: 'ID', kind: 'number' }])
  })
})

describe('dates', () => {
  it('a calendar day is written as it is, whatever the zone', () => {
    expect(formatCalendarDay('2026-03-29', 'it-IT', { weekday: 'long', day: 'numeric', month: 'long' })).toBe(
      'domenica 29 marzo',
    )
    expect(formatCalendarDay('2026-12-31', 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' })).toBe(
      '31/12/2026',
    )
  })

  it('a time of day on the clock asked for; the formatter is made once per language and options', () => {
    expect(formatClock('2026-11-23T23:30:00Z', 'it-IT', 'Europe/Rome')).toBe('00:30')
    expect(formatClock('2026-11-23T23:30:00Z', 'it-IT', 'America/New_York')).toBe('18:30')
    expect(dateFormat('it-IT', { hour: '2-digit' })).toBe(dateFormat('it-IT', { hour: '2-digit' }))
    expect(dateFormat('it-IT', { hour: '2-digit' })).not.toBe(dateFormat('en-GB', { hour: '2-digit' }))
  })
})
