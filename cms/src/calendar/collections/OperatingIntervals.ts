import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks'
import { hhmm, overlapMessage, overlappingInterval } from '@salon/shared'
import { anyone, isAdmin, textMatching } from '../../platform'

const checkHhmm = textMatching(hhmm)
type ValidateOptions = Parameters<typeof checkHhmm>[1]

/** A field validator: HH:mm first (its own message), then `more` on a well-formed time. */
const hhmmAnd =
  (more: (value: string, options: ValidateOptions) => Promise<true | string> | true | string) =>
  async (value: string | null | undefined, options: ValidateOptions) => {
    const base = await checkHhmm(value, options)
    return base !== true || typeof value !== 'string' ? base : more(value, options)
  }

/** The day an interval belongs to, from its sibling data (an id, or the related document). */
const dayOf = (businessHours: unknown) =>
  Number(
    typeof businessHours === 'object' && businessHours !== null
      ? (businessHours as { id?: unknown }).id
      : businessHours,
  )

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
      // Not overlapping another interval of the same day (the rule of the week endpoint,
      // `overlappingInterval`), so a REST write cannot store what the dashboard refuses.
      validate: hhmmAnd(async (value, options) => {
        const sibling = options.siblingData as { closing_time?: unknown; business_hours?: unknown }
        const day = dayOf(sibling.business_hours)
        if (typeof sibling.closing_time !== 'string' || !Number.isSafeInteger(day)) return true
        const { docs } = await options.req.payload.find({
          collection: 'operating_intervals',
          where: {
            and: [
              { business_hours: { equals: day } },
              ...(options.id !== undefined ? [{ id: { not_equals: options.id } }] : []),
            ],
          },
          depth: 0,
          pagination: false,
          // Intervals are public to read; the write itself is the admin's (collection access).
          overrideAccess: true,
          req: options.req,
        })
        const other = overlappingInterval({ opening_time: value, closing_time: sibling.closing_time }, docs)
        return other ? overlapMessage(other) : true
      }),
    },
    {
      name: 'closing_time',
      type: 'text',
      required: true,
      validate: hhmmAnd((value, options) => {
        const opening = (options.siblingData as { opening_time?: unknown }).opening_time
        // HH:mm strings compare correctly as text.
        return typeof opening === 'string' && hhmm.safeParse(opening).success && value <= opening
          ? "L'orario di chiusura deve seguire quello di apertura"
          : true
      }),
    },
    { name: 'business_hours', type: 'relationship', relationTo: 'business_hours', required: true, index: true },
  ],
}
