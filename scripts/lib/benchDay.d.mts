interface LoadRun {
  title: string
  cpu?: number
  times: number[]
  p95: number | null
  result: {
    connections: number
    requests: { average: number; total: number }
    non2xx: number
    errors: number
    timeouts: number
    '5xx'?: number
  }
}
export function pooled(
  title: string,
  runs: LoadRun[],
): LoadRun & {
  rounds: { reqPerSec: number; p95: number | null }[]
  cpuMsPerRequest: number | null
  result: LoadRun['result'] & { latency: { p50: number | null; p99: number | null } }
}
export function cpuSeconds(pid: number): number | null
export function dayVsFloor(
  o: unknown,
): Promise<{ app: LoadRun; floor: LoadRun; share: number; cpuShare: number | null }>
export function dayReport(r: { app: unknown; floor: unknown; share: number; cpuShare: number | null }): string
