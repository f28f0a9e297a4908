import { z } from './zod'
import { DAYS_OF_WEEK } from '../enums/index'
import { hhmm } from './index'

/** Weekday names as the salon reads them (GLOSSARY.md): kept in the glossary, which has no zod. */
export { DAY_OF_WEEK_LABELS_IT } from '../glossary'

const interval = z.object({ opening_time: hhmm, closing_time: hhmm }).strict()

const day = z
  .object({
    day_of_week: z.enum(DAYS_OF_WEEK, { message: 'Giorno sconosciuto' }),
    is_closed: z.boolean(),
    intervals: z.array(interval).max(6, 'Al massimo 6 intervalli al giorno'),
  })
  .strict()

/**
 * PUT /api/business_hours/week — the opening hours of the whole week, saved at once (the
 * dashboard's "Orari"; the server checks the same schema and writes in one transaction). Each
 * interval closes after it opens; the intervals of a day do not overlap; an open day has at least
 * one interval. Paths name the very field (`days.1.intervals.0.closing_time`).
 */
export const openingWeekBody = z
  .object({ days: z.array(day).length(7, 'Servono tutti e sette i giorni') })
  .strict()
  .superRefine((week, ctx) => {
    const seen = new Set<string>()
    week.days.forEach((d, i) => {
      if (seen.has(d.day_of_week))
        ctx.addIssue({ code: 'custom', path: ['days', i, 'day_of_week'], message: 'Giorno ripetuto' })
      seen.add(d.day_of_week)
      if (!d.is_closed && d.intervals.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['days', i, 'intervals'],
          message: 'Aggiungi almeno un orario o segna il giorno come chiuso',
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
            message: 'La chiusura deve seguire l’apertura',
          })
        }
        d.intervals.forEach((other, k) => {
          if (k < j && valid(other) && it.opening_time < other.closing_time && other.opening_time < it.closing_time) {
            ctx.addIssue({
              code: 'custom',
              path: ['days', i, 'intervals', j, 'opening_time'],
              message: `Si sovrappone a ${other.opening_time}–${other.closing_time}`,
            })
          }
        })
      })
    })
  })
export type OpeningWeekBody = z.infer<typeof openingWeekBody>
