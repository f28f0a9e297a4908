/**
 * The format rules of a calendar day and a time of day, without zod: the schemas build on them
 * (`daySchema`, `hhmm`) and screens that only need a yes/no (the dashboard's agenda reading its
 * URL) use them directly, without loading the schema library.
 */

/** `YYYY-MM-DD`. */
export const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/
/** `HH:mm` from 00:00 to 23:59, and `24:00` (the next midnight). */
export const HHMM_FORMAT = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/

/** A `YYYY-MM-DD` that exists in the calendar (not 2026-02-30). */
export const dayExists = (v: string) =>
  !Number.isNaN(Date.parse(v + 'T00:00:00Z')) && new Date(v + 'T00:00:00Z').toISOString().startsWith(v)

/** Years a salon books in; beyond them date maths would leave the 4-digit calendar. */
export const sensibleYear = (v: string) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2999

/** What `daySchema` accepts: a calendar day `YYYY-MM-DD` that exists, in the years the salon books. */
export const isCalendarDay = (v: unknown): v is string =>
  typeof v === 'string' && DAY_FORMAT.test(v) && dayExists(v) && sensibleYear(v)

/** What `hhmm` accepts. */
export const isHhmm = (v: unknown): v is string => typeof v === 'string' && HHMM_FORMAT.test(v)
