import type { Endpoint } from 'payload'
import { checkoutBody, idParam, takingsQuery } from '@salon/shared'
import { parseOr400, pool, queryObject, readJsonObject, requireAdmin, requireStaff } from '../../platform'
import { takings, takingsCsv } from '../takings'
import { checkout } from '../writes/checkout'

const noStore = { 'Cache-Control': 'no-store' }

/**
 * POST /api/reservations/:id/checkout — what was done and paid (staff: an admin, the booking's
 * operator; docs/api.md "Checkout"). 200 `checkoutResponse`.
 */
export const checkoutEndpoint: Endpoint = {
  path: '/:id/checkout',
  method: 'post',
  handler: async (req) => {
    // Staff only, before the input is read (a customer never checks out); the rest is the engine's.
    const user = requireStaff(req)
    const id = parseOr400(idParam, req.routeParams?.id)
    const body = parseOr400(checkoutBody, await readJsonObject(req))
    return Response.json(await checkout(pool(req.payload), user, id, body), { headers: noStore })
  },
}

/**
 * GET /api/reports/takings?from=&to= and /api/reports/takings.csv?from=&to= — the takings by day,
 * operator and method, and the payments as a spreadsheet (admins; docs/api.md "Takings").
 */
export const takingsEndpoints: Endpoint[] = [
  {
    path: '/reports/takings',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const q = parseOr400(takingsQuery, queryObject(req))
      return Response.json(await takings(pool(req.payload), q), { headers: noStore })
    },
  },
  {
    path: '/reports/takings.csv',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const q = parseOr400(takingsQuery, queryObject(req))
      const { filename, body } = await takingsCsv(pool(req.payload), q)
      return new Response(body, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${filename}"`,
          'Cache-Control': 'private, no-store',
        },
      })
    },
  },
]
