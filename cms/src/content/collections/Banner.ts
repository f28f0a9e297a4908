import type { CollectionConfig } from 'payload'
import { bannerFields, bannerLink } from '@salon/shared'
import { adminOr, isAdmin, textMatching, zodField } from '../../platform'

export const Banner: CollectionConfig = {
  slug: 'banner',
  admin: { useAsTitle: 'title' },
  defaultSort: 'position',
  access: { read: adminOr({ show: { equals: true } }), create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    // Field rules: shared/src/schemas/people.ts (the dashboard's form runs the same).
    { name: 'title', type: 'text', required: true, validate: zodField(bannerFields.title) },
    { name: 'link', type: 'text', maxLength: 500, validate: textMatching(bannerLink) },
    { name: 'alt', type: 'text', validate: zodField(bannerFields.alt) },
    { name: 'show', type: 'checkbox', defaultValue: true, index: true },
    { name: 'position', type: 'number', defaultValue: 0, validate: zodField(bannerFields.position) },
    { name: 'image', type: 'upload', relationTo: 'upload' },
  ],
}
