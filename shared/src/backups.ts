/**
 * The backup status the dashboard's Settings page shows (GET /api/backups/status, docs/api.md
 * "Backups"), and the one rule deciding when it warns: no base backup, the last one older than the
 * schedule allows, the last attempt failed, or WAL archiving failing or off.
 */

export interface BackupSummary {
  name: string
  /** `base`: a base backup of the embedded PostgreSQL; `dump`: a pg_dump of an external server. */
  kind: 'base' | 'dump'
  /** When the backup's copy of the database ended (ISO). */
  at: string
  sizeBytes: number
  /** The folder holding it, on the server's machine. */
  path: string
}

export interface ArchiverStatus {
  /** PostgreSQL's `archive_mode`: `on`, `always` or `off`. */
  mode: string
  archivedCount: number
  lastArchivedWal: string | null
  lastArchivedAt: string | null
  failedCount: number
  lastFailedWal: string | null
  lastFailedAt: string | null
}

export type BackupWarningCode = 'BACKUP_MISSING' | 'BACKUP_STALE' | 'BACKUP_FAILED' | 'ARCHIVE_FAILING' | 'ARCHIVE_OFF'

export interface BackupWarning {
  code: BackupWarningCode
  params?: Record<string, string | number>
}

export interface BackupStatus {
  /** `embedded`: the PostgreSQL `npm start` runs (backups by this app); `external`: DATABASE_URL's server. */
  database: 'embedded' | 'external'
  dir: string
  intervalHours: number
  keep: number
  lastBackup: BackupSummary | null
  backupCount: number
  lastAttempt: { at: string; ok: boolean; error?: string } | null
  /** `pg_stat_archiver`, or null when the server would not say. */
  archiver: ArchiverStatus | null
  warnings: BackupWarning[]
}

/** Room past the schedule before a late backup is a warning (a backup takes a while; the check runs every 10 minutes). */
export const BACKUP_GRACE_HOURS = 1

/** What is wrong with the backups now, worst first. */
export function backupWarnings(s: Omit<BackupStatus, 'warnings'>, now: number): BackupWarning[] {
  const out: BackupWarning[] = []
  const last = s.lastBackup ? Date.parse(s.lastBackup.at) : null
  if (s.lastAttempt && !s.lastAttempt.ok && (last === null || Date.parse(s.lastAttempt.at) > last))
    out.push({ code: 'BACKUP_FAILED', params: { at: s.lastAttempt.at } })
  if (s.archiver && s.archiver.failedCount > 0 && s.archiver.lastFailedAt) {
    const failed = Date.parse(s.archiver.lastFailedAt)
    const archived = s.archiver.lastArchivedAt ? Date.parse(s.archiver.lastArchivedAt) : 0
    if (failed > archived) out.push({ code: 'ARCHIVE_FAILING', params: { at: s.archiver.lastFailedAt } })
  }
  if (s.database === 'embedded' && s.archiver && s.archiver.mode === 'off') out.push({ code: 'ARCHIVE_OFF' })
  if (last === null) {
    if (s.database === 'embedded') out.push({ code: 'BACKUP_MISSING' })
  } else if (s.intervalHours > 0) {
    const hours = (now - last) / 3_600_000
    if (hours > s.intervalHours + BACKUP_GRACE_HOURS)
      out.push({ code: 'BACKUP_STALE', params: { hours: Math.floor(hours), intervalHours: s.intervalHours } })
  }
  return out
}
