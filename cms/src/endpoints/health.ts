import type { Endpoint } from 'payload'
import { isDemo } from '../env'
import { pool } from '../lib/sql'

const startedAt = Date.now()

/** GET /api/health — app and database state, for load balancers and people. */
export const health: Endpoint = {
  path: '/health',
  method: 'get',
  handler: async (req) => {
    const t0 = performance.now()
    let database: { status: 'ok' | 'error'; latencyMs?: number; error?: string }
    try {
      await pool(req.payload).query('select 1')
      database = { status: 'ok', latencyMs: Math.round((performance.now() - t0) * 10) / 10 }
    } catch (err) {
      // The driver's message may name hosts or users: it goes to the log, not to the public.
      req.payload.logger.error({ err, msg: 'Health check: database unreachable' })
      database = { status: 'error', error: 'Database unreachable' }
    }
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
