import type { Endpoint } from 'payload'
import { comparePeriodQuery, periodQuery, roleSchema } from '@salon/shared'
import { z } from 'zod'
import { parseOr400, queryObject, requireAdmin } from '../lib/http'
import { compareRows, countRows } from '../services/reports'

const userFilter = z.object({ role: roleSchema.optional() })

/** GET /api/users/count?from&to&role — admin only. */
export const usersCount: Endpoint = {
  path: '/count',
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    const q = queryObject(req)
    const query = { ...parseOr400(periodQuery, q), ...parseOr400(userFilter, { role: q.role }) }
    return Response.json({ count: await countRows(req.payload, 'users', query) })
  },
}

/** GET /api/users/countCompare?from&to&role — new users in the period vs the previous one. */
export const usersCountCompare: Endpoint = {
  path: '/countCompare',
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    const q = queryObject(req)
    const query = { ...parseOr400(comparePeriodQuery, q), ...parseOr400(userFilter, { role: q.role }) }
    return Response.json(await compareRows(req.payload, 'users', query))
  },
}

/** GET /api/category/count?from&to — admin only. */
export const categoryCount: Endpoint = {
  path: '/count',
  method: 'get',
  handler: async (req) => {
    requireAdmin(req)
    const query = parseOr400(periodQuery, queryObject(req))
    return Response.json({ count: await countRows(req.payload, 'category', query) })
  },
}

const notFound = () =>
  Response.json({ errors: [{ name: 'NotFound', message: 'Not Found', data: { code: 'NOT_FOUND' } }] }, { status: 404 })

/**
 * GET /api/config/count and /api/config/aggregate — not provided (404). The settings are one
 * document: Payload's built-in count would always say `{ totalDocs: 1 }`, and `/aggregate`
 * would otherwise be read as a document id (400). Spec §7 lists them; docs/api.md says why not.
 */
export const configCountClosed: Endpoint[] = ['/count', '/aggregate'].map((path) => ({
  path,
  method: 'get',
  handler: notFound,
}))
