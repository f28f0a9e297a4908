import type { CollectionConfig } from 'payload'
import { adminOr, isAdmin, zodField } from '../../platform'
import { serviceFields } from '@salon/shared'
import { refuseDeletingUsedService } from '../catalogue'

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
  // A service that bookings use is never deleted (they would lose it): 409 with the reason; the
  // dashboard offers to deactivate it instead. The database refuses it too (migration …_service_in_use).
  hooks: { beforeDelete: [refuseDeletingUsedService] },
  // Field rules: the shared schemas the dashboard's form validates with (shared/src/schemas/catalogue.ts).
  fields: [
    { name: 'title', type: 'text', required: true, validate: zodField(serviceFields.title) },
    /** Duration in minutes. */
    { name: 'time', type: 'number', required: true, validate: zodField(serviceFields.time) },
    { name: 'description', type: 'textarea', validate: zodField(serviceFields.description) },
    /** Euro, VAT included. */
    { name: 'price', type: 'number', required: true, validate: zodField(serviceFields.price) },
    { name: 'image', type: 'upload', relationTo: 'upload' },
    { name: 'category', type: 'relationship', relationTo: 'category', index: true },
    /** Who can perform it; empty means every operator. */
    { name: 'operators', type: 'relationship', relationTo: 'operators', hasMany: true },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true },
  ],
}
