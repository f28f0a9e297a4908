import type { CollectionConfig } from 'payload'
import { usersCount, usersCountCompare } from '../endpoints/counts'
import { ROLES, phone } from '@salon/shared'
import { adminOrSelf, anyone, isAdmin, isAdminField, isAdminUser } from '../access'
import { env } from '../env'
import { textMatching } from '../lib/validate'

export const Users: CollectionConfig = {
  slug: 'users',
  endpoints: [usersCount, usersCountCompare],
  auth: {
    tokenExpiration: 60 * 60 * 24 * 7,
    cookies: { sameSite: 'Lax', secure: env.secureCookies },
  },
  admin: { useAsTitle: 'email' },
  defaultSort: '-createdAt',
  access: {
    // Registration is open; the role is forced to USER below.
    create: anyone,
    read: adminOrSelf,
    update: adminOrSelf,
    delete: isAdmin,
    unlock: isAdmin,
  },
  hooks: {
    beforeChange: [
      ({ data, operation, req, originalDoc }) => {
        // Nobody but an admin chooses a role; field access already drops it, this is the belt.
        if (!isAdminUser(req.user as never)) {
          data.user_role = operation === 'create' ? 'USER' : (originalDoc?.user_role ?? 'USER')
        }
        return data
      },
    ],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'surname', type: 'text', maxLength: 100 },
    { name: 'phone_number', type: 'text', maxLength: 30, validate: textMatching(phone) },
    {
      name: 'user_role',
      type: 'select',
      options: [...ROLES],
      defaultValue: 'USER',
      required: true,
      index: true,
      access: { create: isAdminField, update: isAdminField },
    },
    { name: 'upload', type: 'upload', relationTo: 'upload' },
  ],
  timestamps: true,
}
