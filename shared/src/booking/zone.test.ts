import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { localDayOf, localInstant, startOfLocalDay } from './periods'
import {
  calendarDayOf,
  forgetZoneOffsets,
  instantToWallClock,
  learnZoneOffsets,
  parseInstant,
  wallClockToInstant,
  zoneOffsetMs,
  zoneOffsetsBetween,
} from './zone'

const H = 3_600_000
const wall = (s: string) => Date.parse(`${s}Z`)

describe('zone arithmetic (independent of the process time zone)', () => {
  it('reads offsets of Rome in winter and summer, and of UTC', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Rome')).toBe(H)
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Rome')).toBe(2 * H)
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'UTC')).toBe(0)
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * H)
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kathmandu')).toBe(5.75 * H)
  })

  it('remembered offsets stay exact: per zone, per second, on both sides of a change', () => {
    // 2026-03-29 in Rome: +1 h until 00:59:59.999Z, +2 h from 01:00:00.000Z. Asked twice each, in
    // an order that would expose a cache keyed too coarsely (or shared between zones).
    const jump = Date.parse('2026-03-29T01:00:00Z')
    for (let round = 0; round < 2; round++) {
      expect(zoneOffsetMs(jump - 1, 'Europe/Rome')).toBe(H)
      expect(zoneOffsetMs(jump, 'Europe/Rome')).toBe(2 * H)
      expect(zoneOffsetMs(jump + 999, 'Europe/Rome')).toBe(2 * H)
      expect(zoneOffsetMs(jump, 'America/New_York')).toBe(-4 * H)
      expect(zoneOffsetMs(jump - 1, 'Europe/London')).toBe(0)
    }
    // Well past the per-zone bound: still right afterwards.
    for (let s = 0; s < 25_000; s++) zoneOffsetMs(jump + s * 1000, 'Europe/Rome')
    expect(zoneOffsetMs(jump - 1000, 'Europe/Rome')).toBe(H)
    expect(zoneOffsetMs(Date.parse('2026-10-25T01:00:00Z'), 'Europe/Rome')).toBe(H)
    expect(zoneOffsetMs(Date.parse('2026-10-25T00:59:59Z'), 'Europe/Rome')).toBe(2 * H)
  })

  it('a skipped local time (spring) resolves to the moment the clocks jump', () => {
    // 2026-03-29 in Rome: 02:00 → 03:00 at 01:00Z.
    expect(wallClockToInstant(wall('2026-03-29T02:00:00'), 'Europe/Rome')).toBe(Date.parse('2026-03-29T01:00:00Z'))
    expect(wallClockToInstant(wall('2026-03-29T02:30:00'), 'Europe/Rome')).toBe(Date.parse('2026-03-29T01:00:00Z'))
    expect(wallClockToInstant(wall('2026-03-29T03:00:00'), 'Europe/Rome')).toBe(Date.parse('2026-03-29T01:00:00Z'))
    expect(wallClockToInstant(wall('2026-03-29T01:59:00'), 'Europe/Rome')).toBe(Date.parse('2026-03-29T00:59:00Z'))
  })

  it('a repeated local time (autumn) resolves to its first occurrence', () => {
    // 2026-10-25 in Rome: 03:00 → 02:00 at 01:00Z; 02:30 happens at 00:30Z and again at 01:30Z.
    expect(wallClockToInstant(wall('2026-10-25T02:30:00'), 'Europe/Rome')).toBe(Date.parse('2026-10-25T00:30:00Z'))
    expect(wallClockToInstant(wall('2026-10-25T02:00:00'), 'Europe/Rome')).toBe(Date.parse('2026-10-25T00:00:00Z'))
    expect(wallClockToInstant(wall('2026-10-25T03:00:00'), 'Europe/Rome')).toBe(Date.parse('2026-10-25T02:00:00Z'))
  })

  it('round-trips every hour of a year and every 5 minutes around the changes (Rome, New York)', () => {
    const check = (tz: string, t: number) => {
      const w = instantToWallClock(t, tz)
      const back = wallClockToInstant(w, tz)
      // Equal, except the second pass of a repeated hour maps to its first pass (one hour earlier).
      if (back !== t) expect(t - back).toBe(H)
      expect(instantToWallClock(back, tz)).toBe(w)
    }
    for (const tz of ['Europe/Rome', 'America/New_York']) {
      for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += H) check(tz, t)
    }
    for (const [tz, change] of [
      ['Europe/Rome', '2026-03-29T01:00:00Z'],
      ['Europe/Rome', '2026-10-25T01:00:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
    ] as const) {
      for (let t = Date.parse(change) - 3 * H; t < Date.parse(change) + 3 * H; t += 5 * 60_000) check(tz, t)
    }
  })

  it('localInstant, startOfLocalDay and localDayOf use these rules', () => {
    expect(localInstant('2026-10-25', '02:30', 'Europe/Rome').toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(localInstant('2026-03-29', '02:30', 'Europe/Rome').toISOString()).toBe('2026-03-29T01:00:00.000Z')
    expect(localInstant('2026-03-29', '24:00', 'Europe/Rome').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(startOfLocalDay('2026-10-25', 'Europe/Rome').toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(startOfLocalDay('2026-10-26', 'Europe/Rome').toISOString()).toBe('2026-10-25T23:00:00.000Z')
    expect(localDayOf(new Date('2026-10-24T22:00:00Z'), 'Europe/Rome')).toBe('2026-10-25')
    expect(localDayOf(new Date('2026-10-24T21:59:59.999Z'), 'Europe/Rome')).toBe('2026-10-24')
    // Where midnight itself is skipped the day starts at 01:00 (Santiago, 2026-09-06).
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z')
  })

  it('reads ISO strings: with an offset as given, without one as salon wall-clock time', () => {
    expect(parseInstant('2026-05-01T09:00:00+02:00', 'UTC')).toBe(Date.parse('2026-05-01T07:00:00Z'))
    expect(parseInstant('2026-05-01T09:00:00', 'Europe/Rome')).toBe(Date.parse('2026-05-01T07:00:00Z'))
    expect(parseInstant('2026-05-01T09:00', 'Europe/Rome')).toBe(Date.parse('2026-05-01T07:00:00Z'))
    expect(parseInstant('2026-05-01', 'Europe/Rome')).toBe(Date.parse('2026-04-30T22:00:00Z'))
    expect(parseInstant('2026-05-01T09:00:00.5', 'UTC')).toBe(Date.parse('2026-05-01T09:00:00.500Z'))
    expect(parseInstant('nope', 'UTC')).toBeNaN()
    expect(parseInstant(null, 'UTC')).toBeNaN()
  })

  it('reads the canonical UTC form (toISOString, the database) exactly as Date.parse, whatever the zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('0000-01-01T00:00:00Z'), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
        (t) => {
          const iso = new Date(t).toISOString()
          expect(parseInstant(iso, 'Europe/Rome')).toBe(t)
          expect(parseInstant(iso.replace(/\.\d{3}Z$/, 'Z'), 'America/New_York')).toBe(Math.floor(t / 1000) * 1000)
        },
      ),
      { numRuns: 500 },
    )
    const edges = [
      '2026-02-30T00:00:00Z', // Date.parse rolls it over to 2 March
      '2024-02-29T23:59:59.999Z',
      '2026-01-01T24:00:00Z',
      '0099-06-01T00:00:00Z', // not 1999
      '2026-01-01T23:60:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T10:00:00.5Z',
      '2026-01-01T10:00:00,000Z',
      '2026-01-0xT10:00:00Z',
    ]
    for (const iso of edges) expect(parseInstant(iso, 'Europe/Rome'), iso).toBe(Date.parse(iso))
  })

  it('reads the calendar day of a stored date', () => {
    expect(calendarDayOf('2026-12-25T12:00:00.000Z')).toBe('2026-12-25')
    expect(calendarDayOf('2026-12-25')).toBe('2026-12-25')
    expect(calendarDayOf('2026-12-25T00:30:00')).toBe('2026-12-25')
    expect(calendarDayOf('x')).toBeNull()
  })
})

describe('offsets learned from a table (a phone skips Intl on first load)', () => {
  const ZONES = ['Europe/Rome', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'UTC']
  const FROM = Date.UTC(2026, 0, 1)
  const TO = Date.UTC(2028, 0, 1)

  it('a table read with Intl finds every change to the second', () => {
    const rome = zoneOffsetsBetween('Europe/Rome', FROM, TO)
    expect(rome.changes).toEqual([
      [FROM, 3_600_000],
      [Date.UTC(2026, 2, 29, 1), 7_200_000],
      [Date.UTC(2026, 9, 25, 1), 3_600_000],
      [Date.UTC(2027, 2, 28, 1), 7_200_000],
      [Date.UTC(2027, 9, 31, 1), 3_600_000],
    ])
    // Lord Howe moves by 30 minutes; Kolkata never moves.
    expect(zoneOffsetsBetween('Australia/Lord_Howe', FROM, TO).changes.map(([, o]) => o / 60_000)).toEqual([
      660, 630, 660, 630, 660,
    ])
    expect(zoneOffsetsBetween('Asia/Kolkata', FROM, TO).changes).toEqual([[FROM, 19_800_000]])
  })

  it('a change in the last hours of the range is not lost', () => {
    const until = Date.UTC(2026, 2, 29, 3) // Rome moves at 01:00Z; the last 6-hour step ends here
    expect(zoneOffsetsBetween('Europe/Rome', Date.UTC(2026, 2, 28, 23), until).changes).toEqual([
      [Date.UTC(2026, 2, 28, 23), 3_600_000],
      [Date.UTC(2026, 2, 29, 1), 7_200_000],
    ])
  })

  it('within its range a learned table answers exactly as Intl, around every change and anywhere', () => {
    const learned = ZONES.map((zone) => zoneOffsetsBetween(zone, FROM, TO))
    // What Intl says, before any table is known.
    const edges = learned.flatMap((t) =>
      t.changes.flatMap(([at]) => [-1001, -1000, -1, 0, 1, 999, 1000].map((d) => [t.timeZone, at + d] as const)),
    )
    const random = fc.sample(
      fc.tuple(fc.constantFrom(...ZONES), fc.integer({ min: FROM - 86_400_000, max: TO + 86_400_000 })),
      { numRuns: 3000, seed: 28 },
    )
    const cases = [...edges, ...random]
    const intl = cases.map(([zone, t]) => zoneOffsetMs(t, zone))
    const walls = cases.map(([zone, t]) => wallClockToInstant(t, zone))
    try {
      for (const t of learned) expect(learnZoneOffsets(JSON.parse(JSON.stringify(t)))).toBe(true)
      expect(cases.map(([zone, t]) => zoneOffsetMs(t, zone))).toEqual(intl)
      expect(cases.map(([zone, t]) => wallClockToInstant(t, zone))).toEqual(walls)
    } finally {
      forgetZoneOffsets()
    }
  })

  it('the table is what answers inside its range, and Intl outside it', () => {
    try {
      // A made-up table for Rome: +5 h. Inside, it wins (proof the table is read); outside, Intl.
      expect(learnZoneOffsets({ timeZone: 'Europe/Rome', from: FROM, to: TO, changes: [[FROM, 18_000_000]] })).toBe(
        true,
      )
      expect(zoneOffsetMs(Date.UTC(2026, 5, 1), 'Europe/Rome')).toBe(18_000_000)
      expect(zoneOffsetMs(TO, 'Europe/Rome')).toBe(3_600_000)
      expect(zoneOffsetMs(FROM - 1, 'Europe/Rome')).toBe(3_600_000)
      expect(zoneOffsetMs(Date.UTC(2026, 5, 1), 'America/New_York')).toBe(-4 * 3_600_000)
    } finally {
      forgetZoneOffsets()
    }
    expect(zoneOffsetMs(Date.UTC(2026, 5, 1), 'Europe/Rome')).toBe(7_200_000)
  })

  it('refuses what is not a table: the zone stays on Intl', () => {
    const good = { timeZone: 'Europe/Rome', from: FROM, to: TO, changes: [[FROM, 3_600_000]] }
    const bad: unknown[] = [
      null,
      'Europe/Rome',
      { ...good, timeZone: 7 },
      { ...good, to: FROM },
      { ...good, from: Number.NaN },
      { ...good, changes: [] },
      { ...good, changes: [[FROM + 1, 3_600_000]] }, // does not start at `from`
      {
        ...good,
        changes: [
          [FROM, 3_600_000],
          [FROM, 7_200_000],
        ],
      }, // not increasing
      {
        ...good,
        changes: [
          [FROM, 3_600_000],
          [TO, 7_200_000],
        ],
      }, // beyond `to`
      { ...good, changes: [[FROM, 3 * 86_400_000]] }, // no offset is days long
      { ...good, changes: [[FROM, '3600000']] },
      { ...good, changes: Array.from({ length: 65 }, (_, i) => [FROM + i, 0]) },
    ]
    try {
      for (const table of bad) expect(learnZoneOffsets(table), JSON.stringify(table)).toBe(false)
      expect(zoneOffsetMs(Date.UTC(2026, 5, 1), 'Europe/Rome')).toBe(7_200_000)
    } finally {
      forgetZoneOffsets()
    }
  })
})
