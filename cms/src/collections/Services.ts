import type { CollectionConfig } from 'payload'
import { adminOr, isAdmin } from '../access'
import { integerNumber, positiveNumber } from '../lib/validate'

export const Services: CollectionConfig = {
  slug: 'services',
  admin: { useAsTitle: 'title' },
  defaultSort: 'title',
  access: {
    // The public catalogue shows active services only.
    read: adminOr({ active: { equals: true } }),
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 150 },
    /** Duration in minutes. */
    { name: 'time', type: 'number', required: true, min: 1, max: 24 * 60, validate: integerNumber },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    /** Euro, VAT included. */
    { name: 'price', type: 'number', required: true, max: 100_000, validate: positiveNumber },
    { name: 'image', type: 'upload', relationTo: 'upload' },
    { name: 'category', type: 'relationship', relationTo: 'category', index: true },
    /** Who can perform it; empty means every operator. */
    { name: 'operators', type: 'relationship', relationTo: 'operators', hasMany: true },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true },
  ],
}
