import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks/calendar'
import { hhmm } from '@salon/shared'
import { anyone, isAdmin } from '../access'
import { textMatching } from '../lib/validate'

const checkHhmm = textMatching(hhmm)

export const OperatingIntervals: CollectionConfig = {
  slug: 'operating_intervals',
  hooks: calendarChanged,
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'opening_time',
  fields: [
    { name: 'opening_time', type: 'text', required: true, validate: checkHhmm },
    {
      name: 'closing_time',
      type: 'text',
      required: true,
      validate: async (value: string | null | undefined, options: Parameters<typeof checkHhmm>[1]) => {
        const base = await checkHhmm(value, options)
        if (base !== true) return base
        const opening = (options.siblingData as { opening_time?: string }).opening_time
        // HH:mm strings compare correctly as text.
        if (
          typeof value === 'string' &&
          typeof opening === 'string' &&
          hhmm.safeParse(opening).success &&
          value <= opening
        ) {
          return "L'orario di chiusura deve seguire quello di apertura"
        }
        return true
      },
    },
    { name: 'business_hours', type: 'relationship', relationTo: 'business_hours', required: true, index: true },
  ],
}
