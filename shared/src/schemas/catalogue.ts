import { z } from './zod'

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
  .number({ message: 'Inserisci un prezzo' })
  .positive('Deve essere maggiore di zero')
  .max(SERVICE_LIMITS.priceMax, `Al massimo ${SERVICE_LIMITS.priceMax.toLocaleString('it-IT')} €`)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Al massimo due decimali')

export const serviceFields = {
  title: z
    .string({ message: 'Il nome è obbligatorio' })
    .trim()
    .min(1, 'Il nome è obbligatorio')
    .max(SERVICE_LIMITS.titleMax, `Al massimo ${SERVICE_LIMITS.titleMax} caratteri`),
  time: z
    .number({ message: 'Inserisci la durata in minuti' })
    .int('Deve essere un numero intero di minuti')
    .min(SERVICE_LIMITS.timeMin, 'Almeno un minuto')
    .max(SERVICE_LIMITS.timeMax, 'Al massimo 24 ore'),
  description: z
    .string()
    .max(SERVICE_LIMITS.descriptionMax, `Al massimo ${SERVICE_LIMITS.descriptionMax} caratteri`)
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
    .string({ message: 'Il nome è obbligatorio' })
    .trim()
    .min(1, 'Il nome è obbligatorio')
    .max(CATEGORY_LIMITS.nameMax, `Al massimo ${CATEGORY_LIMITS.nameMax} caratteri`),
  position: z
    .number({ message: 'Inserisci un numero' })
    .int('Deve essere un numero intero')
    .min(0, 'Non può essere negativo')
    .optional(),
}

export const categoryInput = z.object(categoryFields)
export type CategoryInput = z.infer<typeof categoryInput>
