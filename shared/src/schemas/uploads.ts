import { z } from './zod'
import { FIELD_MESSAGES as M, fieldMessage } from '../messages'
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
/**
 * Pixels an uploaded image may have (width × height × frames), read from its header before
 * anything decodes it (issue 22 §2: a 12 KB PNG can declare 10000×10000). The same cap as the
 * resizer's sources (`/api/img`), so every stored image can be served resized.
 */
export const IMAGE_MAX_PIXELS = 40_000_000
/** The cap in megapixels, as the refusal's words say it. */
export const IMAGE_MAX_MEGAPIXELS = IMAGE_MAX_PIXELS / 1_000_000

/** An image's name: unique (the server answers a duplicate next to the field), not a profile photo's. */
export const uploadNameField = z
  .string()
  .trim()
  .min(1, M.NAME_REQUIRED)
  .max(200, fieldMessage('AT_MOST_CHARS', { n: 200 }))
  .refine((n) => !isPersonalPhotoName(n), M.AVATAR_NAME_RESERVED)

/** The dashboard's image form: name, what it is for, alternative text. */
export const uploadEditInput = z.object({
  name: uploadNameField,
  label: z.enum(UPLOAD_LABELS, { message: M.LABEL_REQUIRED }),
  alt: z
    .string()
    .trim()
    .max(300, fieldMessage('AT_MOST_CHARS', { n: 300 }))
    .nullable()
    .optional(),
})
export type UploadEditInput = z.infer<typeof uploadEditInput>

/**
 * PUT /api/upload/carousel-order: the carousel's images in their new order (ids of HOME_CAROUSEL
 * uploads, each once). Carousel images left out keep their relative order after the listed ones.
 */
export const carouselOrderBody = z.object({
  ids: z
    .array(z.number({ message: M.ID_INVALID }).int(M.ID_INVALID).positive(M.ID_INVALID), {
      message: M.IMAGES_LIST_REQUIRED,
    })
    .min(1, M.IMAGES_REQUIRED)
    .max(500, M.TOO_MANY_IMAGES)
    .refine((ids) => new Set(ids).size === ids.length, M.IMAGE_TWICE),
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
