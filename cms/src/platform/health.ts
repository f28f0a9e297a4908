import type { Payload } from 'payload'
import { pool } from './sql'

export type DatabaseHealth = { status: 'ok'; latencyMs: number } | { status: 'error'; error: string }

/** Whether PostgreSQL answers, and how fast. The driver's message goes to the log only: it may name hosts or users. */
export async function databaseHealth(payload: Payload): Promise<DatabaseHealth> {
  const t0 = performance.now()
  try {
    await pool(payload).query('select 1')
    return { status: 'ok', latencyMs: Math.round((performance.now() - t0) * 10) / 10 }
  } catch (err) {
    payload.logger.error({ err, msg: 'Health check: database unreachable' })
    return { status: 'error', error: 'Database unreachable' }
  }
}
