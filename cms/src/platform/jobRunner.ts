import { runtime, type Stoppable } from './runtime'

/**
 * The hand-over of this process's job worker (notifications/queue.ts) to server.ts, which stops it on
 * SIGTERM; kept in the process runtime (platform/runtime.ts), which both module graphs share.
 */
export const publishedRunner = (): Stoppable | null => runtime().jobRunner

export function publishRunner(runner: Stoppable) {
  runtime().jobRunner = runner
}

/** Stops the worker gracefully (running jobs finish or are released at once for another process). */
export async function stopPublishedRunner() {
  const r = runtime()
  const runner = r.jobRunner
  r.jobRunner = null
  await runner?.stop()
}
