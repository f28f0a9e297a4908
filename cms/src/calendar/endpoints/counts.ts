import type { Endpoint } from 'payload'
import { comparePeriodQuery, periodQuery, reservationReportQuery, roleSchema } from '@salon/shared'
import { z } from 'zod'
import { parseOr400, queryObject, requireAdmin } from '../../platform'
import { aggregateRows, compareRows, countRows } from '../counts'

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

/** The reservations' report buckets (local day, ISO week, month), the same rule. */
const groupByFilter = z.object({ groupBy: reservationReportQuery.shape.groupBy })

/**
 * GET /api/config/count?from&to and /api/config/aggregate?from&to&groupBy — admin only, like the
 * other counts, on the settings rows created in the period (the salon has one settings document,
 * so the count is 1 once it exists). Spec §7 lists both. They replace Payload's built-in
 * `/count` (`{ totalDocs }`), and `/aggregate` would otherwise be read as a document id.
 */
export const configCounts: Endpoint[] = [
  {
    path: '/count',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const query = parseOr400(periodQuery, queryObject(req))
      return Response.json({ count: await countRows(req.payload, 'config', query) })
    },
  },
  {
    path: '/aggregate',
    method: 'get',
    handler: async (req) => {
      requireAdmin(req)
      const q = queryObject(req)
      const query = { ...parseOr400(periodQuery, q), ...parseOr400(groupByFilter, { groupBy: q.groupBy }) }
      return Response.json(await aggregateRows(req.payload, 'config', query))
    },
  },
]
