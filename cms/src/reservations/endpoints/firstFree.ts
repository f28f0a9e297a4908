import type { Pool } from 'pg'
import { firstFreeQuery } from '@salon/shared'
import { parseOrThrow } from '../../platform/edge'
import { firstFreeAvailability } from '../firstFree'

/**
 * GET /api/reservations/first-free?services=1,2&operator=any|<id>[&from=YYYY-MM-DD] — public, like
 * time-availability-day: `{ day, timezone, duration, total_price, slots }`, `day: null` when
 * nothing is free up to the booking horizon. Joined to the availability table (availability.ts),
 * so Payload and the fast path answer it alike; the server's render of `/reserve` calls it too.
 */
export const FIRST_FREE_ROUTES: Record<string, (db: Pool, query: Record<string, string>) => Promise<unknown>> = {
  '/first-free': (db, q) => firstFreeAvailability(db, parseOrThrow(firstFreeQuery, q)),
}
