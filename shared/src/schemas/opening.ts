import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { DAYS_OF_WEEK } from '../enums/index'
import { hhmm } from './index'

/** Weekday names as the salon reads them (GLOSSARY.md): kept in the glossary, which has no zod. */
export { DAY_OF_WEEK_LABELS_IT } from '../glossary'

const interval = z.object({ opening_time: hhmm, closing_time: hhmm }).strict()

type Interval = { opening_time: string; closing_time: string }

/**
 * The first of `others` (intervals of the same day) that shares a minute with `it`, or undefined.
 * Touching is not overlapping (13:00–14:00 after 09:00–13:00 is fine). HH:mm strings compare
 * correctly as text; an interval whose times are not HH:mm never overlaps (it has its own error).
 * One rule for the week endpoint and for single intervals written through REST.
 */
export function overlappingInterval<T extends Interval>(it: Interval, others: readonly T[]): T | undefined {
  const valid = (x: Interval) => hhmm.safeParse(x.opening_time).success && hhmm.safeParse(x.closing_time).success
  if (!valid(it)) return undefined
  return others.find((o) => valid(o) && it.opening_time < o.closing_time && o.opening_time < it.closing_time)
}

/** The message for an interval that overlaps `other`. */
export const overlapMessage = (other: Interval) =>
  fieldMessage('OVERLAPS', { from: other.opening_time, to: other.closing_time })

const day = z
  .object({
    day_of_week: z.enum(DAYS_OF_WEEK, { message: M.DAY_UNKNOWN }),
    is_closed: z.boolean(),
    intervals: z.array(interval).max(6, fieldMessage('AT_MOST_INTERVALS', { n: 6 })),
  })
  .strict()

/**
 * PUT /api/business_hours/week — the opening hours of the whole week, saved at once (the
 * dashboard's "Orari"; the server checks the same schema and writes in one transaction). Each
 * interval closes after it opens; the intervals of a day do not overlap; an open day has at least
 * one interval. Paths name the very field (`days.1.intervals.0.closing_time`).
 */
export const openingWeekBody = z
  .object({ days: z.array(day).length(7, M.SEVEN_DAYS) })
  .strict()
  .superRefine((week, ctx) => {
    const seen = new Set<string>()
    week.days.forEach((d, i) => {
      if (seen.has(d.day_of_week))
        ctx.addIssue({ code: 'custom', path: ['days', i, 'day_of_week'], message: M.DAY_REPEATED })
      seen.add(d.day_of_week)
      if (!d.is_closed && d.intervals.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['days', i, 'intervals'],
          message: M.DAY_WITHOUT_HOURS,
        })
      }
      // HH:mm strings compare correctly as text (times that are not HH:mm have their own issue).
      const valid = (it: { opening_time: string; closing_time: string }) =>
        hhmm.safeParse(it.opening_time).success && hhmm.safeParse(it.closing_time).success
      d.intervals.forEach((it, j) => {
        if (!valid(it)) return
        if (it.closing_time <= it.opening_time) {
          ctx.addIssue({
            code: 'custom',
            path: ['days', i, 'intervals', j, 'closing_time'],
            message: M.CLOSING_AFTER_OPENING,
          })
        }
        const other = overlappingInterval(it, d.intervals.slice(0, j))
        if (other) {
          ctx.addIssue({
            code: 'custom',
            path: ['days', i, 'intervals', j, 'opening_time'],
            message: overlapMessage(other),
          })
        }
      })
    })
  })
export type OpeningWeekBody = z.infer<typeof openingWeekBody>
