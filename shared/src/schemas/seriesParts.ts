import { z } from './zod'
import { FIELD_MESSAGES as M } from '../messages'

/**
 * The parts of the series contract (issue 27 §4) that the booking schemas (booking.ts) use too —
 * apart from series.ts, which imports booking.ts, so that neither module waits for the other.
 * Re-exported by series.ts under the contract's names.
 */

/** Which occurrences a cancel or a move of one occurrence touches: this one, or this and the following. */
export const SERIES_SCOPES = ['one', 'following'] as const
export type SeriesScope = (typeof SERIES_SCOPES)[number]
export const seriesScope = z.enum(SERIES_SCOPES, { message: M.CHOICE_INVALID }).optional()

/**
 * A booking's place in its series, on the agenda item, the booking detail and "mine" items: the
 * series, this occurrence's index (0 = the first), how many the series has, every how many weeks.
 * null: a booking on its own.
 */
export const reservationSeriesRef = z
  .object({ id: z.number(), index: z.number(), count: z.number(), every_weeks: z.number() })
  .strict()
export type ReservationSeriesRef = z.infer<typeof reservationSeriesRef>
