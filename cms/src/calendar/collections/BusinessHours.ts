import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks'
import { DAYS_OF_WEEK } from '@salon/shared'
import { anyone, isAdmin } from '../../platform'
import { getOpeningWeek, putOpeningWeek } from '../endpoints/openingHours'

export const BusinessHours: CollectionConfig = {
  slug: 'business_hours',
  hooks: calendarChanged,
  // The dashboard edits the whole week at once, in one transaction (calendar/openingHours.ts).
  endpoints: [getOpeningWeek, putOpeningWeek],
  admin: { useAsTitle: 'day_of_week' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'day_of_week', type: 'select', options: [...DAYS_OF_WEEK], required: true, unique: true },
    { name: 'is_closed', type: 'checkbox', defaultValue: false },
  ],
}
