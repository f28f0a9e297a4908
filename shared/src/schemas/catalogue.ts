import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'

/**
 * What the dashboard's catalogue forms accept — the same rules the server's collections check
 * (cms/src/catalogue/collections/Services.ts, Category.ts call these through `zodFieldValidate`), so a rule
 * is written once: a form refuses exactly what the server would refuse, next to the field.
 */

export const SERVICE_LIMITS = {
  titleMax: 150,
  descriptionMax: 2000,
  /** Minutes. */
  timeMin: 1,
  timeMax: 24 * 60,
  /** Euro. */
  priceMax: 100_000,
  /** Phases of one service (issue 25). */
  phasesMax: 8,
  phaseLabelMax: 40,
  /** Minutes of clean-up after a service. */
  cleanupMax: 240,
} as const

export const STATION_LIMITS = { nameMax: 60, countMin: 1, countMax: 20 } as const

const optionalId = z.number().int().positive().nullable().optional()

/** Euro with at most two decimals, above zero. */
export const price = z
  .number({ message: M.PRICE_REQUIRED })
  .positive(M.MORE_THAN_ZERO)
  .max(SERVICE_LIMITS.priceMax, fieldMessage('AT_MOST_EUROS', { n: SERVICE_LIMITS.priceMax.toLocaleString('it-IT') }))
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, M.TWO_DECIMALS)

export const serviceFields = {
  title: z
    .string({ message: M.NAME_REQUIRED })
    .trim()
    .min(1, M.NAME_REQUIRED)
    .max(SERVICE_LIMITS.titleMax, fieldMessage('AT_MOST_CHARS', { n: SERVICE_LIMITS.titleMax })),
  time: z
    .number({ message: M.DURATION_MINUTES_REQUIRED })
    .int(M.WHOLE_MINUTES)
    .min(SERVICE_LIMITS.timeMin, M.AT_LEAST_ONE_MINUTE)
    .max(SERVICE_LIMITS.timeMax, fieldMessage('AT_MOST_HOURS', { n: 24 })),
  description: z
    .string()
    .max(SERVICE_LIMITS.descriptionMax, fieldMessage('AT_MOST_CHARS', { n: SERVICE_LIMITS.descriptionMax }))
    .nullable()
    .optional(),
  price,
  category: optionalId,
  image: optionalId,
  /** Who can perform it; empty means every operator. */
  operators: z.array(z.number().int().positive()).optional(),
  active: z.boolean().optional(),
}

/** One phase of a service (shared/src/booking/phases.ts): minutes, operator busy or free, a station. */
export const servicePhase = z.object({
  /** Payload's row id of the array item; kept on updates. */
  id: z.string().nullable().optional(),
  minutes: z
    .number({ message: M.DURATION_MINUTES_REQUIRED })
    .int(M.WHOLE_MINUTES)
    .min(SERVICE_LIMITS.timeMin, M.AT_LEAST_ONE_MINUTE)
    .max(SERVICE_LIMITS.timeMax, fieldMessage('AT_MOST_HOURS', { n: 24 })),
  operator_busy: z.boolean().optional(),
  station: optionalId,
  label: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.phaseLabelMax, fieldMessage('AT_MOST_CHARS', { n: SERVICE_LIMITS.phaseLabelMax }))
    .nullable()
    .optional(),
})
export type ServicePhaseInput = z.infer<typeof servicePhase>

/**
 * A service's phases: 1–8, at least one with the operator at work (someone has to do the
 * service), 24 hours at most in all. `time` is their sum (the server sets it).
 */
export const servicePhases = z
  .array(servicePhase)
  .min(1, M.PHASES_REQUIRED)
  .max(SERVICE_LIMITS.phasesMax, fieldMessage('AT_MOST_PHASES', { n: SERVICE_LIMITS.phasesMax }))
  .superRefine((phases, ctx) => {
    if (!phases.some((p) => p.operator_busy !== false))
      ctx.addIssue({ code: 'custom', message: M.PHASE_OPERATOR_BUSY, path: [0, 'operator_busy'] })
    const total = phases.reduce((sum, p) => sum + p.minutes, 0)
    if (total > SERVICE_LIMITS.timeMax)
      ctx.addIssue({ code: 'custom', message: fieldMessage('AT_MOST_HOURS', { n: 24 }) })
  })

export const cleanupMinutes = z
  .number({ message: M.NUMBER_REQUIRED })
  .int(M.WHOLE_MINUTES)
  .min(0, M.NOT_NEGATIVE)
  .max(SERVICE_LIMITS.cleanupMax, fieldMessage('AT_MOST_MINUTES', { n: SERVICE_LIMITS.cleanupMax }))

/** The service form with its phases (issue 25). */
export const serviceWithPhasesInput = z.object({
  ...serviceFields,
  phases: servicePhases.optional(),
  cleanup_minutes: cleanupMinutes.nullable().optional(),
})
export type ServiceWithPhasesInput = z.infer<typeof serviceWithPhasesInput>

/** A kind of station (postazione): lavatesta × 1, poltrona colore × 2. */
export const stationFields = {
  name: z
    .string({ message: M.NAME_REQUIRED })
    .trim()
    .min(1, M.NAME_REQUIRED)
    .max(STATION_LIMITS.nameMax, fieldMessage('AT_MOST_CHARS', { n: STATION_LIMITS.nameMax })),
  count: z
    .number({ message: M.STATION_COUNT_REQUIRED })
    .int(M.WHOLE_NUMBER)
    .min(
      STATION_LIMITS.countMin,
      fieldMessage('BETWEEN', { from: STATION_LIMITS.countMin, to: STATION_LIMITS.countMax }),
    )
    .max(
      STATION_LIMITS.countMax,
      fieldMessage('BETWEEN', { from: STATION_LIMITS.countMin, to: STATION_LIMITS.countMax }),
    ),
}
export const stationInput = z.object(stationFields)
export type StationInput = z.infer<typeof stationInput>

export const serviceInput = z.object(serviceFields)
export type ServiceInput = z.infer<typeof serviceInput>

export const CATEGORY_LIMITS = { nameMax: 100 } as const

export const categoryFields = {
  name: z
    .string({ message: M.NAME_REQUIRED })
    .trim()
    .min(1, M.NAME_REQUIRED)
    .max(CATEGORY_LIMITS.nameMax, fieldMessage('AT_MOST_CHARS', { n: CATEGORY_LIMITS.nameMax })),
  position: z.number({ message: M.NUMBER_REQUIRED }).int(M.WHOLE_NUMBER).min(0, M.NOT_NEGATIVE).optional(),
}

export const categoryInput = z.object(categoryFields)
export type CategoryInput = z.infer<typeof categoryInput>
