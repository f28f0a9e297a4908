import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'

/** The dashboard's operator and banner forms; the server's collections run the same field schemas. */
const text = (max: number, required?: string) =>
  required
    ? z
        .string({ message: required })
        .trim()
        .min(1, required)
        .max(max, fieldMessage('AT_MOST_CHARS', { n: max }))
    : z
        .string()
        .max(max, fieldMessage('AT_MOST_CHARS', { n: max }))
        .nullable()
        .optional()
const position = z.number({ message: M.NUMBER_REQUIRED }).int(M.WHOLE_NUMBER).min(0, M.NOT_NEGATIVE)
const id = z.number().int().positive().nullable().optional()

export const operatorFields = {
  name: text(100, M.NAME_REQUIRED),
  surname: text(100),
  description: text(2000),
  image: id,
  /** The OPERATOR account of this person (their agenda), if any. */
  user: id,
  active: z.boolean().optional(),
  position: position.optional(),
  /** The services this person performs (stored on each service: `services.operators`). */
  services: z
    .array(z.number().int().positive(), { message: M.SERVICES_FROM_LIST })
    .max(500, M.TOO_MANY_SERVICES)
    .refine((ids) => new Set(ids).size === ids.length, M.SERVICE_CHOSEN_TWICE)
    .optional(),
}
export const operatorInput = z.object(operatorFields)
export type OperatorInput = z.infer<typeof operatorInput>

/** A same-site path (`/reserve`) or an http(s) URL — never `javascript:` and friends. */
export const bannerLink = z.string().refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), M.LINK_FORMAT)

export const bannerFields = {
  title: text(150, M.TITLE_REQUIRED),
  link: bannerLink.nullable().optional().or(z.literal('')),
  alt: text(300),
  show: z.boolean().optional(),
  position: position.optional(),
  image: id,
}
export const bannerInput = z.object(bannerFields)
export type BannerInput = z.infer<typeof bannerInput>
