import type { Payload } from 'payload'
import { assertProductionSecrets, env, isDemo } from './env'
import { fastWriteRoutes, warmConfirmReads } from './reservations'
import { guardPool, pool, publishFastWrites, publishPool, warmReadPool } from './platform'
import { migrations } from './migrations'
import { ensureConfig, ensureFirstAdmin, seedDemo } from './seed'
import { migrateQueue, startJobs } from './notifications'
import { WAITLIST_CRONTAB, waitlistTasks } from './waitlist'

/** Serialises migrations and seeding across app processes that boot at once. */
const BOOT_LOCK = 74_120_001

/**
 * Runs once per process when Payload initialises: refuses unsafe production settings, applies
 * the committed migrations, then seeds (demo) or creates the first admin (production).
 */
export async function bootstrap(payload: Payload) {
  assertProductionSecrets()
  // An idle client dropped by PostgreSQL (restart, failover) must not take the process down (pg
  // emits 'error' on the pool, or on a checked-out client; without a listener that ends the
  // process). Installed first: the job queue's migration refuses a pool without them.
  guardPool(pool(payload), (msg) => payload.logger.error(`PostgreSQL pool error: ${msg}`))
  const client = await pool(payload).connect()
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK])
    await payload.db.migrate({
      migrations: migrations as unknown as Parameters<typeof payload.db.migrate>[0] extends { migrations?: infer M }
        ? M
        : never,
    })
    // The job queue's schema before anything is written: recording a reservation event enqueues
    // its notifications in the same transaction (jobs/, migration …_notifications).
    await migrateQueue(payload, pool(payload))
    if (isDemo()) {
      await seedDemo(payload)
    } else {
      await ensureConfig(payload)
      await ensureFirstAdmin(payload)
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK]).catch(() => {})
    client.release()
  }
  // Migrated and seeded: the availability fast path in server.ts may now use this pool.
  publishPool(pool(payload))
  // …and serve the confirm without Next (reservations/endpoints/fastWrites.ts).
  publishFastWrites(fastWriteRoutes(payload))
  // The confirm's read pool, open and warm before the first customer (the web process only).
  // A failure is only logged: the pool then opens its connections on first use, as without it.
  if (env.processRole !== 'jobs' && env.fastWrites) {
    await warmReadPool(warmConfirmReads).catch((err: unknown) =>
      payload.logger.error({ err }, 'Read pool warm-up failed'),
    )
  }
  // The job queue's worker: notifications, reminders, abandoned drafts, past bookings (jobs/),
  // and the waitlist's scans and offer expiries.
  await startJobs(payload, { tasks: (db) => waitlistTasks(payload, db), crontab: WAITLIST_CRONTAB })
}
