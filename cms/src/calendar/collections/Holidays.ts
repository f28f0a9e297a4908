import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks'
import { anyone, isAdmin, zodField } from '../../platform'
import { holidayFields } from '@salon/shared'

export const Holidays: CollectionConfig = {
  slug: 'holidays',
  hooks: calendarChanged,
  admin: { useAsTitle: 'name' },
  defaultSort: 'date',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, validate: zodField(holidayFields.name) },
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'recurring_yearly', type: 'checkbox', defaultValue: false },
    { name: 'is_active', type: 'checkbox', defaultValue: true, index: true },
  ],
}
