import type { Endpoint, PayloadRequest } from 'payload'
import { deleteMeBody, idPathParams } from '@salon/shared'
import { fieldMessage } from '@salon/shared/messages'
import {
  clientIp,
  fieldError,
  notFound,
  parseOr400,
  pool,
  readJsonObject,
  requireAdmin,
  requireUser,
} from '../platform'
import { LIMITS, checkPassword, endedCookies, guarded, type Subject as LimitSubject } from '../accounts'
import { erase } from './erase'
import { personalData, type Audience, type Subject } from './personalData'

/**
 * The privacy module's HTTP face (docs/api.md "Privacy"): who is asking → zod → one use case → JSON.
 * `privacyEndpoints` are the account's own (`/api/auth/me/export`, `DELETE /api/auth/me`, root
 * endpoints in payload.config.ts); `clientPrivacyEndpoints` the salon's, joined to the Clients
 * collection in collections.ts (`/api/clients/:id/export`, `/api/clients/:id/erase`).
 */

const noStore = { 'Cache-Control': 'private, no-store' }
const idOf = (req: PayloadRequest) => parseOr400(idPathParams, { id: req.routeParams?.id }).id

async function exportAnswer(req: PayloadRequest, subject: Subject, audience: Audience, filename: string) {
  const data = await personalData(pool(req.payload), subject, audience)
  if (!data) throw notFound()
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      ...noStore,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  })
}

export const privacyEndpoints: Endpoint[] = [
  {
    // "Scarica i miei dati": any signed-in account, its own data only.
    path: '/auth/me/export',
    method: 'get',
    handler: async (req) => {
      const user = requireUser(req)
      return exportAnswer(req, { user: user.id }, 'SELF', 'i-miei-dati.json')
    },
  },
  {
    // "Elimina il mio account": the password again, then the erasure; signed out like a logout.
    path: '/auth/me',
    method: 'delete',
    handler: async (req) => {
      const user = requireUser(req)
      const { password } = parseOr400(deleteMeBody, await readJsonObject(req))
      const checks: LimitSubject[] = [
        [LIMITS.loginIp, clientIp(req)],
        [LIMITS.passwordCheck, `user:${user.id}`],
      ]
      await guarded(req, checks, 'failure', async () => {
        try {
          await checkPassword(req.payload, user.email, password, 'password')
        } catch {
          throw fieldError('password', 'PASSWORD_WRONG', fieldMessage('PASSWORD_WRONG'))
        }
      })
      const result = await erase(req.payload, { user: user.id }, 'SELF')
      if (!result) throw notFound()
      return Response.json(
        {
          message: 'Il tuo account è stato eliminato e i tuoi dati cancellati.',
          cancelled: result.cancelled,
        },
        { headers: endedCookies(req) },
      )
    },
  },
]

export const clientPrivacyEndpoints: Endpoint[] = [
  {
    // The salon answers a request for a copy: everything it holds, staff notes and technical record too.
    path: '/:id/export',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const id = idOf(req)
      return exportAnswer(req, { client: id }, 'SALON', `cliente-${id}.json`)
    },
  },
  {
    path: '/:id/erase',
    method: 'post',
    handler: async (req) => {
      const admin = requireAdmin(req)
      const id = idOf(req)
      const result = await erase(req.payload, { client: id }, { id: admin.id, user_role: admin.user_role })
      if (!result) throw notFound()
      return Response.json(result, { headers: noStore })
    },
  },
]
