import type { CollectionConfig } from 'payload'
import { stationFields } from '@salon/shared'
import { isAdmin, reqHasRole, zodField } from '../../platform'
import { calendarChanged } from '../../calendar'
import { refuseDeletingUsedStation, refuseCountBelowHolds } from '../stations'

/**
 * Stations (postazioni, issue 25): the kinds of station the salon has with their count — lavatesta
 * × 1, poltrona colore × 2. A service phase may need one of a kind; the engine offers a time only
 * when one is free for the whole phase and the database never lets more bookings hold a kind than
 * its count (migration 20261127_160000_phases). Read by staff, written by admins. Part of the
 * calendar: a change bumps its version (every process obeys it with its next request).
 */
export const Stations: CollectionConfig = {
  slug: 'stations',
  admin: { useAsTitle: 'name' },
  defaultSort: 'name',
  access: {
    read: ({ req }) => reqHasRole(req, 'ADMIN', 'OPERATOR'),
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    ...calendarChanged,
    beforeChange: [refuseCountBelowHolds],
    beforeDelete: [refuseDeletingUsedStation],
  },
  // Field rules: the shared schema the dashboard's form validates with (shared/src/schemas/catalogue.ts).
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, validate: zodField(stationFields.name) },
    { name: 'count', type: 'number', required: true, defaultValue: 1, validate: zodField(stationFields.count) },
  ],
}
