import crypto from 'node:crypto'
import type { Endpoint } from 'payload'
import { dashboardQuery } from '@salon/shared'
import { parseOr400, queryObject, requireAdmin } from '../../platform'
import { dashboardIndex, homePage } from '../pages'

/** GET /api/pages/home — public, cacheable (ETag + short max-age, 304 when unchanged). */
export const homePageEndpoint: Endpoint = {
  path: '/pages/home',
  method: 'get',
  handler: async (req) => {
    const body = JSON.stringify(await homePage(req))
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`
    const headers = {
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=60, stale-while-revalidate=300',
      ETag: etag,
    }
    if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
    return new Response(body, { status: 200, headers })
  },
}

/** GET /api/pages/dashboard-index?period=today|7d|30d|mtd|custom(&from&to)|day|week|month|year — admin KPIs. */
export const dashboardIndexEndpoint: Endpoint = {
  path: '/pages/dashboard-index',
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    const query = parseOr400(dashboardQuery, queryObject(req))
    return Response.json(await dashboardIndex(req.payload, query), {
      headers: { 'Cache-Control': 'no-store' },
    })
  },
}
