export function webUrlOf(port: number): string
export function webProcessEnv(opts: {
  port: number
  separateJobs: boolean
  ownedPgPid?: string
}): Record<string, string>
export function jobProcessEnv(opts: { webPort: number; jobPort: number }): Record<string, string>
