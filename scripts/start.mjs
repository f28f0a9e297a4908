#!/usr/bin/env node
// `npm start`: install, build what changed, start PostgreSQL (embedded unless DATABASE_URL is
// set), run the app on one port, print the demo logins. Ctrl-C / SIGTERM stops everything.
import { fork } from 'node:child_process'
import path from 'node:path'
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

let db = null
let app = null
let stopping = false

async function stop(code = 0) {
  if (stopping) return
  stopping = true
  if (app && app.exitCode === null) {
    await new Promise((resolve) => {
      app.once('exit', resolve)
      app.kill('SIGTERM')
      setTimeout(() => app.kill('SIGKILL'), 8000).unref()
    })
  }
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

let databaseUrl = process.env.DATABASE_URL
if (!external) {
  db = await startPostgres({ dataDir: path.join(dataDir, 'pg'), log })
  databaseUrl = db.url
  log(`Embedded PostgreSQL on port ${db.port} (data in ${db.dataDir})`)
}

const port = Number(process.env.PORT || 3000)
app = fork(path.join(root, 'cms', 'server.ts'), [], {
  cwd: path.join(root, 'cms'),
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    SALON_DEMO: demo ? 'true' : 'false',
    SALON_OWNED_PG_PID: db ? String(db.child.pid) : '',
    NEXT_TELEMETRY_DISABLED: '1',
  },
})
app.on('exit', (code) => {
  if (!stopping) {
    console.error(`The app stopped (exit ${code}).`)
    void stop(code || 1)
  }
})
app.on('message', (msg) => {
  if (msg?.type !== 'ready') return
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
