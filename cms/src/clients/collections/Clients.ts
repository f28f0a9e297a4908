import type { CollectionConfig, FieldAccess } from 'payload'
import { clientFields } from '@salon/shared'
import { isAdminUser, pool, userOf, zodField } from '../../platform'
import { ownClientIds } from '../access'
import { clientEndpoints } from '../endpoints/clients'

const staffOnly: FieldAccess = ({ req }) => {
  const user = userOf(req)
  return !!user && (user.user_role === 'ADMIN' || user.user_role === 'OPERATOR')
}
const serverSet: FieldAccess = () => false

/**
 * Client cards (issue 24): the salon's record of a person, apart from any login account. REST
 * `GET|PATCH /api/clients/:id` (Payload), the list, search, creation, history, notes, duplicates,
 * merge and privacy through the module's endpoints (docs/api.md "Clients"). An ADMIN reads and
 * edits every card; an OPERATOR reads the cards of their own clients and edits only their technical
 * record and tags; customers and visitors nothing. Created by `POST /api/clients` (the desk) and by
 * the database for every customer account (migration 20261127_120000_clients); never deleted
 * through REST — erasure anonymises.
 */
export const Clients: CollectionConfig = {
  slug: 'clients',
  defaultSort: 'surname',
  endpoints: clientEndpoints,
  access: {
    read: async ({ req }) => {
      const user = userOf(req)
      if (!user) return false
      if (isAdminUser(user)) return true
      if (user.user_role !== 'OPERATOR') return false
      return { id: { in: await ownClientIds(pool(req.payload), user) } }
    },
    create: () => false,
    // Changes go through PATCH /api/clients/:id (endpoints/clients.ts), which checks the fields.
    update: () => false,
    delete: () => false,
  },
  fields: [
    { name: 'name', type: 'text', required: true, validate: zodField(clientFields.name) },
    { name: 'surname', type: 'text', validate: zodField(clientFields.surname) },
    { name: 'phone_number', type: 'text', validate: zodField(clientFields.phone_number.nullable().optional()) },
    { name: 'email', type: 'text', validate: zodField(clientFields.email) },
    { name: 'birthday', type: 'text', validate: zodField(clientFields.birthday) },
    { name: 'marketing_consent', type: 'checkbox', defaultValue: false },
    { name: 'marketing_consent_at', type: 'date', access: { create: serverSet, update: serverSet } },
    /** Reminders by SMS (issue 26): the person agreed — in the reserved area, or asked at the desk. */
    { name: 'sms_consent', type: 'checkbox', defaultValue: false },
    { name: 'sms_consent_at', type: 'date', access: { create: serverSet, update: serverSet } },
    { name: 'tags', type: 'json', defaultValue: [], validate: zodField(clientFields.tags) },
    { name: 'allergies', type: 'textarea', access: { read: staffOnly }, validate: zodField(clientFields.allergies) },
    {
      name: 'technical_notes',
      type: 'textarea',
      access: { read: staffOnly },
      validate: zodField(clientFields.technical_notes),
    },
    { name: 'blocked_online', type: 'checkbox', defaultValue: false },
    { name: 'blocked_reason', type: 'text', validate: zodField(clientFields.blocked_reason) },
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      unique: true,
      access: { create: serverSet, update: serverSet },
    },
    { name: 'created_by', type: 'relationship', relationTo: 'users', access: { create: serverSet, update: serverSet } },
    { name: 'anonymised_at', type: 'date', access: { create: serverSet, update: serverSet } },
  ],
}
