import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../hooks/calendar'
import { anyone, isAdmin, operatorOwnOrAdminField } from '../access'

export const Operators: CollectionConfig = {
  slug: 'operators',
  hooks: calendarChanged,
  admin: { useAsTitle: 'name' },
  defaultSort: 'position',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'surname', type: 'text', maxLength: 100 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'image', type: 'upload', relationTo: 'upload' },
    {
      // The OPERATOR account of this staff member; only they and admins see the link.
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      unique: true,
      index: true,
      access: { read: operatorOwnOrAdminField },
    },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true },
    { name: 'position', type: 'number', defaultValue: 0, min: 0 },
  ],
}
