import type { CollectionConfig } from 'payload'
import { categoryCount } from '../../calendar'
import { anyone, isAdmin, zodField } from '../../platform'
import { categoryFields } from '@salon/shared'

export const Category: CollectionConfig = {
  slug: 'category',
  endpoints: [categoryCount],
  admin: { useAsTitle: 'name' },
  defaultSort: 'position',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, validate: zodField(categoryFields.name) },
    { name: 'position', type: 'number', defaultValue: 0, validate: zodField(categoryFields.position) },
  ],
}
