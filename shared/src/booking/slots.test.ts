import { describe, expect, it } from 'vitest'
import { checkSlot, daySlots, pickOperator, type SlotQuery } from './slots'
import { calendar, everyDay, reservation, ROME, service, settings, wallTime } from './test-fixtures'
import type { ClosureRule, SalonCalendar } from './types'

const MIN = 60_000
// Monday 2026-05-04 in Rome is UTC+2: 09:00 local = 07:00Z.
const DAY = '2026-05-04'
const NOW = Date.parse('2026-05-01T08:00:00Z')

const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({
  day: DAY,
  services: [service(1, 30)],
  operator: 'any',
  calendar: calendar(),
  reservations: [],
  now: NOW,
  ...over,
})
const starts = (q: Partial<SlotQuery>) => daySlots(query(q)).map((s) => s.start)
const localStarts = (q: Partial<SlotQuery>) => daySlots(query(q)).map((s) => wallTime(s.start, ROME))
const check = (start: string, over: Partial<SlotQuery> = {}) => {
  const { day: _day, ...rest } = query(over)
  return checkSlot({ ...rest, start })
}

describe('daySlots', () => {
  it('steps through each opening interval, fitting entirely inside it', () => {
    const slots = daySlots(query())
    expect(slots).toHaveLength(15 + 19) // 09:00–12:30 and 14:00–18:30 local, every 15 min
    expect(slots[0]).toEqual({ start: '2026-05-04T07:00:00.000Z', end: '2026-05-04T07:30:00.000Z', operators: [1, 2] })
    expect(slots.at(-1)!.start).toBe('2026-05-04T16:30:00.000Z')
    expect(slots.map((s) => s.start)).toEqual([...slots.map((s) => s.start)].sort())
  })

  it('services are back to back: the slot lasts their sum and never straddles the lunch break', () => {
    const slots = daySlots(query({ services: [service(1, 45), service(2, 30)] }))
    for (const s of slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(75 * MIN)
    const local = slots.map((s) => wallTime(s.start, ROME))
    expect(local).toContain('11:45')
    expect(local).not.toContain('12:00')
    expect(local[local.indexOf('11:45') + 1]).toBe('14:00')
  })

  it('anchors the grid at the opening of each interval, also when a closure splits it', () => {
    const cal = calendar({
      opening: everyDay(['09:10', '12:00']),
      settings: settings({ slotStepMinutes: 30 }),
      closures: [
        {
          closure_type: 'PARTIAL_DAY',
          start_date: '2026-05-04T08:00:00Z',
          end_date: '2026-05-04T08:30:00Z',
          is_active: true,
        },
      ],
    })
    expect(localStarts({ calendar: cal })).toEqual(['09:10', '10:40', '11:10'])
    // 09:40 would end at 10:10, inside the 10:00–10:30 closure; 10:30 is not on the grid.
  })

  it('respects the minimum notice: the first start at or after now + minNoticeMinutes', () => {
    expect(starts({ now: Date.parse('2026-05-04T07:20:00Z') })[0]).toBe('2026-05-04T08:30:00.000Z')
    expect(starts({ now: Date.parse('2026-05-04T07:15:00Z') })[0]).toBe('2026-05-04T08:15:00.000Z') // exactly at the notice
    expect(starts({ now: Date.parse('2026-05-04T07:15:00.001Z') })[0]).toBe('2026-05-04T08:30:00.000Z')
  })

  it('counts the horizon in whole local days from today', () => {
    const cal = calendar({ settings: settings({ bookingHorizonDays: 3 }) })
    // 22:00 local on Friday 1 May: the last bookable day is Monday 4 May.
    expect(starts({ calendar: cal, now: Date.parse('2026-05-01T20:00:00Z'), day: '2026-05-04' })).toHaveLength(34)
    expect(starts({ calendar: cal, now: Date.parse('2026-05-01T20:00:00Z'), day: '2026-05-05' })).toEqual([])
    // 00:30 local on 2 May (22:30Z on 1 May) is already the next day: 5 May becomes bookable.
    expect(starts({ calendar: cal, now: Date.parse('2026-05-01T22:30:00Z'), day: '2026-05-05' })).toHaveLength(34)
    // A horizon of 0: today only.
    const today = calendar({ settings: settings({ bookingHorizonDays: 0, minNoticeMinutes: 0 }) })
    expect(starts({ calendar: today, now: Date.parse('2026-05-04T05:00:00Z') })).toHaveLength(34)
    expect(starts({ calendar: today, now: Date.parse('2026-05-03T05:00:00Z') })).toEqual([])
  })

  it('no slots in the past or on past days', () => {
    expect(starts({ now: Date.parse('2026-05-05T07:00:00Z') })).toEqual([])
    expect(starts({ now: Date.parse('2026-05-04T16:00:00Z') })).toEqual([]) // 16:30Z is within the notice
  })

  it('lists only operators with no overlapping blocking reservation (half-open)', () => {
    const reservations = [
      reservation(1, '2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z'),
      reservation(2, '2026-05-04T07:30:00Z', '2026-05-04T07:45:00Z', 'PENDING'),
      reservation(2, '2026-05-04T12:00:00Z', '2026-05-04T17:00:00Z', 'CANCELLED'),
      reservation(1, '2026-05-04T12:00:00Z', '2026-05-04T17:00:00Z', 'REJECTED'),
      reservation(2, '2026-05-04T13:00:00Z', '2026-05-04T14:00:00Z', 'COMPLETED'),
    ]
    const byStart = new Map(daySlots(query({ reservations })).map((s) => [s.start, s.operators]))
    expect(byStart.get('2026-05-04T07:00:00.000Z')).toEqual([2])
    expect(byStart.has('2026-05-04T07:15:00.000Z')).toBe(false) // 1 busy, 2 busy from 07:30
    expect(byStart.has('2026-05-04T07:30:00.000Z')).toBe(false)
    expect(byStart.get('2026-05-04T07:45:00.000Z')).toEqual([2]) // 2 is free again at 07:45
    expect(byStart.get('2026-05-04T08:00:00.000Z')).toEqual([1, 2]) // touching is not overlapping
    expect(byStart.get('2026-05-04T12:00:00.000Z')).toEqual([1, 2]) // cancelled / rejected do not block
    // completed early: the rest of its time stays held (issue 20)
    expect(byStart.get('2026-05-04T13:00:00.000Z')).toEqual([1])
  })

  it('a PENDING_CONFIRMATION draft blocks only while its hold lasts', () => {
    const now = Date.parse('2026-05-03T10:00:00Z')
    const draft = (createdAt: string) => [
      reservation(1, '2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z', 'PENDING_CONFIRMATION', createdAt),
    ]
    const ops = (createdAt: string) => daySlots(query({ now, reservations: draft(createdAt) }))[0]!.operators
    expect(ops('2026-05-03T09:55:00Z')).toEqual([2]) // 5 minutes old, hold 10
    expect(ops('2026-05-03T09:50:00Z')).toEqual([1, 2]) // expired exactly now
  })

  it('a chosen operator: only them, and nothing when they cannot or are inactive', () => {
    expect(daySlots(query({ operator: 2 }))[0]!.operators).toEqual([2])
    expect(daySlots(query({ operator: 2, services: [service(1, 30, { operators: [1] })] }))).toEqual([])
    expect(daySlots(query({ operator: 9 }))).toEqual([])
    const inactive = calendar({ operators: [{ id: 1 }, { id: 2, active: false }] })
    expect(daySlots(query({ operator: 2, calendar: inactive }))).toEqual([])
    expect(daySlots(query({ calendar: inactive }))[0]!.operators).toEqual([1])
  })

  it('lists free operators in preference order (position, then id)', () => {
    const cal = calendar({
      operators: [
        { id: 1, position: 3 },
        { id: 2, position: 1 },
        { id: 3, position: 1 },
      ],
    })
    expect(daySlots(query({ calendar: cal }))[0]!.operators).toEqual([2, 3, 1])
  })

  it('every chosen service must be doable by the operator', () => {
    const services = [service(1, 30, { operators: [1, 2] }), service(2, 15, { operators: [2] })]
    expect(daySlots(query({ services }))[0]!.operators).toEqual([2])
  })

  it('no slots for no services, an inactive service, or services of zero minutes', () => {
    expect(daySlots(query({ services: [] }))).toEqual([])
    expect(daySlots(query({ services: [service(1, 30), service(2, 30, { active: false })] }))).toEqual([])
    expect(daySlots(query({ services: [service(1, 0)] }))).toEqual([])
  })

  it('no slots on a closed weekday, a holiday or a FULL_DAY closure', () => {
    const opening = everyDay(['09:00', '13:00']).map((d) =>
      d.day_of_week === 'MONDAY' ? { ...d, is_closed: true } : d,
    )
    expect(daySlots(query({ calendar: calendar({ opening }) }))).toEqual([])
    expect(
      daySlots(query({ calendar: calendar({ holidays: [{ date: '2026-05-04T12:00:00.000Z', is_active: true }] }) })),
    ).toEqual([])
    const full: ClosureRule = {
      closure_type: 'FULL_DAY',
      start_date: '2026-05-03T12:00:00Z',
      end_date: '2026-05-05T12:00:00Z',
      is_active: true,
    }
    expect(daySlots(query({ calendar: calendar({ closures: [full] }) }))).toEqual([])
    expect(daySlots(query({ calendar: calendar({ closures: [{ ...full, is_active: false }] }) }))).toHaveLength(34)
  })

  it('a partial closure removes the slots it overlaps', () => {
    const closure: ClosureRule = {
      closure_type: 'PARTIAL_DAY',
      start_date: '2026-05-04T08:00:00Z',
      end_date: '2026-05-04T09:00:00Z',
      is_active: true,
    }
    const local = localStarts({ calendar: calendar({ closures: [closure] }) })
    expect(local).toContain('09:30') // ends 10:00, when the closure starts
    expect(local).not.toContain('09:45')
    expect(local).not.toContain('10:45')
    expect(local).toContain('11:00')
  })

  it('returns [] for a malformed day and never throws on a broken step', () => {
    expect(daySlots(query({ day: '2026-5-4' }))).toEqual([])
    expect(daySlots(query({ calendar: calendar({ settings: settings({ slotStepMinutes: 0 }) }) }))).toEqual([])
  })

  it('does not depend on the process clock: the same query gives the same answer', () => {
    expect(daySlots(query())).toEqual(daySlots(query({ now: new Date(NOW) })))
  })
})

describe('checkSlot', () => {
  const cal = calendar({
    holidays: [{ date: '2026-05-06T12:00:00.000Z', is_active: true }],
    closures: [
      {
        closure_type: 'PARTIAL_DAY',
        start_date: '2026-05-04T08:00:00Z',
        end_date: '2026-05-04T09:00:00Z',
        is_active: true,
      },
    ],
    opening: everyDay(['09:00', '13:00'], ['14:00', '19:00']).map((d) =>
      d.day_of_week === 'TUESDAY' ? { ...d, is_closed: true } : d,
    ),
  })
  const q = { calendar: cal }

  it('a kept duration (a booking moved after its service got longer) overrides the services’ total', () => {
    expect(check('2026-05-04T07:00:00Z', { ...q, durationMinutes: 45 })).toMatchObject({
      available: true,
      end: '2026-05-04T07:45:00.000Z',
    })
    // 12:30 local + 45 min runs into the lunch break, + 30 min would not.
    expect(check('2026-05-04T10:30:00Z', q).available).toBe(true)
    expect(check('2026-05-04T10:30:00Z', { ...q, durationMinutes: 45 })).toEqual({
      available: false,
      reason: 'OUTSIDE_OPENING_HOURS',
    })
  })

  it('accepts a free slot with its end and its free operators', () => {
    expect(check('2026-05-04T07:00:00Z', q)).toEqual({
      available: true,
      operators: [1, 2],
      end: '2026-05-04T07:30:00.000Z',
    })
    expect(check('2026-05-04T09:00:00+02:00', q)).toEqual({
      available: true,
      operators: [1, 2],
      end: '2026-05-04T07:30:00.000Z',
    })
    const { day: _d, ...rest } = query(q)
    expect(checkSlot({ ...rest, start: new Date('2026-05-04T07:00:00Z') }).available).toBe(true)
  })

  it.each([
    ['INVALID_SERVICES', '2026-05-04T07:00:00Z', { services: [] }],
    ['INVALID_SERVICES', '2026-05-04T07:00:00Z', { services: [service(1, 30, { active: false })] }],
    ['NO_ELIGIBLE_OPERATOR', '2026-05-04T07:00:00Z', { services: [service(1, 30, { operators: [7] })] }],
    ['NO_ELIGIBLE_OPERATOR', '2026-05-04T07:00:00Z', { operator: 2, services: [service(1, 30, { operators: [1] })] }],
    [
      'NO_ELIGIBLE_OPERATOR',
      '2026-05-04T07:00:00Z',
      { operator: 2, calendar: calendar({ operators: [{ id: 1 }, { id: 2, active: false }] }) },
    ],
    ['IN_THE_PAST', '2026-04-30T07:00:00Z', {}],
    ['TOO_SOON', '2026-05-01T08:45:00Z', {}],
    ['BEYOND_HORIZON', '2026-07-01T07:00:00Z', {}], // today 1 May + 60 days = 30 June is the last day
    ['CLOSED', '2026-05-06T07:00:00Z', {}], // holiday
    ['CLOSED', '2026-05-05T07:00:00Z', {}], // Tuesday closed
    ['CLOSED', '2026-05-04T07:45:00Z', {}], // 09:45–10:15 overlaps the 10:00–11:00 closure
    ['OUTSIDE_OPENING_HOURS', '2026-05-04T06:00:00Z', {}], // 08:00 local
    ['OUTSIDE_OPENING_HOURS', '2026-05-04T10:45:00Z', {}], // 12:45–13:15 straddles closing time
    ['NOT_ON_SLOT_GRID', '2026-05-04T07:05:00Z', {}],
    ['NOT_ON_SLOT_GRID', '2026-05-04T07:00:30Z', {}],
    ['NOT_ON_SLOT_GRID', 'not a date', {}],
    [
      'OPERATOR_BUSY',
      '2026-05-04T07:00:00Z',
      {
        reservations: [
          reservation(1, '2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z'),
          reservation(2, '2026-05-04T07:29:00Z', '2026-05-04T08:00:00Z'),
        ],
      },
    ],
    [
      'OPERATOR_BUSY',
      '2026-05-04T07:00:00Z',
      { operator: 1, reservations: [reservation(1, '2026-05-04T06:45:00Z', '2026-05-04T07:01:00Z')] },
    ],
  ] as const)('%s for %s', (reason, start, over) => {
    expect(check(start, { ...q, ...(over as Partial<SlotQuery>) })).toEqual({ available: false, reason })
  })

  it('checks reasons in the documented order', () => {
    // Inactive services beat everything, even a start in the past on a holiday.
    expect(check('2026-04-29T07:00:00Z', { ...q, services: [service(1, 30, { active: false })] })).toEqual({
      available: false,
      reason: 'INVALID_SERVICES',
    })
    // No operator beats the past.
    expect(check('2026-04-29T07:00:00Z', { ...q, operator: 5 })).toEqual({
      available: false,
      reason: 'NO_ELIGIBLE_OPERATOR',
    })
    // Past beats closed.
    expect(check('2026-04-28T07:00:00Z', q)).toEqual({ available: false, reason: 'IN_THE_PAST' })
    // Too soon beats outside hours.
    expect(check('2026-05-01T08:30:00Z', q)).toEqual({ available: false, reason: 'TOO_SOON' })
    // Closed beats outside hours and off-grid.
    expect(check('2026-05-05T05:07:00Z', q)).toEqual({ available: false, reason: 'CLOSED' })
    // Outside hours beats off-grid.
    expect(check('2026-05-04T05:07:00Z', q)).toEqual({ available: false, reason: 'OUTSIDE_OPENING_HOURS' })
    // Off-grid beats busy.
    expect(
      check('2026-05-04T07:05:00Z', {
        ...q,
        reservations: [
          reservation(1, '2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z'),
          reservation(2, '2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z'),
        ],
      }),
    ).toEqual({
      available: false,
      reason: 'NOT_ON_SLOT_GRID',
    })
  })
})

describe('pickOperator', () => {
  const now = Date.parse('2026-05-01T08:00:00Z')
  const r = (op: number, status: Parameters<typeof reservation>[3] = 'CONFIRMED') =>
    reservation(op, '2026-05-04T07:00:00Z', '2026-05-04T08:00:00Z', status)
  it('picks the free operator with the fewest blocking reservations that day', () => {
    expect(pickOperator([1, 2, 3], [r(1), r(1), r(2), r(3), r(3)], now, 10)).toBe(2)
  })
  it('breaks ties by preference order (the order of `free`)', () => {
    expect(pickOperator([3, 1, 2], [r(1), r(2), r(3)], now, 10)).toBe(3)
    expect(pickOperator([2, 1], [], now, 10)).toBe(2)
  })
  it('ignores non-blocking reservations, expired holds and operators who are not free', () => {
    expect(pickOperator([1, 2], [r(1, 'CANCELLED'), r(1, 'NO_SHOW'), r(2), r(4), r(4)], now, 10)).toBe(1)
    const expired = reservation(
      1,
      '2026-05-04T07:00:00Z',
      '2026-05-04T08:00:00Z',
      'PENDING_CONFIRMATION',
      '2026-04-01T00:00:00Z',
    )
    const live = reservation(
      1,
      '2026-05-04T07:00:00Z',
      '2026-05-04T08:00:00Z',
      'PENDING_CONFIRMATION',
      '2026-05-01T07:55:00Z',
    )
    expect(pickOperator([1, 2], [expired, r(2)], now, 10)).toBe(1)
    expect(pickOperator([1, 2], [live, live, r(2)], now, 10)).toBe(2)
  })
  it('nobody free → undefined', () => {
    expect(pickOperator([], [r(1)], now, 10)).toBeUndefined()
  })
})

describe('DST days in Europe/Rome', () => {
  const now = Date.parse('2026-03-01T00:00:00Z')
  const cal = (over: Partial<SalonCalendar> = {}) =>
    calendar({ settings: settings({ bookingHorizonDays: 400 }), ...over })

  it('a 09:00 opening starts at 07:00Z on 2026-03-29 and at 08:00Z on 2026-10-25', () => {
    expect(daySlots(query({ day: '2026-03-29', now, calendar: cal() }))[0]!.start).toBe('2026-03-29T07:00:00.000Z')
    expect(daySlots(query({ day: '2026-10-25', now, calendar: cal() }))[0]!.start).toBe('2026-10-25T08:00:00.000Z')
    expect(daySlots(query({ day: '2026-03-28', now, calendar: cal() }))[0]!.start).toBe('2026-03-28T08:00:00.000Z')
    expect(daySlots(query({ day: '2026-10-24', now, calendar: cal() }))[0]!.start).toBe('2026-10-24T07:00:00.000Z')
  })

  it('spring: 01:00–04:00 gives no slot at a local time that does not exist, and real 30-minute slots', () => {
    const slots = daySlots(query({ day: '2026-03-29', now, calendar: cal({ opening: everyDay(['01:00', '04:00']) }) }))
    expect(slots.map((s) => wallTime(s.start, ROME))).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
    ])
    for (const s of slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * MIN)
    expect(slots.find((s) => wallTime(s.start, ROME) === '01:45')!.end).toBe('2026-03-29T01:15:00.000Z') // ends 03:15 local
  })

  it('autumn: 01:00–04:00 is 4 real hours; the repeated hour gives distinct slots, none twice', () => {
    const slots = daySlots(query({ day: '2026-10-25', now, calendar: cal({ opening: everyDay(['01:00', '04:00']) }) }))
    expect(slots).toHaveLength(15) // (240 - 30) / 15 + 1
    expect(new Set(slots.map((s) => s.start)).size).toBe(15)
    expect(slots[0]!.start).toBe('2026-10-24T23:00:00.000Z')
    expect(slots.at(-1)!.start).toBe('2026-10-25T02:30:00.000Z')
    expect(slots.filter((s) => wallTime(s.start, ROME).startsWith('02:'))).toHaveLength(8) // 02:00–02:45 twice
    for (const s of slots) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * MIN)
  })

  it('checkSlot agrees on both DST days, including the second 02:30', () => {
    const c = cal({ opening: everyDay(['01:00', '04:00']) })
    const { day: _d, ...rest } = query({ now, calendar: c })
    expect(checkSlot({ ...rest, start: '2026-10-25T00:30:00Z' }).available).toBe(true) // first 02:30
    expect(checkSlot({ ...rest, start: '2026-10-25T01:30:00Z' }).available).toBe(true) // second 02:30
    expect(checkSlot({ ...rest, start: '2026-03-29T01:00:00Z' }).available).toBe(true) // 03:00 CEST
    expect(checkSlot({ ...rest, start: '2026-03-29T01:45:00Z' })).toEqual({
      available: false,
      reason: 'OUTSIDE_OPENING_HOURS',
    }) // ends 04:15
  })

  it('a weekly Sunday 10:00–12:00 closure blocks 10:00–12:00 local on the Sundays around both changes', () => {
    const sunday: ClosureRule = {
      closure_type: 'RECURRING_WEEKLY',
      start_date: '2026-01-04T09:00:00.000Z', // Sunday 10:00 CET
      end_date: '2026-01-04T11:00:00.000Z',
      recurring_rule: 'FREQ=WEEKLY;BYDAY=SU',
      is_active: true,
    }
    for (const day of ['2026-03-22', '2026-03-29', '2026-04-05', '2026-10-18', '2026-10-25', '2026-11-01']) {
      const slots = daySlots(query({ day, now, calendar: cal({ closures: [sunday] }) }))
      const local = slots.map((s) => [wallTime(s.start, ROME), wallTime(s.end, ROME)] as const)
      expect(
        local.filter(([a, b]) => a < '12:00' && b > '10:00'),
        day,
      ).toEqual([])
      expect(
        local.map(([a]) => a),
        day,
      ).toEqual(expect.arrayContaining(['09:00', '09:30', '12:00', '12:30']))
      expect(
        local.map(([a]) => a),
        day,
      ).not.toContain('09:45')
      // The same hours on the Monday after are open.
      const monday = daySlots(
        query({
          day: `${day.slice(0, 8)}${String(Number(day.slice(8)) + 1).padStart(2, '0')}`,
          now,
          calendar: cal({ closures: [sunday] }),
        }),
      )
      expect(
        monday.map((s) => wallTime(s.start, ROME)),
        day,
      ).toContain('10:30')
    }
  })
})
