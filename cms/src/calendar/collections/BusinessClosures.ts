import { isValidRecurringRule, BUSINESS_CLOSURE_TYPES } from '@salon/shared'
import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks'
import { anyone, isAdmin, isAdminField, userOf } from '../../platform'

const RRULE_LINE = /^(RRULE:)?([A-Z]+=[A-Z0-9,+:-]+)(;[A-Z]+=[A-Z0-9,+:-]+)*$/i

export const BusinessClosures: CollectionConfig = {
  slug: 'business-closures',
  admin: { useAsTitle: 'name' },
  defaultSort: 'start_date',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: {
    ...calendarChanged,
    beforeChange: [
      ({ data, operation, req }) => {
        const userId = userOf(req)?.id
        if (userId) {
          if (operation === 'create') data.created_by = userId
          data.updated_by = userId
        }
        return data
      },
    ],
  },
  fields: [
    { name: 'business_id', type: 'number', defaultValue: 1, min: 1 },
    { name: 'name', type: 'text', required: true, maxLength: 150 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'closure_type', type: 'select', options: [...BUSINESS_CLOSURE_TYPES], required: true },
    { name: 'start_date', type: 'date', required: true, index: true },
    {
      name: 'end_date',
      type: 'date',
      required: true,
      validate: (value, { siblingData }) => {
        if (!value) return 'Campo obbligatorio'
        const start = (siblingData as { start_date?: string }).start_date
        if (start && new Date(value) < new Date(start)) return 'La fine non può precedere l’inizio'
        return true
      },
    },
    {
      name: 'recurring_rule',
      type: 'text',
      maxLength: 500,
      validate: (value: string | null | undefined, { siblingData }: { siblingData: unknown }) => {
        const type = (siblingData as { closure_type?: string }).closure_type
        const recurring = typeof type === 'string' && type.startsWith('RECURRING_')
        if (!value) return recurring ? 'Una chiusura ricorrente richiede una regola RRULE' : true
        // The engine's own parser decides (the dashboard's builder writes only what it accepts).
        if (typeof value !== 'string' || !RRULE_LINE.test(value) || !isValidRecurringRule(value)) {
          return 'Regola RRULE non valida (es. FREQ=WEEKLY;BYDAY=MO)'
        }
        return true
      },
    },
    { name: 'is_active', type: 'checkbox', defaultValue: true, index: true },
    {
      name: 'created_by',
      type: 'relationship',
      relationTo: 'users',
      access: { read: isAdminField, create: () => false, update: () => false },
    },
    {
      name: 'updated_by',
      type: 'relationship',
      relationTo: 'users',
      access: { read: isAdminField, create: () => false, update: () => false },
    },
  ],
}
