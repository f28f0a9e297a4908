import fs from 'node:fs/promises'
import path from 'node:path'
import type { Pool } from 'pg'
import { backupWarnings, type ArchiverStatus, type BackupStatus, type BackupSummary } from '@salon/shared'
import { env } from '../env'

interface Manifest {
  name: string
  kind: 'base' | 'dump'
  stoppedAt: string
  sizeBytes: number
}

/** The finished backups in `<dir>/base/*` (each has its manifest.json once complete, scripts/lib/backup.mjs). */
async function readManifests(dir: string): Promise<(Manifest & { path: string })[]> {
  const baseDir = path.join(dir, 'base')
  let names: string[] = []
  try {
    names = await fs.readdir(baseDir)
  } catch {
    return []
  }
  const out: (Manifest & { path: string })[] = []
  for (const name of names) {
    if (name.startsWith('.')) continue
    try {
      const m = JSON.parse(await fs.readFile(path.join(baseDir, name, 'manifest.json'), 'utf8')) as Manifest
      if (typeof m.stoppedAt === 'string') out.push({ ...m, path: path.join(baseDir, name) })
    } catch {
      // still being written, or not a backup
    }
  }
  return out.sort((a, b) => a.stoppedAt.localeCompare(b.stoppedAt))
}

async function readLastAttempt(dir: string): Promise<BackupStatus['lastAttempt']> {
  try {
    const a = JSON.parse(await fs.readFile(path.join(dir, 'last-attempt.json'), 'utf8'))
    return { at: String(a.at), ok: a.ok === true, ...(a.error ? { error: String(a.error) } : {}) }
  } catch {
    return null
  }
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? new Date(String(v)).toISOString() : null)

/** PostgreSQL's own account of WAL archiving (`pg_stat_archiver`), for any deployment. */
async function readArchiver(db: Pool): Promise<ArchiverStatus | null> {
  try {
    const { rows } = await db.query(
      `select current_setting('archive_mode') as mode, archived_count, last_archived_wal, last_archived_time,
              failed_count, last_failed_wal, last_failed_time
         from pg_stat_archiver`,
    )
    const r = rows[0]
    return {
      mode: String(r.mode),
      archivedCount: Number(r.archived_count),
      lastArchivedWal: r.last_archived_wal ?? null,
      lastArchivedAt: iso(r.last_archived_time),
      failedCount: Number(r.failed_count),
      lastFailedWal: r.last_failed_wal ?? null,
      lastFailedAt: iso(r.last_failed_time),
    }
  } catch {
    return null
  }
}

export async function backupStatus(db: Pool, now = Date.now()): Promise<BackupStatus> {
  const cfg = env.backups
  const [manifests, lastAttempt, archiver] = await Promise.all([
    readManifests(cfg.dir),
    readLastAttempt(cfg.dir),
    readArchiver(db),
  ])
  const last = manifests.at(-1)
  const lastBackup: BackupSummary | null = last
    ? { name: last.name, kind: last.kind, at: last.stoppedAt, sizeBytes: Number(last.sizeBytes) || 0, path: last.path }
    : null
  const status = {
    database: cfg.embedded ? ('embedded' as const) : ('external' as const),
    dir: cfg.dir,
    intervalHours: cfg.intervalHours,
    keep: cfg.keep,
    lastBackup,
    backupCount: manifests.length,
    lastAttempt,
    archiver,
  }
  return { ...status, warnings: backupWarnings(status, now) }
}
