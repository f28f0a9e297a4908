import type { Payload } from 'payload'
import type { TaskList } from 'graphile-worker'
import type { Pool } from 'pg'
import { offerExpired, scanWaitlist } from './scan'

/** The waitlist's tasks on the queue (docs/notifications.md "Waitlist offers"), glue over scan.ts. */
export const waitlistTasks = (payload: Payload, db: Pool): TaskList => ({
  'waitlist-scan': async () => {
    const { offers, expiredEntries } = await scanWaitlist(db)
    if (offers || expiredEntries)
      payload.logger.info(`Waitlist: ${offers} offer(s) made, ${expiredEntries} entry(ies) expired`)
  },
  'waitlist-offer-expired': async (job) => {
    const offer = Number((job as { offer?: unknown } | null)?.offer)
    if (!Number.isSafeInteger(offer) || offer <= 0) throw new Error('Job payload without a valid offer')
    await offerExpired(db, offer)
  },
})

/** The safety net: a scan every five minutes (an offer whose follow-up was lost, entries whose days passed). */
export const WAITLIST_CRONTAB = '*/5 * * * * waitlist-scan ?max=1&queue=waitlist&jobKey=waitlist-scan'
