import type { DashboardBooking, DashboardIndex, Kpi } from '@salon/shared/booking/dashboardKinds'

/** A dashboard-index answer for the screen's tests (the API's own figures are checked in cms/tests/int). */
const kpi = (
  current: number | null,
  previous: number | null,
  difference: number | null,
  percentage: number | null,
): Kpi => ({
  current,
  previous,
  difference,
  percentage,
})

export const booking = (over: Partial<DashboardBooking> = {}): DashboardBooking => ({
  id: 41,
  date_start: '2026-11-24T09:30:00.000Z',
  date_end: '2026-11-24T10:15:00.000Z',
  status: 'PENDING',
  customer: 'Chiara Conti',
  operator: 'Marco Bianchi',
  services: ['Taglio donna', 'Piega'],
  total_price: 55,
  ...over,
})

export const indexFixture = (over: Partial<DashboardIndex> = {}): DashboardIndex => ({
  period: '7d',
  timezone: 'Europe/Rome',
  range: { from: '', to: '', fromDay: '2026-11-17', toDay: '2026-11-23' },
  previousRange: { from: '', to: '', fromDay: '2026-11-10', toDay: '2026-11-16' },
  kpis: {
    bookings: kpi(12, 8, 4, 50),
    revenue: kpi(540.5, 600, -59.5, -9.9),
    averageTicket: kpi(45.04, 75, -29.96, -39.9),
    newCustomers: kpi(3, 3, 0, 0),
    occupancy: kpi(42.5, 40, 2.5, 6.3),
    cancellationRate: kpi(10, 12.5, -2.5, -20),
    noShowRate: kpi(20, 0, 20, null),
    waitlistWon: kpi(3, 1, 2, 200),
  },
  figures: {
    current: {
      bookings: 12,
      revenue: 540.5,
      bookedMinutes: 600,
      openMinutes: 1412,
      cancelled: 1,
      made: 10,
      noShows: 1,
      settled: 5,
      waitlistWon: 3,
    },
    previous: {
      bookings: 8,
      revenue: 600,
      bookedMinutes: 500,
      openMinutes: 1250,
      cancelled: 1,
      made: 8,
      noShows: 0,
      settled: 4,
      waitlistWon: 1,
    },
  },
  series: [
    { day: '2026-11-17', bookings: 2, revenue: 80 },
    { day: '2026-11-18', bookings: 5, revenue: 250.5 },
    { day: '2026-11-19', bookings: 0, revenue: 0 },
    { day: '2026-11-20', bookings: 3, revenue: 120 },
    { day: '2026-11-21', bookings: 2, revenue: 90 },
    { day: '2026-11-22', bookings: 0, revenue: 0 },
    { day: '2026-11-23', bookings: 0, revenue: 0 },
  ],
  topServices: [{ id: 1, title: 'Taglio donna', count: 7, revenue: 280 }],
  topOperators: [{ id: 2, name: 'Marco Bianchi', count: 7, revenue: 300, bookedMinutes: 350, occupancy: 49.6 }],
  today: {
    day: '2026-11-23',
    agenda: [booking({ id: 7, status: 'CONFIRMED', date_start: '2026-11-23T14:00:00.000Z' })],
  },
  pending: { total: 1, items: [booking()] },
  ...over,
})
