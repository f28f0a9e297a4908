import { describe, expect, it } from 'vitest'
import { backupWarnings, type BackupStatus } from './backups'

const NOW = Date.parse('2026-12-01T12:00:00Z')
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString()
const healthy: Omit<BackupStatus, 'warnings'> = {
  database: 'embedded',
  dir: '/srv/salon/backups',
  intervalHours: 24,
  keep: 7,
  lastBackup: { name: 'b', kind: 'base', at: hoursAgo(3), sizeBytes: 5_000_000, path: '/srv/salon/backups/base/b' },
  backupCount: 3,
  lastAttempt: { at: hoursAgo(3), ok: true },
  archiver: {
    mode: 'on',
    archivedCount: 40,
    lastArchivedWal: '000000010000000000000028',
    lastArchivedAt: hoursAgo(0.1),
    failedCount: 0,
    lastFailedWal: null,
    lastFailedAt: null,
  },
}
const codes = (s: Partial<Omit<BackupStatus, 'warnings'>>) =>
  backupWarnings({ ...healthy, ...s }, NOW).map((w) => w.code)

describe('when the Settings page warns about backups', () => {
  it('a recent backup and a working archive: no warning', () => {
    expect(codes({})).toEqual([])
  })
  it('the last backup older than the schedule allows (plus an hour)', () => {
    expect(codes({ lastBackup: { ...healthy.lastBackup!, at: hoursAgo(24.5) } })).toEqual([])
    expect(backupWarnings({ ...healthy, lastBackup: { ...healthy.lastBackup!, at: hoursAgo(26) } }, NOW)).toEqual([
      { code: 'BACKUP_STALE', params: { hours: 26, intervalHours: 24 } },
    ])
  })
  it('no backup at all: a warning with the embedded database, none for a server the app does not back up', () => {
    expect(codes({ lastBackup: null, backupCount: 0 })).toEqual(['BACKUP_MISSING'])
    expect(codes({ lastBackup: null, backupCount: 0, database: 'external', archiver: null })).toEqual([])
  })
  it('archiving failing since its last success; an old failure followed by successes is history', () => {
    const failing = { ...healthy.archiver!, failedCount: 3, lastFailedAt: hoursAgo(0.05), lastArchivedAt: hoursAgo(2) }
    expect(codes({ archiver: failing })).toEqual(['ARCHIVE_FAILING'])
    expect(codes({ archiver: { ...failing, lastFailedAt: hoursAgo(5) } })).toEqual([])
  })
  it('archiving off on the embedded database; the last attempt failed after the last good backup', () => {
    expect(codes({ archiver: { ...healthy.archiver!, mode: 'off' } })).toEqual(['ARCHIVE_OFF'])
    expect(codes({ lastAttempt: { at: hoursAgo(1), ok: false, error: 'disk full' } })).toEqual(['BACKUP_FAILED'])
  })
  it('no schedule (BACKUP_INTERVAL_HOURS=0): an old backup is not late', () => {
    expect(codes({ intervalHours: 0, lastBackup: { ...healthy.lastBackup!, at: hoursAgo(500) } })).toEqual([])
  })
})
