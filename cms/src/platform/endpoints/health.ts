import type { Endpoint } from 'payload'
import { isDemo } from '../../env'
import { databaseHealth } from '../health'

const startedAt = Date.now()

/** GET /api/health — app and database state, for load balancers and people. */
export const health: Endpoint = {
  path: '/health',
  method: 'get',
  handler: async (req) => {
    const database = await databaseHealth(req.payload)
    const ok = database.status === 'ok'
    return Response.json(
      {
        status: ok ? 'ok' : 'degraded',
        app: { status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), demo: isDemo() },
        database,
      },
      { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
    )
  },
}
