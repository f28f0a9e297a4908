import type { Payload } from 'payload'

/**
 * Work the answer does not wait for (mails). A failure is logged, never left as an unhandled
 * rejection: on Node that ends the process, and every request in flight with it.
 */
export function inBackground(payload: Pick<Payload, 'logger'>, what: string, work: () => Promise<unknown>): void {
  Promise.resolve()
    .then(work)
    .catch((err: unknown) => payload.logger.error({ err, msg: `${what} failed` }))
}
