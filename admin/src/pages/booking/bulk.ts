/**
 * Confirming or rejecting several pending requests at once, with the one endpoint a single change
 * uses (`PUT /api/reservations/:id/status`): each booking is its own transaction and sends its own
 * mail, so one refusal (a time taken meanwhile: 409) never undoes the others. A few at a time —
 * the server and the mail queue see a trickle, not a burst of 50.
 */

/** The statuses a bulk action may set on pending requests. */
export const BULK_STATUSES = ['CONFIRMED', 'REJECTED'] as const
export type BulkStatus = (typeof BULK_STATUSES)[number]

/** Requests in flight at once. */
export const BULK_CONCURRENCY = 3

export interface BulkOutcome<T> {
  item: T
  ok: boolean
  /** Why it failed: the server's words (already in the dashboard's language), and its HTTP status. */
  error?: string
  statusCode?: number
}

const messageOf = (e: unknown): string =>
  e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string'
    ? (e as { message: string }).message
    : String(e)

const statusCodeOf = (e: unknown): number | undefined => {
  const code = e && typeof e === 'object' ? (e as { statusCode?: unknown }).statusCode : undefined
  return typeof code === 'number' ? code : undefined
}

/**
 * Runs `work` for every item, at most `concurrency` at a time, and answers one outcome per item in
 * the items' order, failures included (never throws).
 */
export async function runInBatches<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  concurrency: number = BULK_CONCURRENCY,
): Promise<BulkOutcome<T>[]> {
  const outcomes: BulkOutcome<T>[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      const item = items[index]!
      try {
        await work(item)
        outcomes[index] = { item, ok: true }
      } catch (e) {
        outcomes[index] = { item, ok: false, error: messageOf(e), statusCode: statusCodeOf(e) }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker))
  return outcomes
}
