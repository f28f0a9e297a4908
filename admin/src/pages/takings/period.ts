import { addCalendarDays, weekdayIndex } from '@salon/shared/booking/periods'

/** The periods the takings page offers; the choice lives in the URL (`?period=&from=&to=`). */
export const TAKINGS_PERIODS = ['today', 'week', 'month', 'custom'] as const
export type TakingsPeriod = (typeof TAKINGS_PERIODS)[number]

export interface TakingsSelection {
  period: TakingsPeriod
  /** Local days `YYYY-MM-DD`, both included. */
  from: string
  to: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The first and last day of a period containing `today` (the salon's): the week from Monday, the whole month. */
export function daysOf(period: Exclude<TakingsPeriod, 'custom'>, today: string): { from: string; to: string } {
  if (period === 'today') return { from: today, to: today }
  if (period === 'week') {
    const monday = addCalendarDays(today, -weekdayIndex(today))
    return { from: monday, to: addCalendarDays(monday, 6) }
  }
  const first = `${today.slice(0, 7)}-01`
  const [y, m] = first.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
  return { from: first, to: addCalendarDays(next, -1) }
}

/** The selection of the URL; anything unreadable is today. A custom range keeps the days as written. */
export function readTakings(params: URLSearchParams, today: string): TakingsSelection {
  const period = (TAKINGS_PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as TakingsPeriod)
    : 'today'
  if (period !== 'custom') return { period, ...daysOf(period, today) }
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  return DAY.test(from) && DAY.test(to) ? { period, from, to } : { period, ...daysOf('week', today) }
}

export function writeTakings(s: TakingsSelection): Record<string, string> {
  return s.period === 'custom' ? { period: s.period, from: s.from, to: s.to } : { period: s.period }
}
