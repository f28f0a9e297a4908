import path from 'node:path'

/**
 * Runtime settings, read from the environment once. Development defaults are safe only for the
 * demo: `assertProductionSecrets` refuses to run outside demo mode with a default secret.
 */
export const DEV_SECRET = 'dev-only-insecure-secret-do-not-use-in-production'

/** Demo mode: set by `npm start` when it runs the embedded PostgreSQL outside production. */
export const isDemo = () => process.env.SALON_DEMO === 'true'

export const env = {
  get databaseUrl() {
    return process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/salon'
  },
  get secret() {
    return process.env.PAYLOAD_SECRET || DEV_SECRET
  },
  get port() {
    return Number(process.env.PORT || 3000)
  },
  get serverUrl() {
    return (process.env.SERVER_URL || `http://localhost:${this.port}`).replace(/\/$/, '')
  },
  /**
   * The one origin every link the app writes starts with — mails, calendar files, the operators'
   * feeds: PUBLIC_URL, else SERVER_URL, else the web process's own address (`SALON_WEB_URL`, which
   * `npm start` gives its job process: that one listens on 127.0.0.1 and a port nobody visits),
   * else http://localhost:$PORT.
   */
  get linkOrigin() {
    return (
      process.env.PUBLIC_URL ||
      process.env.SERVER_URL ||
      process.env.SALON_WEB_URL ||
      `http://localhost:${this.port}`
    ).replace(/\/+$/, '')
  },
  /**
   * The public origin of absolute URLs in sitemap.xml and robots.txt (content/seo.ts): PUBLIC_URL, else
   * an explicit SERVER_URL; null = the request's own origin.
   */
  get publicUrl() {
    return process.env.PUBLIC_URL || process.env.SERVER_URL || null
  },
  /** The most disk the /api/img cache may take (IMG_CACHE_MAX_MB, default 512 MB). */
  get imageCacheMaxBytes() {
    const mb = Number(process.env.IMG_CACHE_MAX_MB)
    return (Number.isFinite(mb) && mb > 0 ? mb : 512) * 1024 * 1024
  },
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || path.join(process.cwd(), '.data'))
  },
  /**
   * Backups (docs/operations.md): the folder `npm run backup` and the schedule of scripts/start.mjs
   * write to (BACKUP_DIR, default $DATA_DIR/backups), the schedule and the retention; whether the
   * database is `npm start`'s embedded PostgreSQL, whose backups are this app's job (SALON_EMBEDDED_PG,
   * set by scripts/start.mjs).
   */
  get backups() {
    const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback)
    return {
      dir: path.resolve(/*turbopackIgnore: true*/ process.env.BACKUP_DIR || path.join(this.dataDir, 'backups')),
      intervalHours: Math.max(0, num(process.env.BACKUP_INTERVAL_HOURS, 24)),
      keep: Math.max(1, Math.floor(num(process.env.BACKUP_KEEP, 7))),
      embedded: process.env.SALON_EMBEDDED_PG === 'true',
    }
  },
  get uploadDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.UPLOAD_DIR || path.join(this.dataDir, 'uploads'))
  },
  /** External sign-in's `OIDC_*` settings (README "Environment"; accounts/external/providers.ts). */
  get oidc(): Record<string, string | undefined> {
    return Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('OIDC_')))
  },
  get secureCookies() {
    return this.serverUrl.startsWith('https://')
  },
  get host() {
    return process.env.HOST || '0.0.0.0'
  },
  /**
   * What scripts/start.mjs started this process as: `web` (serves the site) or `jobs` (the job
   * process: only its worker matters, on 127.0.0.1, at a lower CPU priority). Changes only the
   * start-up work and the log line.
   */
  get processRole(): 'web' | 'jobs' {
    return process.env.SALON_PROCESS_ROLE === 'jobs' ? 'jobs' : 'web'
  },
  /**
   * How long a request waits for a free connection of the pool before it fails (ms,
   * `DATABASE_POOL_WAIT_MS`, default 15 s): a pool drained by requests that each wait for a second
   * connection then frees itself with errors instead of hanging every request for good.
   */
  get poolWaitMs() {
    const v = Number(process.env.DATABASE_POOL_WAIT_MS)
    return Number.isSafeInteger(v) && v > 0 ? v : 15_000
  },
  /**
   * How long opening one connection to PostgreSQL may take (ms, `DATABASE_CONNECT_TIMEOUT_MS`,
   * default 5 s) before the request is answered 503 (platform/databaseHealth.ts) instead of
   * waiting the whole `poolWaitMs`, and a probe checks whether the database is gone. Not shorter:
   * on a saturated machine a connect (a new backend, SCRAM) took over 1.5 s with PostgreSQL fine.
   */
  get connectTimeoutMs() {
    const v = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS)
    return Number.isSafeInteger(v) && v > 0 ? v : 5000
  },
  get poolMax() {
    return Number(process.env.DATABASE_POOL_MAX || 10)
  },
  /** Connections of the read pool (platform/readPool.ts: confirm's lock-free refusal check). */
  get readPoolMax() {
    return Number(process.env.DATABASE_READ_POOL_MAX || 5)
  },
  /**
   * The read pool opened and warmed when the web process starts, its connections kept through lulls
   * (platform/readPool.ts `warmReadPool`); `DATABASE_READ_POOL_WARM=off`: opened on first use.
   */
  get readPoolWarm() {
    return process.env.DATABASE_READ_POOL_WARM !== 'off'
  },
  /**
   * How this process's connections are named in `pg_stat_activity` (the pool and the calendar
   * listener): `salon:<port>` unless PGAPPNAME says otherwise.
   */
  get applicationName() {
    return process.env.PGAPPNAME || `salon:${this.port}`
  },
  /**
   * server.ts answers the public availability reads itself and serves the booking confirm without
   * Next.js, whose caller is loaded in one statement (accounts/leanAuth.ts; docs/architecture.md "Fast
   * path"); `FAST_PATH=off` (or its older name `AVAILABILITY_FAST_PATH=off`) sends both through
   * Next.js and Payload like every other request, with Payload's own user load (to compare the
   * two paths, and so that the Payload endpoints stay tested).
   */
  get fastPath() {
    return process.env.FAST_PATH !== 'off' && process.env.AVAILABILITY_FAST_PATH !== 'off'
  },
  /**
   * The confirm without Next.js (the write half of the fast path); `FAST_WRITES=off` sends it
   * through Next.js but keeps the rest of the fast path — what the benchmark compares to decide
   * whether skipping Next still earns its keep (docs/benchmarks.md, A/B of issue 21).
   */
  get fastWrites() {
    return this.fastPath && process.env.FAST_WRITES !== 'off'
  },
  /**
   * The job queue's worker in this process (notifications/queue.ts): `JOB_WORKER=off` runs none (the
   * process still enqueues; another one sends), `JOB_CONCURRENCY` jobs at once (default 4: they wait on PostgreSQL and SMTP, not on the CPU),
   * `JOB_HEARTBEAT_MS` between two heartbeats of the stuck-job sweeper (default 10 s).
   */
  get jobs() {
    const whole = (v: string | undefined, fallback: number) =>
      Number.isSafeInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback
    return {
      worker: process.env.JOB_WORKER !== 'off',
      concurrency: whole(process.env.JOB_CONCURRENCY, 4),
      heartbeatMs: whole(process.env.JOB_HEARTBEAT_MS, 10_000),
    }
  },
  /** Behind a load balancer: the client address is the first X-Forwarded-For entry. */
  get trustProxy() {
    return process.env.TRUST_PROXY === 'true'
  },
  /** The embedded PostgreSQL started by scripts/start.mjs, to stop if the parent dies first. */
  get ownedPostgresPid() {
    return Number(process.env.SALON_OWNED_PG_PID) || null
  },
  get smtpUrl() {
    return process.env.SMTP_URL || null
  },
  /**
   * The SMS provider (docs/notifications.md "SMS"): `SMS_PROVIDER=twilio` with `TWILIO_ACCOUNT_SID`,
   * `TWILIO_AUTH_TOKEN` and `SMS_FROM` (a number or an alphanumeric sender, e.g. "SaloneDemo");
   * `TWILIO_API_URL` only for tests (a local server standing for the provider). Unset: every SMS is
   * written to `$DATA_DIR/sms/` instead (the demo).
   */
  get sms() {
    const provider = process.env.SMS_PROVIDER || null
    if (!provider) return null
    if (provider !== 'twilio') throw new Error(`SMS_PROVIDER=${provider}: only "twilio" is known`)
    const accountSid = process.env.TWILIO_ACCOUNT_SID
    const authToken = process.env.TWILIO_AUTH_TOKEN
    const from = process.env.SMS_FROM
    if (!accountSid || !authToken || !from)
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM')
    return {
      provider,
      accountSid,
      authToken,
      from,
      apiUrl: (process.env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/$/, ''),
      timeoutMs: Number(process.env.SMS_TIMEOUT_MS) || 10_000,
    }
  },
  get mailFrom() {
    return process.env.MAIL_FROM || 'Salone Demo <no-reply@demo.salon>'
  },
  /** Outside demo mode, the first admin account (created at boot when none exists). */
  get firstAdmin() {
    const email = process.env.ADMIN_EMAIL
    const password = process.env.ADMIN_PASSWORD
    return email && password ? { email, password, name: process.env.ADMIN_NAME || 'Amministratore' } : null
  },
}

export function assertProductionSecrets() {
  if (isDemo()) return
  const secret = process.env.PAYLOAD_SECRET
  if (!secret || secret === DEV_SECRET || secret.length < 32) {
    throw new Error(
      'PAYLOAD_SECRET is missing, default or shorter than 32 characters: refusing to start outside demo mode. ' +
        'Generate one with `openssl rand -hex 32`.',
    )
  }
}
