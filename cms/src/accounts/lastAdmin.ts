import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { HttpError, sqlInRequest } from '../platform'

/**
 * The salon always keeps an administrator: the last ADMIN account can be neither demoted nor
 * deleted (409 LAST_ADMIN). The admin rows are locked in the write's own transaction, so two
 * admins demoting each other at the same moment cannot both succeed.
 */
async function assertAnotherAdmin(req: PayloadRequest, id: number | string) {
  const rows = await sqlInRequest(req)
  const admins = await rows(sql`select id from users where user_role = 'ADMIN' order by id for update`)
  if (!admins.some((a) => String(a.id) !== String(id))) {
    throw new HttpError(
      409,
      'LAST_ADMIN',
      'È l’unico amministratore del salone: prima nomina un altro amministratore.',
      {
        reason: 'LAST_ADMIN',
        errors: [{ path: 'user_role', message: 'Serve almeno un amministratore', code: 'LAST_ADMIN' }],
      },
    )
  }
}

export const keepLastAdminOnChange: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  const before = (originalDoc as { id?: number; user_role?: string } | undefined) ?? {}
  if (operation === 'update' && before.user_role === 'ADMIN' && data.user_role && data.user_role !== 'ADMIN')
    await assertAnotherAdmin(req, before.id!)
  return data
}

export const keepLastAdminOnDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const rows = await sqlInRequest(req)
  const [user] = await rows(sql`select user_role from users where id = ${id}`)
  if (user?.user_role === 'ADMIN') await assertAnotherAdmin(req, id)
}
