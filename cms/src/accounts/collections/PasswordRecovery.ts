import type { CollectionConfig } from 'payload'
import { isAdmin, nobody } from '../../platform'

/** Recovery codes, stored hashed; written only by the accounts service (never through REST). */
export const PasswordRecovery: CollectionConfig = {
  slug: 'password_recovery',
  access: { read: isAdmin, create: nobody, update: nobody, delete: isAdmin },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'token', type: 'text', required: true, index: true, access: { read: () => false } },
    { name: 'expires_at', type: 'date', required: true },
    { name: 'used_at', type: 'date' },
  ],
}
