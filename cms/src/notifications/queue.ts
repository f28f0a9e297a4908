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
import { inBackground, publishRunner, publishedRunner, guardPool, isDatabaseGone, observedClient } from '../platform'

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
 * - **PostgreSQL restarts.** The queue's pool waits for PostgreSQL instead of failing
 *   (`patientPool`: a connect refused because it is gone is tried again with back-off, up to two
 *   minutes), so a job whose database work meets an outage — the worker claiming, a task's
 *   statement, recording a job done or failed — carries on when it is back. (Before: graphile-worker
 *   0.17's unbatched `failJob`/`completeJob` rejected unhandled and the job stayed locked by the live
 *   worker for 4 hours — its batcher's retries stop at the first failure, so batching is no cure.)
 *   A runner that stops by itself anyway is started again, and its old workers are no longer
 *   beaten for, so the sweeper frees what they held (`restart` below).
 * - **Crash.** SIGTERM stops the worker gracefully (its jobs are released at once); a job held by
 *   a process killed outright is released by the other processes' sweeper (`heartbeat` below)
 *   about half a minute later. Sends check `notifications.status` first, so a released job does
 *   not mail again — except the one whose process died between the SMTP server's acceptance and
 *   the row's SENT: delivery is at least once (docs/notifications.md "Crashes").
 */

/** How long the queue's pool waits for PostgreSQL to come back before a connect fails. */
const PATIENCE_MS = 120_000

/**
 * A pool whose connect waits out an outage: refused, reset or timed out because PostgreSQL is
 * gone (platform/databaseHealth.ts), it tries again after 0.2 s … 2 s, for up to PATIENCE_MS;
 * `giveUp()` (stopping) makes waiting connects fail at once. Statements already running on a
 * connection that dies still fail (the task throws and is retried by the queue).
 */
function patientPool(config: pg.PoolConfig): Pool & { giveUp(): void } {
  const pool = new pg.Pool(config)
  let givenUp = false
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>
  const patient = async () => {
    const t0 = Date.now()
    for (let attempt = 0; ; attempt++) {
      try {
        return await connect()
      } catch (err) {
        if (givenUp || !isDatabaseGone(err) || Date.now() - t0 > PATIENCE_MS) throw err
        await new Promise((r) => setTimeout(r, Math.min(200 * 1.5 ** attempt, 2000)))
      }
    }
  }
  type Done = (err?: Error, client?: pg.PoolClient, release?: (err?: Error | boolean) => void) => void
  // pg-pool's own query() and graphile-worker's listener use the callback form.
  pool.connect = ((callback?: Done) => {
    if (!callback) return patient()
    patient().then(
      (client) => callback(undefined, client, (err) => client.release(err)),
      (err: Error) => callback(err),
    )
  }) as typeof pool.connect
  return Object.assign(pool, { giveUp: () => void (givenUp = true) })
}

/** graphile-worker's log lines through Payload's logger (failed attempts are warnings: they retry). */
const logger = (payload: Payload) =>
  new Logger(() => (level, message, meta) => {
    const line = `Job queue: ${message}`
    if (level === 'error') payload.logger.warn({ meta }, line)
    else if (level === 'warning') payload.logger.warn(line)
    else if (level === 'info') payload.logger.debug(line)
  })

/**
 * graphile-worker's enqueue functions run on generic plans. Their statements take the job specs as
 * an array, whose length PostgreSQL's default (`plan_cache_mode = auto`) guesses at ten on a generic
 * plan, so it planned them afresh at nearly every call (the insert into `_private_jobs`: 105 plans
 * in 124 calls in a confirm race, `BENCH_PGSS`) — in the job process's writes and in the trigger
 * that enqueues a reservation event. Every lookup there is by key. Set on each function by name
 * after every migration of the queue (a new graphile-worker version re-creates them, and may
 * change their arguments).
 */
const ENQUEUE_ON_GENERIC_PLANS = `do $$
  declare f regprocedure;
  begin
    for f in select p.oid::regprocedure from pg_proc p
              where p.pronamespace = 'graphile_worker'::regnamespace and p.proname in ('add_job', 'add_jobs')
    loop
      execute format('alter function %s set plan_cache_mode = force_generic_plan', f);
    end loop;
  end $$`

/** Installs or updates graphile-worker's schema (bootstrap, before anything can enqueue). */
export async function migrateQueue(payload: Payload, pgPool: Pool) {
  await runMigrations({ pgPool, logger: logger(payload) })
  await pgPool.query(ENQUEUE_ON_GENERIC_PLANS)
}

/**
 * Starts this process's worker (`JOB_WORKER=off`: none — the process still enqueues, another
 * process sends). Once per process; server.ts stops it on SIGTERM (platform/jobRunner.ts).
 */
export async function startQueue(payload: Payload, taskList: (db: Pool) => TaskList, crontab: string) {
  if (publishedRunner() || !env.jobs.worker) return
  // The queue's own few connections (its listener, one per running job, one to claim and finish
  // jobs): a burst of reminders never takes a connection a visitor's request is waiting for.
  const pgPool = patientPool({
    connectionString: env.databaseUrl,
    max: env.jobs.concurrency + 2,
    application_name: `${env.applicationName}:jobs`,
    Client: observedClient(env.connectTimeoutMs) as unknown as pg.PoolConfig['Client'],
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  guardPool(pgPool, (msg) => payload.logger.error(`Job queue pool error: ${msg}`))
  const events = new EventEmitter() as WorkerEvents
  // The ids the jobs are locked under: graphile-worker 0.17 claims, completes and fails a job under
  // its worker pool's id (`locked_by = 'pool-…'`), not under the id of the worker that runs it.
  const lockOwners = new Set<string>()
  events.on('pool:create', ({ workerPool }) => void lockOwners.add(workerPool.id))
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
    })
  let runner: Runner = await start()
  /**
   * A runner that stopped by itself (PostgreSQL gone for minutes) is started again, every 5 s until
   * it runs. Its pool is no longer beaten for: the jobs they could not release are freed by
   * the sweeper about half a minute later.
   */
  const restart = (err: unknown) => {
    if (stopping) return
    lockOwners.clear()
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
  // When this process last reached PostgreSQL with a beat: only a process that has been beating
  // may judge the others (`mayJudgeOthers`).
  let lastBeat: number | null = null
  const beat = () =>
    inBackground(payload, 'Job worker heartbeat', async () => {
      const started = Date.now()
      await heartbeat(pgPool, [...lockOwners], mayJudgeOthers(lastBeat, started))
      lastBeat = started
    })
  beat()
  const timer = setInterval(beat, HEARTBEAT_MS)
  timer.unref()
  publishRunner({
    stop: async () => {
      stopping = true
      pgPool.giveUp()
      clearInterval(timer)
      await runner.stop().catch(() => undefined)
      await pgPool.query('delete from job_workers where worker_id = any($1)', [[...lockOwners]]).catch(() => undefined)
      await pgPool.end()
    },
  })
}

/**
 * Whether this process may release the jobs of owners not heard of for three beats: only when its
 * own previous beat reached PostgreSQL less than two beats ago. After an outage longer than three
 * beats nobody could beat, so every live process looks dead; the first to beat again would free the
 * jobs its peers are still running (a mail sent twice). It beats first and judges from the next
 * beat on, by when the live peers have beaten too. The same holds for a process that was itself
 * paused (a suspended VM, a long GC).
 */
export function mayJudgeOthers(lastOwnBeat: number | null, now: number, heartbeatMs = HEARTBEAT_MS) {
  return lastOwnBeat !== null && now - lastOwnBeat < 2 * heartbeatMs
}

/** How often a process says its workers are alive, and after how long without it they are dead. */
const HEARTBEAT_MS = env.jobs.heartbeatMs
const DEAD_AFTER_MS = HEARTBEAT_MS * 3

/**
 * The stuck-job sweeper. graphile-worker frees a job whose worker vanished (SIGKILL, a lost
 * machine) only after 4 hours; a reminder cannot wait that long. Every process records the ids
 * its jobs are locked under — its worker pool's id (`locked_by`), see `lockOwners` above — with a
 * heartbeat (`job_workers`), and each beat also releases the jobs of owners not heard of for three
 * beats (`force_unlock_workers`): another process runs them within about half a minute. Every
 * task checks what is recorded (dedupe keys, notifications.status) before it acts, so a released
 * job repeats only a send that was cut off mid-way (at least once).
 */
export async function heartbeat(db: Pool, ids: string[], judge = true) {
  await db.query(
    `insert into job_workers (worker_id, pid, seen_at) select id, $2, now() from unnest($1::text[]) as id
     on conflict (worker_id) do update set seen_at = now()`,
    [ids, process.pid],
  )
  if (!judge) return
  await db.query(
    `with dead as (delete from job_workers where seen_at < now() - make_interval(secs => $1::float8 / 1000)
                   returning worker_id)
     select graphile_worker.force_unlock_workers(array(select worker_id from dead))
      where exists (select 1 from dead)`,
    [DEAD_AFTER_MS],
  )
}
