import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
import { daySchema, serviceIds } from './booking'
import { BOOKING_NOTE_MAX } from '../constants'

/**
 * Repeating appointments (issue 27 §4): the same services every N weeks, a number of times or until
 * a date. Every occurrence is checked before anything is written; a conflict answers 409
 * SERIES_CONFLICTS listing each one with the nearest free alternatives; the caller accepts one per
 * conflict (`replace`) or leaves it out (`skip`) and sends again; then the series is written in one
 * transaction. Each occurrence is an ordinary booking carrying `series_id` and its `index`.
 * The contract of POST /api/reservations/series and /series/check (docs/api.md "Repeating appointments").
 */

/** Every 1 to 12 weeks. */
export const SERIES_EVERY_WEEKS_MAX = 12
/** At most this many occurrences in one series (26 = every two weeks for a year). */
export const SERIES_OCCURRENCES_MAX = 26
/** How many alternatives a conflict lists at most. */
export const SERIES_ALTERNATIVES_MAX = 3

const id = z.coerce.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID)
const instant = z.iso.datetime({ offset: true, message: M.INSTANT_FORMAT })

export const seriesBody = z
  .object({
    /** Staff: the account (its card) or the client card, exactly one. A customer sends neither (themselves). */
    user: id.optional(),
    client: id.optional(),
    services: serviceIds,
    operator: z
      .union([z.literal('any'), id])
      .optional()
      .transform((v) => v ?? 'any'),
    /** The first occurrence; the next ones are at the same salon time every `every_weeks` weeks. */
    date_start: instant,
    every_weeks: z.coerce
      .number({ message: M.NUMBER_REQUIRED })
      .int(M.WHOLE_NUMBER)
      .min(1, fieldMessage('BETWEEN', { from: 1, to: SERIES_EVERY_WEEKS_MAX }))
      .max(SERIES_EVERY_WEEKS_MAX, fieldMessage('BETWEEN', { from: 1, to: SERIES_EVERY_WEEKS_MAX })),
    /** How many times in all (first included) — or `until`, the last day it may fall on; exactly one. */
    count: z.coerce
      .number({ message: M.NUMBER_REQUIRED })
      .int(M.WHOLE_NUMBER)
      .min(2, fieldMessage('AT_LEAST_BOOKINGS', { n: 2 }))
      .max(SERIES_OCCURRENCES_MAX, fieldMessage('AT_MOST_BOOKINGS', { n: SERIES_OCCURRENCES_MAX }))
      .optional(),
    until: daySchema.optional(),
    note: z
      .string()
      .trim()
      .max(BOOKING_NOTE_MAX, fieldMessage('AT_MOST_CHARS', { n: BOOKING_NOTE_MAX }))
      .optional(),
    /** Accepted alternatives: occurrence `index` (0 = the first) at `date_start` (and `operator`, else the series' choice). */
    replace: z
      .array(z.object({ index: z.number().int().min(0), date_start: instant, operator: id.optional() }).strict())
      .max(SERIES_OCCURRENCES_MAX)
      .optional(),
    /** Occurrences left out (by index). */
    skip: z.array(z.number().int().min(0)).max(SERIES_OCCURRENCES_MAX).optional(),
    /** Staff only, as POST /api/reservations/book. */
    override_shift: z.boolean().optional(),
  })
  .strict()
  .refine((b) => !(b.user !== undefined && b.client !== undefined), { message: M.CLIENT_OR_USER, path: ['client'] })
  .refine((b) => (b.count === undefined) !== (b.until === undefined), {
    message: M.SERIES_COUNT_OR_UNTIL,
    path: ['count'],
  })
export type SeriesBody = z.infer<typeof seriesBody>

/** One occurrence as checked (POST /series/check, and each conflict of a 409 SERIES_CONFLICTS in `params.conflicts`). */
export const seriesOccurrence = z.object({
  index: z.number(),
  date_start: z.string(),
  date_end: z.string(),
  available: z.boolean(),
  /** Why not (a booking refusal code: SLOT_TAKEN, SALON_CLOSED, OPERATOR_OFF_SHIFT, …). */
  reason: z.string().nullable(),
  /** Up to SERIES_ALTERNATIVES_MAX nearest free starts (same day first, then the days around), with who. */
  alternatives: z.array(z.object({ date_start: z.string(), operator: z.number() })),
  skipped: z.boolean(),
})
export type SeriesOccurrence = z.infer<typeof seriesOccurrence>

export const seriesCheckResponse = z.object({ occurrences: z.array(seriesOccurrence) })
export type SeriesCheckResponse = z.infer<typeof seriesCheckResponse>

/** 201 of POST /api/reservations/series. */
export const seriesCreatedResponse = z.object({
  series_id: z.number(),
  reservations: z.array(
    z.object({ id: z.number(), index: z.number(), date_start: z.string(), operator: z.number(), status: z.string() }),
  ),
})
export type SeriesCreatedResponse = z.infer<typeof seriesCreatedResponse>

export { SERIES_SCOPES, seriesScope, reservationSeriesRef } from './seriesParts'
export type { SeriesScope, ReservationSeriesRef } from './seriesParts'
