#!/usr/bin/env node
// `npm start`: install, build what changed, start PostgreSQL (embedded unless DATABASE_URL is
// set), run the app on one port, print the demo logins. Ctrl-C / SIGTERM stops everything.
//
// Two app processes: the web process serves every request with its job worker off, and a job
// process (the same server, on 127.0.0.1 only, at a lower CPU priority: nice 10) sends the mails
// and runs reminders and cleanups. Rendering and sending a booking's mails never takes the event
// loop or a core from a customer's request (docs/notifications.md "Processes"). `JOB_PROCESS=inline`
// runs the worker inside the web process instead (one process, less memory).
import { fork } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { jobProcessEnv, webProcessEnv } from './lib/processes.mjs'
import { build, install, log, root } from './lib/workspace.mjs'

const buildOnly = process.argv.includes('--build-only')

await install()
await build()
if (buildOnly) process.exit(0)

const { startPostgres } = await import('./lib/postgres.mjs')
const external = !!process.env.DATABASE_URL
const production = process.env.NODE_ENV === 'production'
const demo = !external && !production
const dataDir = path.resolve(process.env.DATA_DIR || path.join(root, '.data'))

const separateJobs = (process.env.JOB_PROCESS || 'separate') !== 'inline'
/** nice(1) value of the job process: above the web process's 0, so requests win every core. */
const JOB_NICENESS = 10

let db = null
let app = null
let jobs = null
let stopping = false

/**
 * An app process stops gracefully on SIGTERM — requests in flight answered, running jobs finished,
 * hard exit at 10 s (cms/server.ts) — so it is killed only if it is still there a little later.
 */
const APP_STOP_GRACE_MS = 11_000
const stopChild = (child) =>
  !child || child.exitCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), APP_STOP_GRACE_MS).unref()
      })

async function stop(code = 0) {
  if (stopping) return
  stopping = true
  await Promise.all([stopChild(app), stopChild(jobs)])
  backupSchedule?.stop() // a backup under way is abandoned with its session (the next run cleans it up)
  await db?.stop()
  process.exit(code)
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
process.on('SIGHUP', () => stop(0))
process.on('uncaughtException', (err) => {
  console.error(err)
  void stop(1)
})

// Backups (docs/operations.md): WAL archiving on the embedded PostgreSQL, base backups on a schedule.
const backups = external ? null : await import('./lib/backup.mjs')
const backupConfig = backups?.backupConfig(process.env, dataDir)
const archive = backupConfig?.enabled ? backups.prepareWalArchive(backupConfig, log) : null
let backupSchedule = null
backups?.markAppRunning(dataDir) // `npm run restore` refuses while the app runs

let databaseUrl = process.env.DATABASE_URL
if (!external) {
  // Supervised: a PostgreSQL that crashes (or is killed) is started again on the same port and data
  // directory; the apps reconnect by themselves (docs/operations.md "When PostgreSQL stops or restarts").
  db = await startPostgres({
    dataDir: path.join(dataDir, 'pg'),
    log,
    settings: archive ?? {}, // WAL archiving, also after a supervised restart
    restartOnCrash: true,
    // The apps stop the embedded PostgreSQL if this script dies first: tell them its new pid.
    onRestart: (child) => {
      for (const c of [app, jobs]) if (c?.connected) c.send({ type: 'postgres-pid', pid: child.pid })
    },
  })
  databaseUrl = db.url
  log(`Embedded PostgreSQL on port ${db.port} (data in ${db.dataDir})`)
}

const port = Number(process.env.PORT || 3000)
const startApp = (role, env) => {
  const child = fork(path.join(root, 'cms', 'server.ts'), [], {
    cwd: path.join(root, 'cms'),
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SALON_DEMO: demo ? 'true' : 'false',
      SALON_EMBEDDED_PG: external ? 'false' : 'true',
      NEXT_TELEMETRY_DISABLED: '1',
      SALON_PROCESS_ROLE: role,
      ...env,
    },
  })
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`The ${role === 'jobs' ? 'job process' : 'app'} stopped (exit ${code}).`)
      void stop(code || 1)
    }
  })
  return child
}
app = startApp('web', webProcessEnv({ port, separateJobs, ownedPgPid: db ? String(db.child.pid) : '' }))

/** The job process, once the web process has migrated and seeded (it only sends, never serves the public). */
async function startJobProcess() {
  const { freePort } = await import('./lib/postgres.mjs')
  jobs = startApp('jobs', jobProcessEnv({ webPort: port, jobPort: await freePort(0) }))
  try {
    os.setPriority(jobs.pid, JOB_NICENESS)
  } catch (err) {
    log(`The job process runs at normal priority (${err.message})`)
  }
}

app.on('message', (msg) => {
  if (msg?.type !== 'ready') return
  if (archive && !backupSchedule)
    backupSchedule = backups.scheduleBackups({ url: () => db.url, pgDataDir: db.dataDir, config: backupConfig, log })
  if (separateJobs && !jobs)
    startJobProcess().catch((err) => {
      console.error(`The job process could not start: ${err.message}`)
      void stop(1)
    })
  const url = process.env.SERVER_URL || `http://localhost:${port}`
  console.log(`\n  Salon is running: ${url}\n  Dashboard:        ${url}/dashboard\n`)
  if (demo) {
    console.log('  Demo logins (password demo1234):')
    console.log('    admin@demo.salon      ADMIN — dashboard')
    console.log('    operatore@demo.salon  OPERATOR — Giulia Rossi')
    console.log('    cliente@demo.salon    USER — customer\n')
  }
  console.log('  Press Ctrl-C to stop.\n')
})
