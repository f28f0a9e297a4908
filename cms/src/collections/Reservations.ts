import type { CollectionConfig } from 'payload'
import { RESERVATION_DEFAULTS, RESERVATION_STATUSES } from '@salon/shared'
import { isAdmin, reservationReadAccess } from '../access'
import { reservationEndpoints } from '../endpoints/reservations'
import { reservationRules } from '../hooks/reservationRules'

/**
 * Reservations. Customers and operators reach them through the booking endpoints (their own
 * issue); through plain REST only admins write, and everyone else reads what is theirs.
 */
export const Reservations: CollectionConfig = {
  slug: 'reservations',
  defaultSort: '-date_start',
  endpoints: reservationEndpoints,
  hooks: { beforeChange: [reservationRules] },
  access: { read: reservationReadAccess, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'note', type: 'textarea', maxLength: 1000 },
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    { name: 'operator', type: 'relationship', relationTo: 'operators', index: true },
    { name: 'services', type: 'relationship', relationTo: 'services', hasMany: true, defaultValue: [] },
    { name: 'date_start', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'date_end',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
      validate: (value, { siblingData }) => {
        const start = (siblingData as { date_start?: string }).date_start
        if (value && start && new Date(value as unknown as string) <= new Date(start))
          return 'La fine deve seguire l’inizio'
        return true
      },
    },
    /** Minutes. */
    { name: 'duration', type: 'number', defaultValue: RESERVATION_DEFAULTS.duration, min: 0 },
    /** Euro. */
    { name: 'total_price', type: 'number', defaultValue: RESERVATION_DEFAULTS.total_price, min: 0 },
    {
      name: 'status',
      type: 'select',
      options: [...RESERVATION_STATUSES],
      defaultValue: RESERVATION_DEFAULTS.status,
      required: true,
      index: true,
    },
  ],
}
