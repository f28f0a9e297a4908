import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks/calendar'
import { hhmm, overlapMessage, overlappingInterval } from '@salon/shared'
import { anyone, isAdmin } from '../access'
import { textMatching } from '../lib/validate'

const checkHhmm = textMatching(hhmm)

export const OperatingIntervals: CollectionConfig = {
  slug: 'operating_intervals',
  hooks: calendarChanged,
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'opening_time',
  fields: [
    {
      name: 'opening_time',
      type: 'text',
      required: true,
      // HH:mm, and not overlapping another interval of the same day (the rule of the week
      // endpoint, `overlappingInterval`), so a REST write cannot store what the dashboard refuses.
      validate: async (value: string | null | undefined, options: Parameters<typeof checkHhmm>[1]) => {
        const base = await checkHhmm(value, options)
        if (base !== true) return base
        const sibling = options.siblingData as { closing_time?: string; business_hours?: unknown }
        const day = Number(
          typeof sibling.business_hours === 'object' && sibling.business_hours !== null
            ? (sibling.business_hours as { id?: unknown }).id
            : sibling.business_hours,
        )
        if (typeof value !== 'string' || typeof sibling.closing_time !== 'string' || !Number.isSafeInteger(day))
          return true
        const { docs } = await options.req.payload.find({
          collection: 'operating_intervals',
          where: {
            and: [
              { business_hours: { equals: day } },
              ...(options.id !== undefined ? [{ id: { not_equals: options.id } }] : []),
            ],
          },
          depth: 0,
          limit: 50,
          pagination: false,
          overrideAccess: true,
          req: options.req,
        })
        const other = overlappingInterval({ opening_time: value, closing_time: sibling.closing_time }, docs)
        return other ? overlapMessage(other) : true
      },
    },
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
