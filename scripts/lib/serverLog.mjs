/** The line cms/src/lib/unhandled.ts writes for a rejection nobody handled (kept in step by serverLog.test.ts). */
export const UNHANDLED_REJECTION_MARK = 'Unhandled promise rejection'

/** The lines of a server log that report an unhandled rejection: any one fails a test run. */
export const unhandledRejections = (log) => log.split('\n').filter((line) => line.includes(UNHANDLED_REJECTION_MARK))
