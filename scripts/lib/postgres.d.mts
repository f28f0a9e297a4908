import type { ChildProcess } from 'node:child_process'

export interface EmbeddedPostgres {
  url: string
  port: number
  dataDir: string
  stop(): Promise<void>
  child: ChildProcess
}
export function startPostgres(opts: {
  dataDir: string
  database?: string
  log?: (message: string) => void
  preferredPort?: number
  ephemeral?: boolean
  settings?: Record<string, string>
}): Promise<EmbeddedPostgres>
export function freePort(preferred?: number): Promise<number>
export function reachableBy(uid: number, gid: number, dir: string): boolean
export function osUserOfPostgres(): { uid: number; gid: number } | null
export function effectivePgDataDir(dataDir: string): string
export function runningPostmaster(dataDir: string): number | null
