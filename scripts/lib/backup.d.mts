export class BackupError extends Error {}

export interface BackupConfig {
  enabled: boolean
  dir: string
  walDir: string
  baseDir: string
  keep: number
  intervalHours: number
  archiveTimeoutSeconds: number
  uploadsDir: string
}
export interface Manifest {
  name: string
  kind: 'base' | 'dump'
  startedAt: string
  stoppedAt: string
  finishedAt: string
  startWal: string
  stopWal: string
  timeline: number
  timezone: string | null
  sizeBytes: number
  path: string
}
export interface RestorePlan {
  backup: Manifest
  target: Date | null
  pgDataDir: string
  exists: boolean
  clusterBytes: number
  asideDir: string
  timezone: string
  timeline?: number
}

export function backupConfig(env?: Record<string, string | undefined>, dataDir?: string): BackupConfig
export function archiveSettings(walDir: string, archiveTimeoutSeconds?: number): Record<string, string>
export function restoreCommand(dir: string): string
export function prepareWalArchive(config: BackupConfig, log?: (m: string) => void): Record<string, string>
export function spoolDirOf(config: BackupConfig): string
export function drainSpool(config: BackupConfig): number
export function listBackups(config: BackupConfig): Manifest[]
export function formatBytes(n: number): string
export function takeBaseBackup(opts: {
  url: string
  pgDataDir: string
  config: BackupConfig
  log?: (m: string) => void
  reason?: string
}): Promise<Manifest>
export function prune(config: BackupConfig): { backups: string[]; wal: number }
export function archiveEnd(config: BackupConfig): { file: string; time: Date } | null
export function backupDue(config: BackupConfig, timeline: number | null, now?: number): string | null
export function scheduleBackups(opts: {
  url: string | (() => string)
  pgDataDir: string
  config: BackupConfig
  log?: (m: string) => void
}): { stop(): void; current(): Promise<void> | null }
export function parseTarget(text: string, timeZone?: string): Date
export function salonTime(d: Date, timeZone?: string): string
export function chooseBackup(config: BackupConfig, opts: { name?: string; target?: Date | null }): Manifest
export function planRestore(opts: {
  pgDataDir: string
  config: BackupConfig
  name?: string
  target?: Date | null
}): RestorePlan
export function restoreCluster(opts: {
  plan: RestorePlan
  config: BackupConfig
  log?: (m: string) => void
  settings?: Record<string, string>
}): Promise<RestorePlan & { uploadsRestored: boolean }>
export function markAppRunning(dataDir: string): void
export function runningApp(dataDir: string): number | null
