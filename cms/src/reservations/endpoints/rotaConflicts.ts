import type { Endpoint } from 'payload'
import { rotaConflictsQuery } from '@salon/shared'
import { parseOr400, pool, queryObject, requireAdmin } from '../../platform'
import { rotaConflicts } from '../rotaConflicts'

/** GET /api/rota/conflicts — bookings outside their operator's hours now (admins; docs/api.md "Rota"). */
export const rotaConflictEndpoints: Endpoint[] = [
  {
    path: '/rota/conflicts',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const q = parseOr400(rotaConflictsQuery, queryObject(req))
      return Response.json(await rotaConflicts(pool(req.payload), q), { headers: { 'Cache-Control': 'no-store' } })
    },
  },
]
