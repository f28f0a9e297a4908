import { act, render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { afterEach, describe, expect, it } from 'vitest'
import { backupWarnings, type BackupStatus } from '@salon/shared/backups'
import { setLocale } from '../../i18n/locale'
import { BackupStatusView } from './backups'

const NOW = Date.now()
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString()

/** A status as the server builds it: the warnings from the one shared rule. */
function status(over: Partial<Omit<BackupStatus, 'warnings'>> = {}): BackupStatus {
  const s: Omit<BackupStatus, 'warnings'> = {
    database: 'embedded',
    dir: '/srv/salon/backups',
    intervalHours: 24,
    keep: 7,
    lastBackup: {
      name: '2026-12-01T02-00-00Z',
      kind: 'base',
      at: hoursAgo(2),
      sizeBytes: 4_900_000,
      path: '/srv/salon/backups/base/2026-12-01T02-00-00Z',
    },
    backupCount: 3,
    lastAttempt: { at: hoursAgo(2), ok: true },
    archiver: {
      mode: 'on',
      archivedCount: 12,
      lastArchivedWal: '00000001000000000000000C',
      lastArchivedAt: hoursAgo(0.2),
      failedCount: 0,
      lastFailedWal: null,
      lastFailedAt: null,
    },
    ...over,
  }
  return { ...s, warnings: backupWarnings(s, NOW) }
}
const show = (s: BackupStatus) =>
  render(
    <MantineProvider>
      <BackupStatusView status={s} timeZone="Europe/Rome" />
    </MantineProvider>,
  )

describe('the backup status on the Settings page', () => {
  afterEach(() => act(() => setLocale('en')))

  it('a recent backup: its size and folder, no warning', () => {
    show(status())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Backups are up to date.')).toBeInTheDocument()
    expect(screen.getByText(/4\.7 MB/)).toBeInTheDocument()
    expect(screen.getByText('/srv/salon/backups/base/2026-12-01T02-00-00Z')).toBeInTheDocument()
    expect(screen.getByText('Every 24 h, the newest 7 kept')).toBeInTheDocument()
  })

  it('warns when the last backup is older than the schedule allows', () => {
    show(status({ lastBackup: { ...status().lastBackup!, at: hoursAgo(30) } }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The last backup is 30 hours old: one is due every 24 hours. Check the server’s log.',
    )
    expect(screen.queryByText('Backups are up to date.')).toBeNull()
  })

  it('warns in Italian when archiving fails', () => {
    act(() => setLocale('it'))
    const failing = { ...status().archiver!, failedCount: 4, lastFailedAt: hoursAgo(0.1), lastArchivedAt: hoursAgo(3) }
    show(status({ archiver: failing }))
    expect(screen.getByRole('alert')).toHaveTextContent(/^L’archiviazione delle modifiche del database fallisce dal/)
    expect(screen.getByText(/4 tentativi falliti/)).toBeInTheDocument()
  })

  it('no backup yet with the embedded database: a warning, not "up to date"', () => {
    show(status({ lastBackup: null, backupCount: 0, lastAttempt: null }))
    expect(screen.getByRole('alert')).toHaveTextContent('No backup has been taken yet.')
    expect(screen.getByText('None yet')).toBeInTheDocument()
  })
})
