// CPU seconds of processes from Linux's /proc, for the benches' "CPU ms per request" (a figure
// that survives a busy machine better than latency does). Node built-ins only; off Linux every
// reading is null or empty.
import fs from 'node:fs'

const statOf = (pid) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')

/**
 * User + system CPU seconds of `pid` so far; with `reaped`, also its exited children's (cutime +
 * cstime: for PostgreSQL's postmaster, the backends that have ended). null when unreadable.
 */
export function cpuSeconds(pid, { reaped = false } = {}) {
  try {
    const f = statOf(pid)
    return (Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / 100
  } catch {
    return null
  }
}

/** The live processes whose parent is `ppid` (ids as strings). */
export function childPids(ppid) {
  if (process.platform !== 'linux') return []
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return statOf(d)[1] === String(ppid)
      } catch {
        return false
      }
    })
}

/** PostgreSQL's CPU seconds: the postmaster with its exited backends, plus its live backends. */
export const postgresCpuSeconds = (postmasterPid) =>
  (cpuSeconds(postmasterPid, { reaped: true }) ?? 0) +
  childPids(postmasterPid).reduce((sum, d) => sum + (cpuSeconds(d) ?? 0), 0)
