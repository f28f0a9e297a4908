import type { Payload } from 'payload'
import type { Pool } from 'pg'

/** The adapter's pg pool, for aggregates computed in SQL (never by loading rows). */
export const pool = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool
