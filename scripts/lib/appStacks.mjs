// The test run's app stacks (scripts/test.mjs): one embedded PostgreSQL, seeded once into a
// template database, and from it as many fresh copies as the run needs — each with its own
// database (`CREATE DATABASE … TEMPLATE`, a file copy: tens of milliseconds), its own data
// directory, its own mail catcher and its own app process(es), so that no test file sees another
// file's rows, mails, uploads or server-side caches (calendar cache, settings) and no file depends
// on which file ran before it.
//
// The integration suite takes one copy per test file (`cms/tests/int/setup.ts` asks for it over
// HTTP, `serveLeases` below). A copy's app takes a few seconds to start, so `createPool` keeps a
// few started ahead while the current file runs: the files pay almost nothing for their isolation.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createRequire } from 'node:module'
import { freePort } from './postgres.mjs'
import { startSmtp } from './smtp.mjs'
import { SMS_TEST_ACCOUNT, startSmsProvider } from './smsProvider.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const require = createRequire(path.join(root, 'package.json'))

/**
 * The settings every app process of a copy gets, less its port. With `smsUrl` the app sends its
 * texts through the SMS provider's API to that stand-in (scripts/lib/smsProvider.mjs).
 */
export function appEnv({ databaseUrl, dataDir, smtpUrl, smsUrl }) {
  const sms = smsUrl
    ? {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SMS_TEST_ACCOUNT.accountSid,
        TWILIO_AUTH_TOKEN: SMS_TEST_ACCOUNT.authToken,
        TWILIO_API_URL: smsUrl,
        SMS_FROM: 'SaloneDemo',
        SMS_TIMEOUT_MS: '1500',
      }
    : {}
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SALON_DEMO: 'true',
    TRUST_PROXY: 'true',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Salone Demo <no-reply@demo.salon>',
    NEXT_TELEMETRY_DISABLED: '1',
    ...sms,
  }
}

/**
 * One built app process (cms/server.ts) on `port`; resolves once it says "ready" (migrated, seeded,
 * warmed). `logFile` gets its stdout and stderr.
 */
export async function startApp({ execPath = process.execPath, env, port, logFile }) {
  const out = fs.openSync(logFile, 'w')
  const app = fork(path.join(root, 'cms', 'server.ts'), [], {
    cwd: path.join(root, 'cms'),
    execPath,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', out, out, 'ipc'],
    env: { ...env, PORT: String(port), SERVER_URL: `http://localhost:${port}` },
  })
  fs.closeSync(out) // the child has its own copy
  try {
    await new Promise((resolve, reject) => {
      app.on('message', (m) => m?.type === 'ready' && resolve())
      app.once('exit', (code, signal) =>
        reject(new Error(`server exited (${code ?? signal}); see ${path.relative(root, logFile)}`)),
      )
    })
  } finally {
    app.removeAllListeners('exit')
  }
  return app
}

/** SIGTERM, SIGKILL after 8 s; resolves once the process has exited. */
export function stopApp(app) {
  if (!app || app.exitCode !== null || app.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    app.once('exit', () => resolve())
    app.kill('SIGTERM')
    setTimeout(() => app.kill('SIGKILL'), 8000).unref()
  })
}

async function adminQuery(db, text) {
  const pg = require('pg')
  const client = new pg.Client({ connectionString: db.url.replace(/\/[^/]+$/, '/postgres') })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

/**
 * Seeds the template: an app process on `db` (its own database, created by startPostgres) migrates
 * and seeds the demo salon into it and into `dir`/data (the seed's uploads), then stops. Nothing
 * may connect to a template while it is copied, so this process is the only one that ever does.
 */
export async function seedTemplate({ db, dir, execPath, log }) {
  const started = Date.now()
  const dataDir = path.join(dir, 'data')
  fs.mkdirSync(dataDir, { recursive: true })
  const smtp = await startSmtp(path.join(dir, 'smtp'))
  try {
    const app = await startApp({
      execPath,
      env: appEnv({ databaseUrl: db.url, dataDir, smtpUrl: smtp.url }),
      port: await freePort(0),
      logFile: path.join(dir, 'server.log'),
    })
    await stopApp(app)
  } finally {
    await smtp.stop()
  }
  log?.(`Demo salon migrated and seeded into the template in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { database: new URL(db.url).pathname.slice(1), dataDir, logs: [path.join(dir, 'server.log')] }
}

let copyChain = Promise.resolve()

/**
 * A fresh copy of the seeded salon under `dir`: database `name` from the template, the template's
 * data directory copied, a mail catcher, and one app process started on it (`second: true` starts a
 * second process on the same database, as production runs several). `stop()` stops the processes
 * and the mail catcher and drops the database.
 */
export async function startCopy({ db, template, dir, name, execPath, second = false, ownedPgPid = '' }) {
  fs.mkdirSync(dir, { recursive: true })
  const databaseUrl = db.url.replace(/\/[^/]+$/, `/${name}`)
  // One copy at a time (PostgreSQL copies the template under a lock anyway).
  const created = copyChain.then(() => adminQuery(db, `create database "${name}" template "${template.database}"`))
  copyChain = created.catch(() => {})
  await created
  const dataDir = path.join(dir, 'data')
  fs.cpSync(template.dataDir, dataDir, { recursive: true })
  const mailDir = path.join(dir, 'smtp')
  const smtp = await startSmtp(mailDir)
  const smsDir = path.join(dir, 'sms')
  const smsProvider = await startSmsProvider(smsDir)
  const copy = {
    name,
    dir,
    apps: [],
    logs: [],
    env: {},
    appEnv: appEnv({ databaseUrl, dataDir, smtpUrl: smtp.url, smsUrl: smsProvider.url }),
    stopped: null,
  }
  copy.stop = () =>
    (copy.stopped ??= (async () => {
      await Promise.all(copy.apps.map(stopApp))
      await smtp.stop()
      await smsProvider.stop()
      await adminQuery(db, `drop database if exists "${name}" with (force)`).catch(() => {})
    })())
  /** One more app process on this copy's database. */
  copy.startApp = async (logName) => {
    const port = await freePort(0)
    const logFile = path.join(dir, logName)
    copy.logs.push(logFile)
    const env = { ...copy.appEnv, SALON_OWNED_PG_PID: ownedPgPid }
    copy.apps.push(await startApp({ execPath, env, port, logFile }))
    return `http://localhost:${port}`
  }
  try {
    const base = await copy.startApp('server.log')
    copy.env = {
      SALON_BASE_URL: base,
      SALON_DATABASE_URL: databaseUrl,
      SALON_MAIL_DIR: mailDir,
      SALON_SMS_DIR: smsDir,
      // Tests that start app processes of their own (cms/tests/int/helpers.ts startApp): the same
      // settings, and a directory for their logs (checked like the copy's own).
      SALON_APP_ENV: JSON.stringify(copy.appEnv),
      SALON_APP_LOG_DIR: path.join(dir, 'apps'),
    }
    if (second) copy.env.SALON_BASE_URL_B = await copy.startApp('server-b.log')
  } catch (err) {
    await copy.stop()
    throw err
  }
  return copy
}

/** Every log file a copy's processes wrote: its own apps' and those the tests started. */
export function copyLogs(copy) {
  const extra = copy.env.SALON_APP_LOG_DIR
  const more = extra && fs.existsSync(extra) ? fs.readdirSync(extra).map((f) => path.join(extra, f)) : []
  return [...copy.logs, ...more]
}

/**
 * Copies started ahead of need: `take()` hands out one that is ready (or the next to become ready)
 * and starts another in its place, so that up to `ahead` are starting or waiting at any time.
 * `make(n)` starts the n-th copy.
 */
export function createPool({ make, ahead = 2 }) {
  let n = 0
  let closed = false
  const waiting = []
  const all = []
  const fill = () => {
    while (!closed && waiting.length < ahead) {
      const p = make(++n).then((copy) => {
        all.push(copy)
        if (closed) void copy.stop()
        return copy
      })
      p.catch(() => {}) // a failure is reported to whoever takes it
      waiting.push(p)
    }
  }
  fill()
  return {
    take() {
      if (closed) return Promise.reject(new Error('the pool is closed'))
      const next = waiting.shift()
      fill()
      return next
    },
    /** Stops every copy, taken or not; resolves when all have stopped. */
    async close() {
      closed = true
      const pending = waiting.splice(0)
      await Promise.allSettled(pending)
      await Promise.all(all.map((c) => c.stop()))
      return all
    },
  }
}

/**
 * The lease service the integration files ask for their copy (cms/tests/int/setup.ts):
 * `POST /lease {file, second}` → `{id, env}`; `POST /release {id}` stops that copy (answered at
 * once: the next file need not wait for it). `lease` may start a second app on the copy first.
 */
export async function serveLeases({ pool, onLease }) {
  const leased = new Map()
  const body = (req) =>
    new Promise((resolve) => {
      let s = ''
      req.on('data', (c) => (s += c))
      req.on('end', () => resolve(s ? JSON.parse(s) : {}))
    })
  const server = http.createServer(async (req, res) => {
    const send = (status, json) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(json))
    }
    try {
      const input = await body(req)
      if (req.url === '/lease' && req.method === 'POST') {
        const copy = await pool.take()
        leased.set(copy.name, copy)
        onLease?.(copy, input.file)
        if (input.second && !copy.env.SALON_BASE_URL_B) copy.env.SALON_BASE_URL_B = await copy.startApp('server-b.log')
        return send(200, { id: copy.name, env: copy.env })
      }
      if (req.url === '/release' && req.method === 'POST') {
        const copy = leased.get(input.id)
        send(copy ? 200 : 404, { ok: !!copy })
        leased.delete(input.id)
        void copy?.stop()
        return
      }
      send(404, { error: 'not found' })
    } catch (err) {
      send(500, { error: String(err?.message ?? err) })
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
