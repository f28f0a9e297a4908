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
} as const

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
