import type { Pool } from 'pg'
import { autoCompletion } from '@salon/shared'
import { completeDue } from '../repository'

/**
 * The queue's `complete-past` job: with config `autoCompleteHours` set, bookings the engine says
 * are done (`autoCompletion`: confirmed, ended at least that long ago) become COMPLETED, each with
 * its STATUS_CHANGED event (actor: none — the salon's own rule), in one statement. Rows another
 * transaction holds are skipped and taken on the next run. Tested by
 * cms/tests/int/notifications.test.ts (the job) and config-settings.test.ts.
 */
export async function completePastBookings(pool: Pool, graceHours: number, now = new Date()) {
  const rule = autoCompletion(graceHours, now)
  if (!rule) return 0
  return completeDue(pool, rule.statuses, rule.endedBefore, now)
}
