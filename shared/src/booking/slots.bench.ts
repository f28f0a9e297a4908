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
