// GET /api/backups/status (docs/api.md "Backups"): the Settings page's backup status — admins only,
// read from the manifests the backup tool writes and from PostgreSQL's pg_stat_archiver.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { api } from './helpers'

const DATA_DIR = process.env.SALON_APP_ENV ? (JSON.parse(process.env.SALON_APP_ENV).DATA_DIR as string) : ''
const backupDir = path.join(DATA_DIR, 'backups')

function writeBackup(name: string, hoursAgo: number) {
  const dir = path.join(backupDir, 'base', name)
  fs.mkdirSync(dir, { recursive: true })
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString()
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ name, kind: 'base', startedAt: at, stoppedAt: at, finishedAt: at, sizeBytes: 4_200_000 }),
  )
}

afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }))

describe('GET /api/backups/status', () => {
  it('refuses visitors (401), customers and operators (403)', async () => {
    expect((await api('GET', '/api/backups/status')).status).toBe(401)
    for (const as of ['USER', 'OPERATOR'] as const) {
      const r = await api('GET', '/api/backups/status', { as })
      expect(r.status).toBe(403)
      expect(r.body.errors[0].data.code).toBe('FORBIDDEN')
    }
  })

  it('an admin sees the archiver of PostgreSQL and no backup yet', async () => {
    expect(DATA_DIR).not.toBe('')
    const r = await api('GET', '/api/backups/status', { as: 'ADMIN' })
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.body.data).toMatchObject({
      database: 'external',
      dir: backupDir,
      intervalHours: 24,
      lastBackup: null,
      backupCount: 0,
      warnings: [],
    })
    // The test stack's PostgreSQL does not archive (fast, throw-away): pg_stat_archiver still answers.
    expect(r.body.data.archiver).toMatchObject({ mode: 'off', failedCount: 0 })
  })

  it('the newest finished backup is the last good one; an old one is a warning', async () => {
    writeBackup('2026-01-01T00-00-00Z', 80)
    writeBackup('2026-01-02T00-00-00Z', 30)
    fs.mkdirSync(path.join(backupDir, 'base', '.partial-2026-01-03T00-00-00Z'), { recursive: true })
    const r = await api('GET', '/api/backups/status', { as: 'ADMIN' })
    expect(r.status).toBe(200)
    expect(r.body.data.backupCount).toBe(2)
    expect(r.body.data.lastBackup).toMatchObject({
      name: '2026-01-02T00-00-00Z',
      sizeBytes: 4_200_000,
      path: path.join(backupDir, 'base', '2026-01-02T00-00-00Z'),
    })
    expect(r.body.data.warnings).toEqual([{ code: 'BACKUP_STALE', params: { hours: 30, intervalHours: 24 } }])
  })

  it('a failed attempt after the last good backup is a warning too', async () => {
    fs.writeFileSync(
      path.join(backupDir, 'last-attempt.json'),
      JSON.stringify({ at: new Date().toISOString(), ok: false, error: 'No space left on device' }),
    )
    writeBackup('2026-01-04T00-00-00Z', 1)
    const r = await api('GET', '/api/backups/status', { as: 'ADMIN' })
    expect(r.body.data.warnings.map((w: { code: string }) => w.code)).toEqual(['BACKUP_FAILED'])
    expect(r.body.data.lastAttempt).toMatchObject({ ok: false, error: 'No space left on device' })
  })
})
