/** Shared fixtures for the booking engine tests (not exported from the package). */
import { DAYS_OF_WEEK, type ReservationStatus } from '../enums/index'
import type { BookingSettings, ExistingReservation, OpeningDay, SalonCalendar, ServiceInfo } from './types'

export const ROME = 'Europe/Rome'

export const settings = (over: Partial<BookingSettings> = {}): BookingSettings => ({
  timezone: ROME,
  slotStepMinutes: 15,
  minNoticeMinutes: 60,
  bookingHorizonDays: 60,
  holdMinutes: 10,
  autoConfirm: false,
  cancellationEnabled: true,
  cancellationTimeLimit: 24,
  ...over,
})

/** The same hours every day of the week. */
export const everyDay = (...intervals: [string, string][]): OpeningDay[] =>
  DAYS_OF_WEEK.map((day_of_week) => ({
    day_of_week,
    is_closed: false,
    intervals: intervals.map(([opening_time, closing_time]) => ({ opening_time, closing_time })),
  }))

export const calendar = (over: Partial<SalonCalendar> = {}): SalonCalendar => ({
  settings: settings(),
  opening: everyDay(['09:00', '13:00'], ['14:00', '19:00']),
  closures: [],
  holidays: [],
  operators: [
    { id: 1, position: 1 },
    { id: 2, position: 2 },
  ],
  ...over,
})

export const service = (id: number, time: number, over: Partial<ServiceInfo> = {}): ServiceInfo => ({
  id,
  time,
  price: 20,
  operators: [],
  active: true,
  ...over,
})

export const reservation = (
  operator: number,
  date_start: string,
  date_end: string,
  status: ReservationStatus = 'CONFIRMED',
  createdAt = '2026-01-01T00:00:00.000Z',
): ExistingReservation => ({ operator, date_start, date_end, status, createdAt })

export const iso = (ms: number) => new Date(ms).toISOString()
export const at = (s: string) => Date.parse(s)

/** Local wall-clock `HH:mm` of an instant, read with Intl (independent of the engine). */
export function wallTime(instant: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  )
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>()
/** 'YYYY-MM-DD HH:mm' on the wall clock of `tz` (Intl only, nothing from the engine): the property tests' oracle. */
export function wallDateTime(t: number, tz: string): string {
  let f = wallFormatters.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    wallFormatters.set(tz, f)
  }
  return f.format(t)
}

/**
 * A busy salon for timing: 5 operators, Tuesday–Saturday 09:00–13:00 / 14:00–19:00, a weekly and
 * a monthly recurring closure, holidays, and `perDay` reservations on every day of May 2026.
 */
export function busySalon(perDay = 50): { calendar: SalonCalendar; reservations: ExistingReservation[]; now: number } {
  const opening = everyDay(['09:00', '13:00'], ['14:00', '19:00']).map((d) =>
    d.day_of_week === 'SUNDAY' || d.day_of_week === 'MONDAY' ? { ...d, is_closed: true } : d,
  )
  const reservations: ExistingReservation[] = []
  const statuses: ReservationStatus[] = ['CONFIRMED', 'PENDING', 'CANCELLED', 'PENDING_CONFIRMATION', 'COMPLETED']
  for (let day = 1; day <= 31; day++) {
    for (let i = 0; i < perDay; i++) {
      const start = Date.UTC(2026, 4, day, 7) + ((i * 37) % 600) * 60_000
      reservations.push({
        id: day * 1000 + i,
        operator: (i % 5) + 1,
        date_start: new Date(start).toISOString(),
        date_end: new Date(start + (15 + ((i * 13) % 4) * 15) * 60_000).toISOString(),
        status: statuses[i % statuses.length]!,
        createdAt: '2026-04-30T09:55:00.000Z',
      })
    }
  }
  return {
    now: Date.parse('2026-04-30T10:00:00Z'),
    reservations,
    calendar: calendar({
      opening,
      operators: [1, 2, 3, 4, 5].map((id) => ({ id, position: id })),
      closures: [
        {
          closure_type: 'RECURRING_WEEKLY',
          start_date: '2025-01-07T12:00:00Z',
          end_date: '2025-01-07T13:00:00Z',
          recurring_rule: 'FREQ=WEEKLY;BYDAY=TU,TH',
          is_active: true,
        },
        {
          closure_type: 'RECURRING_MONTHLY',
          start_date: '2024-01-01T08:00:00Z',
          end_date: '2024-01-01T10:00:00Z',
          recurring_rule: 'FREQ=MONTHLY;BYDAY=1SA',
          is_active: true,
        },
        {
          closure_type: 'PARTIAL_DAY',
          start_date: '2026-05-20T08:00:00Z',
          end_date: '2026-05-20T12:00:00Z',
          is_active: true,
        },
      ],
      holidays: [
        { date: '2020-05-01T12:00:00.000Z', recurring_yearly: true, is_active: true },
        { date: '2026-06-02T12:00:00.000Z', recurring_yearly: false, is_active: true },
      ],
    }),
  }
}
