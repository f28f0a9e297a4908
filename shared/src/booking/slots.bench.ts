import { bench, describe } from 'vitest'
import { daysWithSlots } from './month'
import { checkSlot, daySlots } from './slots'
import { busySalon, service } from './test-fixtures'

// `node_modules/.bin/vitest bench --project unit --run shared/src/booking` prints the figures.
const s = busySalon(50)
const services = [service(1, 30), service(2, 15)]
// The endpoint gets the reservations of the asked day (daySlots) or month (daysWithSlots).
const dayReservations = s.reservations.filter((r) => r.date_start.startsWith('2026-05-12'))

describe('booking engine, 5 operators, 50 reservations a day', () => {
  bench('daySlots, one day', () => {
    daySlots({ ...s, reservations: dayReservations, services, operator: 'any', day: '2026-05-12' })
  })
  bench('checkSlot, one start', () => {
    checkSlot({ ...s, reservations: dayReservations, services, operator: 'any', start: '2026-05-12T12:15:00Z' })
  })
  bench('daysWithSlots, one month (1550 reservations)', () => {
    daysWithSlots({ ...s, services, operator: 'any', month: '2026-05' })
  })
})

// Issue 23: the same salon with a rota — every operator on a 2-week pattern (alternating
// Saturdays), an exception and a leave in the month.
const DAYS = ['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const
const withRota = {
  ...s,
  calendar: {
    ...s.calendar,
    rota: {
      patterns: [1, 2, 3, 4, 5].map((operator) => ({
        operator,
        from: '2026-04-01',
        cycleWeeks: 2,
        days: [1, 2].flatMap((week) =>
          DAYS.filter((d) => !(week === 2 && d === 'SATURDAY')).map((day_of_week) => ({
            week,
            day_of_week,
            intervals: [
              { opening_time: '09:00', closing_time: '13:00' },
              { opening_time: '14:00', closing_time: '19:00' },
            ],
          })),
        ),
      })),
      exceptions: [{ operator: 2, date: '2026-05-12', intervals: [{ opening_time: '14:00', closing_time: '19:00' }] }],
      leave: [{ operator: 3, kind: 'PERMIT' as const, start: '2026-05-12T08:00:00Z', end: '2026-05-12T10:00:00Z' }],
    },
  },
}

describe('booking engine with a rota (issue 23)', () => {
  bench('daySlots, one day, with rota', () => {
    daySlots({ ...withRota, reservations: dayReservations, services, operator: 'any', day: '2026-05-12' })
  })
  bench('daysWithSlots, one month, with rota', () => {
    daysWithSlots({ ...withRota, services, operator: 'any', month: '2026-05' })
  })
})

// Issue 25: the same salon where every service has phases (a posa, stations, a clean-up), every
// booking holds its operator in two stretches and two kinds of station (5 colour bowls, 4 basins):
// three times the instants to read per booking, which is most of the difference with the first block.
const BOWL = 1
const BASIN = 2
const phased = [
  service(1, 30, {
    phases: [
      { minutes: 10, operator_busy: true, station: BOWL },
      { minutes: 10, operator_busy: false, station: BOWL },
      { minutes: 10, operator_busy: true, station: BASIN },
    ],
    cleanup_minutes: 5,
  }),
  service(2, 15, { phases: [{ minutes: 15, operator_busy: true, station: BASIN }] }),
]
const MIN = 60_000
const iso = (t: number) => new Date(t).toISOString()
const withPlans = s.reservations.map((r) => {
  const start = Date.parse(r.date_start)
  const end = Date.parse(r.date_end)
  const split = end - start >= 30 * MIN ? start + 10 * MIN : end
  return {
    ...r,
    busy: [
      { start: r.date_start, end: iso(split) },
      ...(split < end ? [{ start: iso(split + 10 * MIN), end: iso(end + 5 * MIN) }] : []),
    ],
  }
})
const uses = s.reservations.flatMap((r) => {
  const start = Date.parse(r.date_start)
  const end = Date.parse(r.date_end)
  const mid = start + Math.floor((end - start) / 2 / MIN) * MIN
  const held = { id: r.id, status: r.status, createdAt: r.createdAt }
  return [
    { ...held, station: BOWL, start: r.date_start, end: iso(mid) },
    { ...held, station: BASIN, start: iso(mid), end: iso(end + 5 * MIN) },
  ]
})
const withStations = {
  ...s,
  calendar: {
    ...s.calendar,
    stations: [
      { id: BOWL, count: 5 },
      { id: BASIN, count: 4 },
    ],
  },
}
const phasedDay = {
  ...withStations,
  services: phased,
  operator: 'any' as const,
  reservations: withPlans.filter((r) => r.date_start.startsWith('2026-05-12')),
  stationUses: uses.filter((u) => u.start.startsWith('2026-05-12')),
}

describe('booking engine with phases and stations on every service (issue 25)', () => {
  bench('daySlots, one day, phases and stations', () => {
    daySlots({ ...phasedDay, day: '2026-05-12' })
  })
  bench('checkSlot, one start, phases and stations', () => {
    checkSlot({ ...phasedDay, start: '2026-05-12T12:15:00Z' })
  })
  bench('daysWithSlots, one month, phases and stations', () => {
    daysWithSlots({
      ...withStations,
      services: phased,
      operator: 'any',
      reservations: withPlans,
      stationUses: uses,
      month: '2026-05',
    })
  })
})
