/**
 * The process-wide net under `no-floating-promises` and `inBackground`: a rejection nobody handled
 * is logged with this marker (scripts/test.mjs fails a test run whose server log has one) and the
 * process serves on instead of dropping every request in flight.
 */
export const UNHANDLED_REJECTION_MARK = 'Unhandled promise rejection'

const describe = (reason: unknown) =>
  reason instanceof Error ? (reason.stack ?? `${reason.name}: ${reason.message}`) : String(reason)

export const onUnhandledRejection =
  (log: (line: string) => void = console.error) =>
  (reason: unknown) =>
    log(`${UNHANDLED_REJECTION_MARK}: ${describe(reason)}`)

/** Installs the handler on `target` (the process); returns a function that removes it. */
export function logUnhandledRejections(
  target: Pick<NodeJS.Process, 'on' | 'off'> = process,
  log?: (line: string) => void,
): () => void {
  const handler = onUnhandledRejection(log)
  target.on('unhandledRejection', handler)
  return () => target.off('unhandledRejection', handler)
}
