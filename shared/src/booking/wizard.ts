/**
 * The booking wizard's rules that are not about slots: which step a choice can be on, the
 * bookable window, the month grid of the calendar and how free times are grouped. Pure: `now`
 * and the time zone are parameters.
 */
import { addCalendarDays, localDayOf, weekdayIndex } from './periods'
import { instantToWallClock } from './zone'

export const WIZARD_STEPS = ['services', 'operator', 'when', 'summary'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

/** What the customer has chosen so far (the wizard keeps it in the URL). */
export interface WizardChoice {
  services: number[]
  operator: 'any' | number
  /** Local `YYYY-MM-DD`. */
  day?: string
  /** ISO instant of the chosen start (one of the day's free times). */
  time?: string
}

/**
 * The step to show for a requested one: never further than the choice allows (no services → the
 * services step; no time → the day-and-time step). A reload or a shared link lands where it can.
 */
export function reachableStep(choice: WizardChoice, requested: WizardStep | undefined): WizardStep {
  const wanted = WIZARD_STEPS.indexOf(requested ?? 'services')
  let limit = WIZARD_STEPS.indexOf('summary')
  if (!choice.services.length) limit = 0
  else if (!choice.day || !choice.time) limit = Math.min(limit, WIZARD_STEPS.indexOf('when'))
  return WIZARD_STEPS[Math.max(0, Math.min(wanted, limit))]!
}

/** The local days a customer may book: today … today + horizon (the engine's own window). */
export function bookableWindow(now: Date, timeZone: string, horizonDays: number): { first: string; last: string } {
  const first = localDayOf(now, timeZone)
  return { first, last: addCalendarDays(first, Math.max(0, Math.floor(horizonDays) || 0)) }
}

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export const monthOf = (day: string) => day.slice(0, 7)

/** `YYYY-MM` plus `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const d = new Date(Date.UTC(y, m - 1 + n, 1))
  return d.toISOString().slice(0, 7)
}

/**
 * The 6 × 7 days shown for `month`, starting on the week's first day (0 = Sunday, the spec's
 * component default; 1 = Monday, the Italian site). Days of the neighbouring months fill the grid.
 */
export function monthGrid(month: string, weekStartsOn: 0 | 1 = 0, weeks = 6): { day: string; inMonth: boolean }[] {
  const first = `${month}-01`
  const sundayFirst = (weekdayIndex(first) + 1) % 7 // 0 = Sunday
  const lead = (sundayFirst - weekStartsOn + 7) % 7
  const start = addCalendarDays(first, -lead)
  return Array.from({ length: weeks * 7 }, (_, i) => {
    const day = addCalendarDays(start, i)
    return { day, inMonth: monthOf(day) === month }
  })
}

/** Free times before 13:00 local are "Mattina", the rest "Pomeriggio" (a salon's lunch break sits around 13). */
export const AFTERNOON_FROM_HOUR = 13

export function partOfDay(startIso: string, timeZone: string): 'morning' | 'afternoon' {
  const wall = instantToWallClock(Date.parse(startIso), timeZone)
  return new Date(wall).getUTCHours() < AFTERNOON_FROM_HOUR ? 'morning' : 'afternoon'
}

/** `HH:mm` of an instant in the salon's time zone. */
export function localTime(iso: string, timeZone: string): string {
  return new Date(instantToWallClock(Date.parse(iso), timeZone)).toISOString().slice(11, 16)
}
