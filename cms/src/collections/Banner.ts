import type { CollectionConfig } from 'payload'
import { z } from 'zod'
import { adminOr, isAdmin } from '../access'
import { textMatching } from '../lib/validate'

/** A same-site path (`/reserve`) or an http(s) URL — never `javascript:` and friends. */
const bannerLink = z
  .string()
  .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), 'Usa un percorso (/…) o un indirizzo http(s)')

export const Banner: CollectionConfig = {
  slug: 'banner',
  admin: { useAsTitle: 'title' },
  defaultSort: 'position',
  access: { read: adminOr({ show: { equals: true } }), create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 150 },
    { name: 'link', type: 'text', maxLength: 500, validate: textMatching(bannerLink) },
    { name: 'alt', type: 'text', maxLength: 300 },
    { name: 'show', type: 'checkbox', defaultValue: true, index: true },
    { name: 'position', type: 'number', defaultValue: 0, min: 0 },
    { name: 'image', type: 'upload', relationTo: 'upload' },
  ],
}
