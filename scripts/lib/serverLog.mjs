/** The line cms/src/platform/unhandled.ts writes for a rejection nobody handled (kept in step by serverLog.test.ts). */
export const UNHANDLED_REJECTION_MARK = 'Unhandled promise rejection'

/**
 * pg's warning for a query sent on a client that is still running one (several queries queued on a
 * transaction's client, e.g. under Promise.all): deprecated, an error in pg 9.
 */
export const CONCURRENT_CLIENT_QUERY_MARK = 'Calling client.query() when the client is already executing a query'

/** The lines of a server log that report a bug — an unhandled rejection or concurrent queries on one client: any one fails a test run. */
export const unhandledRejections = (log) =>
  log
    .split('\n')
    .filter((line) => line.includes(UNHANDLED_REJECTION_MARK) || line.includes(CONCURRENT_CLIENT_QUERY_MARK))
