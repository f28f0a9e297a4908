import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { forgetZoneOffsets, learnZoneOffsets, zoneOffsetsBetween } from './booking/zone'
import { formatDateTime, formatDay, formatMonth, formatPrice, formatTime } from './format'

/*
 * The formatters write what Intl's it-IT writes, without calling it (a page's first Intl call
 * costs a phone 60–200 ms while it hydrates). Intl here is the reference they are held to.
 */
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })
const intlDay = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
const intlMonth = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const memo = <T>(make: (zone: string) => T) => {
  const made = new Map<string, T>()
  return (zone: string) => made.get(zone) ?? made.set(zone, make(zone)).get(zone)!
}
const intlTime = memo(
  (zone) => new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }),
)
const intlDayIn = memo(
  (zone) => new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }),
)

describe('formatPrice writes what Intl writes', () => {
  it('on the prices a salon has, the edges of grouping and rounding, and signs', () => {
    const values = [
      0,
      -0,
      1,
      25,
      25.5,
      999.99,
      1000,
      1234.5,
      9999.995,
      12345,
      123456.789,
      1e6,
      99_999_999.99,
      -3,
      -1234.5,
      0.005,
      0.015,
      0.025,
      1.005,
      2.675,
      -0.001,
      -0.005,
      1e-7,
      0.1 + 0.2,
      1.1 * 3,
      8.345,
      10.125,
      Number.MIN_VALUE,
      1e13,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]
    expect(values.map(formatPrice)).toEqual(values.map((v) => euro.format(v)))
  })

  it('on any cents, any 3–4 decimals and any double', () => {
    const cents = fc.sample(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), { numRuns: 3000, seed: 1 })
    const decimals = fc.sample(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 9999 })), {
      numRuns: 3000,
      seed: 2,
    })
    const doubles = fc.sample(fc.double({ min: -1e14, max: 1e14, noNaN: true }), { numRuns: 3000, seed: 3 })
    const values = [...cents.map((c) => c / 100), ...decimals.map(([i, d]) => i + d / 10_000), ...doubles]
    expect(values.map(formatPrice)).toEqual(values.map((v) => euro.format(v)))
  })
})

describe('days and months by table write what Intl writes', () => {
  it('every day of 2020–2032 and every month', () => {
    const days: string[] = []
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2033, 0, 1); t += 86_400_000) {
      days.push(new Date(t).toISOString().slice(0, 10))
    }
    expect(days.map(formatDay)).toEqual(days.map((d) => intlDay.format(new Date(`${d}T12:00:00Z`))))
    const months = [...new Set(days.map((d) => d.slice(0, 7)))]
    expect(months.map(formatMonth)).toEqual(months.map((m) => intlMonth.format(new Date(`${m}-01T12:00:00Z`))))
    expect(formatDay('2026-12-15')).toBe('martedì 15 dicembre')
    expect(formatMonth('2026-12')).toBe('dicembre 2026')
  })

  it('refuses what is not a date, as Intl does', () => {
    expect(() => formatDay('domani')).toThrow(RangeError)
    expect(() => formatTime('not a date', 'Europe/Rome')).toThrow(RangeError)
    expect(() => formatTime('2026-12-15T10:00:00Z', 'Mars/Olympus')).toThrow(RangeError)
  })
})

describe('times in the salon zone write what Intl writes', () => {
  const ZONES = ['Europe/Rome', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']
  const instants = [
    ...fc.sample(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }), { numRuns: 1500, seed: 4 }),
    // Around Rome's changes of 2026: the hour that repeats and the one that is skipped.
    ...[Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)].flatMap((at) =>
      Array.from({ length: 13 }, (_, i) => at + (i - 6) * 15 * 60_000 + (i % 2 ? -1 : 0)),
    ),
  ]
  const expected = (zone: string, t: number) => `${intlDayIn(zone).format(t)}, ${intlTime(zone).format(t)}`

  it('with Intl for the offsets, and with a learned table', () => {
    for (const learned of [false, true]) {
      try {
        if (learned) {
          for (const zone of ZONES)
            learnZoneOffsets(zoneOffsetsBetween(zone, Date.UTC(2025, 0, 1), Date.UTC(2028, 0, 2)))
        }
        for (const zone of ZONES) {
          expect(instants.map((t) => formatTime(new Date(t), zone))).toEqual(
            instants.map((t) => intlTime(zone).format(t)),
          )
          expect(instants.map((t) => formatDateTime(new Date(t).toISOString(), zone))).toEqual(
            instants.map((t) => expected(zone, t)),
          )
        }
      } finally {
        forgetZoneOffsets()
      }
    }
    expect(formatDateTime('2026-11-24T09:30:00Z', 'Europe/Rome')).toBe('martedì 24 novembre, 10:30')
  })
})
