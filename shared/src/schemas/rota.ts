import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { DAYS_OF_WEEK, LEAVE_KINDS } from '../enums/index'
import { MAX_CYCLE_WEEKS } from '../booking/rota'
import { weekdayIndex } from '../booking/periods'
import { hhmm } from './index'
import { daySchema } from './booking'
import { overlapMessage, overlappingInterval } from './opening'

/**
 * The team's week (issue 23, docs/api.md "Rota"): working patterns, one-day exceptions, leave.
 * The server parses every body with these, and the dashboard's forms run the same schemas.
 */

/** The most days one schedule or rota read may span. */
export const ROTA_MAX_DAYS = 62
/** The most weeks "copy this week" may fill. */
export const COPY_WEEKS_MAX = 12
export const LEAVE_NOTE_MAX = 500
export const EXCEPTION_NOTE_MAX = 200

const id = z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)
const instant = z.iso.datetime({ offset: true, message: M.INSTANT_FORMAT })

export const shiftIntervalSchema = z.object({ opening_time: hhmm, closing_time: hhmm }).strict()

/** Intervals of one day: each closes after it opens, none overlaps another (touching is fine). */
export const shiftIntervals = z
  .array(shiftIntervalSchema)
  .max(6, fieldMessage('AT_MOST_INTERVALS', { n: 6 }))
  .superRefine((intervals, ctx) => {
    intervals.forEach((it, j) => {
      if (!hhmm.safeParse(it.opening_time).success || !hhmm.safeParse(it.closing_time).success) return
      if (it.closing_time <= it.opening_time)
        ctx.addIssue({ code: 'custom', path: [j, 'closing_time'], message: M.CLOSING_AFTER_OPENING })
      const other = overlappingInterval(it, intervals.slice(0, j))
      if (other) ctx.addIssue({ code: 'custom', path: [j, 'opening_time'], message: overlapMessage(other) })
    })
  })

const cycleWeeks = z.coerce
  .number({ message: M.CYCLE_WEEKS })
  .int(M.CYCLE_WEEKS)
  .min(1, M.CYCLE_WEEKS)
  .max(MAX_CYCLE_WEEKS, M.CYCLE_WEEKS)

/**
 * PUT /api/operators/{id}/schedule — the weekly pattern from `from` on (the patterns from that day
 * on are replaced; earlier ones stay for the past). A weekday not listed is a day off.
 */
export const schedulePutBody = z
  .object({
    from: daySchema,
    cycleWeeks,
    days: z
      .array(
        z
          .object({
            week: z.coerce.number({ message: M.NUMBER_INVALID }).int(M.WHOLE_NUMBER).min(1, M.WEEK_OUT_OF_CYCLE),
            day_of_week: z.enum(DAYS_OF_WEEK, { message: M.DAY_UNKNOWN }),
            intervals: shiftIntervals,
          })
          .strict(),
      )
      .max(7 * MAX_CYCLE_WEEKS, fieldMessage('AT_MOST_DAYS', { n: 7 * MAX_CYCLE_WEEKS })),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>()
    body.days.forEach((d, i) => {
      if (d.week > body.cycleWeeks)
        ctx.addIssue({
          code: 'custom',
          path: ['days', i, 'week'],
          message: fieldMessage('WEEK_OUT_OF_CYCLE', { n: body.cycleWeeks }),
        })
      const key = `${d.week}|${d.day_of_week}`
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['days', i, 'day_of_week'], message: M.DAY_REPEATED })
      seen.add(key)
    })
  })
export type SchedulePutBody = z.infer<typeof schedulePutBody>

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both included, at most ROTA_MAX_DAYS days. */
export const rotaRangeQuery = z.object({ from: daySchema, to: daySchema }).superRefine((q, ctx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: M.END_AFTER_START })
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > ROTA_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('AT_MOST_DAYS', { n: ROTA_MAX_DAYS }) })
})
export type RotaRangeQuery = z.infer<typeof rotaRangeQuery>

/** GET /api/rota/conflicts — `from`/`to` optional (today … a year ahead), `operator` narrows. */
export const rotaConflictsQuery = z
  .object({ from: daySchema.optional(), to: daySchema.optional(), operator: id.optional() })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: M.END_AFTER_START })
  })
export type RotaConflictsQuery = z.infer<typeof rotaConflictsQuery>

/** PUT /api/operators/{id}/exceptions/{date} — that day only: these hours, or none (a day off). */
export const shiftExceptionBody = z
  .object({
    intervals: shiftIntervals,
    note: z
      .string()
      .trim()
      .max(EXCEPTION_NOTE_MAX, fieldMessage('AT_MOST_CHARS', { n: EXCEPTION_NOTE_MAX }))
      .nullish(),
  })
  .strict()
export type ShiftExceptionBody = z.infer<typeof shiftExceptionBody>

/** POST /api/rota/copy-week — the week starting on Monday `from`, copied onto the next `weeks` weeks. */
export const copyWeekBody = z
  .object({
    from: daySchema.refine((d) => weekdayIndex(d) === 0, M.MONDAY_REQUIRED),
    weeks: z.coerce
      .number({ message: M.NUMBER_INVALID })
      .int(M.WHOLE_NUMBER)
      .min(1, fieldMessage('BETWEEN', { from: 1, to: COPY_WEEKS_MAX }))
      .max(COPY_WEEKS_MAX, fieldMessage('BETWEEN', { from: 1, to: COPY_WEEKS_MAX })),
    operators: z.array(id).max(100).optional(),
  })
  .strict()
export type CopyWeekBody = z.infer<typeof copyWeekBody>

/**
 * One leave (`operator-leave`): its kind, when (ISO instants; whole days are local midnight to
 * midnight) and a note. The collection validates each field with these, the end against the start.
 */
export const leaveFields = {
  operator: id,
  kind: z.enum(LEAVE_KINDS, { message: M.LEAVE_KIND_UNKNOWN }),
  start: instant,
  end: instant,
  note: z
    .string()
    .trim()
    .max(LEAVE_NOTE_MAX, fieldMessage('AT_MOST_CHARS', { n: LEAVE_NOTE_MAX }))
    .nullish(),
}
export const leaveBody = z
  .object(leaveFields)
  .refine((l) => Date.parse(l.end) > Date.parse(l.start), { message: M.END_AFTER_START, path: ['end'] })
export type LeaveBody = z.infer<typeof leaveBody>

const range = z.object({ start: z.string(), end: z.string() })
const intervalOut = z.object({ opening_time: z.string(), closing_time: z.string() })

export const leaveItem = z.object({
  id: z.number(),
  operator: z.number(),
  kind: z.enum(LEAVE_KINDS),
  start: z.string(),
  end: z.string(),
  note: z.string().nullable(),
})
export type LeaveItem = z.infer<typeof leaveItem>

export const exceptionItem = z.object({
  id: z.number(),
  operator: z.number(),
  date: z.string(),
  intervals: z.array(intervalOut),
  note: z.string().nullable(),
})
export type ExceptionItem = z.infer<typeof exceptionItem>

export const patternItem = z.object({
  id: z.number(),
  operator: z.number(),
  from: z.string(),
  /** The day before the next pattern begins; null = still in force. */
  to: z.string().nullable(),
  cycleWeeks: z.number(),
  days: z.array(z.object({ week: z.number(), day_of_week: z.enum(DAYS_OF_WEEK), intervals: z.array(intervalOut) })),
})
export type PatternItem = z.infer<typeof patternItem>

const SHIFT_SOURCES = ['SALON', 'PATTERN', 'EXCEPTION'] as const

/** GET /api/operators/{id}/schedule. `days[].intervals`: the resolved working time (pattern, exceptions, leave, opening hours and closures applied). */
export const scheduleResponse = z.object({
  operator: z.number(),
  timezone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      intervals: z.array(range),
      /** Where the day's shift comes from. */
      source: z.enum(SHIFT_SOURCES),
      /** The shift as written for that day (before leave and closures), HH:mm. */
      shift: z.array(intervalOut),
    }),
  ),
  leave: z.array(leaveItem),
  exceptions: z.array(exceptionItem),
  patterns: z.array(patternItem),
})
export type ScheduleResponse = z.infer<typeof scheduleResponse>

/** GET /api/rota — the team's week grid. */
export const rotaResponse = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  /** Days the salon is closed all day (closed weekday, closure, holiday). */
  closedDays: z.array(z.string()),
  operators: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      active: z.boolean(),
      days: z.array(
        z.object({
          date: z.string(),
          source: z.enum(SHIFT_SOURCES),
          shift: z.array(intervalOut),
          intervals: z.array(range),
          minutes: z.number(),
        }),
      ),
    }),
  ),
  leave: z.array(leaveItem),
  exceptions: z.array(exceptionItem),
})
export type RotaResponse = z.infer<typeof rotaResponse>

/** GET /api/rota/conflicts — bookings now outside their operator's working time. */
export const rotaConflictsResponse = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      date_start: z.string(),
      date_end: z.string(),
      status: z.string(),
      reason: z.enum(['ON_LEAVE', 'OFF_SHIFT']),
      /** With ON_LEAVE: the kind of the leave in the way. */
      leaveKind: z.enum(LEAVE_KINDS).optional(),
      operator: z.object({ id: z.number(), name: z.string() }),
      customer: z.string(),
      services: z.array(z.string()),
      /** Colleagues free for the very same time who can do every service, least booked first. */
      candidates: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
})
export type RotaConflictsResponse = z.infer<typeof rotaConflictsResponse>
