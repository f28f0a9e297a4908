import type { Pool } from 'pg'
import { checkAvailabilityQuery, dayAvailabilityQuery, monthAvailabilityQuery } from '@salon/shared'
import { parseOrThrow } from '../../platform/edge'
import { checkAvailability, dayAvailability, monthAvailability } from '../booking'
import { FIRST_FREE_ROUTES } from './firstFree'

/**
 * The public availability reads, free of Payload: served as Payload endpoints and, on the hot
 * path, straight by server.ts (see docs/architecture.md "Fast path"). One table, so
 * both paths always answer the same.
 */
export const AVAILABILITY_ROUTES: Record<string, (db: Pool, query: Record<string, string>) => Promise<unknown>> = {
  '/time-availability-day': (db, q) => dayAvailability(db, parseOrThrow(dayAvailabilityQuery, q)),
  '/availability-month': (db, q) => monthAvailability(db, parseOrThrow(monthAvailabilityQuery, q)),
  '/check-availability': (db, q) => checkAvailability(db, parseOrThrow(checkAvailabilityQuery, q)),
  ...FIRST_FREE_ROUTES,
}

export const AVAILABILITY_PREFIX = '/api/reservations'
