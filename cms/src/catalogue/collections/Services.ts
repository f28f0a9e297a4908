import type { CollectionConfig } from 'payload'
import { adminOr, isAdmin, zodField } from '../../platform'
import { cleanupMinutes, serviceFields, servicePhase, servicePhases } from '@salon/shared'
import { refuseDeletingUsedService } from '../catalogue'
import { timeFromPhases } from '../phases'

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
  // `time` is the sum of the phases (issue 25; catalogue/phases.ts).
  hooks: { beforeValidate: [timeFromPhases], beforeDelete: [refuseDeletingUsedService] },
  // Field rules: the shared schemas the dashboard's form validates with (shared/src/schemas/catalogue.ts).
  fields: [
    { name: 'title', type: 'text', required: true, validate: zodField(serviceFields.title) },
    /** Duration in minutes: the sum of the phases (set by the server). */
    { name: 'time', type: 'number', required: true, validate: zodField(serviceFields.time) },
    /**
     * How the service uses time (issue 25): phases done in order, each with the operator at work or
     * free (*tempo di posa*), maybe holding one station of a kind.
     */
    {
      name: 'phases',
      type: 'array',
      maxRows: 8,
      validate: zodField(servicePhases),
      fields: [
        { name: 'minutes', type: 'number', required: true, validate: zodField(servicePhase.shape.minutes) },
        { name: 'operator_busy', type: 'checkbox', defaultValue: true },
        { name: 'station', type: 'relationship', relationTo: 'stations' },
        { name: 'label', type: 'text', validate: zodField(servicePhase.shape.label) },
      ],
    },
    /** Minutes of *riordino* after the service: operator busy, last phase's station held, customer gone. */
    { name: 'cleanup_minutes', type: 'number', defaultValue: 0, validate: zodField(cleanupMinutes) },
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
