import { z } from './zod'

/** The dashboard's operator and banner forms; the server's collections run the same field schemas. */
const text = (max: number, required?: string) =>
  required
    ? z.string({ message: required }).trim().min(1, required).max(max, `Al massimo ${max} caratteri`)
    : z.string().max(max, `Al massimo ${max} caratteri`).nullable().optional()
const position = z
  .number({ message: 'Inserisci un numero' })
  .int('Deve essere un numero intero')
  .min(0, 'Non può essere negativo')
const id = z.number().int().positive().nullable().optional()

export const operatorFields = {
  name: text(100, 'Il nome è obbligatorio'),
  surname: text(100),
  description: text(2000),
  image: id,
  /** The OPERATOR account of this person (their agenda), if any. */
  user: id,
  active: z.boolean().optional(),
  position: position.optional(),
  /** The services this person performs (stored on each service: `services.operators`). */
  services: z
    .array(z.number().int().positive(), { message: 'Scegli i servizi dall’elenco' })
    .max(500, 'Troppi servizi')
    .refine((ids) => new Set(ids).size === ids.length, 'Un servizio è scelto due volte')
    .optional(),
}
export const operatorInput = z.object(operatorFields)
export type OperatorInput = z.infer<typeof operatorInput>

/** A same-site path (`/reserve`) or an http(s) URL — never `javascript:` and friends. */
export const bannerLink = z
  .string()
  .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), 'Usa un percorso (/…) o un indirizzo http(s)')

export const bannerFields = {
  title: text(150, 'Il titolo è obbligatorio'),
  link: bannerLink.nullable().optional().or(z.literal('')),
  alt: text(300),
  show: z.boolean().optional(),
  position: position.optional(),
  image: id,
}
export const bannerInput = z.object(bannerFields)
export type BannerInput = z.infer<typeof bannerInput>
