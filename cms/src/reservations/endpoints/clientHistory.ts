import type { Endpoint } from 'payload'
import { idParam } from '@salon/shared'
import { parseOr400, pool, requireStaff } from '../../platform'
import { readCard } from '../../clients'
import { clientHistory } from '../clientHistory'

/**
 * GET /api/clients/:id/history — a card's visits and figures (docs/api.md "Clients"). The card is
 * the clients module's, the visits this one's: joined to the collection in cms/src/collections.ts.
 */
export const clientHistoryEndpoints: Endpoint[] = [
  {
    path: '/:id/history',
    method: 'get',
    handler: async (req) => {
      const user = requireStaff(req)
      const card = await readCard(pool(req.payload), user, parseOr400(idParam, req.routeParams?.id))
      return Response.json(await clientHistory(pool(req.payload), card), { headers: { 'Cache-Control': 'no-store' } })
    },
  },
]
