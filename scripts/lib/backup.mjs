// Backups of the embedded PostgreSQL with PostgreSQL's own machinery (docs/operations.md):
//  - continuous WAL archiving: every finished WAL segment is gzipped into `<BACKUP_DIR>/wal/` by
//    the server's `archive_command` (a temp name, then a rename; an existing segment is never
//    overwritten — the same content again succeeds, a different one fails and is retried);
//  - base backups through the low-level API (`pg_backup_start` … a tar of the data directory …
//    `pg_backup_stop`, its label written as `backup_label`), each in `<BACKUP_DIR>/base/<name>/`
//    with the WAL it needs to be consistent, a tar of the uploads and a `manifest.json`;
//  - point-in-time recovery from them (`restoreCluster`): `restore_command`,
//    `recovery_target_time`, `recovery_target_action=promote`, `recovery.signal`.
// The tools are `tar` and `gzip` (every Debian, and the node and postgres images), so the backup
// needs none of the client programs (pg_dump, pg_basebackup) the embedded package does not ship.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { osUserOfPostgres, reachableBy, runningPostmaster, startPostgres } from './postgres.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const require = createRequire(path.join(root, 'package.json'))

/** A failure the person running the command can act on: printed as is, without a stack trace. */
export class BackupError extends Error {
  constructor(message) {
    super(message)
    this.name = 'BackupError'
  }
}

const whole = (v, fallback) => (Number.isFinite(Number(v)) && v !== '' && v != null ? Number(v) : fallback)

/** The backup settings of the environment (README "Configuration"). */
export function backupConfig(env = process.env, dataDir = path.resolve(env.DATA_DIR || path.join(root, '.data'))) {
  const dir = path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups'))
  return {
    enabled: env.BACKUP !== 'off',
    dir,
    walDir: path.join(dir, 'wal'),
    baseDir: path.join(dir, 'base'),
    keep: Math.max(1, Math.floor(whole(env.BACKUP_KEEP, 7))),
    intervalHours: Math.max(0, whole(env.BACKUP_INTERVAL_HOURS, 24)),
    archiveTimeoutSeconds: Math.max(0, Math.floor(whole(env.BACKUP_ARCHIVE_TIMEOUT, 60))),
    uploadsDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
  }
}

const shq = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`
/** A path inside archive_command/restore_command: `%` is their placeholder character. */
const cmdPath = (p) => shq(p).replace(/%/g, '%%')

/**
 * The server settings of WAL archiving into `walDir`. The command is /bin/sh run by the server's
 * OS user: gzip to `<segment>.gz.tmp`, fsync, rename. A segment already archived succeeds only when
 * its content is the same (a retry after a crash), never overwritten with another content.
 */
export function archiveSettings(walDir, archiveTimeoutSeconds = 60) {
  const w = cmdPath(walDir)
  const command =
    `f=${w}/%f.gz; if [ -f "$f" ]; then gzip -dc "$f" | cmp -s - %p; ` +
    `else gzip -1c %p > "$f.tmp" && sync "$f.tmp" && mv "$f.tmp" "$f"; fi`
  return {
    archive_mode: 'on',
    archive_command: command,
    archive_timeout: String(archiveTimeoutSeconds),
    wal_level: 'replica',
  }
}

/** restore_command fetching segments and timeline histories from `dir` (gzipped or not). */
export function restoreCommand(dir) {
  const w = cmdPath(dir)
  return `if [ -f ${w}/%f.gz ]; then gzip -dc ${w}/%f.gz > %p; elif [ -f ${w}/%f ]; then cp ${w}/%f %p; else exit 1; fi`
}

/**
 * Where the server archives when its OS user cannot reach BACKUP_DIR (as root, a folder under a
 * private home — the same case that moves the cluster to /tmp): a spool it can reach, which
 * `drainSpool` moves into `<BACKUP_DIR>/wal` (every minute under npm start, and before each backup
 * or restore).
 */
export const spoolDirOf = (config) =>
  path.join(os.tmpdir(), 'salon-pg-wal', Buffer.from(path.resolve(config.walDir)).toString('base64url').slice(-40))

/** Moves the finished files of the spool into the archive (a temp name, then a rename); returns how many. */
export function drainSpool(config) {
  const spool = spoolDirOf(config)
  let names = []
  try {
    names = fs.readdirSync(spool)
  } catch {
    return 0
  }
  let moved = 0
  for (const f of names) {
    if (f.endsWith('.tmp')) continue
    const to = path.join(config.walDir, f)
    if (!fs.existsSync(to)) {
      fs.copyFileSync(path.join(spool, f), `${to}.tmp`)
      fs.renameSync(`${to}.tmp`, to)
    }
    fs.rmSync(path.join(spool, f), { force: true })
    moved++
  }
  return moved
}

/**
 * Makes `walDir` ready for the server to archive into and returns the server settings. As root,
 * `walDir` is given to the postgres OS user; when that user cannot reach it, the server archives
 * into a spool (`spoolDirOf`) that is drained into `walDir`.
 */
export function prepareWalArchive(config, log = console.log) {
  fs.mkdirSync(config.walDir, { recursive: true })
  const pgUser = osUserOfPostgres()
  if (pgUser) {
    if (!reachableBy(pgUser.uid, pgUser.gid, config.walDir)) {
      const spool = spoolDirOf(config)
      fs.mkdirSync(path.dirname(spool), { recursive: true, mode: 0o755 })
      fs.chmodSync(path.dirname(spool), 0o755)
      fs.mkdirSync(spool, { recursive: true, mode: 0o700 })
      fs.chownSync(spool, pgUser.uid, pgUser.gid)
      log(
        `WAL is archived into ${spool} first (the postgres user cannot reach ${config.walDir}), then moved there every minute; BACKUP_DIR on a folder it can reach avoids the detour.`,
      )
      return archiveSettings(spool, config.archiveTimeoutSeconds)
    }
    fs.chownSync(config.walDir, pgUser.uid, pgUser.gid)
  }
  return archiveSettings(config.walDir, config.archiveTimeoutSeconds)
}

// ── Backups on disk ───────────────────────────────────────────────────────────────────────────

const SEGMENT = /^[0-9A-F]{24}$/
/** The position part of a WAL file name (log + segment, without the timeline): comparable across timelines. */
const segPos = (name) => name.slice(8, 24)

/** Every finished base backup's manifest, oldest first. */
export function listBackups(config) {
  let names = []
  try {
    names = fs.readdirSync(config.baseDir)
  } catch {
    return []
  }
  const out = []
  for (const name of names) {
    if (name.startsWith('.')) continue
    try {
      const m = JSON.parse(fs.readFileSync(path.join(config.baseDir, name, 'manifest.json'), 'utf8'))
      out.push({ ...m, path: path.join(config.baseDir, name) })
    } catch {
      // not finished (or not ours)
    }
  }
  return out.sort((a, b) => a.stoppedAt.localeCompare(b.stoppedAt))
}

function dirSize(p) {
  let total = 0
  let st
  try {
    st = fs.lstatSync(p)
  } catch {
    return 0
  }
  if (!st.isDirectory()) return st.size
  for (const e of fs.readdirSync(p)) total += dirSize(path.join(p, e))
  return total
}

export const formatBytes = (n) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(1)} GB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(1)} MB`
      : `${Math.max(1, Math.round(n / 1024))} kB`

/** Runs a program; resolves with its exit code, stderr kept for the error message. */
function run(cmd, args, { okCodes = [0], nice = false, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], ...opts })
    if (nice)
      try {
        os.setPriority(child.pid, 10)
      } catch {
        // normal priority then
      }
    let err = ''
    child.stderr?.on('data', (c) => (err += c))
    child.once('error', reject)
    child.once('exit', (code) =>
      okCodes.includes(code)
        ? resolve(code)
        : reject(new BackupError(`${cmd} ${args[0]} failed (${code}): ${err.trim()}`)),
    )
  })
}

/** What a base backup leaves out of the data directory (PostgreSQL docs, "Making a Base Backup Using the Low Level API"). */
const EXCLUDES = [
  './postmaster.pid',
  './postmaster.opts',
  './backup_label',
  './backup_label.old',
  './tablespace_map',
  './recovery.signal',
  './standby.signal',
  './pg_wal/*',
  './pg_replslot/*',
  './pg_dynshmem/*',
  './pg_notify/*',
  './pg_serial/*',
  './pg_snapshots/*',
  './pg_stat_tmp/*',
  './pg_subtrans/*',
  'pgsql_tmp*',
  'pg_internal.init',
  './salon_restore_wal',
]

function acquireLock(config) {
  fs.mkdirSync(config.dir, { recursive: true })
  const lock = path.join(config.dir, '.backup.lock')
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
  } catch {
    const pid = Number(fs.readFileSync(lock, 'utf8'))
    let alive = false
    try {
      process.kill(pid, 0)
      alive = pid !== process.pid
    } catch (e) {
      alive = e.code === 'EPERM'
    }
    if (alive) throw new BackupError(`A backup is already running (process ${pid}).`)
    fs.writeFileSync(lock, String(process.pid))
  }
  return () => fs.rmSync(lock, { force: true })
}

const stamp = (d = new Date()) =>
  d
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')

/** Records the last attempt (the dashboard shows a failure): `last-attempt.json` in the backup folder. */
function recordAttempt(config, attempt) {
  try {
    fs.mkdirSync(config.dir, { recursive: true })
    const file = path.join(config.dir, 'last-attempt.json')
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(attempt, null, 2))
    fs.renameSync(`${file}.tmp`, file)
  } catch {
    // the backup folder itself is the problem: the caller reports the error
  }
}

/**
 * One base backup of the running server at `url` whose data directory is `pgDataDir`, into
 * `<config.dir>/base/<name>/`, then retention. Returns its manifest.
 */
export async function takeBaseBackup({ url, pgDataDir, config, log = console.log, reason = 'manual' }) {
  const release = acquireLock(config)
  const startedAt = new Date()
  const name = stamp(startedAt)
  const partial = path.join(config.baseDir, `.partial-${name}`)
  const pg = require('pg')
  const client = new pg.Client({ connectionString: url, application_name: 'salon:backup' })
  try {
    await client.connect()
    const { rows: settings } = await client.query(
      `select current_setting('archive_mode') as mode, current_setting('server_version') as version`,
    )
    if (settings[0].mode === 'off')
      throw new BackupError('WAL archiving is off on this server (BACKUP=off?): a base backup needs it.')
    const tz = await client
      .query('select timezone from config order by id limit 1')
      .then((r) => r.rows[0]?.timezone ?? null)
      .catch(() => null)
    for (const e of fs.existsSync(config.baseDir) ? fs.readdirSync(config.baseDir) : [])
      if (e.startsWith('.partial-')) fs.rmSync(path.join(config.baseDir, e), { recursive: true, force: true })
    fs.mkdirSync(path.join(partial, 'wal'), { recursive: true })

    const start = (
      await client.query(
        `select s.lsn::text as lsn, pg_walfile_name(s.lsn) as wal, (select timeline_id from pg_control_checkpoint()) as tli
           from pg_backup_start($1, true) as s(lsn)`,
        [`salon ${name}`],
      )
    ).rows[0]
    // The session stays open until pg_backup_stop: closing it would abort the backup.
    const tarArgs = ['-czf', path.join(partial, 'data.tar.gz'), '-C', pgDataDir]
    for (const x of EXCLUDES) tarArgs.push(`--exclude=${x}`)
    tarArgs.push('--warning=no-file-changed', '--warning=no-file-removed', '--ignore-failed-read', '.')
    // Files change and disappear while the server runs: tar's exit 1 says so, and WAL replay fixes it.
    await run('tar', tarArgs, { okCodes: [0, 1], nice: true })
    // pg_backup_stop waits until its last WAL segment is archived: a broken archive would hang it for good.
    await client.query(`set statement_timeout = '2min'`)
    const stop = (
      await client.query(
        `select s.lsn::text as lsn, s.labelfile, s.spcmapfile, pg_walfile_name(s.lsn) as wal, now() as at
           from pg_backup_stop(true) as s`,
      )
    ).rows[0]
    fs.writeFileSync(path.join(partial, 'backup_label'), stop.labelfile)
    if (stop.spcmapfile) fs.writeFileSync(path.join(partial, 'tablespace_map'), stop.spcmapfile)

    // The WAL from start to stop makes the copy consistent: keep it with the backup.
    drainSpool(config)
    const needed = fs.readdirSync(config.walDir).filter((f) => {
      const seg = f.replace(/\.gz$/, '')
      if (f.endsWith('.history') || f.endsWith('.history.gz')) return true
      return SEGMENT.test(seg) && seg >= start.wal && seg <= stop.wal
    })
    for (const w of [start.wal, stop.wal])
      if (!needed.includes(`${w}.gz`))
        throw new BackupError(
          `WAL segment ${w} is not in ${config.walDir}: the server archives somewhere else (another BACKUP_DIR?).`,
        )
    for (const f of needed) fs.copyFileSync(path.join(config.walDir, f), path.join(partial, 'wal', f))

    let uploads = { files: 0, bytes: 0 }
    if (fs.existsSync(config.uploadsDir)) {
      await run('tar', ['-czf', path.join(partial, 'uploads.tar.gz'), '-C', config.uploadsDir, '.'], {
        okCodes: [0, 1],
        nice: true,
      })
      const files = fs.readdirSync(config.uploadsDir, { recursive: true })
      uploads = { files: files.length, bytes: dirSize(config.uploadsDir) }
    }
    const manifest = {
      name,
      kind: 'base',
      reason,
      startedAt: startedAt.toISOString(),
      stoppedAt: new Date(stop.at).toISOString(),
      finishedAt: new Date().toISOString(),
      startLsn: start.lsn,
      stopLsn: stop.lsn,
      startWal: start.wal,
      stopWal: stop.wal,
      timeline: Number(start.tli),
      pgVersion: settings[0].version,
      timezone: tz,
      clusterBytes: dirSize(pgDataDir),
      uploads,
      sizeBytes: dirSize(partial),
      host: os.hostname(),
    }
    fs.writeFileSync(path.join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2))
    fs.renameSync(partial, path.join(config.baseDir, name))
    const pruned = prune(config)
    recordAttempt(config, { at: manifest.finishedAt, ok: true, name })
    log(
      `Base backup ${name}: ${formatBytes(manifest.sizeBytes)} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s → ${path.join(config.baseDir, name)}` +
        (pruned.backups.length ? ` (removed ${pruned.backups.join(', ')} and ${pruned.wal} WAL files)` : ''),
    )
    return { ...manifest, path: path.join(config.baseDir, name) }
  } catch (caught) {
    const err =
      caught?.code === '57014'
        ? new BackupError('WAL archiving does not archive (2 minutes waited): see pg_stat_archiver and the server log.')
        : caught
    // A backup left started would block the next one until this session ends: it ends here.
    fs.rmSync(partial, { recursive: true, force: true })
    recordAttempt(config, { at: new Date().toISOString(), ok: false, error: err.message })
    throw err
  } finally {
    await client.end().catch(() => {})
    release()
  }
}

/** Keeps the newest `config.keep` base backups and the WAL from the oldest kept one on. */
export function prune(config) {
  const all = listBackups(config)
  const gone = all.slice(0, Math.max(0, all.length - config.keep))
  for (const b of gone) fs.rmSync(b.path, { recursive: true, force: true })
  let wal = 0
  const oldest = all[gone.length]
  if (oldest && fs.existsSync(config.walDir)) {
    for (const f of fs.readdirSync(config.walDir)) {
      if (f.includes('.history')) continue
      const seg = f.slice(0, 24)
      if (SEGMENT.test(seg) && segPos(seg) < segPos(oldest.startWal)) {
        fs.rmSync(path.join(config.walDir, f), { force: true })
        wal++
      }
    }
  }
  return { backups: gone.map((b) => b.name), wal }
}

/** The last WAL file archived (its time): how far a restore can go with the archive alone. */
export function archiveEnd(config) {
  let last = null
  try {
    for (const f of fs.readdirSync(config.walDir)) {
      if (!SEGMENT.test(f.slice(0, 24)) || f.endsWith('.tmp')) continue
      const t = fs.statSync(path.join(config.walDir, f)).mtime
      if (!last || t > last.time) last = { file: f, time: t }
    }
  } catch {
    // no archive
  }
  return last
}

// ── Scheduling (scripts/start.mjs) ───────────────────────────────────────────────────────────

/** Whether a base backup is due: none yet, the newest older than the interval, or another timeline (after a restore). */
export function backupDue(config, timeline, now = Date.now()) {
  const newest = listBackups(config).at(-1)
  if (!newest) return 'first'
  if (timeline != null && newest.timeline !== timeline) return 'new timeline'
  if (config.intervalHours > 0 && now - Date.parse(newest.stoppedAt) >= config.intervalHours * 3600_000)
    return 'schedule'
  return null
}

/**
 * Takes a base backup whenever one is due (checked now and every 10 minutes; none with
 * `BACKUP_INTERVAL_HOURS=0`) while the embedded PostgreSQL runs, and drains the WAL spool every
 * minute. Returns `stop()`. Failures are logged and recorded (the dashboard warns).
 */
export function scheduleBackups({ url: urlOf, pgDataDir, config, log = console.log }) {
  let running = null
  const check = async () => {
    if (running) return
    // A function: the server's address may change when it is restarted.
    const url = typeof urlOf === 'function' ? urlOf() : urlOf
    const pg = require('pg')
    const client = new pg.Client({ connectionString: url, application_name: 'salon:backup' })
    running = (async () => {
      let timeline = null
      try {
        await client.connect()
        timeline = Number((await client.query('select timeline_id from pg_control_checkpoint()')).rows[0].timeline_id)
      } finally {
        await client.end().catch(() => {})
      }
      const reason = backupDue(config, timeline)
      if (reason) await takeBaseBackup({ url, pgDataDir, config, log, reason })
    })()
      .catch((err) => log(`Backup failed: ${err.message}`))
      .finally(() => (running = null))
  }
  if (config.intervalHours > 0) void check()
  let ticks = 0
  const timer = setInterval(() => {
    try {
      drainSpool(config)
    } catch (err) {
      log(`Moving archived WAL into ${config.walDir} failed: ${err.message}`)
    }
    if (config.intervalHours > 0 && ++ticks % 10 === 0) void check()
  }, 60_000)
  timer.unref()
  return { stop: () => clearInterval(timer), current: () => running }
}

// ── The app's presence (a restore refuses while it runs) ────────────────────────────────────

const appPidFile = (dataDir) => path.join(dataDir, 'app.pid')

/** `npm start` says it runs on `dataDir` (removed when it exits): a restore must not race its PostgreSQL. */
export function markAppRunning(dataDir) {
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(appPidFile(dataDir), String(process.pid))
  process.once('exit', () => {
    try {
      if (fs.readFileSync(appPidFile(dataDir), 'utf8') === String(process.pid)) fs.rmSync(appPidFile(dataDir))
    } catch {
      // already gone
    }
  })
}

/** The pid of an `npm start` running on `dataDir`, or null. */
export function runningApp(dataDir) {
  try {
    const pid = Number(fs.readFileSync(appPidFile(dataDir), 'utf8'))
    process.kill(pid, 0)
    const cmd = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : 'start.mjs'
    return cmd.includes('start.mjs') ? pid : null
  } catch {
    return null
  }
}

// ── Restore ───────────────────────────────────────────────────────────────────────────────────

/** An instant from "2026-12-01 18:30" on the salon's clock (`timeZone`), or from an ISO instant with an offset. */
export function parseTarget(text, timeZone = 'Europe/Rome') {
  const s = String(text).trim()
  if (/(Z|[+-]\d\d(:?\d\d)?)$/i.test(s) && /\d{4}-\d\d-\d\d[T ]\d/.test(s)) {
    const d = new Date(s.replace(' ', 'T'))
    if (!Number.isNaN(d.getTime())) return d
  }
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d))?)?$/.exec(s)
  if (!m)
    throw new BackupError(
      `Not a time: "${text}". Write it as "2026-12-01 18:30" (salon time, ${timeZone}) or an ISO instant.`,
    )
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi, +se)
  // The zone's offset at that wall time (twice: once more after moving, for the DST edges).
  const offsetAt = (t) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(t))
        .map((x) => [x.type, x.value]),
    )
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - t
  }
  let t = wall - offsetAt(wall)
  t = wall - offsetAt(t)
  return new Date(t)
}

/** "1 dic 2026, 18:30:00 (Europe/Rome)" — a time as the salon reads it. */
export const salonTime = (d, timeZone = 'Europe/Rome') =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'medium' }).format(d)} (${timeZone})`

/** The base backup to start from: the named one, or the newest that ended before `target`. */
export function chooseBackup(config, { name, target }) {
  const all = listBackups(config).filter((b) => b.kind === 'base')
  if (!all.length) throw new BackupError(`No base backup in ${config.baseDir}.`)
  if (name) {
    const b = all.find((x) => x.name === name)
    if (!b) throw new BackupError(`No backup named "${name}". Backups: ${all.map((x) => x.name).join(', ')}`)
    return b
  }
  const before = all.filter((b) => Date.parse(b.stoppedAt) <= target.getTime())
  if (!before.length)
    throw new BackupError(
      `${target.toISOString()} is before the earliest restorable time, ${all[0].stoppedAt} (the end of backup ${all[0].name}).`,
    )
  return before.at(-1)
}

/**
 * What `restoreCluster` will do, for the person to confirm: the cluster it replaces, its size, the
 * backup and the time it goes back to.
 */
export function planRestore({ pgDataDir, config, name, target }) {
  if (target && target.getTime() > Date.now())
    throw new BackupError(`${target.toISOString()} has not come yet: a restore goes back in time, up to now.`)
  const backup = chooseBackup(config, { name, target })
  const exists = fs.existsSync(path.join(pgDataDir, 'PG_VERSION'))
  return {
    backup,
    target: target ?? null,
    pgDataDir,
    exists,
    clusterBytes: exists ? dirSize(pgDataDir) : 0,
    asideDir: `${pgDataDir}.replaced-${stamp()}`,
    timezone: backup.timezone || 'Europe/Rome',
  }
}

/**
 * Restores the (stopped) cluster at `plan.pgDataDir` from `plan.backup`, replaying the archived WAL
 * (and the WAL the old cluster had not archived yet) up to `plan.target`, or only to the end of the
 * backup without a target. The old cluster is renamed to `plan.asideDir`, never deleted. Waits for
 * the promotion, then stops the server: `npm start` starts normally afterwards. `settings`: more
 * server settings for the recovery run (the drill's `fsync=off`).
 */
export async function restoreCluster({ plan, config, log = console.log, settings = {} }) {
  const { backup, pgDataDir } = plan
  const running = runningPostmaster(pgDataDir)
  if (running)
    throw new BackupError(
      `PostgreSQL is running on ${pgDataDir} (pid ${running}): stop the app first (Ctrl-C where npm start runs). Nothing was changed.`,
    )
  const work = `${pgDataDir}.restoring`
  const oldWal = path.join(pgDataDir, 'pg_wal')
  const withOldWal = fs.existsSync(oldWal)
  const target = plan.target
    ? { recovery_target_time: plan.target.toISOString().replace('T', ' ').replace('Z', '+00') }
    : { recovery_target: 'immediate' }
  let db
  try {
    db = await recover({ plan, config, work, oldWal, target, log, settings })
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true })
    const text = String(err.message)
    if (!text.includes('recovery ended before configured recovery target was reached'))
      throw new BackupError(`Recovery failed, nothing was changed:\n${text.split('\n').slice(-8).join('\n')}`)
    if (!withOldWal) {
      const end = archiveEnd(config)
      throw new BackupError(
        `The archived WAL ends before ${plan.target.toISOString()} (its last segment was written ${end ? end.time.toISOString() : 'never'})` +
          ` and the old cluster's own WAL is not there to go further: choose an earlier time (npm run restore -- --list). Nothing was changed.`,
      )
    }
    // Every WAL the cluster ever wrote is here (the archive and the old cluster's own), and not one
    // transaction in it ended after the target: the target's state is the end of that WAL.
    log(`No transaction ended after ${plan.target.toISOString()}: restoring everything up to the last one…`)
    try {
      db = await recover({ plan, config, work, oldWal, target: {}, log, settings })
    } catch (again) {
      fs.rmSync(work, { recursive: true, force: true })
      throw new BackupError(
        `Recovery failed, nothing was changed:\n${String(again.message).split('\n').slice(-8).join('\n')}`,
      )
    }
  }
  try {
    const pg = require('pg')
    const client = new pg.Client({ connectionString: db.url.replace(/\/[^/]*$/, '/postgres') })
    await client.connect()
    try {
      const { rows } = await client.query(
        'select pg_is_in_recovery() as r, (select timeline_id from pg_control_checkpoint()) as tli',
      )
      if (rows[0].r) throw new BackupError('The restored server did not leave recovery.')
      plan.timeline = Number(rows[0].tli)
    } finally {
      await client.end()
    }
  } finally {
    await db.stop()
  }
  fs.rmSync(path.join(work, 'salon_restore_wal'), { recursive: true, force: true })
  if (fs.existsSync(pgDataDir)) fs.renameSync(pgDataDir, plan.asideDir)
  fs.renameSync(work, pgDataDir)

  // Uploads: the backup's files come back where missing; nothing the folder has now is removed or overwritten.
  let uploadsRestored = false
  if (fs.existsSync(path.join(backup.path, 'uploads.tar.gz'))) {
    fs.mkdirSync(config.uploadsDir, { recursive: true })
    await run('tar', ['-xzf', path.join(backup.path, 'uploads.tar.gz'), '-C', config.uploadsDir, '--skip-old-files'])
    uploadsRestored = true
  }
  return { ...plan, uploadsRestored }
}

/** Unpacks the backup into `work` with its restore source and runs recovery to `target`; resolves once promoted. */
async function recover({ plan, config, work, oldWal, target, log, settings }) {
  const { backup } = plan
  fs.rmSync(work, { recursive: true, force: true })
  fs.mkdirSync(work, { recursive: true, mode: 0o700 })
  await run('tar', ['-xzf', path.join(backup.path, 'data.tar.gz'), '-C', work])
  fs.copyFileSync(path.join(backup.path, 'backup_label'), path.join(work, 'backup_label'))
  if (fs.existsSync(path.join(backup.path, 'tablespace_map')))
    fs.copyFileSync(path.join(backup.path, 'tablespace_map'), path.join(work, 'tablespace_map'))
  for (const d of ['pg_wal', 'pg_wal/archive_status']) fs.mkdirSync(path.join(work, d), { recursive: true })

  drainSpool(config)
  // The restore source: the backup's own WAL, the archive from the backup on, every timeline
  // history, and the segments the old cluster wrote but had not archived yet (its last minutes).
  const source = path.join(work, 'salon_restore_wal')
  fs.mkdirSync(source)
  const have = new Set()
  const add = (dir, f) => {
    const seg = f.replace(/\.gz$/, '')
    if (have.has(seg)) return false
    fs.copyFileSync(path.join(dir, f), path.join(source, f))
    have.add(seg)
    return true
  }
  for (const f of fs.readdirSync(path.join(backup.path, 'wal'))) add(path.join(backup.path, 'wal'), f)
  if (fs.existsSync(config.walDir))
    for (const f of fs.readdirSync(config.walDir)) {
      if (f.endsWith('.tmp')) continue
      const seg = f.slice(0, 24)
      if (f.includes('.history') || (SEGMENT.test(seg) && segPos(seg) >= segPos(backup.startWal))) add(config.walDir, f)
    }
  let unarchived = 0
  if (fs.existsSync(oldWal))
    for (const f of fs.readdirSync(oldWal))
      if ((SEGMENT.test(f) && segPos(f) >= segPos(backup.startWal)) || /^[0-9A-F]{8}\.history$/.test(f))
        if (add(oldWal, f)) unarchived++
  fs.writeFileSync(path.join(work, 'recovery.signal'), '')
  const pgUser = osUserOfPostgres()
  if (pgUser) await run('chown', ['-R', `${pgUser.uid}:${pgUser.gid}`, work])

  log(
    `Replaying the WAL from backup ${backup.name}` +
      (target.recovery_target_time
        ? ` to ${target.recovery_target_time}`
        : target.recovery_target
          ? ''
          : ' to its end') +
      (unarchived ? ` (with ${unarchived} file(s) the old cluster had not archived)` : '') +
      '…',
  )
  // Archiving stays on: the new timeline's history file and segments reach the archive.
  const archive = config.enabled ? prepareWalArchive(config, log) : null
  return startPostgres({
    dataDir: work,
    log: () => {},
    settings: {
      ...settings,
      ...archive,
      restore_command: restoreCommand(source),
      recovery_target_timeline: 'latest',
      ...(Object.keys(target).length ? { recovery_target_action: 'promote' } : {}),
      ...target,
    },
  })
}
