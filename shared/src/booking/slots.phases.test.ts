import { describe, expect, it } from 'vitest'
import type { ReservationStatus } from '../enums/index'
import { daysWithSlots } from './month'
import { planOf, stationUsesOf, storedPlan } from './phases'
import type { Rota } from './rota'
import { checkSlot, daySlots, pickOperator, type SlotQuery } from './slots'
import { calendar, everyDay, reservation, ROME, service, settings, wallTime } from './test-fixtures'
import type { ExistingReservation, StationUse } from './types'
import { walkInPlacement } from './walkIn'

/*
 * Phases and stations (issue 25). Monday 2026-05-04 in Rome is UTC+2: `z('10:00')` is 08:00Z.
 * The salon opens 09:00–13:00 and 14:00–19:00, a 10-minute grid, one hour's notice.
 */
const DAY = '2026-05-04'
const NOW = Date.parse('2026-05-01T08:00:00Z')
const z = (hm: string) => {
  const [h, m] = hm.split(':').map(Number)
  return new Date(Date.UTC(2026, 4, 4, h! - 2, m!)).toISOString()
}
const BASIN = 1
const CHAIR = 2

const colour = (cleanup = 0) =>
  service(1, 120, {
    phases: [
      { minutes: 30, operator_busy: true, station: CHAIR },
      { minutes: 40, operator_busy: false, station: CHAIR },
      { minutes: 50, operator_busy: true, station: BASIN },
    ],
    cleanup_minutes: cleanup,
  })
/** A colour without stations: 30 busy · 40 free · 50 busy. */
const plainColour = service(1, 120, {
  phases: [
    { minutes: 30, operator_busy: true },
    { minutes: 40, operator_busy: false },
    { minutes: 50, operator_busy: true },
  ],
})
const cut = (minutes = 30, cleanup = 0) => service(2, minutes, { cleanup_minutes: cleanup })
const wash = service(3, 30, { phases: [{ minutes: 30, operator_busy: true, station: BASIN }] })

/** An existing booking with its operator's busy ranges (local `HH:mm` of DAY). */
const booked = (operator: number, from: string, to: string, busy?: [string, string][]): ExistingReservation => ({
  ...reservation(operator, z(from), z(to)),
  ...(busy ? { busy: busy.map(([a, b]) => ({ start: z(a), end: z(b) })) } : {}),
})
/** The existing colour of operator 1 at 10:00: busy 10:00–10:30 and 11:10–12:00. */
const colourAt10 = booked(1, '10:00', '12:00', [
  ['10:00', '10:30'],
  ['11:10', '12:00'],
])
const use = (
  station: number,
  from: string,
  to: string,
  status: ReservationStatus = 'CONFIRMED',
  createdAt = '2026-01-01T00:00:00.000Z',
): StationUse => ({ station, start: z(from), end: z(to), status, createdAt })

const stations = (basins = 1, chairs = 2) => [
  { id: BASIN, count: basins },
  { id: CHAIR, count: chairs },
]
const cal = (over: Parameters<typeof calendar>[0] = {}) =>
  calendar({
    settings: settings({ slotStepMinutes: 10 }),
    operators: [1, 2, 3].map((id) => ({ id, position: id })),
    stations: stations(),
    ...over,
  })
const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({
  day: DAY,
  services: [cut()],
  operator: 'any',
  calendar: cal(),
  reservations: [],
  now: NOW,
  ...over,
})
const check = (hm: string, over: Partial<SlotQuery> = {}) => {
  const { day: _day, ...rest } = query(over)
  return checkSlot({ ...rest, start: z(hm) })
}
const local = (over: Partial<SlotQuery>) => daySlots(query(over)).map((s) => wallTime(s.start, ROME))

describe('the operator is free during the tempo di posa', () => {
  it('a colour 30 busy · 40 free · 50 busy at 10:00: the same operator can cut at 10:30, not at 10:20', () => {
    const q: Partial<SlotQuery> = { operator: 1, reservations: [colourAt10] }
    expect(check('10:30', q)).toEqual({ available: true, operators: [1], end: z('11:00') })
    expect(check('10:40', q)).toMatchObject({ available: true, end: z('11:10') }) // touches the finish
    expect(check('10:20', q)).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    expect(check('10:50', q)).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    const morning = local(q).filter((t) => t >= '09:30' && t <= '12:10')
    expect(morning).toEqual(['09:30', '10:30', '10:40', '12:00', '12:10'])
    // The same booking without its busy ranges holds the operator from 10:00 to 12:00.
    const block = booked(1, '10:00', '12:00')
    expect(check('10:30', { operator: 1, reservations: [block] })).toEqual({
      available: false,
      reason: 'OPERATOR_BUSY',
    })
  })

  it('a new colour whose processing contains an existing cut is available', () => {
    const q: Partial<SlotQuery> = { operator: 1, services: [plainColour], reservations: [booked(1, '10:30', '11:00')] }
    expect(check('10:00', q)).toEqual({ available: true, operators: [1], end: z('12:00') })
    expect(check('10:10', q)).toEqual({ available: false, reason: 'OPERATOR_BUSY' }) // applying until 10:40
    expect(check('09:40', q)).toEqual({ available: false, reason: 'OPERATOR_BUSY' }) // finishing from 10:50
    expect(local(q)).toContain('10:00')
    expect(local(q)).not.toContain('09:40')
  })

  it('a colour fits exactly between two bookings, with a third inside its posa (touching is not overlapping)', () => {
    const q: Partial<SlotQuery> = {
      operator: 1,
      services: [plainColour],
      reservations: [booked(1, '09:00', '10:00'), booked(1, '10:30', '11:10'), booked(1, '12:00', '12:30')],
    }
    expect(check('10:00', q)).toEqual({ available: true, operators: [1], end: z('12:00') })
    expect(local(q).filter((t) => t < '13:00')).toEqual(['10:00'])
  })

  it('"any operator": whoever is free in every busy phase, in preference order; pickOperator among them', () => {
    const q = { reservations: [colourAt10] }
    expect(check('10:30', q)).toEqual({ available: true, operators: [1, 2, 3], end: z('11:00') })
    expect(check('10:20', q)).toMatchObject({ available: true, operators: [2, 3] })
    const slots = new Map(daySlots(query(q)).map((s) => [wallTime(s.start, ROME), s.operators]))
    expect(slots.get('10:30')).toEqual([1, 2, 3])
    expect(slots.get('11:00')).toEqual([2, 3])
    expect(pickOperator([1, 2, 3], [colourAt10], NOW, 10)).toBe(2)
  })
})

describe('stations', () => {
  const washAt10 = {
    services: [wash],
    reservations: [booked(1, '10:00', '10:30')],
    stationUses: [use(BASIN, '10:00', '10:30')],
  }

  it('one basin: two washes at the same time by two operators — the second is STATION_BUSY', () => {
    expect(check('10:00', { ...washAt10, operator: 2 })).toEqual({ available: false, reason: 'STATION_BUSY' })
    expect(check('10:00', washAt10)).toEqual({ available: false, reason: 'STATION_BUSY' }) // 2 and 3 free, no basin
    expect(check('10:30', { ...washAt10, operator: 2 })).toMatchObject({ available: true, operators: [2] })
    expect(check('09:30', { ...washAt10, operator: 2 })).toMatchObject({ available: true }) // ends as it starts
    expect(local(washAt10)).not.toContain('10:20')
    expect(local(washAt10)).toEqual(expect.arrayContaining(['09:30', '10:30']))
    // A cut needs no basin.
    expect(check('10:00', { ...washAt10, services: [cut()] })).toMatchObject({ available: true, operators: [2, 3] })
  })

  it('two basins: a second wash at once is allowed, a third refused', () => {
    const two = cal({ stations: stations(2) })
    expect(check('10:00', { ...washAt10, calendar: two })).toMatchObject({ available: true, operators: [2, 3] })
    const both = {
      ...washAt10,
      calendar: two,
      reservations: [...washAt10.reservations, booked(2, '10:10', '10:40')],
      stationUses: [...washAt10.stationUses, use(BASIN, '10:10', '10:40')],
    }
    expect(check('10:00', { ...both, operator: 3 })).toEqual({ available: false, reason: 'STATION_BUSY' })
    expect(check('09:50', { ...both, operator: 3 })).toEqual({ available: false, reason: 'STATION_BUSY' }) // 10:10–10:20
    expect(check('09:40', { ...both, operator: 3 })).toMatchObject({ available: true }) // both taken from 10:10
    expect(check('10:30', { ...both, operator: 3 })).toMatchObject({ available: true }) // one basin free again
  })

  it('each phase holds its own station for its whole length', () => {
    // One chair, taken 09:30–10:40 (operator 2's colour); one basin, taken 12:40–13:00 (a wash of 3).
    const q = {
      services: [colour()],
      operator: 1,
      calendar: cal({ stations: stations(1, 1) }),
      reservations: [
        booked(2, '09:30', '11:30', [
          ['09:30', '10:00'],
          ['10:40', '11:30'],
        ]),
        booked(3, '12:40', '13:00'),
      ],
      stationUses: [use(CHAIR, '09:30', '10:40'), use(BASIN, '12:40', '13:00')],
    }
    // 10:40: the chair 10:40–11:50 and the basin 11:50–12:40 are free.
    expect(check('10:40', q)).toMatchObject({ available: true, operators: [1] })
    // 10:30: the chair is taken until 10:40. 10:50: the chair is free, the basin (12:00–12:50) is not.
    expect(check('10:30', q)).toEqual({ available: false, reason: 'STATION_BUSY' })
    expect(check('10:50', q)).toEqual({ available: false, reason: 'STATION_BUSY' })
    expect(local(q).filter((t) => t < '13:00')).toEqual(['10:40'])
  })

  it('a kind the salon does not have (or has 0 of) is never free', () => {
    const basinless = cal({ stations: [{ id: CHAIR, count: 2 }] })
    expect(check('10:00', { services: [wash], calendar: basinless })).toEqual({
      available: false,
      reason: 'STATION_BUSY',
    })
    expect(daySlots(query({ services: [wash], calendar: cal({ stations: stations(0) }) }))).toEqual([])
    expect(daySlots(query({ services: [wash], calendar: cal({ stations: undefined }) }))).toEqual([])
  })

  it('an expired hold’s station use does not count, nor a cancelled booking’s; a live hold does', () => {
    const now = Date.parse('2026-05-04T06:00:00Z') // 08:00 local
    const q = (u: StationUse) => ({ services: [wash], now, operator: 2, stationUses: [u] })
    const expired = use(BASIN, '10:00', '10:30', 'PENDING_CONFIRMATION', '2026-05-04T05:45:00Z')
    const live = use(BASIN, '10:00', '10:30', 'PENDING_CONFIRMATION', '2026-05-04T05:55:00Z')
    expect(check('10:00', q(expired))).toMatchObject({ available: true })
    expect(check('10:00', q(use(BASIN, '10:00', '10:30', 'CANCELLED')))).toMatchObject({ available: true })
    expect(check('10:00', q(live))).toEqual({ available: false, reason: 'STATION_BUSY' })
  })

  it('OPERATOR_BUSY comes before STATION_BUSY; staff outside the hours still meet the stations', () => {
    expect(check('10:00', { ...washAt10, operator: 1 })).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    const offGrid = { ...washAt10, operator: 2, hours: 'ignore' as const }
    expect(check('10:05', offGrid)).toEqual({ available: false, reason: 'STATION_BUSY' })
    expect(check('10:35', offGrid)).toMatchObject({ available: true })
  })
})

describe('clean-up (riordino)', () => {
  // Operator 1's colour at 10:00 with 15 minutes of clean-up: busy until 12:15, the basin too.
  const existing = {
    reservations: [
      booked(1, '10:00', '12:00', [
        ['10:00', '10:30'],
        ['11:10', '12:15'],
      ]),
    ],
    stationUses: [use(CHAIR, '10:00', '11:10'), use(BASIN, '11:10', '12:15')],
  }

  it('holds the operator and the station after date_end', () => {
    expect(check('12:00', { ...existing, operator: 1 })).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    expect(check('12:20', { ...existing, operator: 1 })).toMatchObject({ available: true })
    expect(check('12:00', { ...existing, services: [wash], operator: 2 })).toEqual({
      available: false,
      reason: 'STATION_BUSY',
    })
    expect(check('12:20', { ...existing, services: [wash], operator: 2 })).toMatchObject({ available: true })
  })

  it('a new booking’s clean-up needs its operator free, but not its customer; it may run past closing', () => {
    const q: Partial<SlotQuery> = { services: [cut(30, 15)], operator: 1, reservations: [booked(1, '10:00', '10:30')] }
    expect(check('09:30', q)).toEqual({ available: false, reason: 'OPERATOR_BUSY' }) // tidying 10:00–10:15
    expect(check('09:10', q)).toEqual({ available: true, operators: [1], end: z('09:40') })
    const slots = daySlots(query({ services: [cut(30, 15)] }))
    const last = slots.filter((s) => wallTime(s.start, ROME) < '13:00').at(-1)!
    expect([wallTime(last.start, ROME), wallTime(last.end, ROME)]).toEqual(['12:30', '13:00'])
    expect(slots.at(-1)!.end).toBe(z('19:00'))
  })
})

describe('with the rota', () => {
  const rota: Rota = {
    patterns: [],
    exceptions: [{ operator: 1, date: DAY, intervals: [{ opening_time: '09:00', closing_time: '12:00' }] }],
    leave: [],
  }
  const q = { services: [colour(15)], calendar: cal({ rota }) }

  it('the customer’s time must be on shift (OFF_SHIFT), the clean-up may run past it', () => {
    expect(check('10:00', { ...q, operator: 1 })).toEqual({ available: true, operators: [1], end: z('12:00') })
    expect(check('10:10', { ...q, operator: 1 })).toEqual({ available: false, reason: 'OFF_SHIFT' })
    expect(check('10:10', q)).toMatchObject({ available: true, operators: [2, 3] })
    expect(check('10:10', { ...q, operator: 1, shifts: 'ignore' })).toMatchObject({ available: true })
    const mine = local({ ...q, operator: 1 })
    expect(mine.at(-1)).toBe('10:00')
  })

  it('on shift but busy in a busy phase is OPERATOR_BUSY, in the posa it is fine', () => {
    const cutAt1040 = [booked(1, '10:40', '11:10')]
    expect(check('10:00', { ...q, operator: 1, reservations: cutAt1040 })).toMatchObject({ available: true })
    expect(check('09:50', { ...q, operator: 1, reservations: cutAt1040 })).toEqual({
      available: false,
      reason: 'OPERATOR_BUSY',
    })
  })
})

describe('DST days in Europe/Rome keep local starts and elapsed phase minutes', () => {
  const now = Date.parse('2026-03-01T00:00:00Z')
  const dst = (opening: [string, string]) =>
    cal({
      settings: settings({ bookingHorizonDays: 400, slotStepMinutes: 30 }),
      opening: everyDay(opening),
      stations: undefined,
    })
  const starts = (day: string, over: Partial<SlotQuery>) =>
    daySlots(query({ day, now, services: [plainColour], ...over }))

  it('spring (29 March): the starts are the local grid, each slot 120 real minutes, posa across the jump', () => {
    const c = dst(['01:00', '06:00'])
    const slots = starts('2026-03-29', { calendar: c })
    expect(slots.map((s) => wallTime(s.start, ROME))).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00'])
    for (const s of slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(120 * 60_000)
    // A cut of operator 1 at 03:00–03:30 CEST (01:00–01:30Z) sits in the posa of a colour at 01:30
    // (busy 00:30–01:00Z, posa 01:00–01:40Z), not in that of a colour at 01:00 (finish from 01:10Z).
    const cutAt3 = reservation(1, '2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z')
    const mine = starts('2026-03-29', { calendar: c, operator: 1, reservations: [cutAt3] })
    expect(mine.map((s) => wallTime(s.start, ROME))).toEqual(['01:30', '03:30', '04:00'])
    expect(mine[0]!.end).toBe('2026-03-29T02:30:00.000Z') // 04:30 CEST
  })

  it('autumn (25 October): the repeated hour gives distinct starts, the posa counts elapsed minutes', () => {
    const c = dst(['01:00', '04:00'])
    const slots = starts('2026-10-25', { calendar: c })
    expect(slots.map((s) => s.start)).toEqual([
      '2026-10-24T23:00:00.000Z', // 01:00 CEST
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:00:00.000Z', // the first 02:00
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:00:00.000Z', // the second 02:00 (CET), ends 04:00 CET
    ])
    // A 40-minute cut of operator 1 from 23:30Z fills the posa of the 01:00 colour exactly.
    const cut40 = reservation(1, '2026-10-24T23:30:00Z', '2026-10-25T00:10:00Z')
    const mine = starts('2026-10-25', { calendar: c, operator: 1, reservations: [cut40] })
    expect(mine.map((s) => s.start)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:30:00.000Z', // busy again from the posa's end: 01:00Z
      '2026-10-25T01:00:00.000Z',
    ])
    const { day: _d, ...rest } = query({
      now,
      services: [plainColour],
      calendar: c,
      operator: 1,
      reservations: [cut40],
    })
    expect(checkSlot({ ...rest, start: '2026-10-24T23:30:00Z' })).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
  })
})

describe('a move keeps its stored plan', () => {
  const plan = storedPlan(planOf([colour(10)]))! // 0–30 busy · 30–70 posa · 70–120 busy · 120–130 clean-up
  // The booking's services are now one plain 60-minute block; the move keeps what was agreed.
  const moved = (durationMinutes: number, reservations: ExistingReservation[]): Partial<SlotQuery> => ({
    services: [cut(60)],
    plan,
    durationMinutes,
    operator: 1,
    reservations,
  })

  it('a shorter length cuts the plan: the posa up to the end is free, no clean-up', () => {
    expect(check('10:00', moved(60, [booked(1, '10:30', '11:00')]))).toEqual({
      available: true,
      operators: [1],
      end: z('11:00'),
    })
    expect(check('10:00', moved(60, [booked(1, '11:00', '11:30')]))).toMatchObject({ available: true })
    // Without the stored plan the services' block holds the operator the whole hour.
    expect(check('10:00', { ...moved(60, [booked(1, '10:30', '11:00')]), plan: undefined })).toEqual({
      available: false,
      reason: 'OPERATOR_BUSY',
    })
  })

  it('a longer length stretches the last phase; the clean-up follows it', () => {
    const q = (r: ExistingReservation) => moved(150, [r])
    expect(check('10:00', q(booked(1, '10:40', '11:10')))).toEqual({ available: true, operators: [1], end: z('12:30') })
    expect(check('10:00', q(booked(1, '12:30', '13:00')))).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    expect(check('10:00', q(booked(1, '12:40', '13:00')))).toMatchObject({ available: true })
    expect(check('10:40', moved(150, []))).toEqual({ available: false, reason: 'OUTSIDE_OPENING_HOURS' })
  })

  it('a null plan is one busy block even when the services now have phases', () => {
    const q = { services: [plainColour], plan: null, operator: 1, reservations: [booked(1, '10:30', '11:00')] }
    expect(check('10:00', q)).toEqual({ available: false, reason: 'OPERATOR_BUSY' })
    expect(check('10:00', { ...q, plan: undefined })).toMatchObject({ available: true })
  })
})

describe('the month and walk-ins read the same plan', () => {
  it('daysWithSlots skips a day whose only basin is taken all day', () => {
    const { day: _d, ...rest } = query({ services: [wash] })
    const allDay = { ...use(BASIN, '10:00', '10:30'), start: '2026-05-04T00:00:00Z', end: '2026-05-05T00:00:00Z' }
    const days = daysWithSlots({ ...rest, month: '2026-05', stationUses: [allDay] })
    expect(days).toContain('2026-05-05')
    expect(days).not.toContain('2026-05-04')
    expect(daysWithSlots({ ...rest, month: '2026-05' })).toContain('2026-05-04')
  })

  it('a walk-in cut goes into the posa of the operator’s colour', () => {
    const now = Date.parse(z('10:35'))
    const placed = walkInPlacement({ services: [cut()], operator: 1, calendar: cal(), reservations: [colourAt10], now })
    expect(placed).toEqual({ available: true, start: z('10:35'), end: z('11:05'), operators: [1] })
    const late = walkInPlacement({
      services: [cut()],
      operator: 1,
      calendar: cal(),
      reservations: [colourAt10],
      now: now + 10 * 60_000,
    })
    expect(late).toEqual({ available: false, reason: 'OPERATOR_BUSY', next: z('12:00') })
  })
})

describe('an existing booking given by its stored plan (what the server reads)', () => {
  const plan = storedPlan(planOf([colour(10)]))!
  const withPlan = { ...reservation(1, z('10:00'), z('12:00')), plan }

  it('holds its operator in its busy segments and its clean-up, exactly as the same booking given by `busy`', () => {
    const byBusy = booked(1, '10:00', '12:00', [
      ['10:00', '10:30'],
      ['11:10', '12:00'],
      ['12:00', '12:10'],
    ])
    const a = local({ operator: 1, reservations: [withPlan] })
    expect(a).toEqual(local({ operator: 1, reservations: [byBusy] }))
    expect(a).toContain('10:30')
    expect(a).not.toContain('12:00')
    expect(a).toContain('12:10')
  })

  it('stationUsesOf: its station segments at its time, none for a booking without a plan; a cut-short one holds less', () => {
    const uses = stationUsesOf([withPlan, reservation(2, z('10:00'), z('11:00'))], ROME)
    expect(
      uses.map((u) => [
        u.station,
        wallTime(new Date(u.start).toISOString(), ROME),
        wallTime(new Date(u.end).toISOString(), ROME),
      ]),
    ).toEqual([
      [CHAIR, '10:00', '10:30'],
      [CHAIR, '10:30', '11:10'],
      [BASIN, '11:10', '12:00'],
      [BASIN, '12:00', '12:10'],
    ])
    const freed = stationUsesOf([{ ...withPlan, date_end: z('10:45') }], ROME)
    expect(
      freed.map((u) => [
        u.station,
        wallTime(new Date(u.start).toISOString(), ROME),
        wallTime(new Date(u.end).toISOString(), ROME),
      ]),
    ).toEqual([
      [CHAIR, '10:00', '10:30'],
      [CHAIR, '10:30', '10:45'],
    ])
  })

  it('one basin held by that plan: a wash by another operator during its finish is STATION_BUSY', () => {
    const stationUses = stationUsesOf([withPlan], ROME)
    expect(check('11:30', { services: [wash], operator: 2, reservations: [], stationUses })).toEqual({
      available: false,
      reason: 'STATION_BUSY',
    })
    expect(check('12:10', { services: [wash], operator: 2, reservations: [], stationUses }).available).toBe(true)
  })
})
