import { operatorFields } from '@salon/shared'
import { zodField, anyone, isAdmin, operatorOwnOrAdminField } from '../../platform'
import type { CollectionConfig } from 'payload'
import { calendarChanged } from '../../calendar'
import { readOperatorServices, validateOperatorServices, writeOperatorServices } from '../operatorServices'

export const Operators: CollectionConfig = {
  slug: 'operators',
  hooks: { ...calendarChanged, afterChange: [...calendarChanged.afterChange, writeOperatorServices] },
  admin: { useAsTitle: 'name' },
  defaultSort: 'position',
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    // Field rules: shared/src/schemas/people.ts (the dashboard's form runs the same).
    { name: 'name', type: 'text', required: true, validate: zodField(operatorFields.name) },
    { name: 'surname', type: 'text', validate: zodField(operatorFields.surname) },
    { name: 'description', type: 'textarea', validate: zodField(operatorFields.description) },
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
    { name: 'position', type: 'number', defaultValue: 0, validate: zodField(operatorFields.position) },
    {
      // The services this person performs: stored on each service (services.operators), shown and
      // edited here for the dashboard (cms/src/catalogue/operatorServices.ts).
      name: 'services',
      type: 'number',
      hasMany: true,
      virtual: true,
      validate: validateOperatorServices,
      hooks: { afterRead: [readOperatorServices] },
    },
  ],
}
