import type { CollectionConfig } from 'payload'
import { deleteUploadByName, getLibrary, putCarouselOrder, upsertUpload } from '../endpoints/upload'
import {
  carouselImageGoesLast,
  freeUploadName,
  refuseDeletingUsedUpload,
  refuseTooManyPixels,
  uploadReadAccess,
} from '../uploads'
import { UPLOAD_LABELS, IMAGE } from '@salon/shared'
import { isAdmin } from '../../platform'
import { env } from '../../env'

const webp = { format: 'webp' as const, options: { quality: IMAGE.quality } }

type UploadDoc = {
  url?: string | null
  mimeType?: string | null
  filename?: string | null
  sizes?: Record<string, { url?: string | null } | undefined>
}

/**
 * Images of the salon: carousel, services, operators, banners — public catalogue media, only
 * admins write. Customers' profile photos are uploads too, with an `owner` (issue 22 §5): only
 * their owner and the staff read or list them (`uploadReadAccess`, which Payload also applies to
 * `/api/upload/file/<name>`). Every file's pixels are checked from its header before anything
 * decodes it (`refuseTooManyPixels`). Sizes are generated as webp q80 at 1x and 2x.
 */
export const Upload: CollectionConfig = {
  slug: 'upload',
  endpoints: [upsertUpload, deleteUploadByName, putCarouselOrder, getLibrary],
  admin: { useAsTitle: 'name' },
  defaultSort: 'position',
  access: { read: uploadReadAccess, create: isAdmin, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: env.uploadDir,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
    imageSizes: [
      { name: 'x1', width: 800, withoutEnlargement: true, formatOptions: webp },
      { name: 'x2', width: 1600, withoutEnlargement: true, formatOptions: webp },
    ],
    adminThumbnail: 'x1',
  },
  hooks: {
    // Before Payload's own file handling (generateFileData runs sharp on the file).
    beforeOperation: [refuseTooManyPixels],
    beforeDelete: [refuseDeletingUsedUpload],
    beforeChange: [carouselImageGoesLast],
    beforeValidate: [
      async ({ data, req }) => {
        // `name` defaults to the file's name, so a plain upload (a drop in the dashboard) needs no
        // extra field; a name already taken gets "-2", "-3"… rather than a refusal.
        if (data && !data.name && req.file?.name) data.name = await freeUploadName(req, req.file.name)
        return data
      },
    ],
    afterRead: [
      ({ doc }) => {
        const d = doc as UploadDoc & Record<string, unknown>
        // A same-origin path, so it works whatever host name the salon is reached by.
        const url = d.sizes?.x1?.url || d.url || null
        d.imageUrl = url ? url.replace(/^https?:\/\/[^/]+/, '') : null
        d.mimetype = d.mimeType ?? null
        return d
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'label', type: 'select', options: [...UPLOAD_LABELS], defaultValue: 'IMAGES', required: true, index: true },
    { name: 'alt', type: 'text', maxLength: 300 },
    { name: 'position', type: 'number', defaultValue: 0, min: 0 },
    /**
     * The customer whose profile photo this is (set by the avatar endpoint through the Local API
     * only); empty for the salon's images. Nobody writes it through the API.
     */
    { name: 'owner', type: 'number', index: true, access: { create: () => false, update: () => false } },
  ],
}
