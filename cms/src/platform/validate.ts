import type { NumberFieldSingleValidation, TextFieldSingleValidation } from 'payload'
import { validations } from 'payload'
import type { z } from 'zod'

type TextOptions = Parameters<TextFieldSingleValidation>[1]

/** Runs Payload's own text check (required, lengths) and then a zod schema from `shared/`. */
export const textMatching =
  (schema: z.ZodType) =>
  async (value: string | null | undefined, options: TextOptions): Promise<string | true> => {
    const base = await validations.text(value, options)
    if (base !== true) return base
    if (value === null || value === undefined || value === '') return true
    const parsed = schema.safeParse(value)
    return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'Valore non valido')
  }

/** Payload's number check plus "greater than zero". */
export const positiveNumber: NumberFieldSingleValidation = async (value, options) => {
  const base = await validations.number(value, options)
  if (base !== true) return base
  if (value === null || value === undefined) return true
  return typeof value === 'number' && value > 0 ? true : 'Deve essere maggiore di zero'
}

/** Payload's number check plus "a whole number". */
export const integerNumber: NumberFieldSingleValidation = async (value, options) => {
  const base = await validations.number(value, options)
  if (base !== true) return base
  if (value === null || value === undefined) return true
  return Number.isInteger(value) ? true : 'Deve essere un numero intero'
}

/**
 * A Payload field validation that runs one field schema from `shared/` — the same schema the
 * dashboard's form runs — so a rule is written once. Empty values pass unless the field is
 * required (then the schema's own message says what is missing).
 */
export const zodField =
  (schema: z.ZodType) =>
  (value: unknown, options: { required?: boolean }): string | true => {
    if ((value === null || value === undefined || value === '') && !options.required) return true
    const parsed = schema.safeParse(value)
    return parsed.success ? true : (parsed.error.issues[0]?.message ?? 'Valore non valido')
  }
