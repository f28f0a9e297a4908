// The restore drill (issue 22): a throw-away embedded PostgreSQL with WAL archiving as `npm start`
// runs it, bookings written, a base backup, more bookings, then restores to the moments between —
// and the database must hold exactly what it held then, row for row.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BackupError,
  backupConfig,
  backupDue,
  listBackups,
  parseTarget,
  planRestore,
  prepareWalArchive,
  restoreCluster,
  spoolDirOf,
  takeBaseBackup,
} from './backup.mjs'
import { runningPostmaster, startPostgres } from './postgres.mjs'

type Db = Awaited<ReturnType<typeof startPostgres>>

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-drill-'))
fs.chmodSync(dir, 0o755) // as root, PostgreSQL runs as the `postgres` user: it must reach the folder
const pgDataDir = path.join(dir, 'pg')
const config = backupConfig({ DATA_DIR: dir }, dir)
const silent = () => {}
/** Durability is not what the drill tests: no fsync, so that it stays quick on a busy machine. */
const FAST = { fsync: 'off' }
let db: Db | null = null

async function start() {
  const archive = prepareWalArchive(config, silent)
  if (!archive) throw new Error('archiving could not be prepared')
  db = await startPostgres({ dataDir: pgDataDir, log: silent, settings: { ...FAST, ...archive } })
  return db
}
async function stop() {
  await db?.stop()
  db = null
}
async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db!.url })
  await client.connect()
  try {
    return (await client.query(text, params)).rows as T[]
  } finally {
    await client.end()
  }
}
/** Every table of the database, its rows ordered, serialised: what "exactly the same" means here. */
async function snapshot() {
  const tables = await sql<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  )
  const out: Record<string, unknown> = {}
  for (const { name } of tables)
    out[name] = (await sql(`select coalesce(json_agg(t order by t::text), '[]') as rows from "${name}" t`))[0].rows
  return JSON.stringify(out)
}
/** Writes `n` bookings the way the app's table holds them, changes and cancels a few; returns the server's clock after the commit. */
async function book(n: number, tag: string) {
  await sql(
    `insert into reservations (customer, operator, starts_at, ends_at, status, notes)
     select 'cliente ' || $2 || i, 1 + i % 4, timestamptz '2026-12-01 09:00+01' + i * interval '30 min',
            timestamptz '2026-12-01 09:30+01' + i * interval '30 min', 'CONFIRMED', jsonb_build_object('tag', $2::text, 'i', i)
       from generate_series(1, $1::int) i`,
    [n, tag],
  )
  await sql(
    `update reservations set status = 'CANCELLED', updated_at = now() where id % 7 = 0 and status <> 'CANCELLED'`,
  )
  await sql(`delete from reservations where id = (select min(id) from reservations where status = 'CANCELLED')`)
  await sql(`insert into customers (email, name) values ($1, $2)`, [`${tag}@drill.test`, `Cliente ${tag}`])
  return (await sql<{ now: Date }>('select clock_timestamp() as now'))[0].now
}

async function restoreTo(target: Date | null, name?: string) {
  const plan = planRestore({ pgDataDir, config, target, name })
  return restoreCluster({ plan, config, log: silent, settings: FAST })
}

describe('restore drill: a backup, then point-in-time restores of the same cluster', () => {
  let before = ''
  let between = ''
  let later = ''
  let tBetween = new Date()
  let tLater = new Date()

  beforeAll(async () => {
    await start()
    await sql(`create table reservations (
      id serial primary key, customer text not null, operator int not null,
      starts_at timestamptz not null, ends_at timestamptz not null, status text not null,
      notes jsonb, updated_at timestamptz default now())`)
    await sql(`create table customers (id serial primary key, email text unique not null, name text)`)
    await book(40, 'a')
    await takeBaseBackup({ url: db!.url, pgDataDir, config, log: silent })
    before = await snapshot()
    await book(25, 'b')
    between = await snapshot()
    tBetween = (await sql<{ now: Date }>('select clock_timestamp() as now'))[0].now
    // These are archived now; what comes after stays only in the cluster's own pg_wal.
    await sql('select pg_switch_wal()')
    await book(30, 'c')
    later = await snapshot()
    tLater = (await sql<{ now: Date }>('select clock_timestamp() as now'))[0].now
    await stop()
  }, 60_000)

  afterAll(async () => {
    await stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('refuses while PostgreSQL runs on the cluster, and changes nothing', async () => {
    await start()
    try {
      expect(runningPostmaster(db!.dataDir)).toBeTruthy()
      await expect(restoreTo(tBetween)).rejects.toThrow(/PostgreSQL is running/)
    } finally {
      await stop()
    }
  })

  it('a time still to come, or before the first backup, is refused', () => {
    expect(() => planRestore({ pgDataDir, config, target: new Date(Date.now() + 3600_000) })).toThrow(/not come yet/)
    expect(() => planRestore({ pgDataDir, config, target: new Date(Date.now() - 86400_000) })).toThrow(BackupError)
  })

  it('to the latest moment: every row as it was, with the WAL that was never archived', async () => {
    const result = await restoreTo(tLater)
    expect(fs.existsSync(path.join(result.asideDir, 'PG_VERSION'))).toBe(true)
    await start()
    try {
      const now = await snapshot()
      expect(now).toBe(later)
      expect(now).not.toBe(between)
    } finally {
      await stop()
    }
  })

  it('the disk of the cluster lost: a time after the archive is refused, nothing changed; the archived moment comes back', async () => {
    fs.renameSync(pgDataDir, path.join(dir, 'lost'))
    await expect(restoreTo(tLater)).rejects.toThrow(/archived WAL ends before .* Nothing was changed/)
    expect(fs.existsSync(pgDataDir)).toBe(false)
    await restoreTo(tBetween)
    await start()
    try {
      const now = await snapshot()
      expect(now).toBe(between)
      expect(now).not.toBe(later)
      // The restored cluster takes new writes (promoted, not read-only).
      await book(1, 'd')
    } finally {
      await stop()
    }
  })

  it('to a backup by name: its own moment', async () => {
    const [backup] = fs.readdirSync(config.baseDir).filter((n) => !n.startsWith('.'))
    await restoreTo(null, backup)
    await start()
    try {
      expect(await snapshot()).toBe(before)
    } finally {
      await stop()
    }
  })

  it('retention: the newest BACKUP_KEEP base backups, and no WAL older than the oldest of them', async () => {
    const keep2 = { ...config, keep: 2 }
    await start()
    try {
      await takeBaseBackup({ url: db!.url, pgDataDir, config: keep2, log: silent })
      await book(3, 'e')
      await takeBaseBackup({ url: db!.url, pgDataDir, config: keep2, log: silent })
    } finally {
      await stop()
    }
    const kept = listBackups(keep2)
    expect(kept).toHaveLength(2)
    const oldest = kept[0].startWal.slice(8)
    const wal = fs.readdirSync(config.walDir).filter((f) => /^[0-9A-F]{24}/.test(f) && !f.includes('.history'))
    expect(wal.length).toBeGreaterThan(0)
    for (const f of wal) expect(f.slice(8, 24) >= oldest, f).toBe(true)
  })
})

describe('when npm start takes a base backup', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-due-'))
  const cfg = backupConfig({ BACKUP_DIR: folder, BACKUP_INTERVAL_HOURS: '24' }, folder)
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

  it('at once when there is none; when the newest is older than the interval, or of another timeline (after a restore)', () => {
    expect(backupDue(cfg, 1)).toBe('first')
    const stoppedAt = '2026-12-01T02:00:00.000Z'
    fs.mkdirSync(path.join(cfg.baseDir, 'b1'), { recursive: true })
    fs.writeFileSync(
      path.join(cfg.baseDir, 'b1', 'manifest.json'),
      JSON.stringify({ name: 'b1', kind: 'base', stoppedAt, timeline: 1 }),
    )
    const after = (h: number) => Date.parse(stoppedAt) + h * 3_600_000
    expect(backupDue(cfg, 1, after(23))).toBe(null)
    expect(backupDue(cfg, 1, after(24))).toBe('schedule')
    expect(backupDue(cfg, 2, after(1))).toBe('new timeline')
    expect(backupDue({ ...cfg, intervalHours: 0 }, 1, after(500))).toBe(null)
  })
})

describe('the salon clock of `npm run restore -- --to`', () => {
  it('reads a wall time in the salon time zone, summer and winter', () => {
    expect(parseTarget('2026-12-01 18:30', 'Europe/Rome').toISOString()).toBe('2026-12-01T17:30:00.000Z')
    expect(parseTarget('2026-07-01 18:30', 'Europe/Rome').toISOString()).toBe('2026-07-01T16:30:00.000Z')
    expect(parseTarget('2026-12-01T18:30:00Z').toISOString()).toBe('2026-12-01T18:30:00.000Z')
    expect(parseTarget('2026-12-01 18:30+02:00').toISOString()).toBe('2026-12-01T16:30:00.000Z')
    expect(() => parseTarget('yesterday')).toThrow(BackupError)
  })
})

// As root PostgreSQL runs as the `postgres` OS user; a backup folder under a private (0700) home
// is out of its reach: the WAL goes through a spool it can reach, moved into the folder by us.
describe.runIf(process.getuid?.() === 0)('a backup folder the postgres user cannot reach', () => {
  it('archives through the spool; the base backup and a restore still find every segment', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-private-')) // 0700, root's
    const open = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-open-'))
    fs.chmodSync(open, 0o755)
    const cfg = backupConfig({ BACKUP_DIR: path.join(home, 'backups') }, open)
    const dataDir = path.join(open, 'pg')
    let own: Db | null = null
    try {
      own = await startPostgres({ dataDir, log: silent, settings: { ...FAST, ...prepareWalArchive(cfg, silent) } })
      const q = async (text: string) => {
        const c = new pg.Client({ connectionString: own!.url })
        await c.connect()
        try {
          return (await c.query(text)).rows
        } finally {
          await c.end()
        }
      }
      await q('create table t (id int primary key)')
      await q('insert into t select generate_series(1, 100)')
      const backup = await takeBaseBackup({
        url: own.url,
        pgDataDir: own.dataDir,
        config: cfg,
        log: silent,
      })
      expect(fs.existsSync(path.join(cfg.walDir, `${backup.startWal}.gz`))).toBe(true)
      await q('insert into t select generate_series(101, 150)')
      const at = (await q('select clock_timestamp() as now'))[0].now as Date
      await q('select pg_switch_wal()')
      await q('insert into t select generate_series(151, 170)')
      await own.stop()
      own = null
      await restoreCluster({
        plan: planRestore({ pgDataDir: dataDir, config: cfg, target: at }),
        config: cfg,
        log: silent,
        settings: FAST,
      })
      own = await startPostgres({ dataDir, log: silent, settings: { ...FAST, ...prepareWalArchive(cfg, silent) } })
      expect(await q('select count(*)::int as n from t')).toEqual([{ n: 150 }])
    } finally {
      await own?.stop()
      fs.rmSync(spoolDirOf(cfg), { recursive: true, force: true })
      fs.rmSync(home, { recursive: true, force: true })
      fs.rmSync(open, { recursive: true, force: true })
    }
  })
})
