import { addCalendarDays } from '@salon/shared/booking/periods'

/** The periods the index offers (docs/api.md "GET /api/pages/dashboard-index"). */
export const INDEX_PERIODS = ['today', '7d', '30d', 'mtd', 'custom'] as const
export type IndexPeriod = (typeof INDEX_PERIODS)[number]
export const DEFAULT_PERIOD: IndexPeriod = '30d'

export interface Selection {
  period: IndexPeriod
  /** Local days `YYYY-MM-DD`, custom only. */
  from: string
  to: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** What is wrong with a custom range, by field (custom-check.ts: fetched with the custom range's chunk). */
export type CustomCheck = (from: string, to: string) => Record<string, string>

/** The selection kept in the address (`?period=custom&from=…&to=…`), so a reload or a shared link keeps it. */
export function readSelection(params: URLSearchParams, today: string): Selection {
  const period = params.get('period')
  const chosen = (INDEX_PERIODS as readonly string[]).includes(period ?? '') ? (period as IndexPeriod) : DEFAULT_PERIOD
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  if (chosen === 'custom')
    // Days as written are kept (a wrong one is then named next to its field); none: the last week.
    return DAY.test(from) && DAY.test(to) ? { period: chosen, from, to } : lastWeek(today)
  return { period: chosen, from: '', to: '' }
}

/** The custom range first proposed: the seven days up to today (the salon's). */
export const lastWeek = (today: string): Selection => ({
  period: 'custom',
  from: addCalendarDays(today, -6),
  to: today,
})

export function writeSelection(s: Selection): Record<string, string> {
  return s.period === 'custom' ? { period: s.period, from: s.from, to: s.to } : { period: s.period }
}

/**
 * The API query of a selection; null for a custom range that is not valid or not checked yet
 * (`check` arrives with the custom range's chunk): nothing is asked.
 */
export function apiQuery(s: Selection, check: CustomCheck | null = null): Record<string, string> | null {
  if (s.period !== 'custom') return { period: s.period }
  if (!check || Object.keys(check(s.from, s.to)).length) return null
  return { period: 'custom', from: s.from, to: s.to }
}

/** Lower is better for these KPIs (a fall is good news). */
export const LOWER_IS_BETTER = new Set(['cancellationRate', 'noShowRate'])
/** These KPIs are percentages: their change is shown in points. */
export const RATE_KPIS = new Set(['occupancy', 'cancellationRate', 'noShowRate'])

export type Trend = 'up' | 'down' | 'flat' | 'none'
/** How a KPI moved and whether that is good news. */
export function trendOf(key: string, difference: number | null): { trend: Trend; good: boolean | null } {
  if (difference === null) return { trend: 'none', good: null }
  if (difference === 0) return { trend: 'flat', good: null }
  const up = difference > 0
  return { trend: up ? 'up' : 'down', good: LOWER_IS_BETTER.has(key) ? !up : up }
}

/** Picks about `max` evenly spaced indexes of `n` items for axis labels (first and last always). */
export function labelIndexes(n: number, max: number): number[] {
  if (n <= 0) return []
  if (n <= max) return Array.from({ length: n }, (_, i) => i)
  const step = Math.ceil((n - 1) / (max - 1))
  const out: number[] = []
  for (let i = 0; i < n - 1; i += step) out.push(i)
  if (n - 1 - out[out.length - 1]! < step / 2) out.pop()
  out.push(n - 1)
  return out
}
