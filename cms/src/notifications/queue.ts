import type { Payload } from 'payload'
import pg, { type Pool } from 'pg'
import { EventEmitter } from 'node:events'
import {
  Logger,
  parseCrontab,
  run,
  runMigrations,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker'
import { env } from '../env'
import { inBackground, publishRunner, publishedRunner, guardPool, observedClient } from '../platform'

/**
 * The durable job queue: graphile-worker on the app's own PostgreSQL, with a small pool of its own
 * (docs/notifications.md "The queue").
 *
 * - **Enqueued with the change.** Jobs are rows; the reservation event trigger adds them in the
 *   writing transaction (migration `…_notifications`), tasks add follow-ups in theirs.
 * - **Once, across processes.** Every app process runs a worker; a job is claimed with
 *   `FOR UPDATE SKIP LOCKED` and locked to one worker, so two processes never run it at once.
 * - **Retried with back-off.** A task that throws (SMTP down) runs again after exp(attempt) seconds,
 *   up to the job's `max_attempts`; the booking that caused it was committed long before.
 * - **Scheduled.** Reminders are jobs with a `run_at` and a `job_key` (`reminder:<id>:<n>`): a move
 *   replaces the key's job, a cancellation removes it. Cron items run the drafts' expiry and the
 *   completion of past bookings once per tick across all processes (`known_crontabs`).
 * - **PostgreSQL restarts.** Claiming retries every poll, the LISTEN connection reconnects with
 *   back-off (graphile-worker), and a job's completion or failure is retried with back-off
 *   (`completeJobBatchDelay`/`failJobBatchDelay` 0: graphile-worker's batcher retries up to 20 times,
 *   ~3 minutes; unbatched, a lost `complete` was an unhandled rejection and the job stayed locked for
 *   4 hours). A worker that gives up anyway is started again (`restart` below).
 * - **Crash.** SIGTERM stops the worker gracefully (its jobs are released at once); a job held by
 *   a process killed outright is released by the other processes' sweeper (`heartbeat` below)
 *   about half a minute later. Sends check `notifications.status` first, so a released job does
 *   not mail again — except the one whose process died between the SMTP server's acceptance and
 *   the row's SENT: delivery is at least once (docs/notifications.md "Crashes").
 */

/** graphile-worker's log lines through Payload's logger (failed attempts are warnings: they retry). */
const logger = (payload: Payload) =>
  new Logger(() => (level, message, meta) => {
    const line = `Job queue: ${message}`
    if (level === 'error') payload.logger.warn({ meta }, line)
    else if (level === 'warning') payload.logger.warn(line)
    else if (level === 'info') payload.logger.debug(line)
  })

/** Installs or updates graphile-worker's schema (bootstrap, before anything can enqueue). */
export async function migrateQueue(payload: Payload, pgPool: Pool) {
  await runMigrations({ pgPool, logger: logger(payload) })
}

/**
 * Starts this process's worker (`JOB_WORKER=off`: none — the process still enqueues, another
 * process sends). Once per process; server.ts stops it on SIGTERM (platform/jobRunner.ts).
 */
export async function startQueue(payload: Payload, taskList: (db: Pool) => TaskList, crontab: string) {
  if (publishedRunner() || !env.jobs.worker) return
  // The queue's own few connections (its listener, one per running job, one to claim and finish
  // jobs): a burst of reminders never takes a connection a visitor's request is waiting for.
  const pgPool = new pg.Pool({
    connectionString: env.databaseUrl,
    max: env.jobs.concurrency + 2,
    application_name: `${env.applicationName}:jobs`,
    Client: observedClient(env.connectTimeoutMs) as unknown as pg.PoolConfig['Client'],
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  guardPool(pgPool, (msg) => payload.logger.error(`Job queue pool error: ${msg}`))
  const events = new EventEmitter() as WorkerEvents
  const workerIds = new Set<string>()
  events.on('worker:create', ({ worker }) => void workerIds.add(worker.workerId))
  let stopping = false
  const start = () =>
    run({
      pgPool,
      logger: logger(payload),
      events,
      concurrency: env.jobs.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: taskList(pgPool),
      parsedCronItems: parseCrontab(crontab),
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    })
  let runner: Runner = await start()
  /** A worker that stopped by itself (PostgreSQL gone for minutes) is started again, every 5 s until it runs. */
  const restart = (err: unknown) => {
    if (stopping) return
    payload.logger.error({ err }, 'Job queue stopped: starting it again in 5 s')
    setTimeout(() => {
      if (stopping) return
      start().then((r) => {
        runner = r
        r.promise.catch(restart)
      }, restart)
    }, 5000).unref()
  }
  runner.promise.catch(restart)
  const beat = () => inBackground(payload, 'Job worker heartbeat', () => heartbeat(pgPool, [...workerIds]))
  beat()
  const timer = setInterval(beat, HEARTBEAT_MS)
  timer.unref()
  publishRunner({
    stop: async () => {
      stopping = true
      clearInterval(timer)
      await runner.stop().catch(() => undefined)
      await pgPool.query('delete from job_workers where worker_id = any($1)', [[...workerIds]]).catch(() => undefined)
      await pgPool.end()
    },
  })
}

/** How often a process says its workers are alive, and after how long without it they are dead. */
const HEARTBEAT_MS = env.jobs.heartbeatMs
const DEAD_AFTER_MS = HEARTBEAT_MS * 3

/**
 * The stuck-job sweeper. graphile-worker frees a job whose worker vanished (SIGKILL, a lost
 * machine) only after 4 hours; a reminder cannot wait that long. Every process records its
 * workers' ids with a heartbeat (`job_workers`), and each beat also releases the jobs of workers
 * not heard of for three beats (`force_unlock_workers`): another process runs them within about
 * half a minute. Every task checks what is recorded (dedupe keys, notifications.status) before it
 * acts, so a released job repeats only a send that was cut off mid-way (at least once).
 */
export async function heartbeat(db: Pool, ids: string[]) {
  await db.query(
    `insert into job_workers (worker_id, pid, seen_at) select id, $2, now() from unnest($1::text[]) as id
     on conflict (worker_id) do update set seen_at = now()`,
    [ids, process.pid],
  )
  await db.query(
    `with dead as (delete from job_workers where seen_at < now() - make_interval(secs => $1::float8 / 1000)
                   returning worker_id)
     select graphile_worker.force_unlock_workers(array(select worker_id from dead))
      where exists (select 1 from dead)`,
    [DEAD_AFTER_MS],
  )
}
