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
