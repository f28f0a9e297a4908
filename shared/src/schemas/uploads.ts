import { z } from './zod'
import { UPLOAD_LABELS } from '../enums/index'

/**
 * The salon's image library (uploads). Customers' profile photos are uploads too, named
 * `avatar-<user id>-<random>` by the avatar service: they are personal, never listed in the
 * dashboard's library nor offered for reuse, and that name pattern is reserved.
 */
export const PERSONAL_PHOTO_NAME = /^avatar-\d+-/

export const isPersonalPhotoName = (name: unknown) => typeof name === 'string' && PERSONAL_PHOTO_NAME.test(name)

/** What the server accepts as an image (Upload collection) and its size limit (payload.config.ts). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** An image's name: unique (the server answers a duplicate next to the field), not a profile photo's. */
export const uploadNameField = z
  .string()
  .trim()
  .min(1, 'Il nome è obbligatorio')
  .max(200, 'Al massimo 200 caratteri')
  .refine((n) => !isPersonalPhotoName(n), 'I nomi «avatar-…» sono riservati alle foto profilo dei clienti')

/** The dashboard's image form: name, what it is for, alternative text. */
export const uploadEditInput = z.object({
  name: uploadNameField,
  label: z.enum(UPLOAD_LABELS, { message: 'Scegli un’etichetta' }),
  alt: z.string().trim().max(300, 'Al massimo 300 caratteri').nullable().optional(),
})
export type UploadEditInput = z.infer<typeof uploadEditInput>

/**
 * PUT /api/upload/carousel-order: the carousel's images in their new order (ids of HOME_CAROUSEL
 * uploads, each once). Carousel images left out keep their relative order after the listed ones.
 */
export const carouselOrderBody = z.object({
  ids: z
    .array(z.number({ message: 'Id non valido' }).int('Id non valido').positive('Id non valido'), {
      message: 'Serve l’elenco delle immagini',
    })
    .min(1, 'Serve almeno un’immagine')
    .max(500, 'Troppe immagini')
    .refine((ids) => new Set(ids).size === ids.length, 'Un’immagine compare due volte'),
})
export type CarouselOrderBody = z.infer<typeof carouselOrderBody>

/** Where an image is used (GET /api/upload/library, the 409 IMAGE_IN_USE). */
export type UploadUseKind = 'service' | 'operator' | 'banner' | 'user'
export interface UploadUse {
  kind: UploadUseKind
  id: number
  name: string
}

export const UPLOAD_USE_KIND_IT: Record<UploadUseKind, string> = {
  service: 'servizio',
  operator: 'operatore',
  banner: 'banner',
  user: 'utente',
}

/** "servizio «Piega», operatore «Giulia»" — the owner's words for where an image is used. */
export const describeUploadUses = (uses: readonly UploadUse[]) =>
  uses.map((u) => `${UPLOAD_USE_KIND_IT[u.kind]} «${u.name}»`).join(', ')
