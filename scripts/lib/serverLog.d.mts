/** Types of serverLog.mjs (a plain Node module, so that scripts run before anything is installed). */
export declare const UNHANDLED_REJECTION_MARK: string
export declare const unhandledRejections: (log: string) => string[]
