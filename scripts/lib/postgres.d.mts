import type { ChildProcess } from 'node:child_process'

export interface EmbeddedPostgres {
  url: string
  port: number
  dataDir: string
  /** The running postmaster (replaced after a supervised restart). */
  child: ChildProcess
  /** How many times the supervisor started it again. */
  restarts: number
  stop(): Promise<void>
}

export function startPostgres(opts: {
  dataDir: string
  database?: string
  log?: (line: string) => void
  preferredPort?: number
  ephemeral?: boolean
  settings?: Record<string, string | number>
  restartOnCrash?: boolean
  onRestart?: (child: ChildProcess) => void
}): Promise<EmbeddedPostgres>

export function freePort(preferred?: number): Promise<number>
export function reachableBy(uid: number, gid: number, dir: string): boolean
export function osUserOfPostgres(): { uid: number; gid: number } | null
export function effectivePgDataDir(dataDir: string): string
export function runningPostmaster(dataDir: string): number | null
