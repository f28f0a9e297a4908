/**
 * The hand-over of this process's job worker (notifications/queue.ts) to server.ts, which stops it on
 * SIGTERM: published on `globalThis` under a registered symbol, like the pool (platform/sql.ts). Free
 * of imports on purpose: server.ts must not load Payload's module graph a second time.
 */
interface Stoppable {
  stop(): Promise<void>
}

const RUNNER = Symbol.for('salon.jobRunner')
type WithRunner = typeof globalThis & { [RUNNER]?: Stoppable }

export const publishedRunner = (): Stoppable | null => (globalThis as WithRunner)[RUNNER] ?? null

export function publishRunner(runner: Stoppable) {
  ;(globalThis as WithRunner)[RUNNER] = runner
}

/** Stops the worker gracefully (running jobs finish or are released at once for another process). */
export async function stopPublishedRunner() {
  const g = globalThis as WithRunner
  const runner = g[RUNNER]
  delete g[RUNNER]
  await runner?.stop()
}
