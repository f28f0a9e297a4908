import { Alert, Stack, Table, Text, Title } from '@mantine/core'
import { useCustom } from '@refinedev/core'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import type { BackupStatus, BackupWarning } from '@salon/shared/backups'
import { Spinner } from '../../components/page-loader'
import { useSalonConfig } from '../../hooks/use-salon'
import { dateFormat, formatNumber } from '../../lib/format'
import { useT, type T } from '../../i18n/use-t'
import type { MessageKey } from '../../i18n/en'

const bytes = (n: number, t: T) =>
  n >= 1024 ** 3
    ? `${formatNumber(Math.round((n / 1024 ** 3) * 10) / 10, t.locale)} GB`
    : n >= 1024 ** 2
      ? `${formatNumber(Math.round((n / 1024 ** 2) * 10) / 10, t.locale)} MB`
      : `${formatNumber(Math.max(1, Math.round(n / 1024)), t.locale)} kB`

const when = (iso: string, t: T, timeZone: string) =>
  dateFormat(t.intl, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** A warning in words: its times on the salon's clock. */
function warningText(w: BackupWarning, s: BackupStatus, t: T, timeZone: string) {
  const params: Record<string, unknown> = { ...w.params }
  if (typeof params.at === 'string') params.at = when(params.at, t, timeZone)
  if (w.code === 'BACKUP_FAILED') params.error = s.lastAttempt?.error ?? ''
  return t(`backups.warn.${w.code}` as MessageKey, params)
}

/** The backup status as the Settings page shows it: warnings first, then the last good backup and archiving. */
export function BackupStatusView({ status: s, timeZone }: { status: BackupStatus; timeZone: string }) {
  const t = useT()
  const a = s.archiver
  const archiving = !a
    ? t('backups.archivingUnknown')
    : a.mode === 'off'
      ? t('backups.archivingOff')
      : a.lastArchivedAt
        ? t('backups.archivingOn', { at: when(a.lastArchivedAt, t, timeZone) })
        : t('backups.archivingOnNever')
  const rows: [string, string][] = [
    [
      t('backups.lastGood'),
      s.lastBackup ? `${when(s.lastBackup.at, t, timeZone)} · ${bytes(s.lastBackup.sizeBytes, t)}` : t('backups.none'),
    ],
    [t('backups.where'), s.lastBackup?.path ?? s.dir],
    [
      t('backups.schedule'),
      s.intervalHours > 0
        ? t('backups.scheduleEvery', { hours: s.intervalHours, keep: s.keep })
        : t('backups.scheduleOff', { keep: s.keep }),
    ],
    [
      t('backups.archiving'),
      a && a.failedCount > 0 && a.lastFailedAt
        ? `${archiving} · ${t('backups.archivingFailures', { count: a.failedCount, at: when(a.lastFailedAt, t, timeZone) })}`
        : archiving,
    ],
  ]
  return (
    <Stack spacing="sm">
      {s.warnings.length ? (
        s.warnings.map((w) => (
          <Alert key={w.code} color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {warningText(w, s, t, timeZone)}
          </Alert>
        ))
      ) : s.lastBackup ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {t('backups.ok')}
        </Alert>
      ) : null}
      {s.database === 'external' && (
        <Text size="sm" color="dimmed">
          {t('backups.external')}
        </Text>
      )}
      <Table fontSize="sm" verticalSpacing={6}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" style={{ width: '30%', textAlign: 'left', fontWeight: 600 }}>
                {label}
              </th>
              <td style={{ overflowWrap: 'anywhere' }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Stack>
  )
}

/** The "Backups" section of the Settings page (GET /api/backups/status, admins only). */
export function BackupStatusSection() {
  const t = useT()
  const { timeZone } = useSalonConfig()
  const status = useCustom<{ data: BackupStatus }>({ url: '/api/backups/status', method: 'get' })
  const data = status.result.data?.data
  return (
    <Stack spacing="xs">
      <Title order={4}>{t('backups.title')}</Title>
      <Text size="sm" color="dimmed">
        {t('backups.help')}
      </Text>
      {data ? (
        <BackupStatusView status={data} timeZone={timeZone} />
      ) : status.query.isError ? (
        <Alert color="red">{t('backups.loadError')}</Alert>
      ) : (
        <Spinner size="sm" label={t('loader.label')} />
      )}
    </Stack>
  )
}
