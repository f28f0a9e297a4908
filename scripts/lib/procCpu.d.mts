/** Types of procCpu.mjs (a plain Node module: the bench scripts run it without a build). */
export declare function cpuSeconds(pid: number | string, options?: { reaped?: boolean }): number | null
export declare function childPids(ppid: number | string): string[]
export declare function postgresCpuSeconds(postmasterPid: number | string): number
