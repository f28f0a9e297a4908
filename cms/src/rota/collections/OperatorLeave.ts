import type { CollectionConfig } from 'payload'
import { LEAVE_KINDS, leaveFields } from '@salon/shared'
import { FIELD_MESSAGES } from '@salon/shared/messages'
import { isAdmin, isAdminUser, userOf, zodField } from '../../platform'
import { calendarChanged } from '../../calendar'

/**
 * Leave (issue 23): ferie, permesso, malattia, formazione over whole or partial days — REST
 * `/api/operator-leave` (docs/api.md "Rota"). Admins write; an operator reads their own. Part of
 * the salon's calendar (version bump and NOTIFY: migration 20261127_090000_rota), so the engine
 * stops offering that person's times with the next request in every process. Saving leave takes
 * the operator's advisory lock in the database (trigger `operator_leave_lock`): a booking being
 * confirmed for them either commits first (and is listed to reassign) or sees the leave and is
 * refused (`reservations_leave_guard`).
 */
export const OperatorLeave: CollectionConfig = {
  slug: 'operator-leave',
  dbName: 'operator_leave',
  hooks: calendarChanged,
  defaultSort: 'start',
  access: {
    // Admins all; an OPERATOR the leave of the operator record linked to their login; nobody else.
    read: ({ req }) => {
      const user = userOf(req)
      if (!user) return false
      if (isAdminUser(user)) return true
      return user.user_role === 'OPERATOR' ? { 'operator.user': { equals: user.id } } : false
    },
    create: isAdmin,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'operator', type: 'relationship', relationTo: 'operators', required: true, index: true },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [...LEAVE_KINDS],
      validate: zodField(leaveFields.kind),
    },
    { name: 'start', type: 'date', required: true, index: true, validate: zodField(leaveFields.start) },
    {
      name: 'end',
      type: 'date',
      required: true,
      validate: (value: unknown, { siblingData }: { siblingData: unknown }) => {
        const own = zodField(leaveFields.end)(value, { required: true })
        if (own !== true) return own
        const start = (siblingData as { start?: unknown }).start
        const s = start instanceof Date ? start.getTime() : Date.parse(String(start ?? ''))
        const e = value instanceof Date ? value.getTime() : Date.parse(String(value))
        return Number.isFinite(s) && !(e > s) ? FIELD_MESSAGES.END_AFTER_START : true
      },
    },
    { name: 'note', type: 'textarea', validate: zodField(leaveFields.note) },
  ],
}
